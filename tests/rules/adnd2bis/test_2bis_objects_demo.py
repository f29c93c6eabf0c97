"""Objects tables and the 2bis demo encounter."""

from __future__ import annotations

from pathlib import Path

from battlemap.io import load_encounter
from battlemap.rules.adnd2bis.objects import (
    MATERIALS,
    OBJECTS,
    damage_object,
    material,
    standard_object,
)
from battlemap.rules.core.system import get_system

DEMO = Path(__file__).parents[3] / "assets" / "demo" / "adnd2bis-repaire-ogre.json"


def test_material_rows() -> None:
    # 001 "Dommages aux objets et matériaux": 8 materials, 16 standard objects
    assert len(MATERIALS) == 8 and len(OBJECTS) == 16
    wood = material("bois, os", "thick")
    assert (wood.ac, wood.hardness, wood.hp) == (5, 5, 20)
    assert material("adamantine", "thin").ac == -5
    assert material("pierre", "thick").hp == 90


def test_door_hardness_absorbs_damage() -> None:
    # Strong wooden door: hardness 5, 20 hp, break DC 23; a 7-damage blow removes 2 hp
    door = standard_object("strong wooden door", made_of="bois, os")
    assert (door.hardness, door.hp, door.break_dc, door.ac) == (5, 20, 23, 5)
    assert damage_object(door, 20, 7) == (2, 18)
    assert damage_object(door, 20, 4) == (0, 20)
    iron = standard_object("iron door (2 in. thick)")
    assert (iron.hardness, iron.hp, iron.break_dc) == (10, 60, 28)


def test_demo_encounter_validates() -> None:
    enc = load_encounter(DEMO)
    system = get_system(enc.system.value)
    stats = [system.stats_model.model_validate(t.stats) for t in enc.tokens]
    assert len(stats) == len(enc.tokens) >= 7
    assert any(t.size.value == "large" for t in enc.tokens)
    system.options_model.model_validate(enc.options.rules)
