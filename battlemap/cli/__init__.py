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

# The top-level commands (checked against the full parser by a test): `battlemap FILE` can
# then open the window without importing every sub-command's module, some of which pull in
# numpy, shapely and Pillow that the window's first frame does not need.
COMMAND_NAMES = frozenset({"bestiary", "check", "demos", "gui", "import", "query", "render"})
# The options of `battlemap` itself; any other first argument is the window's (`--lang fr`).
TOP_OPTIONS = frozenset({"-h", "--help", "--version"})


@cache  # parse_args never changes the parser; building it costs ~25 ms of imports
def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="battlemap", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=version_line())
    sub = parser.add_subparsers(dest="command")
    commands.register_all(sub)
    return parser


def gui_parser() -> argparse.ArgumentParser:
    """The same `battlemap gui` parser, alone: what the window's start-up path parses."""
    from battlemap.cli import gui

    parser = argparse.ArgumentParser(prog="battlemap", description=__doc__.splitlines()[0])
    gui.register(parser.add_subparsers(dest="command"))
    return parser


def version_line() -> str:
    import platform

    from battlemap import __version__

    return f"battlemap {__version__} (Python {platform.python_version()})"


def _command_names(parser: argparse.ArgumentParser) -> set[str]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return set(action.choices)
    return set()


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list or args_list[0] not in COMMAND_NAMES | TOP_OPTIONS:
        # `battlemap`, `battlemap FILE`, `battlemap --lang fr FILE`: the GUI.
        args_list = ["gui", *args_list]
    parser = gui_parser() if args_list[0] == "gui" else build_parser()
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
