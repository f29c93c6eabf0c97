"""Damage in typed parts in Brèche (000_d623f1b22a06cede.txt): a weapon's `extra_damage`
beside its die, never multiplied on a critical (« Attaquer », « Coup critique » : « Les dés
de bonus (feu, électricité) ne sont pas multipliés »), each part met by its own defence
(« Capacités spéciales »: « Réduction des dégâts (RD x/type) : retranche x points à chaque
attaque d'arme », « Résistance à une énergie (x) : retranche x points aux dégâts de cette
énergie »)."""

from __future__ import annotations

from battlemap.rules.breche35 import SYSTEM
from battlemap.rules.breche35.options import Breche35Options
from battlemap.rules.breche35.stats import Breche35Stats
from battlemap.text import words
from tests.helpers.breche35 import BRUTE, MARA, ForcedDice, attack, combatant, ganger

OPTS = Breche35Options()
# A frost-and-fire axe: 1d8 slashing ×3, plus the old `bonus_damage` 1d6 fire and an
# `extra_damage` 1d6 cold.
AXE = {"name": "Hache des saisons", "damage": "1d8", "damage_type": "slashing", "crit_mult": 3,
       "bonus_damage": "1d6", "bonus_damage_type": "fire",
       "extra_damage": [{"dice": "1d6", "type": "cold"}]}


def test_extra_parts_are_rolled_after_the_bonus_die_and_not_multiplied() -> None:
    # Natural 20 confirmed (20 + 5 + 3 vs AC 13): (1d8+3) × 3 = (2+3) + (4+3) + (6+3) = 21;
    # fire 1d6 = 5 and cold 1d6 = 1, once each.
    m = combatant("mara", MARA, weapons=[AXE])
    a = attack(m, ganger(), [20, 10, 2, 4, 6, 5, 1]).attacks[0]
    assert a.outcome == "critical" and a.damage is not None
    assert [(p.type, p.rolled) for p in a.damage.parts] == [
        ("slashing", 21), ("fire", 5), ("cold", 1)]
    assert a.damage.total == 27
    assert words(a.damage.notes[-1], "fr") == (
        "dés de bonus (1d6, 1d6) non multipliés (Brèche (D&D 3.5) — Attaquer)")


def test_each_part_meets_its_own_defence_and_dr_takes_once() -> None:
    # The brute: RD 5/argent, fire resistance 10, cold 0. Hit (15): slashing 1d8 (6) + 3 = 9
    # → 4; fire 1d6 (4) → 0; cold 1d6 (3) → 3 (no resistance, and DR only once a blow).
    brute = combatant("brute", BRUTE)
    a = attack(combatant("mara", MARA, weapons=[AXE]), brute, [15, 6, 4, 3]).attacks[0]
    assert a.damage is not None and a.damage.total == 16
    ch = SYSTEM.damage(brute, a.damage.total, ForcedDice(), OPTS, parts=a.damage.parts)
    assert [(p.type, p.rolled, p.taken) for p in ch.parts] == [
        ("slashing", 9, 4), ("fire", 4, 0), ("cold", 3, 3)]
    assert (ch.before, ch.after) == (63, 56)
    assert [words(n, "fr") for n in ch.notes] == [
        "RD 5/silver : 9 → 4 (Brèche (D&D 3.5) — Capacités spéciales)",
        "résistance (feu) 10 : 4 → 0 (Brèche (D&D 3.5) — Capacités spéciales)"]


def test_an_area_s_fire_meets_the_fire_resistance_through_the_same_code() -> None:
    # One kind, no parts (an area): fire 15 − 10 = 5, listed as one met part.
    ch = SYSTEM.damage(combatant("brute", BRUTE), 15, ForcedDice(), OPTS, kind="fire")
    assert [(p.type, p.rolled, p.taken) for p in ch.parts] == [("fire", 15, 5)]
    assert ch.after == 58


def test_an_old_weapon_loads_as_it_did() -> None:
    # A stat block written before extra_damage: the same fields, no extra part.
    old = {"name": "Machette ardente", "damage": "1d6", "damage_type": "slashing",
           "bonus_damage": "1d6", "bonus_damage_type": "fire"}
    w = Breche35Stats.model_validate({"weapons": [old]}).weapons[0]
    assert w.model_dump(exclude_unset=True) == old
    assert w.extra_damage == []
