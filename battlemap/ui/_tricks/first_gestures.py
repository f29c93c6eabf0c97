"""After the map's first frame, what the GM's first gestures need is loaded and run once, in
idle time, one piece per turn of the event loop.

numpy, shapely and the geometry are not imported before the first frame (they would delay
it by ~0.2 s). Left to the first gesture, they froze the map for that long on the GM's first
token drag (measured: 213 ms, then 30 ms more for the first cover badges; the first attack
preview 21 ms). Here each piece runs on its own turn, so a click in between is served
between two pieces. Every piece only
reads (previews and queries, never a command): the encounter, its undo history and its log
are untouched. A piece that fails stops the warm-up and is logged; the gesture it stood for
will simply pay its own first use, as before."""

from __future__ import annotations

import logging
from collections.abc import Callable
from importlib import import_module
from typing import Any

from PySide6.QtCore import QObject, QTimer

log = logging.getLogger(__name__)

Piece = Callable[[], object]


def pieces(session: Any) -> list[Piece]:
    """What a GM does first, cheapest first: select a token (threatened squares), drag it
    (path, opportunity attacks, the nearest foes' cover) and drop it, place an area, roll
    dice, aim an attack."""
    out: list[Piece] = [lambda: import_module("numpy"), lambda: import_module("shapely"),
                        lambda: session.geo]
    tokens = session.encounter.tokens
    if not tokens:
        return out
    from battlemap.model import AreaTemplate

    tok = tokens[0]
    cols = session.encounter.grid.cols
    beside = (tok.col + 1 if tok.col + 1 < cols else tok.col - 1, tok.row)
    out += [lambda: session.threatened_squares(tok.id),
            lambda: session.preview_move(tok.id, [beside]),
            lambda: session.drag_cover(tok.id, beside),
            _drop_outcome,
            lambda: session.preview_area(AreaTemplate(shape="sphere", size_m=3.0,
                                                      origin=(float(tok.col), float(tok.row)))),
            lambda: session.preview_area(AreaTemplate(shape="cone", size_m=4.5,
                                                      origin=(float(tok.col), float(tok.row))))]
    # The dice notation's parser (a grammar built at import, ~0.25 s): the first initiative
    # or attack roll froze the window for that long.
    out.append(lambda: import_module("d20"))
    foe = next((t for t in tokens if t.side not in (tok.side, "neutral")), None)
    if foe is not None:  # last: a token without usable stats refuses, and stops the warm-up
        out.append(lambda: session.preview_attack(tok.id, foe.id))
    return out


def _drop_outcome() -> None:
    """The model of a drop's outcome, built on first use (pydantic's defer_build): ~3 ms of
    the GM's first drop, built here instead, without dropping anything."""
    from battlemap.engine.results import MoveOutcome

    MoveOutcome.model_rebuild()


def warm_up(owner: QObject, session: Any, still_current: Callable[[], bool],
            done: Callable[[], object] | None = None) -> None:
    """Run `pieces(session)` one per event-loop turn while `still_current()` (the window has
    not moved on to another encounter); then `done()`. Timers die with `owner`.

    Buys the first gestures' freeze: the first drag step 74 ms → 2 ms, the first initiative
    roll 122 ms → 14 ms (p50 on the demo). Measure again with
    `uv run python -m benchmarks --only process`: its "first drag step", "first area preview"
    and "first initiative roll" rows time both, with and without the warm-up."""
    todo = pieces(session)

    def step() -> None:
        if not todo or not still_current():
            if done is not None:
                done()
            return
        piece = todo.pop(0)
        try:
            piece()
        except Exception:  # noqa: BLE001 - a warm-up must never take the window down
            log.warning("warm-up stopped: the first gesture will load what it needs",
                        exc_info=True)
            todo.clear()
        QTimer.singleShot(0, owner, step)

    QTimer.singleShot(0, owner, step)
