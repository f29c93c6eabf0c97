"""What the scenarios share: the sizes, and one stress session per system (built once)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.config import Sizes
from benchmarks.stress import stress_encounter

OUT_DIR = Path(__file__).resolve().parent / "out"


@dataclass
class Context:
    sizes: Sizes
    out_dir: Path = OUT_DIR
    _sessions: dict[str, Any] = field(default_factory=dict)

    def encounter(self, system: str, tokens: int | None = None, walls: int | None = None,
                  grid: int | None = None) -> Any:
        s = self.sizes
        return stress_encounter(system, cols=grid or s.cols, rows=grid or s.rows,
                                tokens=s.tokens if tokens is None else tokens,
                                wall_segments=s.walls if walls is None else walls)

    def session(self, system: str) -> Any:
        """A Session over the stress map with its geometry built (index time not measured)."""
        if system not in self._sessions:
            from battlemap.engine import Session

            session = Session(self.encounter(system), seed=1)
            _ = session.geo
            self._sessions[system] = session
        return self._sessions[system]


def party_and_foes(enc: Any) -> tuple[list[Any], list[Any]]:
    party = [t for t in enc.tokens if t.side == "party"]
    foes = [t for t in enc.tokens if t.side != "party"]
    return party, foes


def nearest(tokens: list[Any], col: float, row: float, n: int) -> list[Any]:
    """The n tokens whose top-left square is closest to (col, row)."""
    if not tokens:
        return []
    xy = np.array([(t.col, t.row) for t in tokens], dtype=float)
    order = np.argsort(np.hypot(xy[:, 0] - col, xy[:, 1] - row), kind="stable")
    return [tokens[i] for i in order[:n]]


def drag_path(token: Any, cols: int, rows: int, steps: int) -> list[tuple[int, int]]:
    """A drag mostly straight across the map, stepping diagonally every third square (so the
    1-2-1-2 parity and the corner rule are exercised), turned back at the map's edge."""
    side = max(1, int(token.size.squares))
    c, r = int(token.col), int(token.row)
    dx = 1 if c < cols / 2 else -1
    dy = 1 if r < rows / 2 else -1
    out = []
    for i in range(1, steps + 1):
        c += dx
        if i % 3 == 0:
            r += dy
        if not 0 <= c <= cols - side:
            dx, c = -dx, c - 2 * dx
        if not 0 <= r <= rows - side:
            dy, r = -dy, r - 2 * dy
        out.append((c, r))
    return out
