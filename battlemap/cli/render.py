"""`battlemap render FILE -o OUT.png [--player [--player-hp none|bar|bloodied] [--fog]] [--size WxH]`: draw the GM's or the players'
view of an encounter to a PNG, headless (offscreen Qt when there is no display)."""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

from battlemap.cli.common import CliError


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("render", help="render the map (GM or player view) to a PNG")
    p.add_argument("file")
    p.add_argument("-o", "--output", required=True, help="PNG file to write")
    p.add_argument("--player", action="store_true", help="the players' view (no hidden tokens)")
    # None when not given: like --fog, it is refused without --player (the GM's view always
    # shows the numbers), rather than ignored.
    p.add_argument("--player-hp", choices=["none", "bar", "bloodied"], default=None,
                   help="with --player: what the players' view shows of hit points "
                        "(default: bloodied)")
    p.add_argument("--fog", action="store_true",
                   help="with --player: hide what the party cannot see (fog of war)")
    p.add_argument("--size", default=None, help="image size WxH in pixels (default: 64 px per "
                                                "square, at most 4096 wide)")
    p.set_defaults(func=run)


def parse_size(text: str | None, cols: int, rows: int) -> tuple[int, int]:
    if text is None:
        from battlemap.ui.map.picture import default_size

        return default_size(cols, rows, smallest=4)
    m = re.fullmatch(r"\s*(\d{1,9})\s*[xX×]\s*(\d{1,9})\s*", text)
    if not m:
        raise CliError(f"--size must look like 1600x1200, not '{text}'.")
    w, h = int(m.group(1)), int(m.group(2))
    if not (16 <= w <= 16384 and 16 <= h <= 16384):
        raise CliError(f"--size {w}x{h} is outside 16..16384 pixels per side.")
    return w, h


def run(args: argparse.Namespace) -> int:
    from battlemap.io import LoadError

    for given, option in ((args.fog, "--fog"), (args.player_hp is not None, "--player-hp")):
        if given and not args.player:
            raise CliError(f"{option} applies to the players' view: add --player.")
    out = Path(args.output)
    if out.suffix.lower() != ".png":
        raise CliError(f"{out.name}: the output must be a .png file.")
    # A Universal VTT export's picture goes to a scratch folder, removed once drawn: a render
    # writes OUT.png and nothing else (opening the export in the window keeps it beside it).
    with tempfile.TemporaryDirectory(prefix="battlemap-render-") as scratch:
        try:
            session = _open(Path(args.file), Path(scratch))
        except LoadError as err:
            raise CliError(str(err)) from None
        return _render(session, args, out)


def _open(path: Path, scratch: Path) -> Any:
    from battlemap.ui.files.file_kinds import kind_of, open_session

    if kind_of(path) != "uvtt":
        return open_session(path)
    from battlemap.engine import Session
    from battlemap.io.uvtt import import_uvtt
    from battlemap.rules.core.system import default_system_id

    encounter_path = scratch / f"{path.stem}.json"
    return Session(import_uvtt(path, encounter_path, system=default_system_id()).encounter,
                   path=encounter_path)


def _allow_outside_pictures(session: Any, shown_as: Path) -> None:
    """A render is the GM's own command on a file they named: pictures from outside the
    encounter's folder are drawn, for this run only, and stderr names each."""
    from battlemap.engine.files.picture_consent import allow_this_run
    from battlemap.io.picture_folder import outside_pictures
    from battlemap.io.words import said

    outside = outside_pictures(session.encounter, session.path)
    for picture in outside:
        print(f"battlemap: note: {said('picture.outside_rendered', name=shown_as.name, path=str(picture))}",
              file=sys.stderr)
    allow_this_run(session.path, outside)


def _picture_warning(problem: str) -> None:
    """Where the map picture cannot be shown, the window's sentence on stderr (the map is
    drawn without it, as the window opens it)."""
    print(f"battlemap: warning: {problem}", file=sys.stderr)


def _render(session: Any, args: argparse.Namespace, out: Path) -> int:
    _allow_outside_pictures(session, Path(args.file))
    grid = session.encounter.grid
    w, h = parse_size(args.size, grid.cols, grid.rows)
    from battlemap.ui.app import ensure_display, get_app

    ensure_display()
    get_app([sys.argv[0]])
    from battlemap.ui.map.picture import map_picture

    image = map_picture(session, w, h, players=args.player, fog=args.fog,
                        player_hp=args.player_hp or "bloodied", on_missing=_picture_warning)
    from battlemap.ui.png_file import write_png

    try:
        write_png(image, out)  # atomic: a full disk leaves the previous PNG whole
    except ValueError:
        raise CliError(f"{out.name}: cannot be written.") from None
    except OSError as exc:
        raise CliError(f"{out.name}: cannot be written ({exc.strerror or exc}).") from None
    print(f"{out}: {w}x{h}, {'player' if args.player else 'GM'} view of {Path(args.file).name}")
    return 0
