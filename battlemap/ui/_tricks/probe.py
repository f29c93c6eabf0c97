"""Test probe for end-to-end runs: when BATTLEMAP_MAP_PROBE names a file, the GM map writes
there (every 200 ms) each token's square and its centre in screen pixels, and a drag's path
and cover badges, so an outside driver (xdotool) knows where to press and can see the result. Off unless the variable is set."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, QTimer

from battlemap.ui.map.units import PX

PROBE_ENV = "BATTLEMAP_MAP_PROBE"


def install_probe(view: Any) -> None:
    """A test aid, not a speed trick: on a GM map, when BATTLEMAP_MAP_PROBE names a file, write
    there every 200 ms where each token is (its square and its centre on screen) and the drag
    in progress (`tests/ui/map/gestures/test_map_xvfb_drag.py` reads it). Nothing otherwise."""
    target = os.environ.get(PROBE_ENV)
    if not target or view.role != "gm":
        return
    timer = QTimer(view)
    timer.setInterval(200)
    timer.timeout.connect(lambda: _write(view, Path(target)))
    timer.start()
    view._probe_timer = timer


def _write(view: Any, path: Path) -> None:
    if not view.isVisible():
        return
    out: dict[str, Any] = {"zoom": view.zoom(), "px_per_square": PX * view.zoom(), "tokens": {}}
    for tok in view.session.encounter.tokens:
        half = tok.size.squares / 2
        local = view.mapFromScene(QPointF((tok.col + half) * PX, (tok.row + half) * PX))
        glob = view.viewport().mapToGlobal(local)
        out["tokens"][tok.id] = {"col": tok.col, "row": tok.row,
                                 "screen": [glob.x(), glob.y()]}
    move = view.controllers.get("move")
    if move is not None:  # a drag in progress: its path and the cover badges shown
        drawing = move.drawing
        out["drag"] = {"path": [list(sq) for sq in drawing.squares] if drawing else [],
                       "badges": [lb.text for lb in move.cover.overlay.labels]}
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(out))
    os.replace(tmp, path)
