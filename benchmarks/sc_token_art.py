"""Token pictures on the stress map: every token with one of six pictures (drawn here with
Pillow, 512 px), a 1920×1080 view at play zoom, one token item moved to fresh random squares
with the frame painted after each move (what a drag costs Qt), beside the same moves over
the same map with plain discs. Wall and CPU (`time.thread_time`) per move; the pictures
decoded and scaled are counted (each once per picture, and once per picture and zoom)."""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.context import Context
from benchmarks.harness import Timing
from benchmarks.sc_qt import close_view, map_view, qt_app

PICTURES = 6


def run(ctx: Context) -> list[Timing]:
    from battlemap.engine import Session
    from battlemap.ui.map.drawing.items import token_art

    with tempfile.TemporaryDirectory() as folder:
        pictures = _pictures(Path(folder))
        plain = ctx.encounter("dnd2024")
        pictured = plain.model_copy(update={"tokens": [
            t.model_copy(update={"art": pictures[i % PICTURES]})
            for i, t in enumerate(plain.tokens)]})
        rows = []
        for name, enc in (("plain discs", plain), ("pictures", pictured)):
            token_art.clear()
            wall, cpu = _moves(Session(enc, seed=1), ctx.sizes.item_moves)
            counts = token_art.counts
            if name == "pictures" and counts.decodes != PICTURES:
                raise AssertionError(f"{counts.decodes} decodes for {PICTURES} pictures")
            rows.append(Timing(
                f"move one token item ×{len(wall)}, {len(enc.tokens)} tokens, {name} "
                "(zoom 1:1)", wall, cpu_ms=cpu,
                note=f"decoded {counts.decodes}, scaled {counts.scales}"
                     + (f" ({PICTURES} pictures of 512 px)" if name == "pictures" else "")))
    return rows


def _pictures(folder: Path) -> list[str]:
    from PIL import Image, ImageDraw

    out = []
    for i in range(PICTURES):
        img = Image.new("RGB", (512, 512), (40 * i, 200 - 30 * i, 90))
        ImageDraw.Draw(img).ellipse((100, 100, 400, 400), fill=(230, 200, 170))
        path = folder / f"face{i}.png"
        img.save(path)
        out.append(str(path))
    return out


def _moves(session: Any, n: int) -> tuple[list[float], list[float]]:
    """ms per move of a random token in view to a fresh random square near it, painted."""
    from PySide6.QtCore import QPointF

    from battlemap.ui.map.units import PX

    app = qt_app()
    view = map_view(session)
    try:
        view.resetTransform()  # play zoom: every token an item of its own
        view.centerOn(view.map_scene.grid_rect().center())
        app.processEvents()
        view.viewport().repaint()
        seen = view.visibleSceneRect()
        items = [it for it in view.map_scene.tokens.values()
                 if seen.contains(it.sceneBoundingRect())] or list(view.map_scene.tokens.values())
        rnd = random.Random(11)
        wall, cpu = [], []
        for _ in range(n):
            item = rnd.choice(items)
            home = item.pos()
            to = home + QPointF(PX * rnd.randint(-4, 4), PX * rnd.randint(-4, 4))
            t0, c0 = time.perf_counter(), time.thread_time()
            item.setPos(to)
            app.processEvents()
            view.viewport().repaint()
            wall.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.thread_time() - c0) * 1000)
            item.setPos(home)
        app.processEvents()
        return wall, cpu
    finally:
        close_view(view)

