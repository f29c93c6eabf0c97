"""What a breche35 creature may not do when it charges or runs: a charge under 3 m, a run
that turns, and either one when fatigued or exhausted (000_d623f1b22a06cede.txt)."""

from __future__ import annotations

import pytest

from battlemap.engine import Refused, Session
from battlemap.model import Condition, Encounter, Grid, Token
from battlemap.rules.breche35.stats import SAMPLE
from battlemap.text import words


def _session(*conditions: str) -> Session:
    enc = Encounter(system="breche35", grid=Grid(cols=14, rows=6), tokens=[
        Token(id="a", name="A", side="party", col=1, row=1, stats=SAMPLE,
              conditions=[Condition(name=c) for c in conditions]),
        Token(id="o", name="O", side="foe", col=9, row=1, stats=SAMPLE)])
    s = Session(enc, seed=1)
    s.roll_initiative(forced=[18, 2])  # A's turn
    return s


def test_charge_shorter_than_three_metres_is_refused() -> None:
    # 000_d623f1b22a06cede.txt, "Le round de combat": « Charge : un déplacement en ligne droite
    # d'au moins 3 m ».
    s = _session()
    short = s.preview_move("a", [(2, 1)], kind="charge")
    assert (short.legal, str(short.reason)) == (False, "a charge covers at least 3 m (1.5 m here)")
    assert words(short.reason, "fr") == "une charge parcourt au moins 3 m (ici 1,5 m)"
    with pytest.raises(Refused) as no:
        s.move("a", [(2, 1)], kind="charge")
    assert no.value.reason == "A cannot move there: a charge covers at least 3 m (1.5 m here)."
    assert s.token("a").col == 1
    s.move("a", [(2, 1), (3, 1)], kind="charge")  # exactly 3 m
    assert s.token("a").col == 3


def test_run_must_go_in_a_straight_line() -> None:
    # 000_d623f1b22a06cede.txt, "Le round de combat": « Course (quatre fois sa vitesse en ligne
    # droite) ».
    s = _session()
    bent = s.preview_move("a", [(2, 1), (3, 1), (4, 2)], kind="run")
    assert (bent.legal, str(bent.reason)) == (False, "a run goes in a straight line")
    assert words(bent.reason, "fr") == "une course se fait en ligne droite"
    with pytest.raises(Refused):
        s.move("a", [(2, 1), (3, 1), (4, 2)], kind="run")
    straight = s.preview_move("a", [(c, 1) for c in range(2, 9)], kind="run")  # 10.5 m
    assert (straight.legal, straight.path.cost_m, straight.allowance_m) == (True, 10.5, 36.0)


@pytest.mark.parametrize(("condition", "en", "fr"), [
    ("fatigued", "Fatigued", "Fatigué"), ("exhausted", "Exhausted", "Épuisé")])
@pytest.mark.parametrize(("kind", "fr_kind"), [("charge", "« charge »"), ("run", "« course »")])
def test_fatigued_or_exhausted_cannot_charge_nor_run(condition: str, en: str, fr: str,
                                                     kind: str, fr_kind: str) -> None:
    # 000_d623f1b22a06cede.txt, "États": « Fatigué | … ne peut ni courir ni charger »; Épuisé
    # (« une heure de repos le rend seulement fatigué ») is worse, so it cannot either.
    s = _session(condition)
    path = [(2, 1), (3, 1), (4, 1)]
    seen = s.preview_move("a", path, kind=kind)
    assert (seen.legal, str(seen.reason)) == (False, f"cannot {kind} while {en}")
    assert words(seen.reason, "fr") == f"{fr_kind} est impossible ({fr})"
    with pytest.raises(Refused) as no:
        s.move("a", path, kind=kind)
    assert no.value.reason == f"A cannot move there: cannot {kind} while {en}."
    assert words(no.value.reason, "fr") == f"A ne peut pas aller là : {fr_kind} est impossible ({fr})."
    assert s.preview_move("a", path).legal  # walking is still allowed
