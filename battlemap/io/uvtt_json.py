"""A Universal VTT file's JSON, parsed with its picture left out of the parser, then its
model (`read_uvtt_model`: pydantic for everything but the walls' points, which go straight
into arrays, see `uvtt_model.plain_polylines`).

The picture is most of the file (19.8 of 20 MB in the benchmark export) and one JSON string.
Scanning it in the JSON parser, then copying it out as a Python string, costs more than
everything else in the import. So when the top-level `"image": "…"` value is long and clean
base64, its bytes are replaced by a random marker before parsing, and handed over as a
`Base64Span` of the file's own bytes (no copy).

Why the parse is the same as the whole file's: the cut text starts right after an unescaped
quote and holds only base64 characters (no quote, backslash or control character). If the
parser was inside a string there, that string ends at the same quote with or without the cut,
so both texts hold the same tokens but for that string's content. If it was not, a string was
just closed and a letter follows it: both texts are invalid JSON. Any failure of the cut
text, and any result whose top-level `image` is not the marker (a cut inside some other
string), falls back to parsing the whole file, which gives the exact message and position.
All the usual checks (size, UTF-8, depth, non-finite numbers) run on the cut text; the
picture's text gets its own (see `uvtt_picture`).
"""

from __future__ import annotations

import re
import secrets
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from battlemap.io.errors import LoadError, invalid
from battlemap.io.limits import Limits, check_list_lengths
from battlemap.io.polylines import Polylines, concat
from battlemap.io.safe_json import parse_json_bytes, read_bytes_within
from battlemap.io.uvtt_model import UvttFile, model_polylines, plain_polylines
from battlemap.io.uvtt_picture import Base64Span, base64_span
from battlemap.io.words import json_kind, said

MIN_CUT = 64 * 1024  # a smaller picture parses as fast as it is cut out
_IMAGE_KEY = re.compile(rb'"image"[ \t\n\r]*:[ \t\n\r]*"')
_DATA_URL = re.compile(rb"data:image/[a-zA-Z0-9.+-]+;base64,")
_TRIES = 8  # "image" keys looked at (nested objects may have their own)
_LINE_KEYS = ("line_of_sight", "objects_line_of_sight")
_HEX_TO_LETTERS = str.maketrans("0123456789", "ghijklmnop")


def read_uvtt_json(path: Path | str, limits: Limits) -> Any:
    """The parsed JSON; when the picture was cut out, `data["image"]` is its `Base64Span`."""
    p = Path(path)
    raw = read_bytes_within(p, limits)
    found = _picture_span(raw)
    if found is not None:
        cut_at, span = found
        marker = picture_marker()
        try:
            data = parse_json_bytes(raw[:cut_at] + marker.encode("ascii") + raw[span.end :], p.name, limits)
        except LoadError:
            data = None  # reported from the whole text below, at its true position
        if isinstance(data, dict) and data.get("image") == marker:
            data["image"] = span
            return data
    return parse_json_bytes(raw, p.name, limits)


def picture_marker() -> str:
    """A random string no file holds, written with letters only: a hex digit before an `e`
    ("3e") would look like an exponent to `may_overflow`, and half the imports would then
    parse every float through a Python hook (~10 ms on a 20 MB export)."""
    return "@picture-" + secrets.token_hex(8).translate(_HEX_TO_LETTERS)


def read_uvtt_model(
    src: Path, limits: Limits, wall_keys: tuple[str, ...]
) -> tuple[UvttFile, str | Base64Span, Polylines]:
    """The file's model, its picture field, and its wall polylines (line_of_sight, then
    objects_line_of_sight), read straight into arrays when they are plain numbers."""
    data = read_uvtt_json(src, limits)
    if not isinstance(data, dict):
        raise LoadError(said("uvtt.not_object", name=src.name,
                             kind=json_kind(type(data).__name__)))
    check_list_lengths(data, src, limits, wall_keys=wall_keys)
    # Missing and null optional keys take their defaults; the picture is handled apart
    # (megabytes of base64 need not go through validation).
    fields: dict[str, Any] = {k: v for k, v in data.items() if v is not None and k != "image"}
    image = data.get("image")
    if image is not None and not isinstance(image, str | Base64Span):
        raise LoadError(said("uvtt.image_type", name=src.name))
    if "resolution" not in fields:
        raise LoadError(said("uvtt.no_resolution", name=src.name))
    plain = [plain_polylines(fields.get(key, [])) for key in _LINE_KEYS]
    try:
        if all(p is not None for p in plain):
            rest = {k: v for k, v in fields.items() if k not in _LINE_KEYS}
            return UvttFile.model_validate(rest), image or "", concat([p for p in plain if p is not None])
        uv = UvttFile.model_validate(fields)
    except ValidationError as err:
        raise invalid(src, err) from None
    return uv, image or "", model_polylines(uv.line_of_sight + uv.objects_line_of_sight)


def _picture_span(raw: bytes) -> tuple[int, Base64Span] | None:
    """(where the string's content starts, its base64 without a data: prefix), or None."""
    pos = 0
    for _ in range(_TRIES):
        key = raw.find(b'"image"', pos)
        if key < 0:
            return None
        pos = key + 1
        match = _IMAGE_KEY.match(raw, key)
        if match is None:
            continue
        start = match.end()
        data_url = _DATA_URL.match(raw, start) if raw.startswith(b"data:", start) else None
        b64_start = data_url.end() if data_url else start
        # Exporters write the picture last: its closing quote is then the file's last one,
        # found from the end rather than by scanning 20 MB. A clean span proves no quote
        # comes before it; otherwise the first quote after the start is looked for. (No
        # quote in the first or last MIN_CUT bytes: a picture that is not last costs no
        # check of a span that cannot be clean.)
        last = raw.rfind(b'"')
        checked = (
            last - start >= MIN_CUT
            and not raw[last + 1 :].strip(b" \t\n\r}")
            and raw.find(b'"', start, start + MIN_CUT) < 0
            and raw.rfind(b'"', last - MIN_CUT, last) < 0
        )
        if checked and (span := base64_span(raw, b64_start, last)) is not None:
            return start, span
        end = raw.find(b'"', start)
        if end - start < MIN_CUT:  # also end == -1: an unterminated string
            continue
        if checked and end == last:  # the same span, already found not clean
            return None
        span = base64_span(raw, b64_start, end)
        return (start, span) if span is not None else None
    return None
