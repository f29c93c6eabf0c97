"""Where each dnd2024 rule comes from: the seed glossary (003) or the standard 2024 rules.

The seed is a glossary without headings, so a citation names the glossary entry (its term)."""

from __future__ import annotations

from battlemap.rules.core.citation import seed_citation
from battlemap.rules.dnd2024.words import note
from battlemap.text import Message

SEED = "003_04e386f09d3dfd89.txt"
NAME = "D&D 2024"  # the system's name, which its French citations give


def seed(entry: str) -> Message:
    """Cite a glossary entry of the seed, e.g. seed("L'abri")."""
    return seed_citation(SEED, NAME, entry)


def phb(rule: str) -> str:
    """Cite a standard D&D 2024 rule the glossary is silent on."""
    return f"D&D 2024 PHB, {rule}"


COVER = seed("L'abri")
ADVANTAGE = seed("Avantage")
DISADVANTAGE = seed("Désavantage")
CRITICAL = seed("Coup critique")
AC = seed("Classe d'armure")
BLOODIED = seed("En péril")
BURNING = seed("Embrasement")
FALLING = seed("Chute")
INITIATIVE = seed("Initiative")
INSPIRATION = seed("Inspiration héroïque")
KNOCK_OUT = seed("Assommer (attaque de corps à corps)")
REACH = seed("Allonge")
ROUNDING = seed("Arrondi")
IMMUNITY = seed("Immunité")

ATTACK_ROLLS = phb("Attack Rolls")
NATURAL_ONE = phb("Attack Rolls: Rolling 1 or 20")
PROFICIENCY = phb("Proficiency Bonus")
RANGED_CLOSE = phb("Ranged Attacks in Close Combat")
LONG_RANGE = phb("Range (weapon property)")
HEAVY = phb("Heavy (weapon property)")
UNSEEN = phb("Unseen Attackers and Targets")
DEATH_SAVES = phb("Death Saving Throws")
DROPPING_TO_ZERO = phb("Dropping to 0 Hit Points")
MASSIVE_DAMAGE = phb("Instant Death (massive damage)")
MONSTER_DEATH = phb("Monsters and Death (DMG)")
RESISTANCE = phb("Damage Resistance and Vulnerability")
SAVING_THROWS = phb("Saving Throws")
UNARMED = phb("Unarmed Strike (Grapple, Shove)")
FLANKING = note("flanking_rule")  # the option, which no text of 003 has


def condition(name: str) -> str:
    return phb(f"Conditions: {name}")
