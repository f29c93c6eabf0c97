"""The pointer event the tools see: a point in grid units, never a Qt object."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass
from typing import Literal

PointerKind = Literal["press", "move", "release"]
Tool = Generator[None, "Pointer", None]


@dataclass(frozen=True)
class Pointer:
    x: float  # grid units
    y: float
    kind: PointerKind = "move"
    shift: bool = False
    ctrl: bool = False
    button: str = "left"


def start(tool: Tool) -> Tool:
    """Prime a tool generator up to its first `yield`."""
    next(tool)
    return tool


def feed(tool: Tool, event: Pointer) -> bool:
    """Send one event; False once the tool has finished."""
    try:
        tool.send(event)
    except StopIteration:
        return False
    return True


def run_tool(make: Callable[[Pointer], Tool], events: Iterable[Pointer]) -> None:
    """Drive a tool over a whole gesture: the first event is the press (tests, replays)."""
    it = iter(events)
    tool = start(make(next(it)))
    for ev in it:
        if not feed(tool, ev):
            break
