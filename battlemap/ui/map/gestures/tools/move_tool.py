"""Drag a token: the path follows the pointer square by square, previewed at every new
square, committed on release (docs/architecture.md#how-data-flows "Drag a token")."""

from __future__ import annotations

import math
from typing import Protocol

from battlemap.ui.map.gestures.tools.pointer import Pointer, Tool

Square = tuple[int, int]


class MoveContext(Protocol):
    def preview(self, token_id: str, path: list[Square]) -> None: ...
    def commit(self, token_id: str, path: list[Square]) -> None: ...
    def cancel(self, token_id: str) -> None: ...


class RouteContext(MoveContext, Protocol):
    def route(self, token_id: str, target: Square, fewest_oa: bool) -> list[Square]: ...


def _toward(a: Square, b: Square) -> Square:
    """One step from a toward b, diagonal first (a straight route on the grid)."""
    dc = (b[0] > a[0]) - (b[0] < a[0])
    dr = (b[1] > a[1]) - (b[1] < a[1])
    return (a[0] + dc, a[1] + dr)


def extend_path(start: Square, path: list[Square], target: Square) -> list[Square]:
    """The path after the pointer reaches `target`: back to the start clears it, revisiting
    a square cuts the loop, otherwise step neighbour by neighbour to the target."""
    if target == start:
        return []
    if target in path:
        return path[: path.index(target) + 1]
    new = list(path)
    here = new[-1] if new else start
    while here != target:
        here = _toward(here, target)
        if here == start:
            new = []
        elif here in new:
            new = new[: new.index(here) + 1]
        else:
            new.append(here)
    return new


def _drop(ctx: MoveContext, token_id: str, path: list[Square]) -> None:
    """The release: the move along `path`, or none when the token is back where it was."""
    if path:
        ctx.commit(token_id, path)
    else:
        ctx.cancel(token_id)


def drag_token(ctx: MoveContext, token_id: str, start: Square, press: Pointer) -> Tool:
    """`start` is the token's top-left square; the grab offset keeps the square under the
    pointer where it was grabbed, so large tokens move naturally."""
    grab = (press.x - start[0], press.y - start[1])
    path: list[Square] = []
    while True:
        ev = yield
        target = (math.floor(ev.x) - math.floor(grab[0]), math.floor(ev.y) - math.floor(grab[1]))
        new = extend_path(start, path, target)
        if new != path:
            path = new
            ctx.preview(token_id, path)
        if ev.kind == "release":
            _drop(ctx, token_id, path)
            return


def drag_route(ctx: RouteContext, token_id: str, start: Square, press: Pointer) -> Tool:
    """A drag that follows the cheapest legal route to the square under the pointer (Shift
    held: the one provoking fewest opportunity attacks); the context previews the route at
    each new square, or each change of Shift, and says which squares it takes."""
    grab = (press.x - start[0], press.y - start[1])
    path: list[Square] = []
    asked: tuple[Square, bool] | None = None
    while True:
        ev = yield
        target = (math.floor(ev.x) - math.floor(grab[0]), math.floor(ev.y) - math.floor(grab[1]))
        if (target, ev.shift) != asked:
            asked = (target, ev.shift)
            path = ctx.route(token_id, target, ev.shift)
        if ev.kind == "release":
            _drop(ctx, token_id, path)
            return


def key_step(start: Square, key: str) -> Square | None:
    """Arrow keys move one square (same checks as a drag: the caller previews, then commits)."""
    deltas = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}
    if key not in deltas:
        return None
    d = deltas[key]
    return (start[0] + d[0], start[1] + d[1])
