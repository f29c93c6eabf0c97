"""Every row of 000_d623f1b22a06cede.txt, "États": its effect on an attack, on the AC, on a
save, on initiative or on the turn. Mara: machete +8 (BBA 5, Str 16), pistol +7 (Dex 14),
AC 17 (armour 4, Dex 2, dodge 1), Fort +6, Ref +3, Will +2. Ganger: AC 13 (armour 2, Dex 1)."""

from __future__ import annotations

import pytest

from battlemap.rules.breche35 import SYSTEM
from battlemap.rules.breche35.options import Breche35Options
from battlemap.text import words
from tests.helpers.breche35 import ForcedDice, attack, ganger, mara, mods, save
from tests.helpers.words import fr

ETATS_ROWS = {
    "prone", "deafened", "blinded", "staggered", "confused", "dazzled", "frightened",
    "entangled", "exhausted", "stunned", "fascinated", "fatigued", "sickened", "dazed",
    "pinned", "unconscious", "nauseated", "panicked", "paralyzed", "flat_footed",
    "cowering", "helpless", "shaken", "stable",
}


def test_every_row_of_the_table_is_known_with_french_and_english_labels() -> None:
    table = SYSTEM.conditions()
    assert set(table) >= ETATS_ROWS
    assert words(fr(table["flat_footed"].label), "fr") == "Pris au dépourvu"
    assert words(fr(table["sickened"].label), "fr") == "Fiévreux"
    assert all(fr(info.effects) and info.source.startswith("000_d623f1b22a06cede.txt")
               for info in table.values())


@pytest.mark.parametrize(("condition", "name", "value"), [
    ("dazzled", "Ébloui", -1),            # "−1 aux attaques"
    ("shaken", "Secoué", -2),             # "−2 aux attaques, sauvegardes et tests"
    ("frightened", "Effrayé", -2),        # "−2 aux attaques, sauvegardes et tests"
    ("sickened", "Fiévreux", -2),         # "−2 aux attaques, dégâts, sauvegardes et tests"
    ("entangled", "Enchevêtré", -2),      # "−2 aux attaques"
    ("fatigued", "Fatigué (-2 For)", -1),  # Str 16 → 14: +3 → +2
    ("exhausted", "Épuisé (-6 For)", -3),  # Str 16 → 10: +3 → 0
    ("prone", "À terre (attaquant à terre)", -4),
])
def test_attacker_condition_changes_the_melee_attack(condition: str, name: str,
                                                     value: int) -> None:
    a = attack(mara(condition), ganger(), [2]).attacks[0]
    assert mods(a.modifiers)[name] == value
    assert a.total == 2 + 8 + value


def test_fear_conditions_do_not_add_up() -> None:
    a = attack(mara("shaken", "frightened"), ganger(), [2]).attacks[0]
    assert a.total == 2 + 8 - 2


def test_sickened_lowers_damage_by_2() -> None:
    a = attack(mara("sickened"), ganger(), [15, 4]).attacks[0]
    assert a.damage is not None and a.damage.total == 4 + 3 - 2


def test_entangled_lowers_dex_for_ranged_attacks() -> None:
    # "−2 aux attaques, −4 en Dextérité": Dex 14 → 10, +2 → 0, and −2 to the roll.
    a = attack(mara("entangled"), ganger(), [2], weapon="Pistolet 9 mm", kind="ranged").attacks[0]
    assert mods(a.modifiers) == {"BBA": 5, "Dextérité": 2, "Enchevêtré (-4 Dex)": -2,
                                 "Enchevêtré": -2}
    assert a.total == 2 + 5 + 2 - 2 - 2


@pytest.mark.parametrize(("condition", "ac"), [
    ("blinded", 10 + 2 - 2),      # "−2 à la CA, perd son bonus de Dextérité"
    ("stunned", 10 + 2 - 2),      # "−2 à la CA, perd son bonus de Dextérité"
    ("cowering", 10 + 2 - 2),     # "−2 à la CA, perd son bonus de Dextérité"
    ("flat_footed", 10 + 2),      # "pas de bonus de Dextérité à la CA"
    ("grappling", 10 + 2),        # "Manœuvres": "pas son bonus de Dextérité contre les autres"
    ("pinned", 10 + 2 + 1 - 4),   # "−4 à la CA contre les autres"
    ("dazed", 13),                # "n'agit pas, mais garde sa CA"
    ("helpless", 10 + 2 - 5),     # "Dextérité comptée comme 0 (−5 à la CA)"
    ("unconscious", 10 + 2 - 5),  # "Inconscient : sans défense"
    ("paralyzed", 10 + 2 - 5),    # "immobile et sans défense"
])
def test_target_condition_changes_its_ac(condition: str, ac: int) -> None:
    a = attack(ganger(), ganger(condition), [1]).attacks[0]  # natural 1: no damage roll
    assert a.target_number == ac


