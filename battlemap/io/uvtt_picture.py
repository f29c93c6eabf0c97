"""The `image` field of a Universal VTT file: base64 picture bytes, or a file name.

Base64 (0.2, 0.3, most 1.0): the text is checked whole, but only the start is decoded: every
character must be of the base64 alphabet (one `bytes.translate`, no regex), `=` only in the
last group of four, and that last group and the first 64 KB must decode strictly. Those
first 64 KB give the header, checked against the megapixel limit. The rest is decoded when
the picture's bytes are first asked for (`Picture.data()`): those checks guarantee it will
decode. A `data:` URL prefix and whitespace (line breaks) are tolerated; anything unusual
goes through a plain strict decode of the whole, which names the problem.
File name (some 1.0 exporters): resolved relative to the .dd2vtt's folder; an absolute path,
or one that leads out of that folder (`..`, a symbolic link), is refused.
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass
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
from battlemap.io.plain_files import file_state
from battlemap.io.words import said
from battlemap.text import Message

PICTURE_SUFFIXES = (".png", ".webp", ".jpg", ".jpeg")
ALPHABET = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
_ASCII_SPACE = bytes(c for c in range(128) if chr(c).isspace())  # what `\s` means in ASCII
_DATA_URL = re.compile(r"^data:image/[a-zA-Z0-9.+-]+;base64,")
_SPACE = re.compile(r"\s+")
_HEAD_CHARS = (HEADER_BYTES // 3 + 1) * 4  # base64 characters for HEADER_BYTES bytes


@dataclass(frozen=True)
class Base64Span:
    """Base64 text inside a bigger buffer (a .dd2vtt's own bytes: megabytes, never copied).
    Made by `base64_span` only, which checked that every character is of the alphabet."""

    buf: bytes
    start: int
    end: int


def base64_span(buf: bytes, start: int, end: int) -> Base64Span | None:
    """The span if all of buf[start:end] is base64 alphabet (`=` included), else None."""
    if end - start < len(buf) // 2:
        clean = not buf[start:end].translate(None, ALPHABET)
    else:  # count what is not base64 in the whole buffer and outside the span: no big copy
        outside = len(buf[:start].translate(None, ALPHABET)) + len(buf[end:].translate(None, ALPHABET))
        clean = len(buf.translate(None, ALPHABET)) == outside
    return Base64Span(buf, start, end) if clean else None


class Picture:
    """A picture whose header passed the checks; its bytes decoded on first use."""

    def __init__(self, header: ImageHeader, data: bytes | None = None, span: Base64Span | None = None) -> None:
        assert data is not None or span is not None
        self.header = header
        self._data = data
        self._span = span

    def data(self) -> bytes:
        if self._data is None:
            assert self._span is not None
            self._data = binascii.a2b_base64(_padded(self._span))  # checked: cannot fail
            self._span = None  # let the file's text go
        return self._data


def picture_from_field(image: str | Base64Span, source: Path, limits: Limits) -> Picture | None:
    """The picture with its checked header; None when the file has no picture."""
    where = said("uvtt.image", name=source.name)
    if isinstance(image, Base64Span):
        return _from_span(image, where, limits)
    text = image.strip()
    if not text:
        return None
    if len(text) <= 1024 and text.lower().endswith(PICTURE_SUFFIXES):
        data, header = read_picture_file(_inside_folder(text, source), limits)
        return Picture(header, data=data)
    text = _DATA_URL.sub("", text, count=1)
    if text.isascii():
        raw = text.encode("ascii")
        if raw.translate(None, ALPHABET):  # line breaks, or worse
            raw = raw.translate(None, _ASCII_SPACE)
        span = base64_span(raw, 0, len(raw))
        if span is not None:
            return _from_span(span, where, limits)
    return _decode_whole(text, where, limits)


def _quoted(name: str) -> Message:
    """A file name as the sentence quotes it: 'map.png' in English, « map.png » in French."""
    return Message.of("text.quoted", text=name)


def _inside_folder(name: str, source: Path) -> Path:
    if PurePosixPath(name).is_absolute() or PureWindowsPath(name).anchor:
        raise LoadError(said("uvtt.absolute", name=source.name, path=_quoted(name)))
    folder = source.parent.resolve()
    state = file_state(folder / name)  # before resolve(): a name too long makes it raise
    if state.kind == "unreadable":
        raise LoadError(said("safety.uvtt_unreadable", name=source.name, why=state.why))
    target = (folder / name).resolve()
    if not target.is_relative_to(folder):
        raise LoadError(said("uvtt.outside", name=source.name, path=_quoted(name)))
    if state.kind != "file":
        raise LoadError(said("uvtt.not_beside", name=source.name, path=_quoted(name)))
    return target


def _from_span(span: Base64Span, where: str, limits: Limits) -> Picture:
    buf, start, end = span.buf, span.start, span.end
    n = end - start
    last = start + (n - 1) // 4 * 4  # where the last group of four starts
    equals = buf.find(b"=", start, end)
    tail_ok = n > 0 and (equals == -1 or equals >= last) and _strict(buf[last:end] + b"=" * (-n % 4))
    if not tail_ok:  # misplaced padding: the whole decode names the problem
        return _decode_whole(bytes(buf[start:end]).decode("ascii"), where, limits)
    whole = n <= _HEAD_CHARS
    head = _b64(_padded(span) if whole else buf[start : start + _HEAD_CHARS], where)
    try:
        header = read_header(head, where, complete=whole)
    except NeedMoreBytes:  # a JPEG whose size sits after large metadata
        head = _b64(_padded(span), where)
        header = read_header(head, where)
        whole = True
    check_megapixels(header, where, limits.max_image_megapixels)
    return Picture(header, data=head if whole else None, span=span)


def _decode_whole(text: str, where: str, limits: Limits) -> Picture:
    """The plain way, for text that is not clean base64: strict decodes name the problem."""
    if _SPACE.search(text):
        text = _SPACE.sub("", text)
    text += "=" * (-len(text) % 4)  # some writers drop the padding
    head = _b64(text[:_HEAD_CHARS], where)
    try:
        header = read_header(head, where, complete=len(text) <= _HEAD_CHARS)
        check_megapixels(header, where, limits.max_image_megapixels)
        data = _b64(text, where)
    except NeedMoreBytes:
        data = _b64(text, where)
        header = read_header(data, where)
        check_megapixels(header, where, limits.max_image_megapixels)
    return Picture(header, data=data)


def _padded(span: Base64Span) -> bytes | memoryview:
    view = memoryview(span.buf)[span.start : span.end]
    pad = -len(view) % 4
    return bytes(view) + b"=" * pad if pad else view


def _strict(chunk: bytes) -> bool:
    try:
        binascii.a2b_base64(chunk, strict_mode=True)
    except binascii.Error:
        return False
    return True


def _b64(text: str | bytes | memoryview, where: str) -> bytes:
    try:
        return base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise LoadError(said("uvtt.base64", where=where, why=str(exc).rstrip("."))) from None
