"""Runs the scenarios, turns a crash into an "error" row (the run then fails), and writes the
report with the date, the machine and the command."""

from __future__ import annotations

import datetime as dt
import os
import platform
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path

from benchmarks.context import Context
from benchmarks.harness import Timing, table

Scenario = Callable[[Context], list[Timing]]


def scenarios() -> dict[str, Scenario]:
    """Name → scenario, in the order of issue 9."""
    from benchmarks import (
        sc_area,
        sc_cover,
        sc_drag,
        sc_fog,
        sc_gui_drag,
        sc_light,
        sc_pictures,
        sc_process,
        sc_qt,
        sc_route,
        sc_scaling,
        sc_token_art,
        sc_uvtt,
    )

    return {
        "drag": sc_drag.run,
        "route": sc_route.run,
        "area": sc_area.run,
        "cover": sc_cover.run_cover,
        "threats": sc_cover.run_threats,
        "qt": sc_qt.run,
        "art": sc_token_art.run,
        "fog": sc_fog.run,
        "light": sc_light.run,
        "gui": sc_gui_drag.run,
        "uvtt": sc_uvtt.run,
        "pictures": sc_pictures.run,
        "process": sc_process.run,
        "scaling": sc_scaling.run,
    }


def run_all(ctx: Context, only: list[str] | None = None,
            progress: Callable[[str], None] | None = None) -> list[Timing]:
    rows: list[Timing] = []
    for name, scenario in scenarios().items():
        if only and name not in only:
            continue
        t0 = time.perf_counter()
        try:
            got = scenario(ctx)
        except Exception as exc:  # noqa: BLE001 - a crash becomes a visible failing row
            last = traceback.extract_tb(exc.__traceback__)[-1]
            where = f"{Path(last.filename).name}:{last.lineno}"
            got = [Timing(name, [], status="error",
                          note=f"ERROR {type(exc).__name__}: {exc} ({where})".replace("|", "/"))]
            if progress:
                progress(traceback.format_exc())
        if progress:
            progress(f"{name}: {len(got)} rows in {time.perf_counter() - t0:.1f} s")
        rows.extend(got)
    return rows


def failed(rows: list[Timing]) -> list[Timing]:
    """Crashed scenarios, and ok rows that produced no sample (a silent rot)."""
    return [r for r in rows if r.status == "error" or (r.status == "ok" and not r.samples_ms)]


def header(argv: list[str]) -> str:
    when = dt.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")
    cpu = platform.processor() or platform.machine()
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    return (f"- date: {when}\n- machine: {platform.platform()}, {cpu}, "
            f"{os.cpu_count()} CPUs, load average at the end {load}\n"
            f"- python: {platform.python_version()}\n"
            f"- command: `{' '.join(argv)}`\n")


def report(rows: list[Timing], argv: list[str], elapsed_s: float) -> str:
    return (f"# Benchmarks\n\n{header(argv)}- total time: {elapsed_s:.0f} s\n\n"
            f"{table(rows)}\n")


def write_report(text: str, out_dir: Path, name: str = "latest.md") -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / name
    path.write_text(text, encoding="utf-8")
    return path


def write_json(path: Path, rows: list[Timing], argv: list[str]) -> None:
    """Every row with its samples, and the run's header, atomically (a run cut short
    leaves the previous file whole)."""
    import json

    data = {"header": header(argv), "rows": [r.to_json() for r in rows]}
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=1, ensure_ascii=False), encoding="utf-8")
    os.replace(tmp, path)


def command_line() -> list[str]:
    return ["uv run python -m benchmarks", *sys.argv[1:]]
