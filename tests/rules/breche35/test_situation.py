"""Every row of 000_d623f1b22a06cede.txt, "Modificateurs de situation", plus charge, total
defence and fighting defensively ("Le round de combat"). Mara: machete +8, pistol +7;
the ganger: AC 13 (armour 2, Dex 1)."""

from __future__ import annotations

from battlemap.text import words
from tests.helpers.breche35 import MARA, attack, combatant, ganger, mara, mods

PISTOL = {"weapon": "Pistolet 9 mm", "kind": "ranged"}


def test_flanking_gives_2_in_melee_only() -> None:
    # "Tenaille (un allié de l'autre côté de la cible) : +2 au corps à corps".
    a = attack(mara(), ganger(), [3, 4], flanked=True).attacks[0]
    assert mods(a.modifiers)["Tenaille"] == 2
    assert (a.total, a.outcome) == (13, "hit")
    shot = attack(mara(), ganger(), [3], flanked=True, **PISTOL).attacks[0]
    assert "Tenaille" not in mods(shot.modifiers) and shot.total == 10


def test_higher_ground_gives_1_in_melee() -> None:
    # "Attaquant en hauteur : +1 au corps à corps".
    a = attack(mara(), ganger(), [4, 2], higher_ground=True).attacks[0]
    assert mods(a.modifiers)["Attaquant en hauteur"] == 1
    assert (a.total, a.outcome) == (13, "hit")


def test_prone_target_plus_4_melee_minus_4_ranged() -> None:
    # "Cible à terre : +4 au corps à corps, −4 à distance".
    melee = attack(mara(), ganger("prone"), [1]).attacks[0]
    assert mods(melee.modifiers)["Cible à terre (corps à corps)"] == 4
    assert melee.total == 1 + 12 and melee.outcome == "miss"  # natural 1
    shot = attack(mara(), ganger("prone"), [10, 1, 1], **PISTOL).attacks[0]
    assert mods(shot.modifiers)["Cible à terre (à distance)"] == -4
    assert (shot.total, shot.outcome) == (13, "hit")


def test_prone_attacker_minus_4_melee_and_no_ranged_but_firearms() -> None:
    # "Attaquant à terre : −4 au corps à corps, pas d'arme à distance sauf arbalète ou arme
    # à feu".
    a = attack(mara("prone"), ganger(), [9, 2]).attacks[0]
    assert mods(a.modifiers)["À terre (attaquant à terre)"] == -4
    assert (a.total, a.outcome) == (13, "hit")
    bow = {"name": "Arc", "kind": "ranged", "damage": "1d8", "range_m": 30}
    archer = combatant("mara", MARA, weapons=[bow], conditions=("prone",))
    refused = attack(archer, ganger(), [], weapon="Arc", kind="ranged").attacks[0]
    assert refused.outcome == "no_target" and refused.roll is None
    shot = attack(mara("prone"), ganger(), [6, 1, 1], **PISTOL).attacks[0]
    assert (shot.total, shot.outcome) == (13, "hit")  # firearm allowed, no melee penalty on a shot


def test_helpless_target_plus_4_melee_and_dex_counted_as_0() -> None:
    # "Cible sans défense : +4 au corps à corps"; États "Sans défense": Dex 0 (−5 à la CA).
    a = attack(mara(), ganger("helpless"), [2, 3]).attacks[0]
    assert mods(a.modifiers)["Cible sans défense"] == 4
    ac = mods(a.modifiers, "ac")
    assert ac == {"Base": 10, "Armure": 2, "Sans défense (Dex 0)": -5}
    assert (a.target_number, a.total, a.outcome) == (7, 14, "hit")
    assert a.damage is not None and a.damage.total == 6


