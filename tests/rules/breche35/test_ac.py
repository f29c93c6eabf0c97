"""Armour class, touch AC and flat-footed AC (000_d623f1b22a06cede.txt, "Classe d'armure":
"CA = 10 + armure + bouclier + Dextérité + taille + armure naturelle + esquive et autres";
"CA de contact : sans armure, bouclier ni armure naturelle"; "CA pris au dépourvu : sans
bonus de Dextérité ni d'esquive") and 3.5 stacking ("Le jet de base")."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from battlemap.model import Size
from battlemap.rules.breche35.defense import armour_class
from battlemap.rules.core.combat import Combatant, Situation
from battlemap.rules.core.modifiers import Modifier
from battlemap.text import words
from tests.helpers.breche35 import BRUTE, attack, combatant, ganger, mara, mods


def brute() -> Combatant:
    return combatant("brute", BRUTE, size=Size.LARGE)


@pytest.mark.parametrize(("who", "normal", "touch", "flat"), [
    (mara, 17, 10 + 2 + 1, 10 + 4),          # armour 4, Dex 2, dodge 1
    (ganger, 13, 10 + 1, 10 + 2),            # armour 2, Dex 1
    (brute, 16, 10 + 2 - 1, 10 + 5 - 1),     # natural 5, Dex 2, size G −1
])
def test_three_armour_classes(who: Callable[[], Combatant], normal: int, touch: int,
                              flat: int) -> None:
    t = who()
    sit = Situation()
    assert armour_class(t, sit).total == normal
    assert armour_class(t, sit, touch=True).total == touch
    assert armour_class(t, sit, flat_footed=True).total == flat


def test_breakdown_names_every_part() -> None:
    ac = armour_class(brute(), Situation())
    assert {words(m.name, "fr"): m.value for m in ac.applied} == {
        "Base": 10, "Dextérité": 2, "Taille": -1, "Armure naturelle": 5}


def test_touch_attack_targets_touch_ac() -> None:
    a = attack(mara(), ganger(), [3, 1], kind="melee_touch").attacks[0]
    assert (a.target_number, words(a.target_label, "fr"), a.outcome) == (11, "CA 11 (contact)", "hit")
    assert [words(d.name, "fr") for d in a.dropped] == ["Armure"]


def test_armour_caps_the_dex_bonus() -> None:
    # 000 "Charge": "Dextérité maximale +3 à la CA" (here an armour with max Dex +1).
    heavy = ganger(dexterity=16, max_dex=1, ac=13)
    assert armour_class(heavy, Situation()).total == 13
    assert {words(m.name, "fr") for m in armour_class(heavy, Situation()).applied} >= {
        "Dextérité (max. de l'armure)"}


def test_same_type_gm_bonuses_keep_the_best_on_an_attack() -> None:
    # 000 "Le jet de base": same-type bonuses don't stack, untyped ones do.
    extra = [Modifier(name="Bénédiction", value=1, type="morale", source="sort"),
             Modifier(name="Chant de bravoure", value=2, type="morale", source="sort"),
             Modifier(name="Aide", value=2, type="untyped", source="000, Le jet de base")]
    a = attack(mara(), ganger(), [1], extra=extra).attacks[0]
    assert mods(a.modifiers) == {"BBA": 5, "Force": 3, "Chant de bravoure": 2, "Aide": 2}
    assert [words(d.name, "fr") for d in a.dropped] == ["Bénédiction"]
    assert a.total == 1 + 12
