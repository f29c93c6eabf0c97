"""5e monster JSON read as D&D 2024 stat blocks (rules/dnd2024/monsters_5e.py), in the two
common layouts: 5e-database and Open5e. The example files in `monsters/` are our own
creatures, written for these tests.

Feet become metres at 1.5 m per 5 ft: the 5-foot reach is 1.5 m in the French 2024 text
(003_04e386f09d3dfd89.txt, "Allonge": « Toute créature est dotée d'une allonge de 1.50 m »),
and one square of the grid. An attack keeps its to-hit and damage whole: ability modifier +
proficiency bonus + weapon bonus add up to the stat block's "+N to hit" (the PHB's "Attack
Rolls" and "Proficiency Bonus", as rules/dnd2024/tables.py cites them)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from battlemap.engine.files import bestiary as lib
from battlemap.rules.core.system import get_system
from battlemap.rules.dnd2024.monsters_5e import feet_to_m
from battlemap.rules.dnd2024.stats import Dnd2024Stats
from tests.helpers.workspace import isolate_data_dir

MONSTERS = Path(__file__).parent / "monsters"


@pytest.fixture(autouse=True)
def _data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    isolate_data_dir(tmp_path, monkeypatch)


def _read(name: str, system: str = "dnd2024") -> tuple[list[lib.Entry], list[str]]:
    entries, refused = lib.read_file(MONSTERS / name, system)
    return entries, [str(r) for r in refused]


def _to_hit(stats: Dnd2024Stats, weapon: int) -> int:
    w = stats.weapons[weapon]
    assert w.ability is not None
    return stats.mod(w.ability) + stats.proficiency_bonus + w.attack_bonus


def _damage_bonus(stats: Dnd2024Stats, weapon: int) -> int:
    w = stats.weapons[weapon]
    assert w.ability is not None
    return stats.mod(w.ability) + w.damage_bonus


@pytest.mark.parametrize(("feet", "metres"), [(5, 1.5), (20, 6.0), (25, 7.5), (30, 9.0),
                                              (35, 10.5), (60, 18.0), (120, 36.0)])
def test_feet_are_metres_at_one_and_a_half_per_five(feet: float, metres: float) -> None:
    assert feet_to_m(feet) == metres


def test_the_5e_database_layout() -> None:
    entries, refused = _read("5e-database-style.json")
    assert refused == []
    rat, guardian = entries
    assert (rat.name, rat.size.value, rat.side, rat.speed_m) == ("Rat des cryptes", "small", "foe", 7.5)
    s = Dnd2024Stats.model_validate(rat.stats)
    assert (s.max_hp, s.ac, s.challenge, s.proficiency_bonus) == (9, 13, "1/2", 2)
    assert s.abilities.model_dump() == {"str": 7, "dex": 15, "con": 12, "int": 2, "wis": 10, "cha": 4}
    assert (s.save_proficiencies, s.skill_proficiencies) == (["dex"], ["stealth"])
    assert (s.resistances, s.condition_immunities, s.darkvision_m) == (["poison"], ["poisoned"], 9.0)
    assert s.attacks_per_action == 2  # Multiattack: two Bite attacks
    bite = s.weapons[0]
    # "+4 to hit … 4 (1d4 + 2) piercing damage plus 3 (1d6) poison damage": the first part is
    # the weapon's own, the poison a part of its own type (met by its own resistance); Dex +2
    # and proficiency +2 make the +4.
    assert (bite.name, bite.kind, bite.damage, bite.damage_type, bite.reach_m) == (
        "Bite", "melee", "1d4", "piercing", 1.5)
    assert [(p.dice, p.type) for p in bite.extra_damage] == [("1d6", "poison")]
    assert (_to_hit(s, 0), _damage_bonus(s, 0)) == (4, 2)
    g = Dnd2024Stats.model_validate(guardian.stats)
    assert (guardian.size.value, guardian.speed_m, g.max_hp, g.ac, g.challenge) == ("large", 6.0, 60, 17, "5")
    assert (g.immunities, g.resistances) == (["poison", "psychic"], ["bludgeoning", "piercing", "slashing"])
    assert (g.condition_immunities, g.darkvision_m) == (["charmed", "poisoned"], 36.0)
    slam, rock, axe = g.weapons
    assert (slam.kind, slam.damage, slam.reach_m, _to_hit(g, 0), _damage_bonus(g, 0)) == (
        "melee", "2d10", 3.0, 7, 4)
    assert (rock.kind, rock.damage, rock.range_m, rock.long_range_m, _to_hit(g, 1),
            _damage_bonus(g, 1)) == ("ranged", "2d8", 18.0, 72.0, 7, 4)
    # A versatile weapon's choice of damage: its first way (two-handed, 1d12 + 4).
    assert (axe.damage, axe.damage_type, _to_hit(g, 2), _damage_bonus(g, 2)) == (
        "1d12", "slashing", 7, 4)


def test_an_open5e_attack_s_parts_after_plus_are_typed_parts(tmp_path: Path) -> None:
    # Open5e gives the first part's dice alone (`damage_dice`); the others are in the text.
    monster = {"name": "Guêpe de cendre", "size": "Small", "hit_points": 7, "armor_class": 12,
               "challenge_rating": "1/2", "strength": 8, "dexterity": 14, "constitution": 10,
               "intelligence": 2, "wisdom": 10, "charisma": 4, "speed": {"walk": 10, "fly": 40},
               "actions": [{"name": "Dard", "attack_bonus": 4, "damage_dice": "1d4",
                            "damage_bonus": 2,
                            "desc": "Melee Weapon Attack: +4 to hit, reach 5 ft., one target. "
                                    "Hit: 4 (1d4 + 2) piercing damage plus 5 (2d4) fire damage "
                                    "plus 2 (1d4) unknownish damage."}]}
    path = tmp_path / "guepe.json"
    path.write_text(json.dumps(monster), encoding="utf-8")
    (wasp,), refused = lib.read_file(path, "dnd2024")
    assert refused == []
    (sting,) = Dnd2024Stats.model_validate(wasp.stats).weapons
    # A part of a type the 2024 rules do not name has no defence of its own: it adds to the
    # first, as in the 5e-database layout.
    assert (sting.damage, sting.damage_type) == ("1d4+1d4", "piercing")
    assert [(p.dice, p.type) for p in sting.extra_damage] == [("2d4", "fire")]


def test_the_open5e_layout_one_monster_alone() -> None:
    entries, refused = _read("open5e-style.json")
    assert refused == []
    (bat,) = entries
    assert (bat.name, bat.size.value, bat.speed_m) == ("Chauve-souris des brumes", "tiny", 1.5)
    s = Dnd2024Stats.model_validate(bat.stats)
    # No proficiency_bonus in Open5e: CR 1/4 gives +2 (the 5e table; 003 is silent).
    assert (s.max_hp, s.ac, s.challenge, s.proficiency_bonus) == (5, 12, "1/4", 2)
    assert (s.save_proficiencies, s.skill_proficiencies) == (["dex"], ["perception"])
    assert (s.vulnerabilities, s.resistances, s.condition_immunities) == (
        ["radiant"], ["cold", "necrotic"], ["frightened"])
    assert s.darkvision_m == 18.0  # "darkvision 60 ft."
    (bite,) = s.weapons  # "Cri" rolls no attack: no weapon
    assert (bite.name, bite.damage, bite.damage_type, _to_hit(s, 0), _damage_bonus(s, 0)) == (
        "Morsure", "1d4", "necrotic", 4, 2)


def test_the_brief_s_speed_and_armour_forms() -> None:
    # Open5e writes {"walk": 30} and an AC number, 5e-database {"walk": "30 ft."} and a list.
    system = get_system("dnd2024")
    a = system.foreign_creature({"name": "A", "hit_points": 4, "strength": 10, "armor_class": 11,
                                 "speed": {"walk": 30}})
    b = system.foreign_creature({"name": "B", "hit_points": 4, "strength": 10,
                                 "armor_class": [{"type": "dex", "value": 11}],
                                 "speed": {"walk": "30 ft."}})
    assert a is not None and b is not None
    assert (a["speed_m"], a["stats"]["ac"]) == (b["speed_m"], b["stats"]["ac"]) == (9.0, 11)


def test_an_imported_monster_lands_in_the_library(tmp_path: Path) -> None:
    report = lib.import_file(MONSTERS / "5e-database-style.json", "dnd2024")
    assert report.added == ["Rat des cryptes", "Gardien de pierre"] and report.refused == []
    assert lib.load_library("dnd2024").find("Gardien de pierre").stats["max_hp"] == 60  # type: ignore[union-attr]


def test_a_monster_that_cannot_be_read_is_refused_naming_it(tmp_path: Path) -> None:
    good = json.loads((MONSTERS / "open5e-style.json").read_text(encoding="utf-8"))
    src = tmp_path / "mixed.json"
    src.write_text(json.dumps([{**good, "hit_points": "lots"}, good,
                               {**good, "name": "Trop fort", "armor_class": 99}]), encoding="utf-8")
    entries, refused = lib.read_file(src, "dnd2024")
    assert [e.name for e in entries] == ["Chauve-souris des brumes"]
    assert [str(r) for r in refused] == [
        "mixed.json: entry 1 ('Chauve-souris des brumes') is refused: field 'hit_points' must "
        "be a whole number.",
        "mixed.json: entry 3 ('Trop fort') is refused: field 'stats.ac': Input should be less "
        "than or equal to 40.",
    ]


def test_other_systems_read_no_5e_layout() -> None:
    entries, refused = _read("open5e-style.json", "breche35")
    assert entries == []
    assert refused[0].startswith("open5e-style.json: entry 1 ('Chauve-souris des brumes') is "
                                 "refused: field '")
    assert get_system("pmt").foreign_creature({"name": "X", "hit_points": 3, "strength": 9}) is None
