"""Objects tables and the 2bis demo encounter."""

from __future__ import annotations

from pathlib import Path

from battlemap.io import load_encounter
from battlemap.model import Size
from battlemap.rules.adnd2bis import SYSTEM
from battlemap.rules.adnd2bis.objects import (
    MATERIALS,
    OBJECTS,
    damage_object,
    material,
    object_stats,
    standard_object,
)
from battlemap.rules.adnd2bis.options import Adnd2bisOptions
from battlemap.rules.core.combat import AttackRequest, ManoeuvreRequest
from battlemap.rules.core.dice import Dice
from battlemap.rules.core.system import get_system
from battlemap.text import words
from tests.helpers.adnd2bis import OGRE, make

OPTS = Adnd2bisOptions()

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
    system = get_system(enc.system)
    stats = [system.stats_model.model_validate(t.stats) for t in enc.tokens]
    assert len(stats) == len(enc.tokens) >= 7
    assert any(t.size.value == "large" for t in enc.tokens)
    system.options_model.model_validate(enc.options.rules)


def test_a_door_on_the_map_is_attacked_and_broken() -> None:
    # 001 "Dommages aux objets et matériaux": a strong wooden door (wood AC 5, hardness 5,
    # 20 hp, Break DC 23); "le différentiel de taille s'applique pour les objets": a Large
    # ogre against a Medium door (< 2,40 m) takes −1.
    door = make("door", object_stats(standard_object("strong wooden door", made_of="bois, os")))
    ogre = make("ogre", OGRE, size=Size.LARGE)
    hit = SYSTEM.resolve_attack(AttackRequest(attacker=ogre, target=door), Dice(forced=[8, 9]),
                                OPTS).attacks[0]
    # 8 + 3 (Str 18/00) − 1 = 10 ≥ THAC0 15 − AC 5 = 10; 1d10 9 + 6 = 15
    assert {words(m.name, "fr"): m.value for m in hit.modifiers}["Différentiel de taille"] == -1
    assert hit.total == 10 and hit.target_number == 10 and hit.outcome == "hit"
    assert hit.damage is not None and hit.damage.total == 15
    blow = SYSTEM.damage(door, hit.damage.total, Dice(), OPTS)
    assert (blow.after, blow.state_after) == (10, "ok")  # 15 − hardness 5 = 10 through
    last = SYSTEM.damage(make("door", door.stats.model_dump(), hp=4), 12, Dice(), OPTS)
    assert (last.after, last.state_after) == (0, "broken")
    assert [c.name for c in last.conditions_added] == ["broken"]  # no Dying for a door
    assert not SYSTEM.threatens(door) and SYSTEM.turn_budget(door, OPTS).slots["combat"] == 0
    broken = make("door", door.stats.model_dump(), hp=0, conditions=("broken",))
    mended = SYSTEM.heal(broken, 5, OPTS)
    assert (mended.after, mended.state_after, mended.conditions_removed) == (5, "ok", ["broken"])


def test_break_dc_is_a_strength_check() -> None:
    # 001: "Break DC = check de force nécessaire à briser l'objet"; Str 18/00 → +5 (score 18,
    # "Bonus de type Skills"): 18 + 5 = 23 ≥ 23.
    chest = make("chest", object_stats(standard_object("treasure chest", made_of="bois, os")))
    ogre = make("ogre", OGRE, size=Size.LARGE)
    req = ManoeuvreRequest(name="break", attacker=ogre, target=chest)
    ok = SYSTEM.resolve_manoeuvre(req, Dice(forced=[18]), OPTS)
    assert ok.success and ok.conditions_added["chest"][0].name == "broken"
    assert not SYSTEM.resolve_manoeuvre(req, Dice(forced=[17]), OPTS).success
