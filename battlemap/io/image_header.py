"""Read a picture's format and pixel size from its first bytes, without decoding it.

This is the guard against decompression bombs: a 100-byte PNG can claim 60,000 x 60,000
pixels and make a decoder allocate gigabytes. We read the size the file declares (PNG IHDR,
WebP VP8/VP8L/VP8X, JPEG SOFn) and refuse it against the megapixel limit before any decoder
runs. Pillow later decodes only files that passed, and its own size must match ours.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

from battlemap.io.errors import LoadError
from battlemap.io.words import decimal, said

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
# Enough bytes for every header we parse, except JPEGs with big metadata before SOF.
HEADER_BYTES = 64 * 1024
EXTENSIONS = {"png": ".png", "webp": ".webp", "jpeg": ".jpg"}


@dataclass(frozen=True)
class ImageHeader:
    format: str  # "png", "webp" or "jpeg"
    width: int
    height: int

    @property
    def megapixels(self) -> float:
        return self.width * self.height / 1_000_000

    @property
    def extension(self) -> str:
        return EXTENSIONS[self.format]


DISPLAY = {"png": "PNG", "webp": "WebP", "jpeg": "JPEG"}


class NeedMoreBytes(Exception):
    """The header lies beyond the bytes given (only JPEG metadata can push it that far)."""


class _BadHeader(Exception):
    """The picture's header is corrupt; the message says how (without the file name)."""


def sniff_format(head: bytes) -> str | None:
    if head.startswith(PNG_MAGIC):
        return "png"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "webp"
    if head[:3] == b"\xff\xd8\xff":
        return "jpeg"
    return None


def read_header(head: bytes, name: str, complete: bool = True) -> ImageHeader:
    """Format and size from the first bytes of a picture; LoadError if it is not one we read.

    With `complete=False` (only the file's start was given) a JPEG whose frame header lies
    further raises NeedMoreBytes, so the caller can read on."""
    fmt = sniff_format(head)
    if fmt is None:
        raise LoadError(said("io.not_picture", name=name))
    readers = {"png": _png_size, "webp": _webp_size, "jpeg": _jpeg_size}
    try:
        width, height = readers[fmt](head)
    except NeedMoreBytes:
        if not complete:
            raise
        raise LoadError(said("io.header_short", name=name, fmt=DISPLAY[fmt])) from None
    except (struct.error, IndexError):
        raise LoadError(said("io.header_short", name=name, fmt=DISPLAY[fmt])) from None
    except _BadHeader as exc:
        raise LoadError(said("io.problem", name=name, problem=exc.args[0])) from None
    if width <= 0 or height <= 0:
        raise LoadError(said("io.empty_picture", name=name, fmt=DISPLAY[fmt], w=width, h=height))
    return ImageHeader(fmt, width, height)


def check_megapixels(header: ImageHeader, name: str, max_megapixels: float) -> None:
    if header.megapixels > max_megapixels:
        raise LoadError(said("io.megapixels", name=name, w=header.width, h=header.height,
                             mp=decimal(f"{header.megapixels:.1f}"),
                             limit=float(max_megapixels)))


def _png_size(b: bytes) -> tuple[int, int]:
    # IHDR must be the first chunk: length 13, type, width, height (big-endian).
    length, ctype = struct.unpack(">I4s", b[8:16])
    if ctype != b"IHDR" or length != 13:
        raise _BadHeader(said("header.png_ihdr"))
    width, height = struct.unpack(">II", b[16:24])
    return int(width), int(height)


def _webp_size(b: bytes) -> tuple[int, int]:
    chunk = b[12:16]
    if chunk == b"VP8 ":
        # Lossy: 3-byte frame tag, start code 9d 01 2a, then 14-bit width and height.
        if b[23:26] != b"\x9d\x01\x2a":
            raise _BadHeader(said("header.vp8"))
        w, h = struct.unpack("<HH", b[26:30])
        return w & 0x3FFF, h & 0x3FFF
    if chunk == b"VP8L":
        # Lossless: signature 0x2f, then (width-1) and (height-1) packed in 14 bits each.
        if b[20] != 0x2F:
            raise _BadHeader(said("header.vp8l"))
        bits = int.from_bytes(b[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8X":
        # Extended: canvas (width-1) and (height-1) as 24-bit little-endian numbers.
        if len(b) < 30:
            raise IndexError
        return int.from_bytes(b[24:27], "little") + 1, int.from_bytes(b[27:30], "little") + 1
    raise _BadHeader(said("header.webp_chunk"))


def _jpeg_size(b: bytes) -> tuple[int, int]:
    i = 2
    while True:
        while i < len(b) and b[i] == 0xFF and i + 1 < len(b) and b[i + 1] == 0xFF:
            i += 1  # fill bytes between markers
        if i + 2 > len(b):
            raise NeedMoreBytes
        if b[i] != 0xFF:
            raise _BadHeader(said("header.jpeg_markers"))
        marker = b[i + 1]
        if marker in (0x01, *range(0xD0, 0xD8)):  # markers without a length
            i += 2
            continue
        if marker == 0xD9 or marker == 0xDA:  # end of image / start of scan before any frame
            raise _BadHeader(said("header.jpeg_frame"))
        if i + 4 > len(b):
            raise NeedMoreBytes
        (length,) = struct.unpack(">H", b[i + 2 : i + 4])
        if length < 2:
            raise _BadHeader(said("header.jpeg_segment"))
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            if i + 9 > len(b):
                raise NeedMoreBytes
            height, width = struct.unpack(">HH", b[i + 5 : i + 9])
            return int(width), int(height)
        i += 2 + length