def test_shooting_into_melee_minus_4_unless_precise_shot() -> None:
    # "Tir dans une mêlée : −4 (sauf Tir de précision)". Mara has the feat.
    a = attack(mara(), ganger(), [6, 1, 2], into_melee=True, **PISTOL).attacks[0]
    assert (a.total, a.outcome) == (13, "hit")
    assert "Tir dans une mêlée" not in mods(a.modifiers)
    # The row stays, with the feat that cancels it and the line that says so.
    assert [(words(d.name, "fr"), d.value, d.why) for d in a.dropped] == [(
        "Tir dans une mêlée", -4, 'cancelled by Precise Shot (000_d623f1b22a06cede.txt, '
        '"Modificateurs de situation")')]
    assert words(a.dropped[0].why, "fr") == (
        "annulé par Tir de précision (Brèche (D&D 3.5) — Modificateurs de situation)")
    plain = combatant("mara", MARA, feats=[])
    b = attack(plain, ganger(), [6], into_melee=True, **PISTOL).attacks[0]
    assert mods(b.modifiers)["Tir dans une mêlée"] == -4
    assert (b.total, b.outcome) == (9, "miss")


def test_partial_cover_gives_4_ac() -> None:
    # "Couverture partielle : +4 à la CA".
    a = attack(mara(), ganger(), [8], cover="partial").attacks[0]
    assert mods(a.modifiers, "ac")["Couverture partielle"] == 4
    assert (a.target_number, a.total, a.outcome) == (17, 16, "miss")


def test_soft_cover_from_creatures_counts_against_ranged_attacks_only() -> None:
    shot = attack(mara(), ganger(), [8], cover="partial", cover_from_creatures_only=True,
                  **PISTOL).attacks[0]
    assert shot.target_number == 17
    melee = attack(mara(), ganger(), [8, 1], cover="partial",
                   cover_from_creatures_only=True).attacks[0]
    assert melee.target_number == 13
    assert [words(d.name, "fr") for d in melee.dropped] == ["Couverture partielle"]


def test_concealment_20_percent_miss_chance_on_d100() -> None:
    # "Camouflage / camouflage total : 20 % / 50 % de chances de rater".
    missed = attack(mara(), ganger(), [15, 20], concealment=20).attacks[0]
    assert missed.miss_chance is not None and missed.miss_chance.total == 20
    assert missed.outcome == "miss" and missed.damage is None
    hit = attack(mara(), ganger(), [15, 21, 5], concealment=20).attacks[0]
    assert hit.outcome == "hit" and hit.damage is not None and hit.damage.total == 8


def test_total_concealment_50_percent() -> None:
    missed = attack(mara(), ganger(), [15, 50], concealment=50).attacks[0]
    assert missed.outcome == "miss"
    hit = attack(mara(), ganger(), [15, 51, 1], concealment=50).attacks[0]
    assert hit.outcome == "hit" and hit.damage is not None and hit.damage.total == 4


def test_concealment_roll_can_be_switched_off() -> None:
    a = attack(mara(), ganger(), [15, 1], concealment=50,
               options={"concealment_miss_chance": False}).attacks[0]
    assert a.miss_chance is None and a.outcome == "hit"


def test_total_defence_plus_4_dodge_ac() -> None:
    # 000 "Le round de combat": "Défense totale (+4 d'esquive à la CA, pas d'attaque)".
    a = attack(ganger(), mara("total_defense"), [10]).attacks[0]
    assert mods(a.modifiers, "ac")["Défense totale"] == 4
    assert a.target_number == 21


def test_fighting_defensively_minus_4_attack_plus_2_dodge_ac() -> None:
    # 000 "Le round de combat": "Combattre sur la défensive : −4 aux attaques, +2 d'esquive".
    a = attack(mara("fighting_defensively"), ganger(), [9, 2]).attacks[0]
    assert mods(a.modifiers)["Combat sur la défensive"] == -4
    assert (a.total, a.outcome) == (13, "hit")
    d = attack(ganger(), mara("fighting_defensively"), [10]).attacks[0]
    assert d.target_number == 19


def test_gm_can_switch_a_situational_modifier_off() -> None:
    a = attack(mara(), ganger(), [3], flanked=True, disabled=["Tenaille"]).attacks[0]
    assert a.total == 11
    assert [(words(d.name, "fr"), d.why) for d in a.dropped] == [("Tenaille", "switched off by the GM")]
