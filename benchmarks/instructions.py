"""Instruction counts of the hot paths, for comparing two versions of the code on a noisy
machine: `uv run python -m benchmarks.instructions WORKLOAD [--system S]`.

Wall-clock times on the shared 2-core machines swing by half from one run to the next; the
instructions a loop executes do not (±0.2 %). This runs one workload of the stress scenario
under valgrind's callgrind with counting switched on around the measured loop only, and prints
the instructions per iteration. Needs `valgrind` on PATH (the suite's timings do not).

Workloads: `drag-cover` and `preview-move` (the 30 steps of the drag scenario), `area-preview`
(every template of the area scenario, default method, each at a new origin), `cover-cold`
(the 200 party × foe cover levels in one batch, caches emptied first, 3 times), `gui-drag`
(the drag's 30 steps as mouse events through the real map view, each step's frame and the
cover badges' frame after it painted offscreen: `sc_gui_drag`, press, drop and undo
included), `gui-commands` (the GUI command rows' ten moves, undos and redos of
`sc_gui_commands` in the GM window with the players' window open, each command to both
repaints with the players' fog settled, so the worker's part is counted the same way each
run), and `start`:
whole processes from exec to the first painted frame of the demo (map view alone, GM window)
and of the stack's floor (`first_paint --floor`), each counted from its first instruction."""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
WORKLOADS = ("drag-cover", "preview-move", "area-preview", "cover-cold", "gui-drag",
             "gui-commands", "fog", "fog-cave", "start")
START_RUNS = {"floor": ["--floor"], "demo, map view alone": [],
              "demo, GM window": ["--window"]}


def _child(workload: str, system: str, go: Path, done: Path) -> None:
    """Inside valgrind: build the scene, warm up, say ready, wait, run the loop, say done."""
    from benchmarks.config import FULL
    from benchmarks.context import Context

    ctx = Context(FULL)
    session = ctx.session(system)
    loop = _LOOPS[workload](ctx, session)
    print("ready", flush=True)
    while not go.exists():
        time.sleep(0.1)
    loop()
    done.touch()
    while go.exists():
        time.sleep(0.1)


Loop = Callable[[], None]


def _drag_loop(workload: str) -> Callable[[Any, Any], Loop]:
    def build(ctx: Any, session: Any) -> Loop:
        from benchmarks.config import FULL
        from benchmarks.route import oa_route
        from benchmarks.sc_drag import pick_mover

        mover = pick_mover(session.encounter)
        path = oa_route(session, mover, FULL.drag_steps)
        for square in path[:3]:  # lazy imports and first-use builds stay out of the count
            session.preview_move(mover.id, [square])
            session.drag_cover(mover.id, square)
        session.geo.walls.clear_line_cache.clear()

        def loop() -> None:
            for i, square in enumerate(path):
                if workload == "drag-cover":
                    session.drag_cover(mover.id, square)
                else:
                    session.preview_move(mover.id, path[: i + 1])
        return loop
    return build


def _area_loop(ctx: Any, session: Any) -> Loop:
    from benchmarks.sc_area import templates

    tpls = templates(ctx, session, None)  # the system's own method
    # Lazy imports and what is worked out once per wall layout (walls within its reach).
    big = max(tpls, key=lambda t: t.size_m)
    session.preview_area(big.model_copy(update={"origin": (1.0, 1.0), "shape": "sphere",
                                                "token": None}))

    def loop() -> None:
        for t in tpls:
            session.preview_area(t)
    return loop


def _cover_loop(ctx: Any, session: Any) -> Loop:
    from battlemap.geometry import pair_levels
    from benchmarks.sc_cover import clear_caches, cover_pairs

    pairs = cover_pairs(session.encounter, ctx.sizes.party, ctx.sizes.foes)
    a, b = [p[0] for p in pairs], [p[1] for p in pairs]
    pair_levels(session.geo, a, b, session.policy)

    def loop() -> None:
        for _ in range(COVER_RUNS):
            clear_caches(session.geo)
            pair_levels(session.geo, a, b, session.policy)
    return loop


def _gui_loop(ctx: Any, session: Any) -> Loop:
    from benchmarks.route import oa_route
    from benchmarks.sc_drag import pick_mover
    from benchmarks.sc_gui_drag import drag_frames
    from benchmarks.sc_qt import map_view, qt_app

    qt_app()
    view = map_view(session)
    view.resetTransform()
    mover = pick_mover(session.encounter)
    path = oa_route(session, mover, ctx.sizes.drag_steps)
    drag_frames(view, mover, path[:3], 0.0)  # the tools' first use stays out of the count

    def loop() -> None:
        drag_frames(view, mover, path, 0.0)
    return loop


def _gui_commands_loop(ctx: Any, session: Any) -> Loop:
    from benchmarks.sc_drag import random_movers
    from benchmarks.sc_gui_commands import open_windows, step_down
    from benchmarks.sc_qt import qt_app

    app = qt_app()
    window = open_windows(session)
    fog = window.player.view.fog
    party = random_movers(session.encounter, ctx.sizes.gui_commands,
                          f"commands {session.encounter.system}")

    def settled(fn: Callable[..., object], *args: Any, **kw: Any) -> None:
        fn(*args, **kw)
        app.processEvents()
        fog.settle()  # the views the worker owes, then their repaint
        app.processEvents()

    def rounds(tokens: list[Any]) -> None:
        for tok in tokens:
            settled(session.move, tok.id, [step_down(session, tok)], gm_override=True)
            settled(session.undo)
            settled(session.redo)
            settled(session.undo)

    rounds(party[:2])  # the tools' and the worker's first use stay out of the count

    def loop() -> None:
        rounds(party)
    return loop