def test_flat_footed_loses_dodge_too() -> None:
    # 000 "Classe d'armure": "CA pris au dépourvu : sans bonus de Dextérité ni d'esquive".
    a = attack(ganger(), mara("flat_footed"), [2]).attacks[0]
    assert a.target_number == 17 - 2 - 1
    assert {words(d.name, "fr") for d in a.dropped} == {"Dextérité", "Esquive"}
    assert "pris au dépourvu" in words(a.target_label, "fr")


@pytest.mark.parametrize("condition", ["helpless", "unconscious", "paralyzed"])
def test_helpless_targets_give_4_to_melee(condition: str) -> None:
    a = attack(mara(), ganger(condition), [2, 1]).attacks[0]
    assert mods(a.modifiers)["Cible sans défense"] == 4


def test_blinded_attacker_faces_total_concealment() -> None:
    # "Aveuglé : tout le monde a un camouflage total pour lui" → 50 % miss chance.
    a = attack(mara("blinded"), ganger(), [10, 50]).attacks[0]
    assert a.miss_chance is not None and a.outcome == "miss"


def test_invisible_attacker_plus_2_and_target_loses_dex() -> None:
    # "Capacités spéciales", Invisible: "+2 aux attaques contre une cible qui ne le voit pas,
    # qui perd son bonus de Dextérité".
    a = attack(mara("invisible"), ganger(), [2, 1]).attacks[0]
    assert mods(a.modifiers)["Attaquant invisible"] == 2
    assert (a.total, a.target_number, a.outcome) == (12, 12, "hit")


def test_invisible_target_has_total_concealment() -> None:
    a = attack(mara(), ganger("invisible"), [10, 49]).attacks[0]
    assert a.outcome == "miss" and a.miss_chance is not None and a.miss_chance.total == 49


@pytest.mark.parametrize(("conditions", "ability", "total"), [
    (("shaken",), "will", 10 + 2 - 2),
    (("frightened",), "fortitude", 10 + 6 - 2),
    (("panicked",), "reflex", 10 + 3 - 2),       # "−2 aux sauvegardes et tests"
    (("shaken", "frightened"), "will", 10 + 2 - 2),
    (("sickened",), "fortitude", 10 + 6 - 2),
    (("entangled",), "reflex", 10 + 3 - 2),      # Dex 14 → 10
    (("fatigued",), "reflex", 10 + 3 - 1),       # Dex 14 → 12
    (("exhausted",), "reflex", 10 + 3 - 3),      # Dex 14 → 8
    (("exhausted", "fatigued"), "reflex", 10 + 3 - 3),
    (("blinded",), "reflex", 10 + 3),            # only checks, not saves
])
def test_condition_changes_a_save(conditions: tuple[str, ...], ability: str, total: int) -> None:
    res = save(mara(*conditions), ability, 15, 10)
    assert res.total == total


def test_deafened_minus_4_initiative() -> None:
    # "Assourdi : −4 à l'initiative".
    order = SYSTEM.initiative([mara("deafened")], ForcedDice(forced=[10]), Breche35Options())
    assert order[0].score == 10 + 2 - 4


@pytest.mark.parametrize(("condition", "slots"), [
    ("staggered", {"standard_or_move": 1, "five_foot_step": 1}),  # une seule action
    ("nauseated", {"move": 1}),            # "une seule action de mouvement"
    ("stunned", {}), ("dazed", {}), ("fascinated", {}), ("cowering", {}),
    ("paralyzed", {}), ("unconscious", {}), ("helpless", {}),
    ("pinned", {"standard": 1}),           # "sauf tenter de se dégager"
])
def test_condition_limits_the_turn(condition: str, slots: dict[str, int]) -> None:
    assert SYSTEM.turn_budget(mara(condition), Breche35Options()).slots == slots


@pytest.mark.parametrize("condition", ["blinded", "entangled", "exhausted"])
def test_half_speed(condition: str) -> None:
    assert SYSTEM.turn_budget(mara(condition), Breche35Options()).movement_m == 4.5


def test_fatigued_cannot_run_or_charge_and_confused_acts_at_random() -> None:
    notes = SYSTEM.turn_budget(mara("fatigued"), Breche35Options()).notes
    assert "ne peut ni courir ni charger" in fr(notes)
    assert "1d100" in fr(SYSTEM.conditions()["confused"].effects)[0]


@pytest.mark.parametrize("condition", ["flat_footed", "grappling", "helpless", "stunned",
                                       "unconscious", "paralyzed", "pinned", "dazed"])
def test_who_threatens_nothing(condition: str) -> None:
    # docs/rules/README.md#shared-vocabulary; 000 "Le round de combat": "pris au dépourvu (… pas d'attaque
    # d'opportunité)"; "Manœuvres": "En lutte : on ne menace personne".
    assert SYSTEM.threatens(mara()) is True
    assert SYSTEM.threatens(mara(condition)) is False
