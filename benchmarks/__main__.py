"""`uv run python -m benchmarks [--smoke] [--only drag,area,…] [--json FILE]`: run the suite,
print the table, write it to benchmarks/out/latest.md (--smoke: latest-smoke.md) and every row
with its samples to FILE; exit 1 if a scenario crashed. `python -m benchmarks compare OLD.json
NEW.json` prints the change of each row between two such files."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from benchmarks.config import FULL, SMOKE
from benchmarks.context import Context
from benchmarks.runner import (
    command_line,
    failed,
    report,
    run_all,
    scenarios,
    write_json,
    write_report,
)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["compare"]:
        from benchmarks.compare import main as compare

        return compare(argv[1:])
    p = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    p.add_argument("--smoke", action="store_true", help="tiny sizes (CI: checks nothing rots)")
    p.add_argument("--only", default="", help=f"comma list among: {', '.join(scenarios())}")
    p.add_argument("--json", type=Path, default=None, metavar="FILE",
                   help="also write every row, with its samples, to FILE")
    args = p.parse_args(argv)
    only = [x.strip() for x in args.only.split(",") if x.strip()]
    unknown = set(only) - set(scenarios())
    if unknown:
        p.error(f"unknown scenario(s): {', '.join(sorted(unknown))}")
    ctx = Context(SMOKE if args.smoke else FULL)
    t0 = time.perf_counter()
    rows = run_all(ctx, only, progress=lambda msg: print(msg, file=sys.stderr, flush=True))
    text = report(rows, command_line(), time.perf_counter() - t0)
    print(text)
    # The smoke table never overwrites the last full run's.
    path = write_report(text, ctx.out_dir, "latest-smoke.md" if args.smoke else "latest.md")
    print(f"written to {path}", file=sys.stderr)
    if args.json is not None:
        write_json(args.json, rows, command_line())
        print(f"rows written to {args.json}", file=sys.stderr)
    bad = failed(rows)
    for r in bad:
        print(f"FAILED: {r.name}: {r.note or 'no samples'}", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
