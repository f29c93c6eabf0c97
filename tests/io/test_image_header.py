"""Picture sizes read from headers, before any decoding; bombs refused by their header."""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest

from battlemap.io import LoadError
from battlemap.io.image_header import check_megapixels, read_header
from battlemap.io.images import decode_picture, picture_header, read_picture_file
from battlemap.io.limits import Limits


@pytest.mark.parametrize(
    ("fmt", "save", "name"),
    [
        ("PNG", {}, "png"),
        ("JPEG", {}, "jpeg"),
        ("WEBP", {"lossless": False}, "webp"),  # VP8 chunk
        ("WEBP", {"lossless": True}, "webp"),  # VP8L chunk
        ("WEBP", {"lossless": True, "exif": b"Exif\x00\x00meta"}, "webp"),  # VP8X chunk
    ],
)
def test_header_size_matches_the_picture(
    make_picture: Callable[..., bytes], fmt: str, save: dict[str, object], name: str
) -> None:
    data = make_picture(333, 127, fmt, **save)
    header = read_header(data, "x")
    assert (header.format, header.width, header.height) == (name, 333, 127)
    decoded = decode_picture(data, header, "x")
    assert decoded.size == (333, 127)


def png_bomb(width: int, height: int) -> bytes:
    """A PNG that declares width x height but holds almost nothing: only its header is real."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = struct.pack(">I", 13) + b"IHDR" + ihdr
    chunk += struct.pack(">I", zlib.crc32(b"IHDR" + ihdr))
    return b"\x89PNG\r\n\x1a\n" + chunk + b"\x00" * 16


def test_decompression_bomb_refused_from_its_header() -> None:
    limits = Limits(max_image_megapixels=100)
    with pytest.raises(LoadError, match=r"bomb.png: the picture is 60000x60000 pixels \(3600.0 megapixels\), over the limit of 100"):
        picture_header(png_bomb(60000, 60000), "bomb.png", limits)


def test_megapixel_limit_is_configurable(make_picture: Callable[..., bytes]) -> None:
    header = read_header(make_picture(1000, 1000), "x")  # exactly 1 megapixel
    check_megapixels(header, "x", 1.0)
    with pytest.raises(LoadError, match="over the limit of 0.5"):
        check_megapixels(header, "x", 0.5)


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (b"GIF89a" + b"\x00" * 40, "not a PNG, JPEG or WebP"),
        (b"\x89PNG\r\n\x1a\n\x00\x00", "PNG header is cut short"),
        (b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\x0dIDAT" + b"\x00" * 12, "does not start with its IHDR"),
        (png_bomb(0, 10), "declares an empty picture"),
        (b"RIFF\x00\x00\x00\x00WEBPVP8 " + b"\x00" * 20, "VP8 start code is missing"),
        (b"RIFF\x00\x00\x00\x00WEBPXXXX" + b"\x00" * 20, "no VP8, VP8L or VP8X chunk"),
        (b"\xff\xd8\xff\xe0\x00\x10JFIF", "JPEG header is cut short"),
        (b"\xff\xd8\xff\xd9", "no frame header"),
    ],
)
def test_corrupt_headers_are_one_sentence(data: bytes, problem: str) -> None:
    with pytest.raises(LoadError, match=problem) as err:
        read_header(data, "map.png")
    assert str(err.value).startswith("map.png: ")


def test_corrupt_body_with_good_header_fails_on_decode(make_picture: Callable[..., bytes]) -> None:
    data = make_picture(64, 64)
    broken = data[:60] + b"\x00" * (len(data) - 60)
    header = read_header(broken, "x.png")
    with pytest.raises(LoadError) as err:
        decode_picture(broken, header, "x.png")
    assert str(err.value) == ("x.png: the picture is not a readable PNG image "
                              "(broken data stream when reading image file).")


def test_jpeg_with_big_metadata_reads_past_the_first_block(
    tmp_path: Path, make_picture: Callable[..., bytes]
) -> None:
    # An APP segment of ~65 KB pushes the frame header past the 64 KB first read.
    jpeg = make_picture(50, 40, "JPEG")
    app = b"\xff\xe1" + struct.pack(">H", 65000) + b"\x00" * 64998
    path = tmp_path / "big.jpg"
    path.write_bytes(jpeg[:2] + app + jpeg[2:])
    _, header = read_picture_file(path)
    assert (header.width, header.height) == (50, 40)
