"""Saving throws, spell DC, spell resistance and area effects (000_d623f1b22a06cede.txt,
"Jets de sauvegarde", "Capacités spéciales", "Modificateurs de situation")."""

from __future__ import annotations

import pytest

from battlemap.rules.breche35 import SYSTEM
from battlemap.rules.breche35.options import Breche35Options
from battlemap.rules.breche35.saves import spell_dc, spell_resistance_check
from battlemap.rules.core.combat import AreaEffectRequest, Situation
from battlemap.text import words
from tests.helpers.breche35 import ForcedDice, ganger, mara, save


@pytest.mark.parametrize(("ability", "names", "bonus"), [
    # "Jet = 1d20 + bonus de base de la classe + modificateur de caractéristique"
    ("fortitude", {"Base (Vigueur)": 4, "Constitution": 2}, 6),
    ("reflex", {"Base (Réflexes)": 1, "Dextérité": 2}, 3),
    ("will", {"Base (Volonté)": 1, "Sagesse": 1}, 2),
    ("dex", {"Base (Réflexes)": 1, "Dextérité": 2}, 3),  # the CLI's ability names work too
])
def test_save_is_d20_base_plus_ability(ability: str, names: dict[str, int], bonus: int) -> None:
    res = save(mara(), ability, 15, 12)
    assert {words(m.name, "fr"): m.value for m in res.modifiers} == names
    assert (res.total, res.success) == (12 + bonus, 12 + bonus >= 15)


def test_ganger_will_save_with_a_penalty() -> None:
    res = save(ganger(), "will", 10, 10)
    assert (res.total, res.success) == (9, False)


def test_natural_20_and_1_on_saves() -> None:
    # 000 "Le jet de base": on a save "un 20 réussit toujours et un 1 échoue toujours".
    assert save(ganger(), "will", 40, 20).success is True
    assert save(mara(), "fortitude", 2, 1).success is False


def test_cover_gives_2_to_reflex_but_not_soft_cover() -> None:
    # "Couverture partielle : +4 à la CA et +2 aux Réflexes".
    assert save(mara(), "reflex", 15, 10, cover="partial").total == 15
    soft = save(mara(), "reflex", 15, 10, cover="partial", cover_from_creatures_only=True)
    assert soft.total == 13 and [words(d.name, "fr") for d in soft.dropped] == ["Couverture partielle"]
    assert save(mara(), "will", 15, 10, cover="partial").total == 12


def test_unknown_save_is_an_error() -> None:
    with pytest.raises(ValueError, match="is not a save of this system"):
        save(mara(), "luck", 10, 10)


def test_spell_dc_is_10_plus_level_plus_ability() -> None:
    # "Le DD d'un sort est 10 + niveau du sort + modificateur de la caractéristique".
    dc, parts = spell_dc(3, 17)
    assert dc == 10 + 3 + 3
    assert [(words(m.name, "fr"), m.value) for m in parts] == [("Base", 10), ("Niveau du sort", 3),
                                                  ("Intelligence", 3)]


def test_spell_resistance_is_a_caster_level_check() -> None:
    # "1d20 + niveau de lanceur contre la RM".
    target = ganger(spell_resistance=16)
    ok = spell_resistance_check(7, target, ForcedDice(forced=[9]))
    assert (ok.total, ok.overcome) == (16, True)
    ko = spell_resistance_check(7, target, ForcedDice(forced=[8]))
    assert (ko.total, ko.overcome) == (15, False)
    none = spell_resistance_check(1, ganger(), ForcedDice())
    assert (none.roll, none.overcome) == (None, True)


def test_fireball_reflex_half_with_cover() -> None:
    # "Réflexes pour moitié": 6d6 = 21; Mara saves 11 + 3 + 2 (cover) = 16 ≥ 15 → 10;
    # the ganger rolls 11 + 1 = 12 → 21.
    req = AreaEffectRequest(targets=[(mara(), Situation(cover="partial")),
                                     (ganger(), Situation())],
                            save_ability="reflex", dc=15, damage="6d6", damage_kind="fire")
    res = SYSTEM.area_effect(req, ForcedDice(forced=[1, 2, 3, 4, 5, 6, 11, 11]),
                             Breche35Options())
    assert res.damage_roll is not None and res.damage_roll.total == 21
    assert [(t.token, t.damage) for t in res.targets] == [("mara", 10), ("ganger", 21)]
