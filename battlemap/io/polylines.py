"""Many polylines as two flat arrays, so an import handles thousands of walls in a few numpy
calls instead of one Python loop (and one shapely object) per point.

`xy` holds every point, line after line; line i is `xy[offsets[i]:offsets[i + 1]]`. An empty
line is allowed (two equal offsets): the Universal VTT format does not forbid them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

XY = tuple[float, float]
Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]


@dataclass(frozen=True, eq=False)  # arrays: compare `to_lists()` instead
class Polylines:
    xy: Floats  # (points, 2)
    offsets: Ints  # (lines + 1,), offsets[0] == 0, offsets[-1] == len(xy)

    @classmethod
    def from_lists(cls, lines: Iterable[Sequence[XY]]) -> Polylines:
        lines = list(lines)
        lengths = [len(line) for line in lines]
        flat = [p for line in lines for p in line]
        xy = np.array(flat, dtype=np.float64).reshape(-1, 2)
        return cls(xy, offsets_from_lengths(lengths))

    @classmethod
    def empty(cls) -> Polylines:
        return cls(np.empty((0, 2)), np.zeros(1, dtype=np.int64))

    def __len__(self) -> int:
        return len(self.offsets) - 1

    @property
    def lengths(self) -> Ints:
        return np.diff(self.offsets)

    @property
    def line_index(self) -> Ints:
        """For each point, the line it belongs to."""
        return np.repeat(np.arange(len(self), dtype=np.int64), self.lengths)

    def segments(self) -> int:
        """Segments summed over the lines (an empty line counts as none)."""
        return int(np.maximum(self.lengths - 1, 0).sum())

    def line(self, i: int) -> Floats:
        return self.xy[self.offsets[i] : self.offsets[i + 1]]

    def select(self, keep: npt.NDArray[np.bool_]) -> Polylines:
        """The lines where `keep` is true, in order."""
        if keep.all():
            return self
        point_keep = np.repeat(keep, self.lengths)
        return Polylines(self.xy[point_keep], offsets_from_lengths(self.lengths[keep]))

    def to_lists(self) -> list[list[XY]]:
        """Plain Python floats in tuples, as the models hold them."""
        points = list(zip(self.xy[:, 0].tolist(), self.xy[:, 1].tolist(), strict=True))
        bounds = self.offsets.tolist()
        return [points[a:b] for a, b in zip(bounds, bounds[1:], strict=False)]


def offsets_from_lengths(lengths: Sequence[int] | npt.NDArray[np.integer]) -> Ints:
    offsets = np.zeros(len(lengths) + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    return offsets


def concat(parts: Sequence[Polylines]) -> Polylines:
    if not parts:
        return Polylines.empty()
    if len(parts) == 1:
        return parts[0]
    return Polylines(
        np.concatenate([p.xy for p in parts]).reshape(-1, 2),
        offsets_from_lengths(np.concatenate([p.lengths for p in parts])),
    )


def per_line_count(lines: Polylines, flags: npt.NDArray[np.bool_]) -> Ints:
    """How many points of each line have `flags` set (empty lines: 0)."""
    running = np.zeros(len(flags) + 1, dtype=np.int64)
    np.cumsum(flags, out=running[1:])
    return running[lines.offsets[1:]] - running[lines.offsets[:-1]]
