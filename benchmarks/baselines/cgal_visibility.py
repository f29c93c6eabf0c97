"""CGAL's visibility polygon (triangular expansion, through `pyvispoly`) on a map's walls,
the outside reference of the fog rows (`fog_eyes`). Benchmark-only: `pyvispoly` is in the
`bench` dependency group and never imported by battlemap/.

CGAL answers inside a polygon with holes, not among loose segments: the free floor around
the eye is a box minus the sight-blocking walls in it thickened by `THICK`, the component
holding the eye, built before timing. The box is the sweep's view grown by a square on each
side: walls beyond it cannot change what is seen inside it, and the floor of a whole
40,000-wall map takes GEOS about a minute to build. A view's area differs from the sweep's
by the walls' thickness along its edges (well under the rows' 0.5 %)."""

from __future__ import annotations

from typing import Any

import numpy as np
import shapely
from shapely.geometry.polygon import orient

THICK = 1e-5  # half the thickness given to a wall (grid squares)


def available() -> str | None:
    """None when pyvispoly imports, else why not (the row's n/a reason)."""
    try:
        import pyvispoly  # noqa: F401
    except ImportError as err:
        return f"pyvispoly missing ({err}); `uv sync --group bench` installs it"
    return None


class LocalFloor:
    """The free floor round one eye, inside `bounds` (x0, y0, x1, y1), as a CGAL calculator;
    `calculator` is None when the eye stands inside a thickened wall."""

    def __init__(self, coords: np.ndarray, tree: shapely.STRtree, eye: tuple[float, float],
                 bounds: tuple[float, float, float, float]) -> None:
        import pyvispoly

        self._pv = pyvispoly
        self.calculator: Any = None
        box = shapely.box(*bounds)
        ids = tree.query(box)
        floor = box
        if len(ids):
            walls = shapely.buffer(shapely.multilinestrings(coords[ids].reshape(-1, 2, 2)),
                                   THICK, cap_style="square", join_style="mitre")
            floor = shapely.difference(box, walls)
        eye_point = shapely.Point(eye)
        for part in shapely.get_parts(floor):
            if not shapely.contains(part, eye_point):
                continue
            part = orient(part, 1.0)  # CGAL: outer ring counter-clockwise, holes clockwise
            pv = self._pv
            outer = pv.Polygon([pv.Point(x, y) for x, y in part.exterior.coords[:-1]])
            holes = [pv.Polygon([pv.Point(x, y) for x, y in ring.coords[:-1]])
                     for ring in part.interiors]
            self.calculator = pv.VisibilityPolygonCalculator(pv.PolygonWithHoles(outer, holes))
            break

    def seen(self, eye: tuple[float, float]) -> Any:
        """CGAL's visibility polygon of the eye (its area as `area()`)."""
        return self.calculator.compute_visibility_polygon(self._pv.Point(*eye))
