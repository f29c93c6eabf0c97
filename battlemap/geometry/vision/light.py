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

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely

from battlemap.geometry.map_geometry import MapGeometry
from battlemap.geometry.vision.visible import seen_regions
from battlemap.model import Light

BRIGHT_SHARE = 0.5  # of a light's range: bright inside, dim outside
DISC_SEGMENTS = 16  # quarter-circle segments of a light's disc (shapely's quad_segs)
AMBIENTS = ("bright", "dim", "dark")


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
    lit: dict[float, tuple[object, object]] = {}
    seen, bright = [], []
    for eye, view in zip(eyes, views, strict=True):
        if eye.light_factor not in lit:
            lit[eye.light_factor] = lit_areas(geo, lights, eye.light_factor)
        strong, weak = lit[eye.light_factor]
        shone = shapely.intersection(view, strong)
        bright.append(shone)
        if ambient == "dim":
            seen.append(view)
            continue
        reached = [strong, weak]
        if eye.dark > 0:
            reached.append(shapely.Point(eye.x, eye.y).buffer(eye.dark, quad_segs=DISC_SEGMENTS))
        seen.append(shapely.intersection(view, shapely.union_all(reached)))
    return Sight(seen, bright)


def seen_squares(seen: Sequence[object], cols: int, rows: int) -> set[tuple[int, int]]:
    """The squares some eye sees whole (their four corners, a hair inside, in its view): what
    the party remembers having seen. A square half in view is not remembered, so the memory
    never shows more than the party saw."""
    out: set[tuple[int, int]] = set()
    inset = 1e-3
    for view in seen:
        if shapely.is_empty(view):
            continue
        x0, y0, x1, y1 = shapely.bounds(view).tolist()
        c0, r0 = max(0, int(x0)), max(0, int(y0))
        c1, r1 = min(cols, int(np.ceil(x1))), min(rows, int(np.ceil(y1)))
        if c1 <= c0 or r1 <= r0:
            continue
        cols_ij, rows_ij = np.meshgrid(np.arange(c0, c1), np.arange(r0, r1), indexing="ij")
        cc, rr = cols_ij.ravel(), rows_ij.ravel()
        shapely.prepare(view)
        whole = np.ones(len(cc), dtype=bool)
        for dx, dy in ((inset, inset), (1 - inset, inset), (inset, 1 - inset),
                       (1 - inset, 1 - inset)):
            whole &= shapely.contains_xy(view, cc + dx, rr + dy)
        out.update(zip(cc[whole].tolist(), rr[whole].tolist(), strict=True))
    return out
