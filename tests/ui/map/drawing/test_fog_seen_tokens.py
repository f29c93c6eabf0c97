"""Which tokens the players' fog lets the party see (drawing/fog_seen.py, behind `seen_ids`
and `hide_unseen`): GEOS is asked only about the pairs whose bounding boxes come near, the
answers are kept from call to call for the tokens and views that did not change, and the
answer is always the one of every token against every view."""

from typing import Any

import numpy as np
import pytest
import shapely

from battlemap.geometry.vision.visible import seen_regions
from battlemap.model import Token
from battlemap.ui.map.drawing.fog import SEEN_REACH, WALL_MARGIN, viewpoints
from battlemap.ui.map.drawing.fog_seen import SeenTokens, seen_boxes

from ..conftest import make_encounter, make_session

SIZES = ["tiny", "small", "medium", "large"]


def crowded() -> Any:
    """Rooms on 30×16 with three party eyes, and a token of every size on every third
    square: some inside a view, some just past its edge, some behind walls; nobody sees into
    the room east of x = 16."""
    tokens = [dict(id="a", name="A", side="party", col=2, row=2),
              dict(id="b", name="B", side="party", col=14, row=3),
              dict(id="c", name="C", side="party", col=5, row=12)]
    n = 0
    for col in range(0, 27, 3):
        for row in range(0, 13, 3):
            tokens.append(dict(id=f"t{n}", name=f"T{n}", side="foe", col=col, row=row,
                               size=SIZES[n % len(SIZES)]))
            n += 1
    walls = [dict(points=[(8, 0), (8, 6)]), dict(points=[(8, 8), (8, 16)]),
             dict(points=[(0, 9), (6, 9)]), dict(points=[(16, 0), (16, 16)]),
             dict(points=[(11, 11), (13, 11), (13, 13), (11, 13), (11, 11)])]
    return make_session(make_encounter(cols=30, rows=16, tokens=tokens, walls=walls))


def every_pair(tokens: list[Token], views: list[Any], reach: float) -> np.ndarray:
    """Each token's box against each view, one pair at a time."""
    return np.array([any(shapely.dwithin(shapely.box(*t.footprint_bounds()), view, reach)
                         for view in views if not view.is_empty) for t in tokens], dtype=bool)


@pytest.mark.parametrize("reach", [WALL_MARGIN, SEEN_REACH, 0.0, 2.5])
def test_the_seen_tokens_are_those_within_reach_of_some_view(qapp: Any, reach: float) -> None:
    s = crowded()
    views = [*seen_regions(s.geo, viewpoints(s)), shapely.Polygon()]  # an eye seeing nothing
    tokens: list[Token] = list(s.encounter.tokens)
    boxes, seen = seen_boxes(tokens, views, reach)
    every = every_pair(tokens, views, reach)
    assert seen.tolist() == every.tolist()
    assert 3 < int(seen.sum()) < len(tokens) - 3  # both answers are sampled
    assert [b.bounds for b in boxes] == [t.footprint_bounds() for t in tokens]


def test_no_view_sees_no_token(qapp: Any) -> None:
    s = crowded()
    _, seen = seen_boxes(list(s.encounter.tokens), [shapely.Polygon()], SEEN_REACH)
    assert not seen.any()


@pytest.mark.parametrize("reach", [WALL_MARGIN, SEEN_REACH])
def test_the_kept_answers_follow_moves_new_views_and_tokens_that_come_and_go(
        qapp: Any, reach: float) -> None:
    s = crowded()
    seen_by = SeenTokens(reach)

    def check(tokens: list[Token]) -> None:
        views = [*seen_regions(s.geo, viewpoints(s)), shapely.Polygon()]
        boxes, seen = seen_by(tokens, views)
        assert seen.tolist() == every_pair(tokens, views, reach).tolist()
        assert [b.bounds for b in boxes] == [t.footprint_bounds() for t in tokens]

    def everyone() -> list[Token]:
        return list(s.encounter.tokens)

    check(everyone())
    def seen_ids() -> frozenset[str]:
        tokens = everyone()
        _, seen = seen_by(tokens, seen_regions(s.geo, viewpoints(s)))
        return frozenset(t.id for t, hit in zip(tokens, seen.tolist(), strict=True) if hit)

    answers = [seen_ids()]
    # An eye and a foe move (a new view, a new token object), both ways; a foe steps
    # into and out of a view; one is removed, one added, one grown; a subset is asked, and
    # the list turned round.
    for change in [lambda: s.move("a", [(5, 5)], gm_override=True),
                   lambda: s.move("t2", [(2, 5)], gm_override=True),
                   lambda: s.undo(), lambda: s.undo(),
                   lambda: s.move("t10", [(11, 8)], gm_override=True),
                   lambda: s.update_token("t5", col=20, row=2),  # out of A's room, unseen
                   lambda: s.undo(),  # back in
                   lambda: s.remove_token("t12"),
                   lambda: s.add_token(Token(id="new", name="New", side="foe", col=8, row=8)),
                   lambda: s.update_token("t0", size="medium")]:
        change()
        check(everyone())
        answers.append(seen_ids())
        check(everyone()[5:9])
        check(everyone()[::-1])
    assert len(set(answers)) > 2  # the changes changed what is seen
