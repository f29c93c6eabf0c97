"""The parts of a background repaint that are really exposed, drawn one by one.

A view redraws its cached background over the bounding rectangle of what was exposed since
the last paint, clipped to the exposed region. Tokens painted into the background
(`background_tokens`) and lifted out of it at opposite ends of the map (a move, and the
players' fog hiding or renumbering creatures elsewhere) expose a few small boxes whose
bounding rectangle is the whole map: every wall, terrain square, grid line and background
token of the map was drawn into a clip that kept a few hundred pixels of it. Cut into tiles
of the device instead, each tile with an exposed part is drawn alone, clipped to that part:
the layers pick only what meets it, and every pixel is still drawn once, by the same
primitives, as a scroll's strip is. On the stress map's players' window (676 × 676 pixels of
fog for the whole map) the background's share of a move went from 0.72–0.76 to 0.57–0.63 ms
of CPU (the GUI command rows' moves, two runs each way on a loaded host); the saving grows
with the walls and tokens of the map beyond the exposed parts."""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QRect, QRectF, Qt
from PySide6.QtGui import QPainter

TILE = 256  # device pixels a side: a room's worth of squares at the players' far zoom
# Drawn in one go when the parts cover at least this share of their bounding rectangle.
WHOLE = 0.5


def exposed_parts(p: QPainter, rect: QRectF) -> list[tuple[QRect, QRectF]] | None:
    """The device rectangles (disjoint, in the painter's untransformed coordinates) that hold
    the painter's clip, each with the scene rectangle to draw there (it covers its part and a
    margin of at least a device pixel, inside `rect`); None when one pass over `rect` costs
    about as much (no clip, one rectangle, mostly exposed, a rotated view)."""
    if not p.hasClipping():
        return None
    region = p.clipRegion()  # in scene coordinates
    if region.rectCount() < 2:
        return None
    world = p.worldTransform()
    if world.m12() or world.m21() or world.m13() or world.m23():
        return None  # not a scale and a shift: the map never turns, but the rest assumes it
    # Qt maps the device clip to scene coordinates in whole scene pixels: the way back
    # is widened by a scene pixel's size on the device, and one more device pixel.
    scale = max(abs(world.m11()), abs(world.m22()))
    pad = math.ceil(scale) + 1
    parts: dict[tuple[int, int], QRect] = {}
    for r in region:
        device = world.mapRect(QRectF(r)).toAlignedRect().adjusted(-pad, -pad, pad, pad)
        for i in range(device.left() // TILE, device.right() // TILE + 1):
            for j in range(device.top() // TILE, device.bottom() // TILE + 1):
                part = device.intersected(QRect(i * TILE, j * TILE, TILE, TILE))
                known = parts.get((i, j))
                parts[(i, j)] = part if known is None else known.united(part)
    box = QRect()
    for part in parts.values():
        box = box.united(part)
    if sum(q.width() * q.height() for q in parts.values()) >= WHOLE * box.width() * box.height():
        return None
    to_scene, _ = world.inverted()
    out = []
    for part in parts.values():
        scene = to_scene.mapRect(QRectF(part.adjusted(-1, -1, 1, 1))).intersected(rect)
        if not scene.isEmpty():
            out.append((part, scene))
    return out


def draw_parts(p: QPainter, parts: list[tuple[QRect, QRectF]],
               draw: Callable[[QPainter, QRectF], None]) -> None:
    """`draw(p, scene_rect)` once per part, the painter clipped to the part as well."""
    world = p.worldTransform()
    for device, scene in parts:
        p.save()
        p.resetTransform()
        p.setClipRect(device, Qt.ClipOperation.IntersectClip)
        p.setWorldTransform(world)
        draw(p, scene)
        p.restore()
