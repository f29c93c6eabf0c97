"""Scenario 5: open a generated 20 MB Universal VTT file (big base64 PNG + many walls) until
its walls are usable (parsed, validated, indexed for geometry: the picture header-checked but
not decoded), and until its picture is shown (the GUI's open: import, picture written beside
it, MapView built and painted)."""

from __future__ import annotations

import time
from typing import Any

from benchmarks.context import Context
from benchmarks.harness import Timing, not_available
from benchmarks.uvtt_gen import uvtt_file

WALLS_TARGET = "≤ 150 ms"


def walls_usable(path: Any) -> tuple[float, float, int]:
    """(ms to parse, ms to parse and index the walls, wall segments)."""
    from battlemap.geometry import MapGeometry
    from battlemap.io.uvtt import parse_uvtt

    t0 = time.perf_counter()
    parsed = parse_uvtt(path, decode_image=False, system="dnd2024")
    t1 = time.perf_counter()
    geo = MapGeometry(parsed.encounter)
    t2 = time.perf_counter()
    return (t1 - t0) * 1000, (t2 - t0) * 1000, len(geo.walls)


def image_shown(path: Any) -> float:
    from benchmarks.sc_qt import close_view, map_view, qt_app

    qt_app()
    from battlemap.ui.files.file_kinds import open_session

    t0 = time.perf_counter()
    session = open_session(path)
    view = map_view(session, 1280, 800)
    backdrop = getattr(view.map_scene, "backdrop", None)
    app = qt_app()
    while backdrop is not None and backdrop.pending:  # its tiles are made in a thread
        app.processEvents()
        time.sleep(0.001)
    view.viewport().repaint()
    ms = (time.perf_counter() - t0) * 1000
    shown = backdrop is not None and backdrop.loaded
    close_view(view)
    if not shown:
        raise RuntimeError("the imported picture did not load in the map view")
    return ms


def run(ctx: Context) -> list[Timing]:
    s = ctx.sizes
    try:
        from battlemap.io.uvtt import parse_uvtt  # noqa: F401
    except ImportError as err:
        return [not_available("open UVTT until walls usable", f"no UVTT import: {err}",
                              WALLS_TARGET)]
    path = uvtt_file(ctx.out_dir, s.uvtt_mb, s.uvtt_walls)
    mb = path.stat().st_size / 1e6
    walls_usable(path)  # warm: imports, the OS file cache
    parse, usable, segments = [], [], 0
    for _ in range(s.uvtt_repeat):
        a, b, segments = walls_usable(path)
        parse.append(a)
        usable.append(b)
    rows = [
        Timing(f"open {mb:.1f} MB UVTT: parse, picture header only", parse,
               note=f"{s.uvtt_walls} polylines in the file"),
        Timing(f"open {mb:.1f} MB UVTT until walls usable", usable, target=WALLS_TARGET,
               note=f"parse + wall index, {segments} segments after simplification"),
    ]
    try:
        from battlemap.ui.map import MapView  # noqa: F401
    except ImportError as err:
        rows.append(not_available("open UVTT until image shown", f"no MapView: {err}"))
        return rows
    shown = [image_shown(path) for _ in range(max(1, s.uvtt_repeat // 2))]
    rows.append(Timing(f"open {mb:.1f} MB UVTT until image shown", shown,
                       note="open_session (picture written) + MapView painted with the "
                            "picture's tiles (made in a thread, kept in the cache folder)"))
    return rows
