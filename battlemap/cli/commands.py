"""The list of sub-commands. Each module adds its parsers with `register(sub)`; query kinds
add theirs with `register_query(qsub)`."""

from __future__ import annotations

import argparse
import importlib

# Modules that contribute sub-commands; missing ones (work in progress) are skipped.
COMMAND_MODULES = ["check", "gui", "render", "import_uvtt"]
QUERY_MODULES = ["query_geometry", "query_rules"]


def register_all(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    for name in COMMAND_MODULES:
        mod = _optional(name)
        if mod is not None:
            mod.register(sub)
    query = sub.add_parser("query", help="answer a question about an encounter, as JSON")
    query.add_argument("file", help="the encounter file")  # `battlemap query FILE KIND …`
    qsub = query.add_subparsers(dest="kind", required=True)
    for name in QUERY_MODULES:
        mod = _optional(name)
        if mod is not None:
            mod.register_query(qsub)


def _optional(name: str):  # type: ignore[no-untyped-def]
    try:
        return importlib.import_module(f"battlemap.cli.{name}")
    except ModuleNotFoundError as err:
        if err.name == f"battlemap.cli.{name}":
            return None
        raise
