"""`battlemap [FILE]` / `battlemap gui [FILE]`: open the GM window (the demo when no file)."""

from __future__ import annotations

import argparse
from pathlib import Path

DEMO = Path(__file__).resolve().parent.parent.parent / "assets" / "demo" / "dnd2024-crypt.json"


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("gui", help="open the battle map window (default)")
    p.add_argument("file", nargs="?", help="encounter, Universal VTT file or image; default: demo")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from battlemap.cli.common import load_or_fail

    path = args.file or str(DEMO)
    enc = load_or_fail(path)
    print(f"{enc.name}: {enc.system.value}, {len(enc.tokens)} tokens (GUI not built yet)")
    return 0
