"""The wall index splits polylines into segments with their kind and what they block
(DESIGN.md §4.3): built with arrays, it must equal the plain per-segment reading."""

from __future__ import annotations

import numpy as np

from battlemap.geometry.walls.index import WallIndex
from battlemap.model import Wall


def test_segments_kinds_and_blocking_flags():
    walls = [Wall(points=[(0, 0), (2, 0), (2, 0), (2, 3)]),  # a repeated point is no segment
             Wall(points=[(5, 0), (5, 1)], kind="door", open=True),
             Wall(points=[(6, 0), (7, 0)], kind="window")]
    idx = WallIndex(walls)
    assert idx.coords.tolist() == [[0, 0, 2, 0], [2, 0, 2, 3], [5, 0, 5, 1], [6, 0, 7, 0]]
    assert idx.kinds.tolist() == ["wall", "wall", "door", "window"]
    assert idx.tree("movement")[1].tolist() == [0, 1, 3]  # open door: nothing; window: moves
    assert idx.tree("effect")[1].tolist() == [0, 1, 3]
    assert idx.tree("sight")[1].tolist() == [0, 1]  # windows let sight through
    assert np.array_equal(idx.bounds[1], [2, 0, 2, 3])


def test_empty_map_has_an_empty_index():
    idx = WallIndex([])
    assert len(idx) == 0 and idx.coords.shape == (0, 4)
