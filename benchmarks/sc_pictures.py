"""Big map pictures (issue 26): a generated 6,800 x 6,800 textured map (`map_picture_gen`, PNG
and WebP) opened the way a GM opens it, `battlemap gui FILE --timings` in a fresh process,
timed to its `usable` and `picture` lines (seconds since the process started), on a first
open (an empty tile cache: the picture decoded and its pyramid made) and on a second (the
pyramid read back); with the process's peak RSS. Then, in this process, sharp frames over
that map in a 1920 x 1080 view: pans by a random step from a random spot (the strip a pan
uncovers), and zoom settles at a random zoom and spot (a whole frame at new detail), CPU
time beside wall time."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.context import Context
from benchmarks.harness import Timing
from benchmarks.map_picture_gen import map_picture

ROOT = Path(__file__).resolve().parent.parent
PPS = 100  # picture pixels per square: 68 x 68 squares
USABLE_TARGET = "≤ 1 s after the first frame"
FIRST_TARGET = "≤ 3 s"
SECOND_TARGET = "≤ 1 s"
FRAME_TARGET = "≤ 16 ms"
RSS_TARGET = "≤ 400 MB"


def encounter_over(picture: Path, out_dir: Path) -> Path:
    """An encounter over `picture` with a few walls and tokens (what --timings waits for)."""
    from battlemap.io import save_encounter
    from battlemap.io.images import image_encounter
    from battlemap.model import Token, Wall

    path = out_dir / f"{picture.stem}-{picture.suffix[1:]}.json"
    if path.exists():
        return path
    enc = image_encounter(picture, PPS, system="dnd2024", encounter_path=path, verify=False)
    rng = random.Random(26)
    cols, rows = enc.grid.cols, enc.grid.rows
    squares = rng.sample(range(cols * rows), 30)  # one token a square
    enc.tokens = [Token(id=f"t{i}", name=f"Token {i}", side="party" if i < 4 else "foe",
                        col=sq % cols, row=sq // cols) for i, sq in enumerate(squares)]
    enc.walls = [Wall(points=[(x, 0.0), (x, float(rows))]) for x in range(6, cols, 18)]
    save_encounter(enc, path)
    return path


def timed_open(encounter: Path, cache: Path) -> dict[str, float]:
    """`battlemap gui ENCOUNTER --timings` in a fresh process: its milestones (s) and peak
    RSS (MB): the child's own high-water mark (Linux: VmHWM, read as each line comes; the
    rusage of a forked child counts this process's size at the fork)."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "BATTLEMAP_CACHE_DIR": str(cache)}
    proc = subprocess.Popen([sys.executable, "-m", "battlemap", "gui", str(encounter),
                             "--timings"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    seen: dict[str, float] = {}
    lines, peak = [], 0.0
    with proc.stdout:
        for line in proc.stdout:
            lines.append(line)
            peak = max(peak, _high_water_mb(proc.pid))
            key, _, value = line.strip().partition(" ")
            if key in ("first-frame", "usable", "picture") and value != "-":
                seen[key] = float(value)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0 or len(seen) != 3:
        raise RuntimeError(f"gui --timings exited {proc.returncode} with {''.join(lines)!r}")
    seen["rss_mb"] = peak or usage.ru_maxrss / 1024  # ru_maxrss: KB on Linux
    seen["cpu_s"] = usage.ru_utime + usage.ru_stime  # the whole run, every thread
    return seen


def _high_water_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError):
        pass
    return 0.0


def _open_rows(ctx: Context, picture: Path) -> list[Timing]:
    s = ctx.sizes
    encounter = encounter_over(picture, ctx.out_dir)
    label = f"{picture.suffix[1:].upper()} {s.picture_px}²"
    first: list[dict[str, float]] = []
    second: list[dict[str, float]] = []
    for _ in range(s.picture_repeat):
        with tempfile.TemporaryDirectory(prefix="bench-tiles-") as cache:
            first.append(timed_open(encounter, Path(cache)))  # an empty cache: made
            second.append(timed_open(encounter, Path(cache)))  # the pyramid read back

    def ms(runs: list[dict[str, float]], key: str, minus: str | None = None) -> list[float]:
        return [(r[key] - (r[minus] if minus else 0.0)) * 1000 for r in runs]

    rss1, rss2 = max(r["rss_mb"] for r in first), max(r["rss_mb"] for r in second)

    def cpu(runs: list[dict[str, float]]) -> str:
        xs = sorted(r["cpu_s"] for r in runs)
        return f"process CPU p50 {xs[len(xs) // 2] * 1000:.0f} ms to the end"

    return [
        Timing(f"gui --timings {label}, first open: usable after first frame",
               ms(first, "usable", "first-frame"), target=USABLE_TARGET,
               note=f"first frame at p50 {sorted(ms(first, 'first-frame'))[len(first) // 2]:.0f}"
                    " ms since the process started"),
        Timing(f"gui --timings {label}, first open: picture drawn", ms(first, "picture"),
               target=FIRST_TARGET,
               note=f"since the process started; decoded and tiled in a thread; peak RSS "
                    f"{rss1:.0f} MB ({RSS_TARGET}); {cpu(first)}", extra={"rss_mb": rss1}),
        Timing(f"gui --timings {label}, second open: picture drawn", ms(second, "picture"),
               target=SECOND_TARGET,
               note=f"since the process started; the tile pyramid read from the cache; peak "
                    f"RSS {rss2:.0f} MB; {cpu(second)}", extra={"rss_mb": rss2}),
    ]


def _pyramid_rows(ctx: Context, picture: Path) -> list[Timing]:
    """The window's worker alone, in this process: the pyramid made from an empty cache
    (Qt's reader, the levels, the file written) and read back from it."""
    from benchmarks.sc_qt import qt_app

    qt_app()
    from battlemap.io.picture_tiles import picture_pyramid
    from battlemap.ui.map.drawing.items.map_tiles import qt_raster

    made, made_cpu, read, read_cpu = [], [], [], []
    for _ in range(ctx.sizes.picture_repeat):
        with tempfile.TemporaryDirectory(prefix="bench-tiles-") as cache:
            for wall, cpu in ((made, made_cpu), (read, read_cpu)):
                c0, t0 = time.thread_time(), time.perf_counter()
                picture_pyramid(picture, folder=Path(cache), decode=qt_raster).close()
                wall.append((time.perf_counter() - t0) * 1000)
                cpu.append((time.thread_time() - c0) * 1000)
    label = f"{picture.suffix[1:].upper()} {ctx.sizes.picture_px}²"
    return [
        Timing(f"tile pyramid of the {label} map made (the window's thread)", made,
               note=f"decode, 5 levels, {picture.stat().st_size / 1e6:.1f} MB file → "
                    f"tiles written; CPU p50 {sorted(made_cpu)[len(made_cpu) // 2]:.0f} ms"),
        Timing(f"tile pyramid of the {label} map read back (second open)", read,
               note=f"file hashed, header checked; CPU p50 "
                    f"{sorted(read_cpu)[len(read_cpu) // 2]:.0f} ms"),
    ]


def _frames(ctx: Context, encounter: Path) -> list[Timing]:
    """Sharp frames over the map: random pans and random zoom settles."""
    from benchmarks.sc_qt import close_view, map_view, qt_app

    app = qt_app()
    from PySide6.QtGui import QTransform

    from battlemap.ui.files.file_kinds import open_session

    view = map_view(open_session(encounter), 1920, 1080)
    backdrop = view.map_scene.backdrop
    end = time.monotonic() + 120
    while backdrop.pending and time.monotonic() < end:
        app.processEvents()
        time.sleep(0.002)
    if not backdrop.loaded:
        raise RuntimeError("the map picture did not load")
    rng = random.Random(2026)
    grid = view.map_scene.grid_rect()
    port = view.viewport()
    n = ctx.sizes.picture_frames
    pan_wall, pan_cpu, zoom_wall, zoom_cpu = [], [], [], []
    tiles_before = backdrop.picture.tiles_read
    for _ in range(n):
        zoom = rng.uniform(0.3, 2.0)  # from a whole room to a token's details
        view.setTransform(QTransform.fromScale(zoom, zoom))
        view.centerOn(rng.uniform(0, grid.width()), rng.uniform(0, grid.height()))
        c0, t0 = time.thread_time(), time.perf_counter()
        port.repaint()  # the zoom settled: every pixel at the new detail
        zoom_wall.append((time.perf_counter() - t0) * 1000)
        zoom_cpu.append((time.thread_time() - c0) * 1000)
        h, v = view.horizontalScrollBar(), view.verticalScrollBar()
        dx, dy = rng.randint(-120, 120), rng.randint(-120, 120)  # one drag step of a pan
        c0, t0 = time.thread_time(), time.perf_counter()
        h.setValue(h.value() + dx)
        v.setValue(v.value() + dy)
        port.repaint()
        pan_wall.append((time.perf_counter() - t0) * 1000)
        pan_cpu.append((time.thread_time() - c0) * 1000)
    tiles = backdrop.picture.tiles_read - tiles_before
    close_view(view)

    def cpu(xs: list[float]) -> str:
        xs = sorted(xs)
        return f"CPU p50 {xs[len(xs) // 2]:.1f} / p95 {xs[min(len(xs) - 1, round(0.95 * (len(xs) - 1)))]:.1f} ms"

    return [
        Timing(f"zoom settle over the {ctx.sizes.picture_px}² map, 1920x1080", zoom_wall,
               target=FRAME_TARGET,
               note=f"random zoom 0.3-2 and spot; {cpu(zoom_cpu)}; {tiles} tiles read in all"),
        Timing(f"pan step over the {ctx.sizes.picture_px}² map, 1920x1080", pan_wall,
               target=FRAME_TARGET,
               note=f"random step ±120 px from each settled spot; {cpu(pan_cpu)}"),
    ]


def run(ctx: Context) -> list[Timing]:
    side = ctx.sizes.picture_px
    rows: list[Timing] = []
    png = map_picture(ctx.out_dir, side, "png")
    webp = map_picture(ctx.out_dir, side, "webp")
    for picture in (png, webp):
        rows.extend(_pyramid_rows(ctx, picture))
        rows.extend(_open_rows(ctx, picture))
    with tempfile.TemporaryDirectory(prefix="bench-tiles-") as cache:
        before = os.environ.get("BATTLEMAP_CACHE_DIR")
        os.environ["BATTLEMAP_CACHE_DIR"] = cache
        try:
            rows.extend(_frames(ctx, encounter_over(png, ctx.out_dir)))
        finally:
            if before is None:
                os.environ.pop("BATTLEMAP_CACHE_DIR", None)
            else:
                os.environ["BATTLEMAP_CACHE_DIR"] = before
    return rows
