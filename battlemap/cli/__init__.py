"""The `battlemap` command: opens the GUI, or runs headless sub-commands.

Each sub-command lives in its own module and registers itself here; `query` kinds register
under the `query` parser. Bad input exits 2 with one sentence on stderr."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from functools import cache

from battlemap.cli import commands
from battlemap.cli.common import CliError


@cache  # parse_args never changes the parser; building it costs ~25 ms of imports
def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="battlemap", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command")
    commands.register_all(sub)
    return parser


def _command_names(parser: argparse.ArgumentParser) -> set[str]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return set(action.choices)
    return set()


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    commands = _command_names(parser)
    if not args_list or (args_list[0] not in commands and not args_list[0].startswith("-")):
        # `battlemap` or `battlemap FILE`: the GUI.
        args_list = ["gui", *args_list]
    args = parser.parse_args(args_list)
    try:
        return int(args.func(args) or 0)
    except CliError as err:
        print(f"battlemap: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # `battlemap query … | head`: the reader left, nothing is wrong
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