def _fog_loop(ctx: Any, session: Any) -> Loop:
    from battlemap.geometry.vision.visible import party_viewpoints, visible_region

    geo = session.geo
    eyes = party_viewpoints(session.encounter.tokens)
    visible_region(geo, eyes)  # the merged runs, built once per wall layout, stay out

    def loop() -> None:
        for _ in range(FOG_RUNS):
            geo.walls.seen_cache.clear()
            visible_region(geo, eyes, margin=0.05)
    return loop


def _fog_cave_loop(ctx: Any, session: Any) -> Loop:
    from battlemap.geometry import MapGeometry
    from battlemap.geometry.vision.visible import visible_region
    from benchmarks.cave import cave_encounter, cave_eye

    geo = MapGeometry(cave_encounter(ctx.sizes.fog_cave_points))
    visible_region(geo, [cave_eye()])

    def loop() -> None:
        for _ in range(FOG_RUNS):
            geo.walls.seen_cache.clear()
            visible_region(geo, [cave_eye()])
    return loop


COVER_RUNS = 3
FOG_RUNS = 3
_LOOPS: dict[str, Callable[[Any, Any], Loop]] = {
    "drag-cover": _drag_loop("drag-cover"), "preview-move": _drag_loop("preview-move"),
    "area-preview": _area_loop, "cover-cold": _cover_loop, "gui-drag": _gui_loop,
    "gui-commands": _gui_commands_loop,
    "fog": _fog_loop, "fog-cave": _fog_cave_loop,
}


def _iterations(workload: str) -> tuple[int, str]:
    """How many iterations the loop runs, and what one is called."""
    if workload == "area-preview":
        from benchmarks.config import FULL
        n = len(FULL.area_sizes_m) * FULL.area_positions * 6
        return n, "template"
    if workload == "cover-cold":
        return COVER_RUNS, "batch of 200 pairs"
    if workload == "fog":
        return FOG_RUNS, "fog of the 30 party tokens, from scratch"
    if workload == "fog-cave":
        return FOG_RUNS, "fog of one eye in the 20,000-point cave, from scratch"
    if workload == "gui-commands":
        from benchmarks.config import FULL
        return 4 * FULL.gui_commands, "command (a move, its undo, its redo, the undo again)"
    return 30, "move" if workload == "gui-drag" else "step"


def measure(workload: str, system: str) -> int:
    """Instructions executed by the loop (callgrind's total with counting on)."""
    with tempfile.TemporaryDirectory() as tmp:
        go, done, out = Path(tmp, "go"), Path(tmp, "done"), Path(tmp, "callgrind.out")
        cmd = ["valgrind", "--tool=callgrind", "--instr-atstart=no",
               f"--callgrind-out-file={out}", sys.executable, "-m", "benchmarks.instructions",
               "--child", workload, "--system", system, "--flags", tmp]
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                text=True)
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.strip() == "ready":
                break
        subprocess.run(["callgrind_control", "-i", "on", str(proc.pid)], check=True,
                       capture_output=True)
        time.sleep(0.5)  # the switch is asynchronous: let it land before the loop starts
        go.touch()
        while not done.exists():
            time.sleep(0.2)
        subprocess.run(["callgrind_control", "-i", "off", str(proc.pid)], check=True,
                       capture_output=True)
        go.unlink()
        proc.wait(timeout=600)
        totals = [int(line.split()[1]) for f in Path(tmp).glob("callgrind.out*")
                  for line in f.read_text().splitlines() if line.startswith("totals:")]
    if not totals or max(totals) == 0:
        raise RuntimeError("callgrind counted nothing: the switch came too late, run again")
    return max(totals)


def measure_start(args: list[str]) -> int:
    """Instructions of one `first_paint` process up to its first painted frame (the child
    leaves at once when EXIT_AT_PAINT is set, so no teardown is counted)."""
    from benchmarks.sc_process import DEMO

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp, "callgrind.out")
        file_args = [] if "--floor" in args else [str(DEMO)]
        cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
               "-m", "benchmarks.first_paint", *args, *file_args]
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "EXIT_AT_PAINT": "1"}
        subprocess.run(cmd, cwd=ROOT, env=env, check=True, capture_output=True, timeout=900)
        totals = [int(line.split()[1]) for line in out.read_text().splitlines()
                  if line.startswith("totals:")]
    return max(totals)


def _print_start() -> None:
    counts = {label: measure_start(args) for label, args in START_RUNS.items()}
    floor = counts["floor"]
    for label, n in counts.items():
        extra = "" if label == "floor" else f" ({n / floor:.2f}× the floor)"
        print(f"start, {label}: {n / 1e6:,.0f} M instructions to the first frame{extra}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.instructions", description=__doc__)
    p.add_argument("workload", nargs="?", default="drag-cover", choices=WORKLOADS)
    p.add_argument("--system", default="dnd2024")
    p.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--flags", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.child:
        _child(args.workload, args.system, Path(args.flags, "go"), Path(args.flags, "done"))
        return 0
    if shutil.which("valgrind") is None or shutil.which("callgrind_control") is None:
        print("valgrind (with callgrind_control) is not installed", file=sys.stderr)
        return 2
    os.environ.setdefault("PYTHONHASHSEED", "0")
    if args.workload == "start":
        _print_start()
        return 0
    total = measure(args.workload, args.system)
    n, what = _iterations(args.workload)
    print(f"{args.workload} ({args.system}): {total / n / 1e6:.2f} M instructions per {what} "
          f"({total / 1e6:.0f} M for {n})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
