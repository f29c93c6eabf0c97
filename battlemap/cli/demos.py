"""`battlemap demos`: the bundled demo encounters, one a line — name, system, and the path of
its file (tab-separated) — so that `battlemap check PATH` or `battlemap PATH` works from any
folder, whatever installed the package."""

from __future__ import annotations

import argparse

from battlemap.cli.common import CliError


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("demos", help="list the bundled demo encounters and their files")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from battlemap import assets

    try:
        demos = assets.demo_files()
    except assets.MissingResource as err:
        raise CliError(str(err)) from None
    for path in demos:
        name, system = assets.demo_summary(path)
        print(f"{name}\t{system}\t{path}")
    return 0
