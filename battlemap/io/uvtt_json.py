"""A Universal VTT file's JSON, parsed with its picture left out of the parser.

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

from battlemap.io.errors import LoadError
from battlemap.io.limits import Limits
from battlemap.io.safe_json import parse_json_bytes, read_bytes_within
from battlemap.io.uvtt_picture import Base64Span, base64_span

MIN_CUT = 64 * 1024  # a smaller picture parses as fast as it is cut out
_IMAGE_KEY = re.compile(rb'"image"[ \t\n\r]*:[ \t\n\r]*"')
_DATA_URL = re.compile(rb"data:image/[a-zA-Z0-9.+-]+;base64,")
_TRIES = 8  # "image" keys looked at (nested objects may have their own)


def read_uvtt_json(path: Path | str, limits: Limits) -> Any:
    """The parsed JSON; when the picture was cut out, `data["image"]` is its `Base64Span`."""
    p = Path(path)
    raw = read_bytes_within(p, limits)
    found = _picture_span(raw)
    if found is not None:
        cut_at, span = found
        marker = "@picture-" + secrets.token_hex(8)
        try:
            data = parse_json_bytes(raw[:cut_at] + marker.encode("ascii") + raw[span.end :], p.name, limits)
        except LoadError:
            data = None  # reported from the whole text below, at its true position
        if isinstance(data, dict) and data.get("image") == marker:
            data["image"] = span
            return data
    return parse_json_bytes(raw, p.name, limits)


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
        end = raw.find(b'"', start)
        if end - start < MIN_CUT:  # also end == -1: an unterminated string
            continue
        data_url = _DATA_URL.match(raw, start) if raw.startswith(b"data:", start) else None
        span = base64_span(raw, data_url.end() if data_url else start, end)
        return (start, span) if span is not None else None
    return None
