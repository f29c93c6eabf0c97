"""Instruction counts of the hot paths, for comparing two versions of the code on a noisy
machine: `uv run python -m benchmarks.instructions [drag-cover|preview-move] [--system S]`.

Wall-clock times on the shared 2-core machines swing by half from one run to the next; the
instructions a loop executes do not (±0.2 %). This runs the stress scenario's 30-step drag
under valgrind's callgrind with counting switched on around the measured loop only, and prints
the instructions per step. Needs `valgrind` on PATH (the suite's timings do not)."""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORKLOADS = ("drag-cover", "preview-move")


def _child(workload: str, system: str, go: Path, done: Path) -> None:
    """Inside valgrind: build the scene, warm up, say ready, wait, run the loop, say done."""
    from benchmarks.config import FULL
    from benchmarks.context import Context
    from benchmarks.route import oa_route
    from benchmarks.sc_drag import pick_mover

    session = Context(FULL).session(system)
    mover = pick_mover(session.encounter)
    path = oa_route(session, mover, FULL.drag_steps)
    for square in path[:3]:  # lazy imports and first-use builds stay out of the count
        session.preview_move(mover.id, [square])
        session.drag_cover(mover.id, square)
    session.geo.walls.clear_line_cache.clear()
    print("ready", flush=True)
    while not go.exists():
        time.sleep(0.1)
    for i, square in enumerate(path):
        if workload == "drag-cover":
            session.drag_cover(mover.id, square)
        else:
            session.preview_move(mover.id, path[: i + 1])
    done.touch()
    while go.exists():
        time.sleep(0.1)


def measure(workload: str, system: str) -> int:
    """Instructions executed by the 30 steps (callgrind's total with counting on)."""
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
    total = measure(args.workload, args.system)
    print(f"{args.workload} ({args.system}): {total / 30 / 1e6:.2f} M instructions per step "
          f"({total / 1e6:.0f} M for 30 steps)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
