"""Wall segments in three STRtrees (movement, effect, sight) and the vectorised line tests
of DESIGN.md §4.2–4.3. Built once per wall layout; walls change rarely."""

from __future__ import annotations

from itertools import chain
from operator import attrgetter
from typing import Any, Literal

import numpy as np
import shapely
from shapely import STRtree

from battlemap.geometry.walls._memo import Memo
from battlemap.geometry.walls.runs import WallRuns, build_runs
from battlemap.model import Wall

Blocks = Literal["movement", "effect", "sight"]

# Bounds of a wall layout's memos (`walls._memo`).
MAX_CLEAR_LINES = 50_000  # "any clear line?" answers (`lines.clear`)
MAX_ORIGINS = 256  # area origins (`lines.from_point`), each with two map-sized masks
MAX_SEEN = 256  # viewpoints (`vision.visible`), a polygon each


class WallIndex:
    """Every wall polyline split into two-point segments, with one tree per property."""

    def __init__(self, walls: list[Wall]) -> None:
        # Array-built: a 20 MB cave export has ~12,000 segments and a Python loop per
        # segment cost more than the rest of the index together.
        points = [w.points for w in walls]
        lens = np.fromiter(map(len, points), dtype=np.intp, count=len(walls))
        # Coordinates straight into floats: numpy reading a list of tuples costs twice this.
        flat = np.fromiter(chain.from_iterable(chain.from_iterable(points)), dtype=float,
                           count=2 * int(lens.sum())).reshape(-1, 2)
        firsts = np.ones(len(flat), dtype=bool)  # point j starts a segment unless last of its wall
        firsts[np.cumsum(lens) - 1] = False
        j = np.flatnonzero(firsts)
        seg = np.hstack([flat[j], flat[j + 1]]) if len(j) else np.empty((0, 4))
        owner = np.repeat(np.arange(len(walls)), np.maximum(lens - 1, 0))
        keep = ~((seg[:, 0] == seg[:, 2]) & (seg[:, 1] == seg[:, 3]))
        owner = owner[keep]
        self.coords = seg[keep].reshape(-1, 4)
        # Kind and blocking flags depend on a wall's fields but its points: read once per
        # distinct (kind, open), not as 3 properties of each of thousands of walls.
        non_point = attrgetter(*(name for name in Wall.model_fields if name != "points"))
        fields = list(map(non_point, walls))
        sample = dict(zip(fields, walls, strict=True))  # one wall per distinct combination
        code = {key: i for i, key in enumerate(sample)}
        wall_code = np.fromiter(map(code.__getitem__, fields), dtype=np.intp, count=len(walls))
        kind_of = np.array([w.kind.value for w in sample.values()], dtype=object)
        flags_of = np.array([(w.blocks_movement, w.blocks_effect, w.blocks_sight)
                             for w in sample.values()], dtype=bool).reshape(-1, 3)
        seg_code = wall_code[owner]
        self.kinds = kind_of[seg_code]
        fl = flags_of[seg_code]
        c = self.coords
        self.bounds = np.stack([np.minimum(c[:, 0], c[:, 2]), np.minimum(c[:, 1], c[:, 3]),
                                np.maximum(c[:, 0], c[:, 2]), np.maximum(c[:, 1], c[:, 3])], 1)
        self.geoms = shapely.linestrings(c.reshape(-1, 2, 2)) if len(c) else (
            np.empty(0, dtype=object)
        )
        self._trees: dict[Blocks, tuple[STRtree, np.ndarray]] = {}
        names: tuple[Blocks, ...] = ("movement", "effect", "sight")
        for i, name in enumerate(names):
            # Movement and effect stop at the same segments (sight too, on a map without
            # windows): one tree serves them all, a tree build being most of the index.
            same = next((names[k] for k in range(i) if np.array_equal(fl[:, k], fl[:, i])), None)
            if same is not None:
                self._trees[name] = self._trees[same]
                continue
            ids = np.flatnonzero(fl[:, i])
            self._trees[name] = (STRtree(self.geoms[ids]), ids)

        # What depends on the walls only, remembered with them (`memo`).
        self._memos: dict[str, Memo[Any, Any]] = {}
        # "Is there any clear line between these two spaces?" per (box, box, blocks): a drag
        # asks it again for every square revisited.
        self.clear_line_cache: Memo[tuple[object, ...], bool | str] = self.memo(
            "clear lines", MAX_CLEAR_LINES)
        # Areas: per (origin, grid size), which square centres it reaches (`lines.from_point`).
        self.effect_cache: Memo[tuple[object, ...], tuple[np.ndarray, np.ndarray]] = self.memo(
            "effect masks", MAX_ORIGINS)
        # Fog of war: per viewpoint and grid size, what it sees (`vision.visible`).
        self.seen_cache: Memo[tuple[object, ...], object] = self.memo("seen", MAX_SEEN)
        # Merged runs per property (`walls.runs`), built on the first total-cover proof.
        self._runs: dict[Blocks, WallRuns] = {}

    def memo(self, name: str, limit: int) -> Memo[Any, Any]:
        """This wall layout's memo `name`, made on first use: the answers that depend on the
        walls only. It goes with the index (a new wall layout builds a new index)."""
        found = self._memos.get(name)
        if found is None:
            found = self._memos[name] = Memo(limit)
        return found

    def __len__(self) -> int:
        return len(self.coords)

    def tree(self, blocks: Blocks) -> tuple[STRtree, np.ndarray]:
        """The STRtree of the segments with that property, and their segment indices."""
        return self._trees[blocks]

    def runs(self, blocks: Blocks) -> WallRuns:
        """The merged wall runs of that property (`walls.runs`). Built once per wall layout
        on first use, shared between properties stopped by the same segments, as the trees."""
        if blocks not in self._runs:
            tree, ids = self._trees[blocks]
            same = next((v for k, v in self._runs.items() if self._trees[k][1] is ids), None)
            self._runs[blocks] = same or build_runs(self.coords.take(ids, axis=0), tree)
        return self._runs[blocks]

    def hits(
        self, lines: np.ndarray, blocks: Blocks, predicate: str = "intersects"
    ) -> tuple[np.ndarray, np.ndarray]:
        """(line index, segment index) of every segment a line touches or crosses."""
        tree, ids = self._trees[blocks]
        if len(ids) == 0 or len(lines) == 0:
            empty = np.empty(0, dtype=np.intp)
            return empty, empty
        li, ti = tree.query(lines, predicate=predicate)
        return li, ids[ti]

    def touching(self, lines: np.ndarray, blocks: Blocks) -> np.ndarray:
        """Per line: does it touch or cross any segment (the step rule, §4.2)?"""
        li, _ = self.hits(lines, blocks)
        out = np.zeros(len(lines), dtype=bool)
        out[li] = True
        return out

    def sight_hits(
        self, line_coords: np.ndarray, blocks: Blocks, lines: np.ndarray | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """Like `hits`, minus collinear overlaps: a line running along a wall is not stopped
        by it (§4.3). `line_coords` is (n, 4): x0, y0, x1, y1."""
        if lines is None:
            lines = shapely.linestrings(line_coords.reshape(-1, 2, 2))
        li, si = self.hits(lines, blocks)
        if len(li) == 0:
            return li, si
        p = line_coords[li, :2]
        d = line_coords[li, 2:] - p
        a = self.coords[si, :2] - p
        b = self.coords[si, 2:] - p
        ca = d[:, 0] * a[:, 1] - d[:, 1] * a[:, 0]
        cb = d[:, 0] * b[:, 1] - d[:, 1] * b[:, 0]
        tol = 1e-9 * (1.0 + np.hypot(d[:, 0], d[:, 1]))
        keep = ~((np.abs(ca) <= tol) & (np.abs(cb) <= tol))
        return li[keep], si[keep]

    def blocked(self, line_coords: np.ndarray, blocks: Blocks) -> np.ndarray:
        li, _ = self.sight_hits(line_coords, blocks)
        out = np.zeros(len(line_coords), dtype=bool)
        out[li] = True
        return out

    def near(self, geom: shapely.Geometry, blocks: Blocks) -> np.ndarray:
        """Segment indices whose bounding box meets `geom`'s (cheap pre-filter)."""
        tree, ids = self._trees[blocks]
        if len(ids) == 0:
            return np.empty(0, dtype=np.intp)
        return ids[tree.query(geom, predicate="intersects")]


def segment_lines(coords: np.ndarray) -> np.ndarray:
    return shapely.linestrings(np.asarray(coords, dtype=float).reshape(-1, 2, 2))
