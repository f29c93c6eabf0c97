"""`battlemap bestiary list|import|export`: the GM's own stat blocks (engine/files/bestiary.py),
the library Add token offers beside the bundled ones.

- `list [--system S] [--json]`: one line per stat block (system, name, size, side), or JSON.
- `import FILE --system S [--replace]`: adds the file's good entries; each refused one is a
  warning on stderr naming it; a name the library holds is refused unless `--replace`. Exits
  2 when the file cannot be read, or when every entry in it was refused.
- `export FILE --system S`: writes the library, in its own format, to FILE.

Problems met reading the library itself (a file kept aside) are warnings on stderr."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from battlemap.cli.common import CliError, print_json
from battlemap.model.plural import counted
from battlemap.rules.core.system import system_ids


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("bestiary", help="list, import or export your own stat blocks")
    kinds = p.add_subparsers(dest="action", required=True)
    listing = kinds.add_parser("list", help="the stat blocks of your bestiary")
    listing.add_argument("--system", choices=system_ids(), default=None,
                         help="only this system's (default: every system's)")
    listing.add_argument("--json", action="store_true", help="print JSON")
    listing.set_defaults(func=run_list)
    imp = kinds.add_parser("import", help="add the stat blocks of a JSON file to your bestiary")
    imp.add_argument("file", help="a bestiary, a list of stat blocks or one (for D&D 2024, 5e monster JSON too)")
    imp.add_argument("--system", choices=system_ids(), required=True)
    imp.add_argument("--replace", action="store_true",
                     help="an entry whose name your bestiary holds replaces it")
    imp.set_defaults(func=run_import)
    exp = kinds.add_parser("export", help="write your bestiary of a system to a JSON file")
    exp.add_argument("file", help="the JSON file to write")
    exp.add_argument("--system", choices=system_ids(), required=True)
    exp.set_defaults(func=run_export)


def _warn(sentences: Any) -> None:
    for sentence in sentences:
        print(f"battlemap: warning: {sentence}", file=sys.stderr)


def run_list(args: argparse.Namespace) -> int:
    from battlemap.engine.files.bestiary import library_file, load_library

    out: dict[str, Any] = {}
    listed = 0
    for system in [args.system] if args.system else system_ids():
        library = load_library(system)
        _warn(library.problems)
        listed += len(library.entries)
        if args.json:
            out[system] = {"file": str(library_file(system)),
                           "creatures": [e.as_data() for e in library.entries],
                           "problems": [str(p) for p in library.problems]}
            continue
        for e in library.entries:
            print(f"{system}\t{e.name}\t{e.size.value}\t{e.side}")
    if args.json:
        print_json(out)
    elif not listed:  # an empty answer says so, and where the blocks go, not a blank screen
        print(f"battlemap: your bestiary holds no stat block yet ({library_file(system).parent}); "
              "`battlemap bestiary import FILE --system S` or Edit ▸ \"Save token as stat "
              "block…\" adds some.", file=sys.stderr)
    return 0


def run_import(args: argparse.Namespace) -> int:
    from battlemap.engine.files.bestiary import LibraryError, import_file, load_library

    _warn(load_library(args.system).problems)
    try:
        report = import_file(args.file, args.system, replace=args.replace)
    except LibraryError as err:
        raise CliError(str(err)) from None
    _warn(report.refused)
    taken = len(report.added) + len(report.replaced)
    print(f"{args.file}: {taken} added to the {args.system} bestiary ({len(report.added)} new, "
          f"{len(report.replaced)} replaced), {len(report.refused)} refused.")
    if report.refused and not taken:
        raise CliError(f"{args.file}: no stat block imported; each refused one is said above.")
    return 0


def run_export(args: argparse.Namespace) -> int:
    from battlemap.engine.files.bestiary import LibraryError, export_library, load_library

    _warn(load_library(args.system).problems)
    try:
        n = export_library(args.system, args.file)
    except LibraryError as err:
        raise CliError(str(err)) from None
    print(f"wrote {args.file} ({counted(n, 'stat block')} of the {args.system} bestiary)")
    return 0
