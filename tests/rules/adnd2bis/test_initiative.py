"""Individual d10 initiative lowest first, Dex, Improved Initiative, monster groups, surprise."""

from __future__ import annotations

from battlemap.model import Condition
from battlemap.rules.adnd2bis import SYSTEM
from battlemap.rules.adnd2bis.initiative import dex_adjustment
from battlemap.rules.adnd2bis.options import Adnd2bisOptions
from battlemap.rules.adnd2bis.surprise import surprise
from battlemap.rules.core.dice import Dice
from tests.helpers.adnd2bis import ORC, make

OPTS = Adnd2bisOptions()


def test_dex_adjustment() -> None:
    # 001 "INITIATIVE…": bonus = DEX − 15 (AD&D table); the table read as is gives 15 → 1
    assert [dex_adjustment(d) for d in (5, 10, 15, 17, 18)] == [-2, 0, 0, 2, 3]
    assert dex_adjustment(17, "adnd_table") == 3


def test_individual_lowest_first_natural_ten_unmodified() -> None:
    # 001 "INITIATIVE, FLANKING, SURPRISE": adjustment subtracted from the d10, never from a 10;
    # Improved Initiative adds 2 to the adjustment; monsters keep a group roll
    quick = make("quick", {"dexterity": 18, "class_group": "thief"}, side="party")
    feat = make("feat", {"dexterity": 16, "class_group": "fighter",
                         "feats": ["improved_initiative"]}, side="party")
    slow = make("slow", {"dexterity": 18, "class_group": "fighter"}, side="party")
    orc1, orc2 = make("orc1", ORC), make("orc2", ORC)
    order = SYSTEM.initiative([quick, feat, slow, orc1, orc2], Dice(forced=[6, 5, 10, 4]), OPTS)
    got = {e.token: e.score for e in order}
    assert got == {"quick": 3, "feat": 2, "slow": 10, "orc1": 4, "orc2": 4}
    assert [e.token for e in order] == ["feat", "quick", "orc1", "orc2", "slow"]
    assert order[2].group == order[3].group == "foe"
    assert order[2].roll == order[3].roll  # one d10 for the group


def test_group_option_and_sharing_penalty() -> None:
    # group initiative for everybody; 001 "Positionnement": −4 to initiative when sharing
    a = make("a", {"dexterity": 18, "class_group": "fighter"}, side="party")
    b = make("b", {"class_group": "fighter"}, side="party")
    b.conditions.append(Condition(name="sharing_square", level=2))
    order = SYSTEM.initiative([a, b], Dice(forced=[5]), Adnd2bisOptions(initiative="group"))
    assert {e.token: e.score for e in order} == {"a": 5, "b": 9}


def test_surprise_thresholds() -> None:
    # 001 "Surprise": 1–3 on d10; ambush doubles, undetectable ambush triples
    assert surprise(Dice(forced=[3]))[1:] == (True, 3)
    assert surprise(Dice(forced=[4]))[1:] == (False, 3)
    assert surprise(Dice(forced=[6]), "ambush")[1:] == (True, 6)
    assert surprise(Dice(forced=[9]), "undetectable")[1:] == (True, 9)


def test_each_reading_of_the_dex_adjustment_rolls_and_cites_its_own_line() -> None:
    # 001 "INITIATIVE, FLANKING, SURPRISE" (line 114): « selon la table AD&D (bonus = DEX –
    # 15) »; the table itself, "Bonus AD&D selon abilité" (lines 47–50), gives 15 → 1,
    # 16 → 2, 17 → 3, and its note counts « Dextérité : AC et Initiative » among its uses.
    from battlemap.text import words

    for reading, dex16, dex15, section in (
            ("dex_minus_15", 1, 0, "INITIATIVE, FLANKING, SURPRISE"),
            ("adnd_table", 2, 1, "Bonus AD&D selon abilité (sauf Force > 15 en combat)")):
        opts = Adnd2bisOptions(initiative_dex=reading)  # type: ignore[arg-type]
        a = make("a", {"dexterity": 16, "class_group": "fighter"}, side="party")
        b = make("b", {"dexterity": 15, "class_group": "fighter"}, side="party")
        got = {e.token: e for e in SYSTEM.initiative([a, b], Dice(forced=[6, 6]), opts)}
        assert (got["a"].score, got["b"].score) == (6 - dex16, 6 - dex15)
        assert [m.value for m in got["a"].modifiers] == [dex16]
        assert words(got["a"].modifiers[0].source, "en") == (
            f'001_dd346e63a171f715.txt, "{section}"')
