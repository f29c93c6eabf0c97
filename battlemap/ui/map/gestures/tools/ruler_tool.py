"""Measure on the map: from a square to another through waypoints, in metres by the system's
metric (README "Move and measure"). The measure is the GM's alone: it changes nothing in the
encounter, so the tool talks to its context only to show what it measures."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

from battlemap.geometry.grid import offset_squares
from battlemap.geometry.policy import Diagonals
from battlemap.model import SQUARE_M
from battlemap.text import Message
from battlemap.ui.map.gestures.tools.pointer import Pointer, Tool

Square = tuple[int, int]


@dataclass(frozen=True)
class Measure:
    """The squares measured through, in order (the first is the start, the last the end),
    and each leg's metres: `legs[i]` runs from `points[i]` to `points[i + 1]`."""

    points: tuple[Square, ...]
    legs: tuple[float, ...]

    @property
    def total_m(self) -> float:
        return sum(self.legs)


def legs_m(points: list[Square], metric: Diagonals) -> tuple[float, ...]:
    """Each leg's metres, the diagonals counted along the whole measure: under 1-2-1-2
    (d35) the second diagonal costs double even when a waypoint sits between the first and
    it, as it does for a move through the same squares (geometry.grid.path_cost_squares)."""
    legs: list[float] = []
    diagonals = 0
    for a, b in zip(points, points[1:], strict=False):
        ax, ay = abs(b[0] - a[0]), abs(b[1] - a[1])
        n = min(ax, ay)
        # n diagonals after `diagonals` others: what the straight count of them all adds.
        cost = (max(ax, ay) - n) + (offset_squares(diagonals + n, diagonals + n, metric)
                                    - offset_squares(diagonals, diagonals, metric))
        diagonals += n
        legs.append(cost * SQUARE_M)
    return tuple(legs)


def measure_of(points: list[Square], metric: Diagonals) -> Measure:
    return Measure(tuple(points), legs_m(points, metric))


def measure_message(measure: Measure) -> Message:
    """"4.5 m" for one leg; "4.5 m + 3 m = 7.5 m" for several (each leg, then the total)."""
    legs = [Message.of("ruler.leg", m=float(m)) for m in measure.legs]
    if len(legs) == 1:
        return legs[0]
    if not legs:
        return Message.of("ruler.leg", m=0.0)
    return Message.of("ruler.total", legs=legs, m=float(measure.total_m))


class RulerContext(Protocol):
    def metric(self) -> Diagonals: ...
    def show_measure(self, measure: Measure) -> None: ...


def square_of(ptr: Pointer) -> Square:
    return (math.floor(ptr.x), math.floor(ptr.y))


def measure_drag(ctx: RulerContext, fixed: list[Square], press: Pointer) -> Tool:
    """A press-drag: the measure so far (`fixed`, the start then the waypoints; empty for a
    new measure, which starts at the press) and a live end under the pointer. A pin (the
    context sends a Pointer of kind "press" while the button is held: Space) fixes the
    square under the pointer; the release fixes the end, and a click adds it as a waypoint."""
    points = list(fixed) or [square_of(press)]
    end = square_of(press)
    shown: Measure | None = None
    while True:
        live = points if end == points[-1] else [*points, end]
        measure = measure_of(live, ctx.metric())
        if measure != shown:
            shown = measure
            ctx.show_measure(measure)
        ev = yield
        end = square_of(ev)
        if ev.kind == "press" and end != points[-1]:
            points.append(end)
        if ev.kind == "release":
            if end != points[-1]:
                points.append(end)
            ctx.show_measure(measure_of(points, ctx.metric()))
            return
