"""Map pictures: PNG, JPEG and WebP files as the background of an encounter.

Every picture is header-checked (format, megapixels) before it is decoded, see
`image_header`. An encounter refers to its picture by a path relative to the encounter file
(`MapImage.path`); `pixels_per_square` and `offset_px` place the grid on it (offset = where grid
intersection (0, 0) falls, in pixels). Squares are counted whole: a strip narrower than 95% of
a square at the right or bottom edge is left off the grid.
"""

from __future__ import annotations

import io
import math
import os
import re
import warnings
from pathlib import Path
from typing import TYPE_CHECKING

from battlemap.io.errors import LoadError
from battlemap.io.image_header import (
    HEADER_BYTES,
    ImageHeader,
    NeedMoreBytes,
    check_megapixels,
    read_header,
)
from battlemap.io.limits import ENCOUNTER_LIMITS, MAX_MEGAPIXELS_ALLOWED, Limits
from battlemap.io.plain_files import open_regular
from battlemap.io.words import decimal, said
from battlemap.model import Encounter, Grid, MapImage

if TYPE_CHECKING:
    from PIL import Image

MAX_GRID_SQUARES = 1000  # Grid.cols / Grid.rows upper bound
_OBJECT_REPR = re.compile(r"\s*<[^<>]* at 0x[0-9a-fA-F]+>")


def picture_header(data: bytes, name: str, limits: Limits = ENCOUNTER_LIMITS) -> ImageHeader:
    """Header of an in-memory picture, refused if over the megapixel limit."""
    header = read_header(data, name)
    check_megapixels(header, name, limits.max_image_megapixels)
    return header


def read_picture_file(path: Path | str, limits: Limits = ENCOUNTER_LIMITS) -> tuple[bytes, ImageHeader]:
    """The bytes and checked header of a picture file; the header is read before the rest."""
    return _read_picture(Path(path), limits, whole=True)


def read_picture_header(path: Path | str, limits: Limits = ENCOUNTER_LIMITS) -> ImageHeader:
    """The checked header of a picture file, from its first kilobytes (the window's map
    knows the picture's size at once, its pixels come later)."""
    return _read_picture(Path(path), limits, whole=False)[1]


def _read_picture(p: Path, limits: Limits, whole: bool) -> tuple[bytes, ImageHeader]:
    try:
        with open_regular(p) as fh:  # a pipe or a device is refused, never waited on
            size = os.fstat(fh.fileno()).st_size
            if size > limits.max_file_bytes:
                raise LoadError(said("io.picture_mb", name=p.name, mb=size // 1_000_000))
            head = fh.read(HEADER_BYTES)
            try:
                header = read_header(head, p.name, complete=len(head) < HEADER_BYTES)
            except NeedMoreBytes:  # a JPEG with large metadata: its size is further on
                head += fh.read()
                header = read_header(head, p.name)
            check_megapixels(header, p.name, limits.max_image_megapixels)
            data = head + fh.read() if whole else b""
    except OSError as exc:
        raise LoadError(said("io.unreadable", name=p.name, why=str(exc.strerror or exc))) from None
    return data, header


def decode_picture(data: bytes, header: ImageHeader, name: str) -> Image.Image:
    """Decode a header-checked picture fully, so a corrupt body fails here and not on screen."""
    from PIL import Image

    # Our megapixel limit, checked from the header already, is the only one: Pillow's own
    # (a warning past 89 MP, a refusal in its words past 179) stays above it.
    Image.MAX_IMAGE_PIXELS = max(Image.MAX_IMAGE_PIXELS or 0, int(MAX_MEGAPIXELS_ALLOWED * 1e6))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            img = Image.open(io.BytesIO(data), formats=[header.format.upper()])
            if img.size != (header.width, header.height):
                raise LoadError(said("io.decoded_size", name=name, w=header.width,
                                     h=header.height, dw=img.size[0], dh=img.size[1]))
            img.load()
    except LoadError:
        raise
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError, EOFError) as exc:
        reason = _decoder_reason(exc)
        raise LoadError(said("io.not_readable", name=name, fmt=header.format.upper(),
                             why=f" ({reason})" if reason else "")) from None
    return img


def _decoder_reason(exc: Exception) -> str:
    """Pillow's reason, when it says something: "cannot identify image file <_io.BytesIO
    object at 0x…>" names our memory buffer, which tells the GM nothing."""
    text = _OBJECT_REPR.sub("", _short(exc)).strip()
    return "" if text.startswith("cannot identify image file") else text


def image_encounter(
    path: Path | str,
    pixels_per_square: float,
    offset: tuple[float, float] = (0.0, 0.0),
    *,
    system: str,  # the rule system's id: the caller's pick (the rules registry's default)
    encounter_path: Path | str | None = None,
    limits: Limits = ENCOUNTER_LIMITS,
    verify: bool = True,
) -> Encounter:
    """A new encounter over a picture. The grid covers the whole squares the picture holds
    right and below `offset`. `encounter_path` is where the encounter will be saved (the
    picture's path is stored relative to it); None means beside the picture. `verify` decodes
    the picture once so a corrupt file is refused now rather than shown blank later."""
    p = Path(path)
    data, header = read_picture_file(p, limits)
    if verify:
        decode_picture(data, header, p.name)
    grid = grid_over_picture(header, pixels_per_square, offset, p.name)
    rel = _relative_path(p, Path(encounter_path).parent if encounter_path else p.parent)
    image = MapImage(path=rel, pixels_per_square=pixels_per_square, offset_px=offset)
    return Encounter(name=p.stem[:200] or "Map", system=system, grid=grid.model_copy(update={"image": image}))


def grid_over_picture(header: ImageHeader, pps: float, offset: tuple[float, float], name: str) -> Grid:
    if not (math.isfinite(pps) and 1 < pps <= 2000):
        raise LoadError(said("io.pps_range", name=name, pps=decimal(str(pps))))
    ox, oy = offset
    if not (math.isfinite(ox) and math.isfinite(oy) and 0 <= ox < header.width and 0 <= oy < header.height):
        raise LoadError(said("io.offset_outside", name=name, ox=decimal(str(ox)),
                             oy=decimal(str(oy))))
    cols = math.floor((header.width - ox) / pps + 0.05)
    rows = math.floor((header.height - oy) / pps + 0.05)
    if cols < 1 or rows < 1:
        raise LoadError(said("io.no_square", name=name, pps=float(pps)))
    if cols > MAX_GRID_SQUARES or rows > MAX_GRID_SQUARES:
        raise LoadError(said("io.grid_limit", name=name, cols=cols, rows=rows,
                             limit=MAX_GRID_SQUARES))
    return Grid(cols=cols, rows=rows)


def resolve_map_image(encounter_path: Path | str, image: MapImage) -> Path:
    """Where an encounter's picture lives on disk."""
    return Path(encounter_path).parent / image.path


def _relative_path(target: Path, folder: Path) -> str:
    try:
        rel = os.path.relpath(target.resolve(), folder.resolve())
    except ValueError:  # another drive on Windows: keep the absolute path
        rel = str(target.resolve())
    return Path(rel).as_posix()


def _short(exc: Exception) -> str:
    return (str(exc) or type(exc).__name__).splitlines()[0][:120].rstrip(".")
