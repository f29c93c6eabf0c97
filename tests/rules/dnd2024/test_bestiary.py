"""The bundled D&D 2024 creatures (battlemap/assets/statblocks/dnd2024.json) against the
glossary, 003_04e386f09d3dfd89.txt, and the SRD 5.2's published numbers: an unarmoured
creature's AC is « 10 + votre modificateur de Dextérité » (« Classe d'armure », line 35);
every creature reaches 1.5 m « sauf si une règle précise autre chose » (« Allonge », line 7)
and the troll's block says 3 m; the hit points, to-hit and damage the map rolls are the SRD's
(docs/rules/dnd2024.md cites each creature)."""

from __future__ import annotations

import pytest

from battlemap.rules.dnd2024.stats import Dnd2024Stats
from battlemap.ui.dialogs.bestiary import load_bestiary
from tests.helpers.bestiary import bundled, duel, strike


@pytest.mark.parametrize("name", ["Zombie", "Loup", "Rat géant", "Ours brun"])
def test_an_unarmoured_creatures_ac_is_10_plus_dex(name: str) -> None:
    # Line 35: « Votre CA de base est égale à 10 + votre modificateur de Dextérité »; the SRD
    # gives these four no armour (zombie 8, wolf 12, giant rat 13, brown bear 11).
    stats = dict(bundled("dnd2024", name)["stats"])
    printed = stats.pop("ac")
    assert Dnd2024Stats.model_validate(stats).ac == printed


@pytest.mark.parametrize("entry", load_bestiary("dnd2024"), ids=lambda e: e["name"])
def test_every_creature_reaches_1_5_m_but_the_troll(entry: dict) -> None:  # type: ignore[type-arg]
    # Line 7: « Toute créature est dotée d'une allonge de 1.50 m, sauf si une règle précise
    # autre chose »; SRD 5.2 « Troll », Rend: « reach 10 ft. ».
    s, me, _ = duel("dnd2024", entry["name"], "Bandit")
    assert s.reach_m(s.token(me)) == (3.0 if entry["name"] == "Troll" else 1.5)


@pytest.mark.parametrize(("name", "count", "sides", "hp"), [
    # SRD 5.2 « Hit Points » as printed, e.g. « 94 (9d10 + 45) »: the dice's average plus
    # the Constitution modifier per die, rounded down (003 « Arrondi », line 11).
    ("Zombie", 2, 8, 15), ("Loup", 2, 8, 11), ("Gobelin guerrier", 3, 6, 10),
    ("Bandit", 2, 8, 11), ("Rat géant", 2, 6, 7), ("Araignée géante", 4, 10, 26),
    ("Ours brun", 3, 10, 22), ("Ours-hibou", 7, 10, 59), ("Troll", 9, 10, 94),
])
def test_the_hit_points_are_the_srds(name: str, count: int, sides: int, hp: int) -> None:
    stats = Dnd2024Stats.model_validate(bundled("dnd2024", name)["stats"])
    assert stats.max_hp == hp == count * (sides + 1) // 2 + count * stats.mod("con")


@pytest.mark.parametrize(("name", "weapon", "dice", "published"), [
    # SRD 5.2 attacks as printed, « Melee Attack Roll: +7 […] 11 (2d6 + 4) »: (to-hit, the
    # damage dice's modifier).
    ("Zombie", "Coup", 1, (3, 1)), ("Loup", "Morsure", 1, (4, 2)),
    ("Gobelin guerrier", "Cimeterre", 1, (4, 2)), ("Gobelin guerrier", "Arc court", 1, (4, 2)),
    ("Bandit", "Cimeterre", 1, (3, 1)), ("Bandit", "Arbalète légère", 1, (3, 1)),
    ("Rat géant", "Morsure", 1, (5, 3)), ("Araignée géante", "Morsure", 3, (5, 3)),
    ("Ours brun", "Morsure", 1, (5, 3)), ("Ours brun", "Griffe", 1, (5, 3)),
    ("Ours-hibou", "Lacération", 2, (7, 5)), ("Troll", "Lacération", 2, (7, 4)),
])
def test_the_attacks_the_map_rolls_are_the_srds(name: str, weapon: str, dice: int,
                                                 published: tuple[int, int]) -> None:
    ranged = bundled("dnd2024", name)["stats"]["weapons"]
    apart = 3 if any(w["name"] == weapon and w.get("kind") == "ranged" for w in ranged) else 0
    s, me, foe = duel("dnd2024", name, "Zombie", apart=apart)  # out of melee to shoot
    assert strike(s, me, foe, weapon, dice) == published


def test_the_giant_spider_s_poison_is_a_part_of_its_own() -> None:
    # SRD 5.2 « Giant Spider », Bite: « 7 (1d8 + 3) Piercing damage plus 7 (2d6) Poison
    # damage »; the zombie's « Immunities Poison » meets the poison part alone.
    s, spider, zombie = duel("dnd2024", "Araignée géante", "Zombie")
    out = s.attack(spider, zombie, weapon="Morsure", forced=[17, 2, 3, 4])
    damage = out.result.attacks[0].damage
    assert damage is not None and damage.total == (2 + 3) + (3 + 4)
    assert out.damage_taken == 2 + 3 and s.token(zombie).hp == 15 - 5


@pytest.mark.parametrize(("name", "attacks"), [("Ours brun", 2), ("Ours-hibou", 2), ("Troll", 3)])
def test_multiattack_is_the_srds_number_of_attacks(name: str, attacks: int) -> None:
    # SRD 5.2: the brown bear « makes one Bite attack and one Claw attack », the owlbear « two
    # Rend attacks », the troll « three Rend attacks ».
    s, me, foe = duel("dnd2024", name, "Zombie")
    assert len(s.attack(me, foe, full_attack=True).result.attacks) == attacks


def test_the_zombie_saves_and_immunity_are_the_srds() -> None:
    # SRD 5.2 « Zombie »: « Saving Throws Wis +0 » (Wis 6 with proficiency +2), Dex 6 (−2);
    # « Immunities Poison ».
    s, zombie, _ = duel("dnd2024", "Zombie", "Bandit")
    assert s.save_throw(zombie, "wis", dc=10, forced=[10]).total == 10
    assert s.save_throw(zombie, "dex", dc=10, forced=[10]).total == 8
    hurt = s.damage(zombie, 7, kind="poison")
    assert hurt.before == hurt.after == 15
