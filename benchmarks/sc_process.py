"""Scenario 6: cold start to the first painted map (a fresh Python process each time, timed
from spawn to the first paint of the map's viewport, in the map view alone and in the whole GM
window), and the peak memory (RSS) of a
process holding the stress map, painted, after drag and area previews."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.context import Context
from benchmarks.harness import Timing, not_available

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "assets" / "demo" / "dnd2024-crypt.json"
START_TARGET = "≤ 500 ms"
RSS_TARGET = "≤ 150 MB"


def _child(args: list[str], timeout: float = 120.0) -> tuple[float, dict[str, float]]:
    """(ms from spawn to the `painted` line, every `key value` line the child printed)."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "benchmarks.first_paint", *args], cwd=ROOT,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seen: dict[str, float] = {}
    spawn_to_paint = float("nan")
    assert proc.stdout is not None
    for line in proc.stdout:
        key, _, value = line.strip().partition(" ")
        if key == "painted" and "painted" not in seen:
            spawn_to_paint = (time.perf_counter() - t0) * 1000
        if value:
            seen[key] = float(value)
    _, err = proc.communicate(timeout=timeout)
    if proc.returncode != 0 or "painted" not in seen:
        tail = (err or "").strip().splitlines()[-1:] or ["no output"]
        raise RuntimeError(f"first_paint exited {proc.returncode}: {tail[0]}")
    return spawn_to_paint, seen


def _compile_bytecode() -> None:
    """Write our modules' bytecode first, as any start after the first one finds it (this
    machine sets PYTHONDONTWRITEBYTECODE, so without this every "cold" start recompiles
    every module of ours, which is not what a GM's second start does)."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "battlemap"),
                    str(ROOT / "benchmarks")], check=True, cwd=ROOT)


def stress_file(ctx: Context) -> Path:
    from battlemap.io.encounter_file import save_encounter

    path = ctx.out_dir / f"stress-{ctx.sizes.cols}x{ctx.sizes.rows}.json"
    if not path.exists():
        ctx.out_dir.mkdir(parents=True, exist_ok=True)
        save_encounter(ctx.encounter("dnd2024"), path)
    return path


def run(ctx: Context) -> list[Timing]:
    s = ctx.sizes
    rows: list[Timing] = []
    try:
        import battlemap.ui.map  # noqa: F401
    except ImportError as err:
        return [not_available("cold start to first paint", f"no MapView: {err}", START_TARGET)]
    _compile_bytecode()
    files = [("demo", DEMO, []), ("demo, whole GM window", DEMO, ["--window"]),
             (f"stress {s.cols}×{s.rows}", stress_file(ctx), [])]
    for label, path, extra in files:
        if not path.exists():
            rows.append(not_available(f"cold start to first paint ({label})",
                                      f"{path.name} missing", START_TARGET))
            continue
        spawn, inner = [], []
        for _ in range(s.cold_runs):
            ms, seen = _child([*extra, str(path)])
            spawn.append(ms)
            inner.append(seen["painted"])
        what = "the `battlemap` window (docks, menus, map)" if extra else "the map view alone"
        rows.append(Timing(f"cold start to first paint ({label})", spawn, target=START_TARGET,
                           note=f"spawn → painted, {what}; bytecode compiled (as from the "
                                f"second start on); in-process part p50 "
                                f"{sorted(inner)[len(inner) // 2]:.0f} ms"))
    _, seen = _child(["--stress", str(s.tokens), "--walls", str(s.walls)])
    mb = seen["rss"] / 1024
    rows.append(Timing(f"peak RSS, stress map {s.tokens} tokens / {s.walls} walls", [mb],
                       target=RSS_TARGET, note=f"**{mb:.0f} MB** (value in MB, not ms): "
                       "painted MapView + 30-step drag + area previews"))
    return rows
