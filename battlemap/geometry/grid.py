"""Squares, footprints and the two distance metrics (docs/architecture.md#distance-metrics)."""

from __future__ import annotations

import math

import numpy as np

from battlemap.geometry.policy import Diagonals
from battlemap.geometry.results import Point, Square
from battlemap.model import SQUARE_M, Size, Token

INSET = 0.02  # corners used against walls sit this far inside their own square (§4.3)


def offset_squares(dx: float, dy: float, metric: Diagonals) -> float:
    """Distance in squares for a straight offset: `d35` counts 1-2-1-2 diagonals."""
    ax, ay = abs(dx), abs(dy)
    if metric == "chebyshev":
        return max(ax, ay)
    return max(ax, ay) + math.floor(min(ax, ay) / 2 + 1e-9)


def offset_squares_array(dx: np.ndarray, dy: np.ndarray, metric: Diagonals) -> np.ndarray:
    ax, ay = np.abs(dx), np.abs(dy)
    hi = np.maximum(ax, ay)
    if metric == "chebyshev":
        return hi
    return hi + np.floor(np.minimum(ax, ay) / 2 + 1e-9)


def distance_m(a: Square, b: Square, metric: Diagonals) -> float:
    """Metres between two squares by the metric (a straight count, parity from zero)."""
    return offset_squares(b[0] - a[0], b[1] - a[1], metric) * SQUARE_M


def footprint_box(token: Token, col: float | None = None, row: float | None = None) -> tuple[
    float, float, float, float
]:
    c = token.col if col is None else col
    r = token.row if row is None else row
    s = token.size.squares
    return (c, r, c + s, r + s)


def footprint_cells(token: Token, col: float | None = None, row: float | None = None) -> list[
    tuple[float, float, float, float]
]:
    """The cells whose corners count for cover: unit squares, or the tiny creature's half
    square (000 "Taille": 0.75 m space)."""
    x0, y0, x1, y1 = footprint_box(token, col, row)
    if token.size is Size.TINY:
        return [(x0, y0, x1, y1)]
    return [
        (float(c), float(r), float(c + 1), float(r + 1))
        for r in range(int(y0), int(y1))
        for c in range(int(x0), int(x1))
    ]


def footprint_squares(token: Token, col: float | None = None, row: float | None = None) -> list[
    Square
]:
    """Grid squares the token's space overlaps."""
    x0, y0, x1, y1 = footprint_box(token, col, row)
    return [
        (c, r)
        for r in range(math.floor(y0), math.ceil(y1))
        for c in range(math.floor(x0), math.ceil(x1))
    ]


def cell_corners(cell: tuple[float, float, float, float], inset: float = 0.0) -> list[Point]:
    """Corners of a cell clockwise from top-left, moved `inset` toward its centre."""
    x0, y0, x1, y1 = cell
    return [
        (x0 + inset, y0 + inset),
        (x1 - inset, y0 + inset),
        (x1 - inset, y1 - inset),
        (x0 + inset, y1 - inset),
    ]


def box_gap_squares(
    box: tuple[float, float, float, float], cols: np.ndarray, rows: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Per axis, how many squares away each square is from the footprint (0 when they share
    that axis; a tiny creature counts from the square it stands in)."""
    x0, y0, x1, y1 = box
    gx = np.maximum(np.maximum(cols - x1 + 1, x0 - cols), 0)
    gy = np.maximum(np.maximum(rows - y1 + 1, y0 - rows), 0)
    return np.floor(gx + 1e-9), np.floor(gy + 1e-9)


def far_corner_offsets(
    box: tuple[float, float, float, float], cols: np.ndarray, rows: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Offset from a box (or a point: a zero box) to each square's far corner, per axis
    (000 "Cible, effet, zone": the square is in if its far edge is within range)."""
    x0, y0, x1, y1 = box
    fx = np.maximum(np.maximum(cols + 1 - x1, x0 - cols), 0)
    fy = np.maximum(np.maximum(rows + 1 - y1, y0 - rows), 0)
    return fx, fy


def path_cost_squares(steps: list[tuple[int, int]], metric: Diagonals) -> float:
    """Cost in squares of successive unit steps, diagonal parity carried along the path."""
    total = 0.0
    diagonals = 0
    for dx, dy in steps:
        if dx and dy:
            diagonals += 1
            total += 2 if metric == "d35" and diagonals % 2 == 0 else 1
        else:
            total += 1
    return total
