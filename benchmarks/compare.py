"""`python -m benchmarks compare OLD.json NEW.json`: the change of each row between two runs
written by `--json`, on CPU time where both runs measured it (wall time else), p50 and p95;
rows only in one run are listed as added or gone."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def load_rows(path: Path) -> dict[str, dict[str, Any]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return {row["name"]: row for row in data["rows"]}


def _figures(row: dict[str, Any], cpu: bool) -> tuple[float | None, float | None]:
    if cpu:
        return row.get("cpu_p50_ms"), row.get("cpu_p95_ms")
    return row.get("p50_ms"), row.get("p95_ms")


def _change(old: float | None, new: float | None) -> str:
    if old is None or new is None:
        return "—"
    if old <= 0:
        return f"{old:.3g} → {new:.3g}"
    return f"{old:.3g} → {new:.3g} ({(new - old) / old * 100:+.0f} %)"


def compare(old: dict[str, dict[str, Any]], new: dict[str, dict[str, Any]]) -> str:
    lines = ["| scenario | clock | p50 ms | p95 ms |", "|---|---|---|---|"]
    for name, row in new.items():
        before = old.get(name)
        if before is None:
            lines.append(f"| {name} | — | added | |")
            continue
        cpu = before.get("cpu_p50_ms") is not None and row.get("cpu_p50_ms") is not None
        (o50, o95), (n50, n95) = _figures(before, cpu), _figures(row, cpu)
        lines.append(f"| {name} | {'CPU' if cpu else 'wall'} | {_change(o50, n50)} | "
                     f"{_change(o95, n95)} |")
    lines += [f"| {name} | — | gone | |" for name in old if name not in new]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    import argparse

    p = argparse.ArgumentParser(prog="python -m benchmarks compare", description=__doc__)
    p.add_argument("old", type=Path)
    p.add_argument("new", type=Path)
    args = p.parse_args(argv)
    try:
        old, new = load_rows(args.old), load_rows(args.new)
    except (OSError, ValueError, KeyError, TypeError) as err:
        p.exit(2, f"cannot read the runs to compare: {err}\n")
    print(compare(old, new))
    return 0
