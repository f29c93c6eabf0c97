"""The dnd2024 system as the engine sees it: registry, models, conditions, turn budget."""

from __future__ import annotations

import math

import pytest
from pydantic import ValidationError

from battlemap.model import Size
from battlemap.rules.core.system import RuleSystem, get_system
from battlemap.rules.dnd2024 import SYSTEM
from battlemap.rules.dnd2024.options import Dnd2024Options
from battlemap.rules.dnd2024.samples import FIGHTER, OGRE, SKELETON
from battlemap.rules.dnd2024.stats import Dnd2024Stats
from battlemap.text import words
from tests.helpers.dnd2024 import combatant


def test_registered_under_its_id():
    system = get_system("dnd2024")
    assert system is SYSTEM
    assert isinstance(system, RuleSystem)


def test_stats_model_contract():
    empty = Dnd2024Stats.model_validate({})
    assert (empty.max_hp, empty.ac, empty.weapons) == (4, 10, [])
    with pytest.raises(ValidationError):
        Dnd2024Stats.model_validate({"hp_max": 3})  # unknown key
    with pytest.raises(ValidationError):
        Dnd2024Stats.model_validate({"speed_m": math.inf})
    # 003 "Classe d'armure": CA de base = 10 + modificateur de Dextérité when none is given.
    assert Dnd2024Stats.model_validate({"abilities": {"dex": 16}}).ac == 13
    assert Dnd2024Stats.model_validate({"ac": 12, "abilities": {"dex": 16}}).ac == 12
    fighter = Dnd2024Stats.model_validate(FIGHTER)
    assert [w.name for w in fighter.weapons] == ["Épée longue", "Arc long"]


def test_options_defaults_and_descriptions():
    opts = Dnd2024Options()
    assert (opts.natural_one_misses, opts.knock_out_melee, opts.initiative_mode,
            opts.flanking) == (True, False, "rolled", False)
    for name, field in Dnd2024Options.model_fields.items():
        assert field.description and "003" in field.description, name


def test_the_fifteen_conditions_are_known():
    # D&D 2024 PHB, Rules Glossary: the conditions.
    names = set(SYSTEM.conditions())
    assert {"blinded", "charmed", "deafened", "exhaustion", "frightened", "grappled",
            "incapacitated", "invisible", "paralyzed", "petrified", "poisoned", "prone",
            "restrained", "stunned", "unconscious"} <= names
    assert words(SYSTEM.conditions()["prone"].label, "fr") == "À terre"


def test_reach_is_1_5_m_whatever_the_size():
    # 003 "Allonge": toute créature est dotée d'une allonge de 1.50 m.
    assert SYSTEM.default_reach_m(Size.HUGE, Dnd2024Stats()) == 1.5
    glaive = {"weapons": [{"name": "Coutille", "damage": "1d10", "reach_m": 3.0}]}
    assert SYSTEM.default_reach_m(Size.MEDIUM, Dnd2024Stats.model_validate(glaive)) == 3.0


def test_turn_budget_and_speed():
    # D&D 2024 PHB, Conditions: exhaustion −1.5 m per level; grappled Speed 0; incapacitated
    # creatures get no action, bonus action or reaction.
    fresh = SYSTEM.turn_budget(combatant("f", FIGHTER), Dnd2024Options())
    assert (fresh.slots, fresh.movement_m) == ({"action": 1, "bonus_action": 1, "reaction": 1}, 9.0)
    assert SYSTEM.turn_budget(combatant("o", OGRE, exhaustion=3), None).movement_m == 7.5
    assert SYSTEM.turn_budget(combatant("f", FIGHTER, "grappled"), None).movement_m == 0.0
    stunned = SYSTEM.turn_budget(combatant("f", FIGHTER, "stunned"), None)
    assert set(stunned.slots.values()) == {0} and stunned.movement_m == 9.0


def test_who_threatens_and_takes_opportunity_attacks():
    assert SYSTEM.threatens(combatant("s", SKELETON))
    for cond in ("incapacitated", "paralyzed", "stunned", "unconscious", "petrified", "dead"):
        assert not SYSTEM.threatens(combatant("s", SKELETON, cond)), cond
        assert SYSTEM.opportunity_attacks_per_round(combatant("s", SKELETON, cond)) == 0
    assert SYSTEM.opportunity_attacks_per_round(combatant("s", SKELETON)) == 1
