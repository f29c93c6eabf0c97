"""`battlemap import FILE -o ENCOUNTER.json`: a Universal VTT export or a map picture → an
encounter, with the picture written beside it. Prints the import report; bad input exits 2
with one sentence and leaves any existing ENCOUNTER.json untouched."""

from __future__ import annotations

import argparse
from pathlib import Path

from battlemap.cli.common import CliError, number_in
from battlemap.io import LoadError, SaveError
from battlemap.io.encounter_file import save_encounter
from battlemap.io.images import image_encounter
from battlemap.io.limits import ENCOUNTER_LIMITS, MAX_MEGAPIXELS_ALLOWED, UVTT_LIMITS
from battlemap.io.uvtt import import_uvtt, is_uvtt
from battlemap.rules.core.system import default_system_id, system_ids

PICTURE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp")


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("import", help="import a Universal VTT file (.dd2vtt/.df2vtt/.uvtt) or a map picture")
    p.add_argument("file", help="the .dd2vtt/.df2vtt/.uvtt export, or a PNG/JPEG/WebP picture")
    p.add_argument("-o", "--output", required=True, help="the encounter file to write")
    p.add_argument("--system", default=default_system_id(), choices=system_ids())
    p.add_argument("--max-megapixels", type=float, default=None,
                   help=f"largest picture accepted (default {UVTT_LIMITS.max_image_megapixels:g})")
    p.add_argument("--pixels-per-square", type=float, default=None,
                   help="for a picture: its pixels per grid square (required)")
    p.add_argument("--offset", type=float, nargs=2, default=(0.0, 0.0), metavar=("X", "Y"),
                   help="for a picture: pixel where grid intersection (0,0) falls")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    src, out = Path(args.file), Path(args.output)
    if src.resolve() == out.resolve():
        raise CliError(f"{out.name}: the output would overwrite the file being imported.")
    if args.max_megapixels is not None:
        number_in(args.max_megapixels, "--max-megapixels", 0, MAX_MEGAPIXELS_ALLOWED, above=True)
    try:
        if is_uvtt(src):
            result = import_uvtt(src, out, system=args.system,
                                 limits=UVTT_LIMITS.with_megapixels(args.max_megapixels))
            print("\n".join(result.report.lines()))
        elif src.suffix.lower() in PICTURE_SUFFIXES:
            _import_picture(args, src, out)
        else:
            raise CliError(f"{src.name}: not a Universal VTT file or a PNG/JPEG/WebP picture.")
    except (LoadError, SaveError) as err:
        raise CliError(str(err)) from None
    print(f"wrote {out}")
    return 0


def _import_picture(args: argparse.Namespace, src: Path, out: Path) -> None:
    if args.pixels_per_square is None:
        raise CliError(f"{src.name}: a picture needs --pixels-per-square (how many pixels one square spans).")
    limits = ENCOUNTER_LIMITS.with_megapixels(args.max_megapixels)
    enc = image_encounter(src, args.pixels_per_square, tuple(args.offset), system=args.system,
                          encounter_path=out, limits=limits)
    try:
        save_encounter(enc, out)
    except OSError as exc:
        raise CliError(f"{out.name}: cannot be written ({exc.strerror or exc}).") from None
    print(f"{src.name}: {enc.grid.cols}x{enc.grid.rows} squares at {args.pixels_per_square:g} px per square")
