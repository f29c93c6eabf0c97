"""The list of sub-commands. Each module adds its parsers with `register(sub)`; query kinds
add theirs with `register_query(qsub)`.

The modules are imported by name in the code, not looked up at run time: a frozen app
(packaging/battlemap.spec) carries only what its analysis sees imported. They are imported
when the full parser is built, not with this module, so `battlemap FILE` loads none of them."""

from __future__ import annotations

import argparse


def register_all(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from battlemap.cli import (
        bestiary,
        check,
        demos,
        gui,
        import_uvtt,
        query_geometry,
        query_rules,
        query_rulings,
        render,
    )

    for mod in (check, gui, render, import_uvtt, demos, bestiary):
        mod.register(sub)
    query = sub.add_parser("query", help="answer a question about an encounter, as JSON")
    query.add_argument("file", help="the encounter file")  # `battlemap query FILE KIND …`
    qsub = query.add_subparsers(dest="kind", required=True)
    for qmod in (query_geometry, query_rules, query_rulings):
        qmod.register_query(qsub)
