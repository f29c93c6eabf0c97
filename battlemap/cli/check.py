"""`battlemap check FILE`: validate an encounter, print a one-line summary, then one line for
each picture it names from outside its folder (the window asks before showing those), and,
on stderr, a warning when its map picture is missing or unreadable: the file opens without it."""

from __future__ import annotations

import argparse
import sys

from battlemap.cli.common import load_or_fail
from battlemap.io.picture_check import picture_problem
from battlemap.io.picture_folder import outside_pictures
from battlemap.io.words import said
from battlemap.model.plural import counted


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("check", help="validate an encounter file")
    p.add_argument("file")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    enc = load_or_fail(args.file)
    walls = sum(1 for w in enc.walls if w.kind == "wall")
    doors = sum(1 for w in enc.walls if w.kind == "door")
    windows = sum(1 for w in enc.walls if w.kind == "window")
    print(f"{args.file}: ok — {enc.system}, {enc.grid.cols}x{enc.grid.rows} squares, "
          f"{counted(len(enc.tokens), 'token')}, {counted(walls, 'wall')}, "
          f"{counted(doors, 'door')}, {counted(windows, 'window')}")
    for picture in outside_pictures(enc, args.file):
        print(said("picture.outside", name=args.file, path=str(picture)))
    problem = picture_problem(enc, args.file)
    if problem is not None:  # the file opens without its picture: a warning, not a failure
        print(f"battlemap: warning: {problem}", file=sys.stderr)
    return 0
