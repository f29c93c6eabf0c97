"""What the party sees once light counts: the lit areas of the map (each light's disc cut by
what the light itself reaches past the walls) and, per eye, the part of its line of sight that
is lit or within its sight without light (`party_sight`). Grid units, shapely; no Qt, no rules:
the eyes come with their senses already in grid units.

A light of `range` r (Universal VTT's radius) is bright out to r / 2 and dim from there to r,
so the disc the GM sees drawn is the whole of its reach. Ambient light: « bright » lights the
whole map (the fog is line of sight alone), « dim » lights it dimly (lights make it bright
where they are bright), « dark » leaves only what lights and sight without light reach. A
square seen only dimly, or only by sight without light, is shaded on the players' window."""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import shapely

from battlemap.geometry.map_geometry import MapGeometry
from battlemap.geometry.vision.visible import seen_regions
from battlemap.model import Light

BRIGHT_SHARE = 0.5  # of a light's range: bright inside, dim outside
DISC_SEGMENTS = 16  # quarter-circle segments of a light's disc (shapely's quad_segs)
AMBIENTS = ("bright", "dim", "dark")
MAX_REMEMBERED = 4096  # per wall layout: eyes' lit views, lights' areas, seen squares


@dataclass
class _Memo:
    """What light costs, remembered per wall layout (the walls' index, like the views
    themselves): the lit areas per set of lights and factor, and per eye's view (the very
    object `seen_regions` hands back while the eye stands still) its lit parts and the
    squares it sees whole. When one of the party moves, only its view is worked again."""

    lit: dict[Any, tuple[object, object]] = field(default_factory=dict)
    cut: dict[Any, tuple[object, object, object]] = field(default_factory=dict)
    squares: dict[int, tuple[object, frozenset[tuple[int, int]]]] = field(default_factory=dict)
    work: int = 0  # views cut by the light or read into squares (tests count it)


_MEMOS: weakref.WeakKeyDictionary[Any, _Memo] = weakref.WeakKeyDictionary()


def memo_of(geo: MapGeometry) -> _Memo:
    memo = _MEMOS.get(geo.walls)
    if memo is None:
        memo = _MEMOS[geo.walls] = _Memo()
    return memo


def _bounded(table: dict[Any, Any]) -> dict[Any, Any]:
    if len(table) >= MAX_REMEMBERED:
        table.clear()
    return table


@dataclass(frozen=True)
class Eye:
    """Where one of the party looks from (grid units) and how it sees in the dark: `dark`, how
    far it sees without light (grid units); `light_factor`, how far lights reach for it, as a
    multiple of their radii."""

    x: float
    y: float
    dark: float = 0.0
    light_factor: float = 1.0


@dataclass(frozen=True)
class Sight:
    """What the party sees: per eye, in the eyes' order, what it sees (`seen`) and the part of
    that it sees in bright light (`bright`); the rest of `seen` is shaded."""

    seen: list[object]
    bright: list[object]


def lit_areas(geo: MapGeometry, lights: Sequence[Light],
              factor: float = 1.0) -> tuple[object, object]:
    """The bright and the dim area of the lights (the dim one excludes the bright one), each
    light's disc of radii × `factor` cut by what the light reaches past the walls (a light
    without shadows shines through them)."""
    on = [lt for lt in lights if lt.range > 0 and lt.intensity > 0]
    if not on:
        return shapely.Polygon(), shapely.Polygon()
    memo = memo_of(geo)
    key = (factor, geo.cols, geo.rows,
           tuple((lt.position, lt.range, lt.shadows) for lt in on))
    known = memo.lit.get(key)
    if known is None:
        known = _bounded(memo.lit)[key] = _lit(geo, on, factor)
    return known


def _lit(geo: MapGeometry, on: Sequence[Light], factor: float) -> tuple[object, object]:
    reach = seen_regions(geo, [lt.position for lt in on])
    bright, whole = [], []
    for lt, seen in zip(on, reach, strict=True):
        eye = shapely.Point(lt.position)
        outer = eye.buffer(lt.range * factor, quad_segs=DISC_SEGMENTS)
        inner = eye.buffer(lt.range * factor * BRIGHT_SHARE, quad_segs=DISC_SEGMENTS)
        if lt.shadows:
            outer, inner = shapely.intersection(outer, seen), shapely.intersection(inner, seen)
        whole.append(outer)
        bright.append(inner)
    lit = shapely.union_all(bright)
    return lit, shapely.difference(shapely.union_all(whole), lit)


def party_sight(geo: MapGeometry, eyes: Sequence[Eye], lights: Sequence[Light],
                ambient: str = "bright") -> Sight:
    """What each eye sees under the light (see the module's docstring): its line of sight
    (`seen_regions`, remembered per wall layout) cut to what is lit or within its sight
    without light."""
    views = seen_regions(geo, [(e.x, e.y) for e in eyes])
    if ambient == "bright":
        return Sight(list(views), list(views))
    memo = memo_of(geo)
    seen, bright = [], []
    for eye, view in zip(eyes, views, strict=True):
        strong, weak = lit_areas(geo, lights, eye.light_factor)
        key = (id(view), ambient, eye, id(strong))
        known = memo.cut.get(key)
        if known is None or known[0] is not view:
            memo.work += 1
            shone = shapely.intersection(view, strong)
            if ambient == "dim":
                known = (view, view, shone)
            else:
                reached = [strong, weak]
                if eye.dark > 0:
                    reached.append(shapely.Point(eye.x, eye.y).buffer(
                        eye.dark, quad_segs=DISC_SEGMENTS))
                known = (view, shapely.intersection(view, shapely.union_all(reached)), shone)
            _bounded(memo.cut)[key] = known
        seen.append(known[1])
        bright.append(known[2])
    return Sight(seen, bright)


def seen_squares(seen: Sequence[object], cols: int, rows: int,
                 geo: MapGeometry | None = None) -> set[tuple[int, int]]:
    """The squares some eye sees whole (their four corners, a hair inside, in its view): what
    the party remembers having seen. A square half in view is not remembered, so the memory
    never shows more than the party saw. With `geo`, each view's squares are remembered."""
    out: set[tuple[int, int]] = set()
    memo = memo_of(geo) if geo is not None else None
    for view in seen:
        known = memo.squares.get(id(view)) if memo is not None else None
        if known is None or known[0] is not view:
            squares = _whole_squares(view, cols, rows)
            if memo is not None:
                memo.work += 1
                _bounded(memo.squares)[id(view)] = (view, squares)
        else:
            squares = known[1]
        out |= squares
    return out


def _whole_squares(view: object, cols: int, rows: int) -> frozenset[tuple[int, int]]:
    if shapely.is_empty(view):
        return frozenset()
    inset = 1e-3
    x0, y0, x1, y1 = shapely.bounds(view).tolist()
    c0, r0 = max(0, int(x0)), max(0, int(y0))
    c1, r1 = min(cols, int(np.ceil(x1))), min(rows, int(np.ceil(y1)))
    if c1 <= c0 or r1 <= r0:
        return frozenset()
    cols_ij, rows_ij = np.meshgrid(np.arange(c0, c1), np.arange(r0, r1), indexing="ij")
    cc, rr = cols_ij.ravel(), rows_ij.ravel()
    shapely.prepare(view)
    whole = np.ones(len(cc), dtype=bool)
    for dx, dy in ((inset, inset), (1 - inset, inset), (inset, 1 - inset),
                   (1 - inset, 1 - inset)):
        whole &= shapely.contains_xy(view, cc + dx, rr + dy)
    return frozenset(zip(cc[whole].tolist(), rr[whole].tolist(), strict=True))
