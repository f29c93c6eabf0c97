"""Place an area template by click-drag: the press fixes the origin (snapped to a grid
intersection unless Shift), the drag sets size and direction, release places it
(DESIGN.md §4.7; RULES.md §3). Emanations start on the token under the press."""

from __future__ import annotations

import math
from typing import Protocol

from battlemap.model import SQUARE_M, AreaMethod, AreaShape, AreaTemplate
from battlemap.ui.map.gestures.tools.pointer import Pointer, Tool

ROUND_SHAPES = {AreaShape.SPHERE, AreaShape.CYLINDER, AreaShape.EMANATION}
ANGLE_SNAP_DEG = 15.0  # without Shift directions snap to 15° (0/45/90 reachable)


class TemplateContext(Protocol):
    def token_at(self, x: float, y: float) -> str | None: ...
    def new_template_id(self) -> str: ...
    def preview_template(self, template: AreaTemplate) -> None: ...
    def place_template(self, template: AreaTemplate) -> None: ...
    def cancel_template(self) -> None: ...


def snap_origin(x: float, y: float, free: bool) -> tuple[float, float]:
    return (x, y) if free else (float(round(x)), float(round(y)))


def size_from_drag(dx: float, dy: float) -> float:
    """Drag length in metres, in whole squares (1.5 m), at least one square."""
    dist_m = math.hypot(dx, dy) * SQUARE_M
    return max(SQUARE_M, round(dist_m / SQUARE_M) * SQUARE_M)


def direction_from_drag(dx: float, dy: float, free: bool) -> float:
    """0 = east, 90 = south (y grows downward)."""
    if dx == 0 and dy == 0:
        return 0.0
    deg = math.degrees(math.atan2(dy, dx)) % 360.0
    if free:
        return round(deg, 1)
    return (round(deg / ANGLE_SNAP_DEG) * ANGLE_SNAP_DEG) % 360.0


def make_template(tid: str, shape: AreaShape, origin: tuple[float, float], token: str | None,
                  size_m: float, direction: float, method: AreaMethod | None) -> AreaTemplate:
    if shape is AreaShape.EMANATION and token is not None:
        return AreaTemplate(id=tid, shape=shape, token=token, size_m=size_m, method=method)
    return AreaTemplate(id=tid, shape=shape, origin=origin, size_m=size_m,
                        direction_deg=direction, method=method)


def place_template(ctx: TemplateContext, shape: AreaShape, press: Pointer,
                   method: AreaMethod | None = None) -> Tool:
    token = ctx.token_at(press.x, press.y) if shape is AreaShape.EMANATION else None
    origin = snap_origin(press.x, press.y, press.shift)
    tid = ctx.new_template_id()
    template = make_template(tid, shape, origin, token, SQUARE_M, 0.0, method)
    ctx.preview_template(template)
    # An emanation on a token measures from where it was grabbed, not from an intersection.
    anchor = (press.x, press.y) if token is not None else origin
    while True:
        ev = yield
        dx, dy = ev.x - anchor[0], ev.y - anchor[1]
        size = size_from_drag(dx, dy)
        direction = direction_from_drag(dx, dy, ev.shift)
        new = make_template(tid, shape, origin, token, size, direction, method)
        if new != template:
            template = new
            ctx.preview_template(template)
        if ev.kind == "release":
            ctx.place_template(template)
            return


def resize_template(ctx: TemplateContext, template: AreaTemplate, press: Pointer) -> Tool:
    """Drag the size handle: size and (for directed shapes) direction follow the pointer."""
    origin = template.origin or (press.x, press.y)
    current = template
    while True:
        ev = yield
        dx, dy = ev.x - origin[0], ev.y - origin[1]
        update: dict[str, float] = {"size_m": size_from_drag(dx, dy)}
        if template.shape not in ROUND_SHAPES:
            update["direction_deg"] = direction_from_drag(dx, dy, ev.shift)
        new = current.model_copy(update=update)
        if new != current:
            current = new
            ctx.preview_template(current)
        if ev.kind == "release":
            ctx.place_template(current)
            return
