"""`MapGeometry.update_token` (a drop, an undo, an edit) redoes the moved token's row of the
token index, not every token's: the index equals one built afresh, and the footprints
measured again are the moved token's alone."""

from __future__ import annotations

import numpy as np
import pytest
import shapely

from battlemap.geometry import map_geometry
from battlemap.geometry.map_geometry import MapGeometry
from battlemap.model import Size
from tests.helpers.geometry import build_scene, tok


def test_an_updated_token_is_measured_alone_and_the_index_equals_a_fresh_one(monkeypatch):
    s = build_scene("dnd2024", [tok(f"t{i}", i % 10 * 2, i // 10 * 2) for i in range(50)],
                    cols=20, rows=20)
    geo = s.geo
    ids_before = geo.token_index()[0]
    measured: list[str] = []
    real = map_geometry.footprint_box
    monkeypatch.setattr(map_geometry, "footprint_box",
                        lambda t: (measured.append(t.id), real(t))[1])
    geo.update_token("t7", col=15.0, row=17.0, size=Size.LARGE)
    assert measured == ["t7"]
    fresh = MapGeometry(geo.encounter.model_copy(update={"tokens": list(geo.tokens.values())}))
    ids, boxes, tree = geo.token_index()
    assert ids == fresh.token_index()[0] and ids is not ids_before  # a new list: see below
    assert np.array_equal(geo.token_bounds(), fresh.token_bounds())
    assert [b.bounds for b in boxes] == [b.bounds for b in fresh.token_index()[1]]
    # The tree finds the token where it now stands, and no longer where it stood.
    row = ids.index("t7")
    assert row in tree.query(shapely.box(16, 18, 16.5, 18.5)).tolist()
    assert row not in tree.query(shapely.box(14.2, 0.2, 14.8, 0.8)).tolist()
    assert geo.token_rows(["t7"]).tolist() == [row]


@pytest.mark.parametrize("first", [True, False])
def test_an_update_before_any_index_builds_it_lazily(first):
    s = build_scene("dnd2024", [tok("a", 1, 1), tok("b", 4, 4)])
    geo = s.geo
    if first:
        geo.token_index()
    geo.update_token("a", col=2.0, row=3.0)
    assert geo.token_bounds()[geo.token_rows(["a"])[0]].tolist() == [2.0, 3.0, 3.0, 4.0]
