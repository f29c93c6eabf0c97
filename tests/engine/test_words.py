"""The engine's refusals and preview lines in French (RULES.md §5) beside the unchanged
English: one template, the same numbers, metres written 1,5 in French."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from battlemap.engine import Refused, Session
from battlemap.engine.words import either, move_kind, said
from battlemap.model import Encounter, Grid, Token, Wall
from battlemap.rules.breche35.stats import SAMPLE as BRECHE_SAMPLE
from battlemap.rules.core.system import get_system
from battlemap.rules.dnd2024.stats import SAMPLE as DND_SAMPLE
from battlemap.text import catalogue, words

Row = tuple[str, str, str, int, int]


def _session(system: str, stats: dict, rows: list[Row],  # type: ignore[type-arg]
             walls: Iterable[Wall] = ()) -> Session:
    enc = Encounter(system=system, grid=Grid(cols=20, rows=6), walls=list(walls), tokens=[
        Token(id=i, name=n, side=side, col=c, row=r, stats=stats) for i, n, side, c, r in rows])
    return Session(enc, seed=1)


def _refusal(call, *args, **kw) -> Refused:  # type: ignore[no-untyped-def]
    with pytest.raises(Refused) as caught:
        call(*args, **kw)
    return caught.value


def test_no_movement_left() -> None:
    # 2024: 9 m of movement a turn; the 7th square costs 1.5 m more than is left.
    s = _session("dnd2024", DND_SAMPLE, [("a", "Ana", "party", 0, 0), ("b", "Bob", "foe", 19, 5)])
    s.roll_initiative(forced=[20, 1])
    s.move("a", [(c, 0) for c in range(1, 7)])
    err = _refusal(s.move, "a", [(7, 0)])
    assert err.reason == "Ana cannot move: the move costs 1.5 m and only 0 m are left."
    assert words(err.reason, "fr") == ("Ana ne peut pas se déplacer : le déplacement coûte 1,5 m "
                             "et il ne reste que 0 m.")
    p = s.preview_move("a", [(7, 0)])
    assert words(p.reason, "fr") == "le déplacement coûte 1,5 m, plus que les 0 m permis"
    assert [words(x, "fr") for x in p.explanation] == ["1,5 m / 0 m", words(p.reason, "fr")]
    assert p.explanation == ["1.5 m / 0 m", "the move costs 1.5 m, more than the 0 m allowed"]


def test_out_of_reach_attack() -> None:
    s = _session("dnd2024", DND_SAMPLE, [("a", "Ana", "party", 0, 0), ("b", "Bob", "foe", 13, 0)])
    err = _refusal(s.attack, "a", "b")
    # 13 squares of 1.5 m between the two spaces' squares: 19.5 m.
    assert err.reason == "Bob is out of reach of Ana (19.5 m)."
    assert words(err.reason, "fr") == "Bob est hors d'allonge pour Ana (19,5 m)."
    pa = s.preview_attack("a", "b")
    assert (pa.reason, words(pa.reason, "fr")) == ("out of reach (19.5 m)", "hors d'allonge (19,5 m)")


def test_no_action_left() -> None:
    # 000 "Actions": after a full attack the standard action is spent.
    s = _session("breche35", BRECHE_SAMPLE, [("a", "Ana", "party", 1, 1),
                                             ("b", "Bob", "foe", 2, 1)])
    s.roll_initiative(forced=[20, 1])
    s.attack("a", "b", full_attack=True)
    err = _refusal(s.attack, "a", "b")
    assert err.reason == "Ana has no standard left this turn for this attack."
    assert words(err.reason, "fr") == "Ana n'a plus de standard ce tour-ci pour cette attaque."


def test_opportunity_attack_line() -> None:
    s = _session("dnd2024", DND_SAMPLE, [("a", "Ana", "party", 1, 1), ("g", "Gob", "foe", 3, 2)])
    p = s.preview_move("a", [(2, 1), (1, 0)])  # into Gob's reach and out again
    assert p.explanation == ["3 m / 9 m", "Gob: opportunity attack when leaving (2, 1)"]
    assert [words(x, "fr") for x in p.explanation] == ["3 m / 9 m", "Gob : attaque d'opportunité en quittant (2, 1)"]


def test_illegal_path_and_total_cover() -> None:
    s = _session("dnd2024", DND_SAMPLE, [("a", "Ana", "party", 1, 1), ("g", "Gob", "foe", 8, 1)],
                 [Wall(points=[(5, 0), (5, 6)])])
    err = _refusal(s.move, "a", [(1, 2), (1, 4)])
    assert err.reason == "Ana cannot move there: (1,4) is not next to (1,2)."
    assert words(err.reason, "fr") == "Ana ne peut pas aller là : la case (1,4) n'est pas voisine de (1,2)."
    pa = s.preview_attack("a", "g", kind="ranged")
    # 003 "L'abri": "Abri total"; the English keeps its usual words.
    assert (pa.reason, words(pa.reason, "fr")) == ("total cover: no line of effect",
                                         "abri total : aucune ligne d'effet")
    assert [words(x, "fr") for x in pa.explanation] == ["abri total : aucune ligne droite ne relie l'espace de "
                                 "l'attaquant à celui de la cible"]
    assert "explanation_fr" not in pa.model_dump() and "reason_fr" not in pa.model_dump()


def test_said_passes_french_parameters_on() -> None:
    # A move kind in the system's words (its words fragment): breche35 « course ».
    text = said("problem.whole_turn", kind=move_kind(get_system("breche35"), "run"))
    assert text == "a run takes the whole turn"
    assert words(text, "fr") == "« course » prend tout le tour"
    assert words(either(["standard", "move"]), "fr") == "standard ou move"
    assert all(key in catalogue.base("fr") for key in catalogue.base("en"))
    # A Refused given a plain string keeps it for both languages.
    assert words(Refused("plain").reason, "fr") == "plain"
