"""Initiative (003 "Initiative"): rolled d20 + Dex, or the score 10 + Dex ±5."""

from __future__ import annotations

from d24_builders import combatant

from battlemap.rules.core.dice import Dice
from battlemap.rules.dnd2024.options import Dnd2024Options
from battlemap.rules.dnd2024.samples import FIGHTER, OGRE, ROGUE, SKELETON, WIZARD

SCORE = Dnd2024Options(initiative_mode="score")


def test_rolled_initiative_in_acting_order(system):
    # d20 + Dex: fighter +2, rogue +4, ogre −1, wizard +2 +3 (initiative bonus).
    party = [combatant("f", FIGHTER), combatant("r", ROGUE), combatant("o", OGRE),
             combatant("w", WIZARD)]
    order = system.initiative(party, Dice(forced=[10, 5, 19, 8]), Dnd2024Options())
    assert [(e.token, e.score) for e in order] == [("o", 18), ("w", 13), ("f", 12), ("r", 9)]


def test_ties_go_to_the_higher_dexterity(system):
    # Fighter (Dex 14) 11+2 = 13, skeleton (Dex 16) 10+3 = 13: the skeleton acts first.
    order = system.initiative([combatant("f", FIGHTER), combatant("s", SKELETON)],
                              Dice(forced=[11, 10]), Dnd2024Options())
    assert [e.token for e in order] == ["s", "f"]


def test_initiative_score_is_10_plus_dex(system):
    # 003 "Initiative": valeur d'Initiative = 10 + modificateur de Dextérité.
    dice = Dice(forced=[20])
    order = system.initiative([combatant("f", FIGHTER), combatant("r", ROGUE)], dice, SCORE)
    assert [(e.token, e.score, e.roll) for e in order] == [("r", 14, None), ("f", 12, None)]
    assert list(dice.forced) == [20]


def test_score_plus_5_with_advantage_minus_5_with_disadvantage(system):
    # 003 "Initiative": Avantage +5, Désavantage −5. Invisible: advantage; incapacitated:
    # disadvantage (D&D 2024 PHB, Conditions).
    order = system.initiative([combatant("f", FIGHTER, "invisible"),
                               combatant("r", ROGUE, "incapacitated")], Dice(), SCORE)
    assert [(e.token, e.score) for e in order] == [("f", 17), ("r", 9)]
    assert [m.value for m in order[0].modifiers] == [2, 5]


def test_rolled_initiative_with_advantage_keeps_the_higher(system):
    (entry,) = system.initiative([combatant("r", {**ROGUE, "initiative_advantage": True})],
                                 Dice(forced=[4, 16]), Dnd2024Options())
    assert (entry.roll.expr, entry.score) == ("2d20kh1", 20)


def test_surprised_rolls_with_disadvantage(system):
    (entry,) = system.initiative([combatant("f", FIGHTER, "surprised")], Dice(forced=[4, 16]),
                                 Dnd2024Options())
    assert (entry.roll.expr, entry.score) == ("2d20kl1", 6)
