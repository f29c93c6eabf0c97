"""CGAL's visibility polygon (triangular expansion, through `pyvispoly`) on a map's walls,
the outside reference of the fog rows (`sc_fog`). Benchmark-only: `pyvispoly` is in the
`bench` dependency group and never imported by battlemap/.

CGAL answers inside a polygon with holes, not among loose segments: the free floor is the
grid minus the sight-blocking walls thickened by `THICK` (a closed room is a component of
its own), each component one polygon with holes and one calculator, built before timing.
A view is the component's polygon seen from the eye, so its area differs from the sweep's
by the walls' thickness along its edges (well under the rows' 0.5 %)."""

from __future__ import annotations

from typing import Any

import numpy as np
import shapely
from shapely.geometry.polygon import orient

THICK = 1e-3  # half the thickness given to a wall (grid squares)


def available() -> str | None:
    """None when pyvispoly imports, else why not (the row's n/a reason)."""
    try:
        import pyvispoly  # noqa: F401
    except ImportError as err:
        return f"pyvispoly missing ({err}); `uv sync --group bench` installs it"
    return None


class CgalFloor:
    """The free floor of a map as CGAL visibility calculators, one per component."""

    def __init__(self, coords: np.ndarray, cols: int, rows: int) -> None:
        import pyvispoly

        self._pv = pyvispoly
        walls = shapely.buffer(shapely.multilinestrings(coords.reshape(-1, 2, 2)), THICK,
                               cap_style="square", join_style="mitre")
        floor = shapely.difference(shapely.box(0, 0, cols, rows), walls)
        # CGAL wants the outer ring counter-clockwise and the holes clockwise.
        self.parts = [orient(part, 1.0) for part in shapely.get_parts(floor)]
        self.tree = shapely.STRtree(self.parts)
        self._calc: dict[int, Any] = {}

    def _calculator(self, i: int) -> Any:
        if i not in self._calc:
            pv, part = self._pv, self.parts[i]
            outer = pv.Polygon([pv.Point(x, y) for x, y in part.exterior.coords[:-1]])
            holes = [pv.Polygon([pv.Point(x, y) for x, y in ring.coords[:-1]])
                     for ring in part.interiors]
            self._calc[i] = pv.VisibilityPolygonCalculator(pv.PolygonWithHoles(outer, holes))
        return self._calc[i]

    def component(self, eye: tuple[float, float]) -> int | None:
        """The component holding the eye (None: the eye is inside a thickened wall)."""
        found = self.tree.query(shapely.Point(eye), predicate="within")
        return int(found[0]) if len(found) else None

    def prepare(self, eye: tuple[float, float]) -> int | None:
        """Builds the calculator of the eye's component (untimed); its index."""
        i = self.component(eye)
        if i is not None:
            self._calculator(i)
        return i

    def seen(self, i: int, eye: tuple[float, float]) -> Any:
        """What the eye sees in component i: CGAL's polygon (its area as `area`)."""
        return self._calculator(i).compute_visibility_polygon(self._pv.Point(*eye))

    def area(self, poly: Any) -> float:
        return float(poly.area())
