"""`battlemap check FILE`: validate an encounter, print a one-line summary."""

from __future__ import annotations

import argparse

from battlemap.cli.common import load_or_fail


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("check", help="validate an encounter file")
    p.add_argument("file")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    enc = load_or_fail(args.file)
    walls = sum(1 for w in enc.walls if w.kind == "wall")
    doors = sum(1 for w in enc.walls if w.kind == "door")
    windows = sum(1 for w in enc.walls if w.kind == "window")
    print(f"{args.file}: ok — {enc.system.value}, {enc.grid.cols}x{enc.grid.rows} squares, "
          f"{len(enc.tokens)} tokens, {walls} walls, {doors} doors, {windows} windows")
    return 0
