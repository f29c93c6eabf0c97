"""Damage in typed parts (a ghoul's bite: piercing plus necrotic), each met by its own
immunity, resistance or vulnerability (003_04e386f09d3dfd89.txt, « Immunité »; D&D 2024 PHB,
Damage Resistance and Vulnerability: halved rounded down, doubled), every die of every part
twice on a critical hit (003 « Coup critique »), and condition immunities (003 « Immunité »:
« un type de dégâts ou un état […] ne vous affecte en aucune manière »)."""

from __future__ import annotations

from typing import Any

from battlemap.rules.core.combat import AttackRequest, Situation
from battlemap.rules.core.dice import Dice
from battlemap.rules.dnd2024.options import Dnd2024Options
from battlemap.rules.dnd2024.samples import FIGHTER, GHOUL
from battlemap.rules.dnd2024.system import Dnd2024System
from battlemap.text import words
from tests.helpers.dnd2024 import combatant

OPTS = Dnd2024Options()
# A flaming longsword: 1d8 slashing + Str, plus 1d6 fire (a "+1d6 fire" weapon).
FLAMING = {**FIGHTER, "weapons": [{"name": "Épée ardente", "damage": "1d8",
                                   "damage_type": "slashing",
                                   "extra_damage": [{"dice": "1d6", "type": "fire"}]}]}


def _bite(system: Dnd2024System, target: dict[str, Any], dice: list[int]) -> Any:
    req = AttackRequest(attacker=combatant("g", GHOUL), target=combatant("t", target),
                        weapon="Morsure", situation=Situation(distance_m=1.5))
    return system.resolve_attack(req, Dice(forced=dice), OPTS).attacks[0]


def test_a_ghoul_bite_rolls_its_piercing_and_its_necrotic_apart(system):
    # SRD 5.2 Ghoul, Bite: 1d6 + 2 piercing plus 1d6 necrotic. d20 15 + 4 hits AC 18:
    # piercing 5 + 2 = 7, necrotic 6.
    bite = _bite(system, FIGHTER, [15, 5, 6])
    assert bite.outcome == "hit" and bite.damage is not None
    assert [(p.type, p.expr, p.rolled) for p in bite.damage.parts] == [
        ("piercing", "1d6+2", 7), ("necrotic", "1d6", 6)]
    assert bite.damage.total == 13 and bite.damage.roll.expr == "1d6 + 1d6"


def test_resistance_to_one_part_halves_that_part_only(system):
    # Resistance to necrotic only: piercing 7 whole, necrotic 5 → 2 (rounded down): 9 taken.
    target = combatant("t", {**FIGHTER, "resistances": ["necrotic"]}, hp=44)
    bite = _bite(system, FIGHTER, [15, 5, 5])
    ch = system.damage(target, bite.damage.total, Dice(), OPTS, kind=bite.damage.kind,
                       parts=bite.damage.parts)
    assert [(p.type, p.rolled, p.taken) for p in ch.parts] == [("piercing", 7, 7),
                                                               ("necrotic", 5, 2)]
    assert (ch.before, ch.after) == (44, 35)
    assert [words(n, "fr") for n in ch.notes] == [
        "résistance (nécrotique) : 5 → 2 (D&D 2024 PHB, Damage Resistance and Vulnerability)"]
    assert ch.notes == [
        "resistance (necrotic): 5 → 2 (D&D 2024 PHB, Damage Resistance and Vulnerability)"]


def test_immunity_to_one_part_leaves_the_other(system):
    # 003 « Immunité »: a creature immune to necrotic takes none of the 6 necrotic, the 7
    # piercing whole.
    target = combatant("t", {**FIGHTER, "immunities": ["necrotic"]}, hp=44)
    bite = _bite(system, FIGHTER, [15, 5, 6])
    ch = system.damage(target, bite.damage.total, Dice(), OPTS, parts=bite.damage.parts)
    assert [p.taken for p in ch.parts] == [7, 0] and ch.after == 37
    assert [words(n, "fr") for n in ch.notes] == [
        'immunité (nécrotique) : aucun dégât (D&D 2024 — Immunité)']


