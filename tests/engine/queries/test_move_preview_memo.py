"""A drag's previews, with the remembered steps, budgets, OA caps and texts, equal the
previews a fresh session gives for the same encounter (model_dump and the French lines),
along random drags with back-tracking, changes of kind and real moves in between."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from battlemap.engine import Session
from battlemap.model import Wall
from battlemap.text import words
from tests.helpers.engine import encounter, tok

SYSTEMS = st.sampled_from(["breche35", "adnd2bis", "dnd2024", "pmt"])
KINDS = st.sampled_from(["normal", "normal", "withdraw", "step", "run"])
ACTION = st.one_of(
    st.tuples(st.just("step"), st.integers(-1, 1), st.integers(-1, 1)),
    st.tuples(st.just("back"), st.integers(1, 3), st.just(0)),
    st.tuples(st.just("move"), st.just(0), st.just(0)),
)


def _session(system: str) -> Session:
    enc = encounter([tok("m", 5, 5, "party"), tok("g1", 7, 5), tok("g2", 4, 8),
                     tok("ogre", 8, 2, size="large"), tok("ally", 3, 5, "party")],
                    walls=[Wall(points=[(6, 0), (6, 4)]),
                           Wall(points=[(0, 7), (3, 7)], kind="door")],
                    system=system, cols=12, rows=10)
    return Session(enc, seed=3)


def _seen(p: Any) -> Any:
    return (p.model_dump(), words(p.reason, "fr"), [words(x, "fr") for x in p.explanation], words(p.path.reason, "fr"),
            [words(s.reason, "fr") for s in p.path.steps], [words(x.why, "fr") for x in p.provokes])


@settings(max_examples=12, deadline=None)
@given(SYSTEMS, st.lists(st.tuples(ACTION, KINDS), min_size=1, max_size=14))
def test_drag_previews_equal_fresh_ones(system, actions):
    s = _session(system)
    path: list[tuple[int, int]] = []
    for (what, a, b), kind in actions:
        start = (int(s.token("m").col), int(s.token("m").row))
        if what == "move":
            if path and s.preview_move("m", list(path)).legal:
                s.move("m", path, oa="skip")
            path = []
            continue
        if what == "back":
            path = path[:max(0, len(path) - a)]
        else:
            c, r = path[-1] if path else start
            path.append((c + a, r + b))
        warm = s.preview_move("m", list(path), kind)
        fresh = Session(s.encounter.model_copy(deep=True), seed=3)
        assert _seen(warm) == _seen(fresh.preview_move("m", list(path), kind))
