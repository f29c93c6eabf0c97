"""The `image` field of a Universal VTT file: base64 picture bytes, or a file name.

Base64 (0.2, 0.3, most 1.0): only the first 64 KB are decoded to read the header and check
the megapixel limit; the rest is decoded after that check passes. A `data:` URL prefix and
line breaks are tolerated; any other character that is not base64 is an error.
File name (some 1.0 exporters): resolved relative to the .dd2vtt's folder; an absolute path,
or one that leads out of that folder (`..`, a symbolic link), is refused.
"""

from __future__ import annotations

import base64
import binascii
import re
from pathlib import Path, PurePosixPath, PureWindowsPath

from battlemap.io.errors import LoadError
from battlemap.io.image_header import (
    HEADER_BYTES,
    ImageHeader,
    NeedMoreBytes,
    check_megapixels,
    read_header,
)
from battlemap.io.images import read_picture_file
from battlemap.io.limits import Limits

PICTURE_SUFFIXES = (".png", ".webp", ".jpg", ".jpeg")
_DATA_URL = re.compile(r"^data:image/[a-zA-Z0-9.+-]+;base64,")
_SPACE = re.compile(r"\s+")
_HEAD_CHARS = (HEADER_BYTES // 3 + 1) * 4  # base64 characters for HEADER_BYTES bytes


def picture_from_field(image: str, source: Path, limits: Limits) -> tuple[bytes, ImageHeader] | None:
    """The picture bytes and their checked header; None when the file has no picture."""
    text = image.strip()
    if not text:
        return None
    if len(text) <= 1024 and text.lower().endswith(PICTURE_SUFFIXES):
        return read_picture_file(_inside_folder(text, source), limits)
    return _from_base64(text, source.name, limits)


def _inside_folder(name: str, source: Path) -> Path:
    if PurePosixPath(name).is_absolute() or PureWindowsPath(name).anchor:
        raise LoadError(f"{source.name}: field 'image' names an absolute path ({name!r}); only a file beside it is read.")
    folder = source.parent.resolve()
    target = (folder / name).resolve()
    if not target.is_relative_to(folder):
        raise LoadError(f"{source.name}: field 'image' leads out of its folder ({name!r}).")
    if not target.is_file():
        raise LoadError(f"{source.name}: field 'image' names {name!r}, which is not a file beside it.")
    return target


def _from_base64(text: str, name: str, limits: Limits) -> tuple[bytes, ImageHeader]:
    text = _DATA_URL.sub("", text, count=1)
    if _SPACE.search(text):
        text = _SPACE.sub("", text)
    text += "=" * (-len(text) % 4)  # some writers drop the padding
    where = f"{name}: field 'image'"
    head = _b64(text[:_HEAD_CHARS], where)
    try:
        header = read_header(head, where, complete=len(text) <= _HEAD_CHARS)
        check_megapixels(header, where, limits.max_image_megapixels)
        data = _b64(text, where)
    except NeedMoreBytes:  # a JPEG whose size sits after large metadata
        data = _b64(text, where)
        header = read_header(data, where)
        check_megapixels(header, where, limits.max_image_megapixels)
    return data, header


def _b64(text: str, where: str) -> bytes:
    try:
        return base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise LoadError(f"{where} is not valid base64 ({str(exc).rstrip('.')}).") from None
