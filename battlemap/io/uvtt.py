"""Universal VTT import (.dd2vtt, .df2vtt, .uvtt; formats 0.2, 0.3, 1.0) → an encounter.

- Grid: `resolution.map_size` squares (a fractional size is rounded up).
- Walls: `line_of_sight` + `objects_line_of_sight`, origin-shifted, joined and simplified
  (`wall_simplify`, tolerance 0.01 square). Portals: `closed: true` → door, `closed: false`
  → window, one segment along `bounds`; wall parts running under a portal are cut out
  (`walls_under_portals`). Lights kept for the player view. Walls, doors and
  lights outside the picture: see `uvtt_build`.
- Picture: written as a file beside the encounter, `<encounter stem>.map.png` (or `.webp`,
  `.jpg`, the bytes exactly as exported, never re-encoded), and referred to by that relative
  name in `grid.image`. A file of that name holding other bytes (another encounter's picture)
  is never replaced: the picture takes `<stem>.map-2.png` and so on (`picture_files`). A file rather than base64 inside the encounter keeps encounter files
  small, diffable and fast to autosave. `pixels_per_square` comes from the picture's real width
  divided by `map_size.x`: when it differs from `pixels_per_grid` the report says so.
- Safety: JSON read within `UVTT_LIMITS`; the picture's megapixels checked from its header
  before decoding; every failure is a `LoadError` sentence naming the file and the field.
  `import_uvtt` validates everything before writing anything, then writes the picture and
  the encounter atomically: a failed import leaves the old encounter as it was.

For timing, `parse_uvtt(path, decode_image=False)` gives usable walls with the picture only
header-checked (its base64 is checked whole but decoded only when `ParsedUvtt.picture` is
read); `decode_image=True` also decodes the picture fully (`ParsedUvtt.decoded`). Speed: the
picture is cut out of the text before the JSON parser runs (`uvtt_json`), walls go from JSON
to arrays to models without a Python object per point (`uvtt_model.plain_polylines`,
`wall_simplify`, `wall_models`).
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from PIL import Image
from platformdirs import user_cache_dir
from pydantic import ValidationError

from battlemap._tricks.gc_pause import gc_paused
from battlemap.io.encounter_file import atomic_write_text, savable_json
from battlemap.io.errors import LoadError, SaveError, invalid
from battlemap.io.image_header import ImageHeader
from battlemap.io.images import MAX_GRID_SQUARES, decode_picture
from battlemap.io.import_report import ImportReport
from battlemap.io.limits import UVTT_LIMITS, Limits
from battlemap.io.picture_files import write_picture
from battlemap.io.uvtt_build import Frame, lights, portal_walls, shifted_polylines
from battlemap.io.uvtt_json import read_uvtt_model
from battlemap.io.uvtt_model import UvttFile
from battlemap.io.uvtt_picture import Picture, picture_from_field
from battlemap.io.wall_models import MAX_ENCOUNTER_WALLS, wall_models
from battlemap.io.wall_simplify import DEFAULT_TOLERANCE, simplify_polylines
from battlemap.io.walls_under_portals import cut_under_portals
from battlemap.io.words import decimal, said
from battlemap.model import Encounter, Grid, MapImage

UVTT_SUFFIXES = (".dd2vtt", ".df2vtt", ".uvtt")
KNOWN_VERSIONS = (0.2, 0.3, 1.0)
WALL_KEYS = ("line_of_sight", "objects_line_of_sight", "portals")
T = TypeVar("T")


@dataclass
class ParsedUvtt:
    encounter: Encounter  # grid.image.path is a placeholder until `import_uvtt` names the file
    report: ImportReport
    source: Picture | None  # the checked picture; its bytes decoded on first use
    decoded: Image.Image | None  # only with decode_image=True

    @property
    def picture(self) -> bytes | None:
        """The picture file's bytes (decoded from base64 on first use)."""
        return self.source.data() if self.source else None

    @property
    def header(self) -> ImageHeader | None:
        return self.source.header if self.source else None


