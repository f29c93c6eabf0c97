"""Which tokens the players' fog lets the party see (drawing/fog.py `_seen_boxes`, behind
`seen_ids` and `hide_unseen`): GEOS is asked only about the pairs whose bounding boxes come
near, and the answer is the one of every token against every view."""

from typing import Any

import numpy as np
import pytest
import shapely

from battlemap.geometry.vision.visible import seen_regions
from battlemap.model import Token
from battlemap.ui.map.drawing.fog import SEEN_REACH, WALL_MARGIN, _seen_boxes, viewpoints

from ..conftest import make_encounter, make_session

SIZES = ["tiny", "small", "medium", "large", "huge", "gargantuan"]


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


@pytest.mark.parametrize("reach", [WALL_MARGIN, SEEN_REACH, 0.0, 2.5])
def test_the_seen_tokens_are_those_within_reach_of_some_view(qapp: Any, reach: float) -> None:
    s = crowded()
    views = [*seen_regions(s.geo, viewpoints(s)), shapely.Polygon()]  # an eye seeing nothing
    tokens: list[Token] = list(s.encounter.tokens)
    boxes, seen = _seen_boxes(tokens, views, reach)
    every = np.array([any(shapely.dwithin(box, view, reach) for view in views if not view.is_empty)
                      for box in boxes])
    assert seen.tolist() == every.tolist()
    assert 3 < int(seen.sum()) < len(tokens) - 3  # both answers are sampled
    assert [b.bounds for b in boxes] == [t.footprint_bounds() for t in tokens]


def test_no_view_sees_no_token(qapp: Any) -> None:
    s = crowded()
    _, seen = _seen_boxes(list(s.encounter.tokens), [shapely.Polygon()], SEEN_REACH)
    assert not seen.any()
