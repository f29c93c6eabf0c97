"""The breche35 plugin: registry, stat and option models, reach, threat, opportunity attacks,
initiative and the turn (000_d623f1b22a06cede.txt, "Taille", "Le round de combat",
"Attaques d'opportunité")."""

from __future__ import annotations

import math

import pytest
from pydantic import ValidationError

from battlemap.model import Size
from battlemap.rules.breche35 import SYSTEM
from battlemap.rules.breche35.options import Breche35Options
from battlemap.rules.breche35.stats import Breche35Stats
from battlemap.rules.core.system import RuleSystem, get_system
from tests.helpers.breche35 import BRUTE, MARA, ForcedDice, combatant, ganger, mara
from tests.helpers.words import fr


def test_registered_under_its_id() -> None:
    assert get_system("breche35") is SYSTEM
    assert isinstance(SYSTEM, RuleSystem)
    assert SYSTEM.seed == "000_d623f1b22a06cede.txt"


def test_a_token_without_stats_is_valid() -> None:
    st = Breche35Stats.model_validate({})
    assert (st.max_hp, st.ac, st.weapons) == (6, 10, [])
    assert st.weapon(None).name == "Mains nues"


def test_stats_refuse_unknown_keys_and_non_finite_numbers() -> None:
    with pytest.raises(ValidationError):
        Breche35Stats.model_validate({"thac0": 18})
    with pytest.raises(ValidationError):
        Breche35Stats.model_validate({"speed_m": math.inf})
    with pytest.raises(ValidationError):
        Breche35Stats.model_validate({"weapons": [{"name": "x", "range_m": math.nan}]})


def test_sample_stat_block_adds_up() -> None:
    # 000 "Classe d'armure": 10 + armour 4 + Dex 2 + dodge 1 = 17.
    st = Breche35Stats.model_validate(MARA)
    assert 10 + st.armor + st.dex_to_ac() + st.dodge == st.ac == 17


def test_options_defaults_and_descriptions() -> None:
    o = Breche35Options()
    assert (o.confirm_criticals, o.stabilise_chance_pct) == (True, 10)
    for name, field in Breche35Options.model_fields.items():
        assert field.description and field.description.startswith("000 "), name
    with pytest.raises(ValidationError):
        Breche35Options.model_validate({"flanking": 3})


@pytest.mark.parametrize(("size", "body", "reach"), [
    # 000 "Taille", column "Espace, allonge".
    (Size.TINY, "tall", 0.0), (Size.SMALL, "tall", 1.5), (Size.MEDIUM, "tall", 1.5),
    (Size.LARGE, "tall", 3.0), (Size.LARGE, "long", 1.5),
    (Size.HUGE, "tall", 4.5), (Size.HUGE, "long", 3.0),
    (Size.GARGANTUAN, "tall", 6.0), (Size.GARGANTUAN, "long", 4.5),
])
def test_natural_reach(size: Size, body: str, reach: float) -> None:
    assert SYSTEM.default_reach_m(size, {"body": body}) == reach
    assert SYSTEM.default_reach_m(size, Breche35Stats(body=body)) == reach  # type: ignore[arg-type]


def test_opportunity_attacks_per_round() -> None:
    # "une fois par round (davantage avec Attaques réflexes)": 1 + Dex modifier.
    assert SYSTEM.opportunity_attacks_per_round(ganger()) == 1
    assert SYSTEM.opportunity_attacks_per_round(mara()) == 1 + 2
    assert SYSTEM.opportunity_attacks_per_round(mara(dexterity=8)) == 1


def test_initiative_highest_first_with_dex() -> None:
    # 000 "Le round de combat": "1d20 + modificateur de Dextérité ; ordre décroissant".
    brute = combatant("brute", BRUTE, size=Size.LARGE)
    order = SYSTEM.initiative([ganger(), mara(), brute], ForcedDice(forced=[12, 8, 15]),
                              Breche35Options())
    assert [(e.token, e.score) for e in order] == [("brute", 17), ("ganger", 13), ("mara", 10)]


def test_initiative_ties_go_to_the_higher_modifier_then_a_reroll() -> None:
    # "En cas d'égalité, le plus gros modificateur gagne, puis on relance."
    order = SYSTEM.initiative([ganger(), mara()], ForcedDice(forced=[13, 12]), Breche35Options())
    assert [e.token for e in order] == ["mara", "ganger"]
    twins = [ganger(), combatant("twin", {"dexterity": 12})]
    order = SYSTEM.initiative(twins, ForcedDice(forced=[10, 10, 4, 4, 3, 9]), Breche35Options())
    assert [e.token for e in order] == ["twin", "ganger"]
    assert fr(order[0].notes) == ["égalité : départage au d20 4, 9"]


def test_turn_budget() -> None:
    # Action simple + mouvement, ou action complexe; pas de placement de 1,5 m.
    b = SYSTEM.turn_budget(mara(), Breche35Options())
    assert b.slots == {"standard": 1, "move": 1, "full_round": 1, "five_foot_step": 1}
    assert b.movement_m == 9.0
    assert SYSTEM.turn_budget(mara("disabled"), Breche35Options()).slots == {
        "standard_or_move": 1, "five_foot_step": 1}


def test_manoeuvre_list() -> None:
    assert SYSTEM.manoeuvres() == ["bull_rush", "trip", "disarm", "grapple", "overrun",
                                   "coup_de_grace"]