def is_uvtt(path: Path | str) -> bool:
    return Path(path).suffix.lower() in UVTT_SUFFIXES


def parse_uvtt(
    path: Path | str,
    *,
    system: str,  # the rule system's id: the caller's pick (the rules registry's default)
    decode_image: bool = True,
    limits: Limits = UVTT_LIMITS,
    tolerance: float = DEFAULT_TOLERANCE,
) -> ParsedUvtt:
    with gc_paused():  # tens of thousands of small objects: no collection halfway
        return _parse(Path(path), system, decode_image, limits, tolerance)


def _parse(src: Path, system: str, decode_image: bool, limits: Limits, tolerance: float) -> ParsedUvtt:
    uv, image_field, raw_lines = read_uvtt_model(src, limits, WALL_KEYS)
    report = ImportReport(source=src.name, format_version=uv.format)
    if uv.format not in KNOWN_VERSIONS:
        report.repaired(f"format {uv.format:g} is not one of 0.2, 0.3, 1.0: read as 1.0")
    cols, rows = _grid_size(uv, src.name, report)
    frame = Frame(uv.resolution.map_origin, cols, rows)
    report.origin = (frame.ox, frame.oy)

    report.walls_before = len(raw_lines)
    try:
        polylines = shifted_polylines(raw_lines, frame, report)
    except OverflowError:
        raise LoadError(said("uvtt.overflow", name=src.name)) from None
    doors = portal_walls(uv.portals, frame, report)
    polylines, cut = cut_under_portals(polylines, doors)
    if cut:
        report.repaired(f"{cut} wall(s) ran under a door or window: cut there, so the doorway opens")
    simple = simplify_polylines(polylines, tolerance, anchors=[p for d in doors for p in d.points])
    walls = wall_models(simple.lines)
    report.segments_before, report.segments_after = raw_lines.segments(), simple.segments_after
    report.walls_after = len(walls)
    report.doors = sum(d.kind == "door" for d in doors)
    report.windows = len(doors) - report.doors
    if simple.kept_for_junctions:
        report.repaired(f"{simple.kept_for_junctions} wall(s) left unsimplified to keep a junction closed")
    light_models = lights(uv.lights, frame, report)
    report.lights = len(light_models)

    found = picture_from_field(image_field, src, limits)
    image = None
    if found is None:
        report.repaired("no picture in the file: the map has a plain background")
    else:
        image = _map_image(found.header, uv, cols, rows, src.name, report)
    trusted = len(walls) + len(doors) <= MAX_ENCOUNTER_WALLS  # over it: validation says so
    try:
        enc = Encounter(
            name=src.stem[:200] or "Map",
            system=system,
            grid=Grid(cols=cols, rows=rows, image=image),
            walls=doors if trusted else [*walls, *doors],
            lights=light_models,
        )
    except ValidationError as err:
        raise invalid(src, err) from None
    if trusted:  # `wall_models` checked them on arrays: no second loop over every point
        enc = enc.model_copy(update={"walls": [*walls, *doors]})
    decoded = None
    if found is not None and decode_image:
        decoded = decode_picture(found.data(), found.header, f"{src.name}: field 'image'")
    return ParsedUvtt(enc, report, found, decoded)


@dataclass
class UvttImport:
    encounter: Encounter
    report: ImportReport
    picture_path: Path | None  # where the picture was written, if the file had one