def test_vulnerability_doubles_its_part_and_resistance_comes_first(system):
    # PHB: resistance, then vulnerability. Vulnerable to fire: the flaming sword's 1d6 (4) →
    # 8; resistant to slashing: 1d8 (7) + Str 3 = 10 → 5. Taken 13.
    target = combatant("t", {**FIGHTER, "vulnerabilities": ["fire"],
                             "resistances": ["slashing"]}, hp=44)
    req = AttackRequest(attacker=combatant("a", FLAMING), target=target,
                        situation=Situation(distance_m=1.5))
    hit = system.resolve_attack(req, Dice(forced=[15, 7, 4]), OPTS).attacks[0]
    assert [(p.type, p.rolled) for p in hit.damage.parts] == [("slashing", 10), ("fire", 4)]
    ch = system.damage(target, hit.damage.total, Dice(), OPTS, parts=hit.damage.parts)
    assert [p.taken for p in ch.parts] == [5, 8] and ch.after == 44 - 13
    assert ch.notes[1] == (
        "vulnerability (fire): 4 → 8 (D&D 2024 PHB, Damage Resistance and Vulnerability)")


def test_a_critical_hit_rolls_every_part_s_dice_twice(system):
    # 003 « Coup critique »: « tous les dés de dégâts de l'attaque sont lancés deux fois »,
    # the modifiers once. Natural 20: slashing 2d8 (3, 5) + 3 = 11, fire 2d6 (6, 1) = 7.
    req = AttackRequest(attacker=combatant("a", FLAMING), target=combatant("t", GHOUL),
                        situation=Situation(distance_m=1.5))
    hit = system.resolve_attack(req, Dice(forced=[20, 3, 5, 6, 1]), OPTS).attacks[0]
    assert hit.outcome == "critical"
    assert [(p.expr, p.rolled) for p in hit.damage.parts] == [("2d8+3", 11), ("2d6", 7)]
    assert hit.damage.total == 18
    assert words(hit.damage.notes[0], "fr") == (
        "coup critique : dés lancés deux fois (1d8 → 2d8, 1d6 → 2d6), modificateurs une fois "
        "(D&D 2024 — Coup critique)")


def test_temporary_hit_points_take_the_sum_of_what_the_parts_let_through(system):
    # Resistant to fire: 10 slashing + 4 fire → 10 + 2 = 12; 5 temporary hit points first.
    target = combatant("t", {**FIGHTER, "resistances": ["fire"]}, hp=44)
    target = target.model_copy(update={"temp_hp": 5})
    req = AttackRequest(attacker=combatant("a", FLAMING), target=target,
                        situation=Situation(distance_m=1.5))
    hit = system.resolve_attack(req, Dice(forced=[15, 7, 4]), OPTS).attacks[0]
    ch = system.damage(target, hit.damage.total, Dice(), OPTS, parts=hit.damage.parts)
    assert (ch.temp_hp_after, ch.after) == (0, 44 - 7)
    assert ch.notes[-1] == "5 absorbed by temporary hit points"


def test_a_stat_block_s_condition_immunity_names_itself_and_its_source(system):
    # The ghoul (SRD 5.2): immune to Charmed, Exhaustion and Poisoned, not to Prone.
    ghoul = combatant("Goule", GHOUL)
    why = system.condition_immunity(ghoul, "charmed")
    assert why == 'Goule is immune to Charmed (its stat block; 003_04e386f09d3dfd89.txt, "Immunité")'
    assert words(why, "fr") == ("Goule est immunisé contre l'état Charmé (son profil ; "
                                "D&D 2024 — Immunité)")
    assert system.condition_immunity(ghoul, "prone") is None


def test_petrified_is_immune_to_poisoned(system):
    # PHB, Conditions: Petrified — "Immunity to the Poisoned condition".
    statue = combatant("Statue", FIGHTER, "petrified")
    assert system.condition_immunity(statue, "poisoned") == (
        "Statue is immune to Poisoned (D&D 2024 PHB, Conditions: Petrified)")
    assert system.condition_immunity(combatant("Aude", FIGHTER), "poisoned") is None
