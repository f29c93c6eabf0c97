"""Physical dice typed for one roll stay with that roll: those it does not need are dropped
when the command ends. Before, the GM typed "12, 2" for a PMT sling shot that missed (no
damage die rolled), and the unused 2 became the next attack's d20: the goblin chief's shot
read "1d20 → (2!)" although the GM had typed 12 for it, and the 12 and 3 left after it made
the next area's 3d6 fail ("a forced roll of 12 does not fit a d6")."""

from __future__ import annotations

from battlemap.engine import Session
from battlemap.model import Encounter, Grid, Token

THIEF = {"max_hp": 11, "ac": 14, "attack_bonus": 1, "level": 3, "is_pc": True,
         "weapons": [{"name": "Dague", "damage": "1d4"}]}
GOBLIN = {"max_hp": 4, "ac": 7, "ac_form": "descending", "thac0": 19, "level": 1,
          "weapons": [{"name": "Lance", "damage": "1d6"}]}


def _session() -> Session:
    enc = Encounter(system="pmt", grid=Grid(cols=6, rows=4), tokens=[  # type: ignore[arg-type]
        Token(id="mirande", name="Mirande", side="party", col=1, row=1, stats=THIEF),
        Token(id="gob", name="Gobelin", side="foe", col=2, row=1, stats=GOBLIN, hp=4)])
    return Session(enc, seed=1)


def test_a_miss_does_not_leave_its_damage_die_for_the_next_roll() -> None:
    s = _session()
    # 004 "Formule" with ascending AC: d20 + bonus ≥ AC. A 2 misses the goblin whatever the
    # bonus, so the typed damage die (3) is not needed ("Un coup raté inflige quand même 1
    # dommage" deals the 1 without a die).
    miss = s.attack("mirande", "gob", forced=[2, 3])
    assert miss.result.attacks[0].natural == 2
    assert miss.result.attacks[0].outcome == "miss"
    assert list(s.dice.forced) == []
    hit = s.attack("gob", "mirande", forced=[17, 5])
    assert hit.result.attacks[0].natural == 17  # the 17 typed for it, not the leftover 3
    assert hit.result.attacks[0].damage.total == 5


def test_undo_and_redo_keep_the_dice_as_they_were() -> None:
    s = _session()
    s.attack("mirande", "gob", forced=[2, 3])
    s.undo()
    assert list(s.dice.forced) == []
    s.redo()
    assert list(s.dice.forced) == []
