"""`battlemap check FILE`: validate an encounter, print a one-line summary (with its tokens'
pictures, and how many are missing or refused, when it has any), then one line for each
picture it names from outside its folder (the window asks before showing those), and, on
stderr, a warning for its map picture and each token picture that is missing or unreadable:
the file opens without them."""

from __future__ import annotations

import argparse
import sys

from battlemap.cli.common import load_or_fail
from battlemap.io.picture_check import art_problem, picture_problem
from battlemap.io.picture_folder import outside_pictures
from battlemap.io.words import said
from battlemap.model import Encounter
from battlemap.model.plural import counted
from battlemap.text import Message


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("check", help="validate an encounter file")
    p.add_argument("file")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    enc = load_or_fail(args.file)
    art = _art_problems(enc, args.file)
    walls = sum(1 for w in enc.walls if w.kind == "wall")
    doors = sum(1 for w in enc.walls if w.kind == "door")
    windows = sum(1 for w in enc.walls if w.kind == "window")
    print(f"{args.file}: ok — {enc.system}, {enc.grid.cols}x{enc.grid.rows} squares, "
          f"{counted(len(enc.tokens), 'token')}, {counted(walls, 'wall')}, "
          f"{counted(doors, 'door')}, {counted(windows, 'window')}{_art_summary(art)}")
    for picture in outside_pictures(enc, args.file):
        print(said("picture.outside", name=args.file, path=str(picture)))
    problems = [picture_problem(enc, args.file), *(p for p in art.values() if p is not None)]
    for problem in problems:  # the file opens without them: warnings, not a failure
        if problem is not None:
            print(f"battlemap: warning: {problem}", file=sys.stderr)
    return 0


def _art_problems(enc: Encounter, path: str) -> dict[str, Message | None]:
    """Each token picture the encounter names, checked once however many tokens show it:
    None when it can be shown, else the sentence saying why not."""
    out: dict[str, Message | None] = {}
    for token in enc.tokens:
        if token.art and token.art not in out:
            out[token.art] = art_problem(token, path)
    return out


def _art_summary(art: dict[str, Message | None]) -> str:
    """", 3 token pictures (1 missing, 1 refused)": nothing for an encounter without any."""
    if not art:
        return ""
    missing = sum(1 for p in art.values() if p is not None and _is_missing(p))
    refused = sum(1 for p in art.values() if p is not None) - missing
    bad = [f"{missing} missing"] * bool(missing) + [f"{refused} refused"] * bool(refused)
    return f", {counted(len(art), 'token picture')}" + (f" ({', '.join(bad)})" if bad else "")


def _is_missing(sentence: Message) -> bool:
    problem = sentence.params.get("problem")
    return isinstance(problem, Message) and problem.key == "picture.missing"