def import_uvtt(
    path: Path | str,
    encounter_path: Path | str | None = None,
    *,
    system: str,
    limits: Limits = UVTT_LIMITS,
    tolerance: float = DEFAULT_TOLERANCE,
) -> UvttImport:
    """Import and save: the picture beside `encounter_path` (path stored relative), then the
    encounter, atomically. Without `encounter_path` (the GUI opens an import unsaved) only the
    picture is written, beside the source file or, if that folder is read-only, in the user
    cache folder; its path is stored absolute so the unsaved map shows it."""
    parsed = parse_uvtt(path, system=system, decode_image=True, limits=limits, tolerance=tolerance)
    enc, report, picture = parsed.encounter, parsed.report, parsed.picture
    if picture is None or parsed.header is None:
        if encounter_path is not None:
            _write(path, lambda: atomic_write_text(encounter_path, savable_json(enc, encounter_path), backup=True))
        return UvttImport(enc, report, None)
    ext = parsed.header.extension
    if encounter_path is None:
        target = _write_unsaved_picture(Path(path), ext, picture)
        enc = _with_picture_path(enc, str(target))
    else:
        out = Path(encounter_path)
        wanted = out.parent / f"{out.stem}.map{ext}"
        # The name is known only once the folder is looked at (another picture may hold it).
        target, new = _write(path, lambda: write_picture(wanted, picture))
        enc = _with_picture_path(enc, target.name)
        try:
            _write(path, lambda: atomic_write_text(out, savable_json(enc, out), backup=True))
        except (LoadError, SaveError):
            if new:  # nothing refers to it: a failed import leaves the folder as it was
                target.unlink(missing_ok=True)
            raise
    report.picture = target.name
    return UvttImport(enc, report, target)


def _with_picture_path(enc: Encounter, stored: str) -> Encounter:
    assert enc.grid.image is not None
    image = enc.grid.image.model_copy(update={"path": stored})
    return enc.model_copy(update={"grid": enc.grid.model_copy(update={"image": image})})


def _write(src: Path | str, action: Callable[[], T]) -> T:
    try:
        return action()
    except OSError as exc:
        raise LoadError(said("uvtt.cannot_write", name=Path(src).name,
                             why=str(exc.strerror or exc))) from None


def _write_unsaved_picture(src: Path, ext: str, picture: bytes) -> Path:
    """Beside the source file (under a free name: see `picture_files`); in the user cache
    folder when that folder is read-only."""
    try:
        return write_picture(src.with_name(f"{src.stem}.map{ext}"), picture)[0].resolve()
    except OSError:
        digest = hashlib.sha256(picture).hexdigest()[:16]
        cached = Path(user_cache_dir("battlemap")) / "pictures" / f"{src.stem}-{digest}{ext}"
        return _write(src, lambda: write_picture(cached, picture))[0]


def _grid_size(uv: UvttFile, name: str, report: ImportReport) -> tuple[int, int]:
    size = uv.resolution.map_size
    if not (0 < size.x <= MAX_GRID_SQUARES and 0 < size.y <= MAX_GRID_SQUARES):
        raise LoadError(said("uvtt.map_size", name=name, x=float(size.x), y=float(size.y),
                             limit=MAX_GRID_SQUARES))
    cols, rows = math.ceil(size.x - 1e-6), math.ceil(size.y - 1e-6)
    if (cols, rows) != (size.x, size.y):
        report.repaired(f"map size {size.x:g}x{size.y:g} rounded up to {cols}x{rows} whole squares")
    report.cols, report.rows = cols, rows
    return cols, rows


def _map_image(header: ImageHeader, uv: UvttFile, cols: int, rows: int, name: str, report: ImportReport) -> MapImage:
    """Squares measured on the real picture; a mismatch with the file's numbers is reported."""
    size = uv.resolution.map_size
    pps = header.width / size.x
    pps_y = header.height / size.y
    if not 1 < pps <= 2000:
        raise LoadError(said("uvtt.pps", name=name, w=header.width, h=header.height,
                             pps=decimal(f"{pps:.2f}")))
    ppg = uv.resolution.pixels_per_grid
    if abs(pps - ppg) > 0.01 * ppg:
        report.repaired(
            f"picture is {header.width}x{header.height} px, not map_size x pixels_per_grid "
            f"({size.x * ppg:g}x{size.y * ppg:g}): using {pps:g} px per square from the picture"
        )
    if abs(pps_y - pps) > 0.01 * pps:
        report.repaired(
            f"picture squares are not square ({pps:g} x {pps_y:g} px): the grid follows the width"
        )
    report.picture_format = header.format
    report.picture_size = (header.width, header.height)
    report.pixels_per_square = pps
    return MapImage(path=f"{name}{header.extension}", pixels_per_square=pps, offset_px=(0.0, 0.0))
