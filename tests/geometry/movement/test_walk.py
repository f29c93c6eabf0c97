"""The remembered steps of a drag (path_walk.py, the OA walk, the threat map kept per mover)
give exactly what a fresh computation gives: a drag is replayed square by square, with
back-tracking, jumps and kind changes, against a map whose caches are emptied before each
question. Same data (model_dump) and the same French texts, which model_dump leaves out."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from battlemap.geometry import MapGeometry, plan_path
from battlemap.text import words
from tests.helpers.geometry import build_scene, tok, wall

N = 12
SYSTEMS = st.sampled_from(["breche35", "adnd2bis", "dnd2024", "pmt"])
KINDS = st.sampled_from(["normal", "normal", "withdraw", "step", "charge", "run"])
# A drag action: a step to a neighbour (mostly), a jump (illegal step), or going back.
ACTION = st.one_of(
    st.tuples(st.just("step"), st.integers(-1, 1), st.integers(-1, 1)),
    st.tuples(st.just("jump"), st.integers(-3, 3), st.integers(-3, 3)),
    st.tuples(st.just("back"), st.integers(1, 4), st.just(0)),
)


def _scene(system: str, size: str) -> Any:
    toks = [tok("m", 5, 5, size=size, side="party"), tok("g1", 7, 5), tok("g2", 4, 8),
            tok("ogre", 8, 8, size="large", reach_m=3.0), tok("rat", 5, 3, size="tiny"),
            tok("ally", 3, 5, side="party"), tok("imp", 2, 2, size="small")]
    walls = [wall((6, 0), (6, 4)), wall((0, 7), (3, 7), kind="door"),
             wall((9, 2), (9, 6), kind="window")]
    return build_scene(system, toks, walls, cols=N, rows=N, difficult=[(6, 6), (6, 7), (4, 4)])


def _texts(res: Any) -> Any:
    return (words(res.reason, "fr"), type(res.reason), [(words(s.reason, "fr"), type(s.reason)) for s in res.steps],
            [words(p.why, "fr") for p in res.provokes])


@settings(max_examples=30, deadline=None)
@given(SYSTEMS, st.sampled_from(["medium", "large", "tiny"]), KINDS,
       st.lists(st.tuples(ACTION, KINDS), min_size=1, max_size=25))
def test_a_drag_remembered_equals_a_fresh_plan(system, size, first_kind, actions):
    s = _scene(system, size)
    fresh = MapGeometry(s.encounter, s.geo.walls)
    path: list[tuple[int, int]] = []
    c, r = 5, 5
    kind = first_kind
    for (what, a, b), next_kind in actions:
        if what == "back":
            path = path[:max(0, len(path) - a)]
            c, r = path[-1] if path else (5, 5)
        else:
            c, r = c + a, r + b
            path.append((c, r))
        kept = plan_path(s.geo, "m", list(path), s.policy, move_kind=kind, speed_m=60.0)
        fresh.token_cache.clear()
        new = plan_path(fresh, "m", list(path), s.policy, move_kind=kind, speed_m=60.0)
        assert kept.model_dump() == new.model_dump()
        assert _texts(kept) == _texts(new)
        kind = next_kind if what == "jump" else kind  # the kind changes now and then


def test_a_moved_token_is_seen_by_the_next_plan():
    # The remembered steps belong to the map as it was: a creature stepping into the path
    # (update_token empties the cache) must block it at once.
    s = _scene("dnd2024", "medium")
    path = [(5, 6), (5, 7)]
    assert plan_path(s.geo, "m", path, s.policy).legal
    s.geo.update_token("g1", col=5, row=7)
    again = plan_path(s.geo, "m", path, s.policy)
    assert not again.legal and again.steps[-1].reason == "g1's space is an enemy's"
