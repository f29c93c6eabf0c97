"""The fast Universal VTT paths give what the plain ones give: the picture cut out of the
JSON text, walls read into arrays, lazy base64, bulk wall models."""

from __future__ import annotations

import base64
import gc
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from battlemap._tricks.gc_pause import gc_paused
from battlemap.io import LoadError
from battlemap.io.limits import UVTT_LIMITS
from battlemap.io.polylines import Polylines
from battlemap.io.safe_json import may_overflow, read_json_file
from battlemap.io.uvtt import parse_uvtt
from battlemap.io.uvtt_build import Frame
from battlemap.io.uvtt_json import MIN_CUT, picture_marker, read_uvtt_json
from battlemap.io.uvtt_model import UvPoint, plain_polylines
from battlemap.io.uvtt_picture import Base64Span
from battlemap.io.wall_models import MAX_POINTS_PER_WALL, wall_models
from battlemap.model import Wall

Make = Callable[..., dict[str, Any]]
Write = Callable[..., Path]


def noise_png(width: int, height: int) -> bytes:
    """A picture whose base64 is well over MIN_CUT (noise does not compress)."""
    from io import BytesIO

    from PIL import Image

    buf = BytesIO()
    Image.frombytes("RGB", (width, height), random.Random(3).randbytes(width * height * 3)).save(buf, "PNG")
    return buf.getvalue()


@pytest.fixture(scope="module")
def big_picture() -> bytes:
    picture = noise_png(200, 150)
    # Longer than what is decoded for the header, so the rest is checked apart.
    assert len(base64.b64encode(picture)) > max(MIN_CUT, 100_000)
    return picture


def with_picture(make_uvtt: Make, picture: bytes, text: str | None = None) -> dict[str, Any]:
    # 4x3 squares of 50 px: the 200x150 picture fits exactly.
    return make_uvtt(ppg=50, image=text if text is not None else base64.b64encode(picture).decode())


def test_picture_is_cut_out_and_the_rest_parses_the_same(
    make_uvtt: Make, write_uvtt: Write, big_picture: bytes
) -> None:
    path = write_uvtt(with_picture(make_uvtt, big_picture))
    cut = read_uvtt_json(path, UVTT_LIMITS)
    whole = read_json_file(path, UVTT_LIMITS)
    span = cut.pop("image")
    assert isinstance(span, Base64Span)
    assert base64.b64decode(span.buf[span.start : span.end]) == big_picture
    assert cut == {k: v for k, v in whole.items() if k != "image"}


def test_picture_marker_never_looks_like_an_exponent() -> None:
    # A marker such as "@picture-3e…" made the parser call a Python hook for every float.
    markers = {picture_marker() for _ in range(2000)}
    assert len(markers) == 2000
    assert not any(may_overflow(m.encode("ascii")) for m in markers)


@pytest.mark.parametrize(
    "edit",
    [
        # Another, short, "image" key inside a string and inside a nested object come first.
        lambda text, b64: text.replace('{"format"', '{"note": "\\"image\\": \\"x\\"", "format"', 1),
        lambda text, b64: text.replace('{"format"', '{"environment": {"image": "AAAA"}, "format"', 1),
    ],
)
def test_cut_never_changes_what_the_file_means(
    make_uvtt: Make, write_uvtt: Write, big_picture: bytes, edit: Callable[[str, str], str]
) -> None:
    b64 = base64.b64encode(big_picture).decode()
    path = write_uvtt(edit(json.dumps(with_picture(make_uvtt, big_picture)), b64))
    cut = read_uvtt_json(path, UVTT_LIMITS)
    whole = read_json_file(path, UVTT_LIMITS)
    image = cut["image"]
    if isinstance(image, Base64Span):
        cut["image"] = image.buf[image.start : image.end].decode()
    assert cut == whole


@pytest.mark.parametrize(
    "after",
    ["", ', "after": "AAAA"', ', "after": "QUJD' + "A" * 80_000 + '"', ',\n "after": {"x": "\\""}\n'],
)
def test_picture_found_whether_or_not_it_is_the_last_value(
    make_uvtt: Make, write_uvtt: Write, big_picture: bytes, after: str
) -> None:
    # Its end is looked for from the file's end first: a later string must not fool that.
    path = write_uvtt(json.dumps(with_picture(make_uvtt, big_picture))[:-1] + after + "}")
    cut = read_uvtt_json(path, UVTT_LIMITS)
    span = cut.pop("image")
    assert isinstance(span, Base64Span)
    assert base64.b64decode(span.buf[span.start : span.end]) == big_picture
    assert cut == {k: v for k, v in read_json_file(path, UVTT_LIMITS).items() if k != "image"}


@pytest.mark.parametrize(
    ("tail", "problem"),
    [
        (', "x": ' + "[" * 70 + "]" * 70, "nested 71 levels deep"),
        (', "x": NaN', "field 'x' is not a finite number"),
        (', "x": 1,', "not valid JSON (Expecting property name enclosed in double quotes at line 1, column"),
    ],
)
def test_errors_after_the_picture_keep_their_message(
    make_uvtt: Make, write_uvtt: Write, big_picture: bytes, tail: str, problem: str
) -> None:
    text = json.dumps(with_picture(make_uvtt, big_picture))[:-1] + tail + "}"
    path = write_uvtt(text)
    with pytest.raises(LoadError) as err:
        parse_uvtt(path, system="dnd2024")
    assert problem in str(err.value)
    if "column" in problem:  # the true position in the whole file, not in the cut text
        assert str(err.value).endswith(f"column {len(text)})."), str(err.value)


@pytest.mark.parametrize(
    ("mangle", "problem"),
    [
        (lambda b: b[:50_000] + "=" + b[50_000:], "is not valid base64 (Discontinuous padding not allowed)"),
        (lambda b: b[:100_000] + "*" + b[100_000:], "is not valid base64 (Only base64 data is allowed)"),
        (lambda b: b[:100_000] + "\u00e9" + b[100_000:], "is not valid base64"),
        (lambda b: b.rstrip("=") + "A" * ((1 - len(b.rstrip("="))) % 4), "is not valid base64"),
    ],
)
def test_bad_base64_anywhere_is_refused_without_decoding_the_picture(
    make_uvtt: Make, write_uvtt: Write, big_picture: bytes, mangle: Callable[[str], str], problem: str
) -> None:
    text = mangle(base64.b64encode(big_picture).decode())
    with pytest.raises(LoadError, match="field 'image'") as err:
        parse_uvtt(write_uvtt(with_picture(make_uvtt, big_picture, text)), decode_image=False, system="dnd2024")
    assert problem in str(err.value)


@pytest.mark.parametrize(
    "dress", [lambda b: b, lambda b: "data:image/png;base64," + b, lambda b: b.rstrip("="),
              lambda b: "\n".join(b[i : i + 76] for i in range(0, len(b), 76))],
)
def test_picture_bytes_decoded_on_demand(
    make_uvtt: Make, write_uvtt: Write, big_picture: bytes, dress: Callable[[str], str]
) -> None:
    text = dress(base64.b64encode(big_picture).decode())
    parsed = parse_uvtt(write_uvtt(with_picture(make_uvtt, big_picture, text)), decode_image=False, system="dnd2024")
    assert parsed.header is not None and (parsed.header.width, parsed.header.height) == (200, 150)
    assert parsed.decoded is None
    assert parsed.picture == big_picture


def test_plain_points_read_into_arrays() -> None:
    lines = plain_polylines([[{"x": 1, "y": 2.5}, {"x": 3.25, "y": 4, "extra": "kept out"}], [], [{"x": 0, "y": 0}]])
    assert lines is not None
    assert lines.xy.tolist() == [[1, 2.5], [3.25, 4], [0, 0]]
    assert lines.offsets.tolist() == [0, 2, 2, 3]


@pytest.mark.parametrize(
    "value",
    [
        [[{"x": "1", "y": 2}]],  # pydantic reads "1" as a number: let it
        [[{"x": True, "y": 2}]],
        [[{"x": 1}]],
        [[[1, 2]]],
        [{"x": 1, "y": 2}],
        {"a": []},
        [[{"x": 10**400, "y": 0}]],
    ],
)
def test_anything_but_plain_points_goes_to_pydantic(value: Any) -> None:
    assert plain_polylines(value) is None


def test_plain_and_validated_walls_import_the_same(make_uvtt: Make, write_uvtt: Write) -> None:
    lines: list[list[dict[str, Any]]] = [
        [{"x": 0, "y": 1}, {"x": 1.5, "y": 1}, {"x": 2, "y": 2}], [{"x": 3, "y": 0}, {"x": 3, "y": 3}]
    ]
    plain = parse_uvtt(write_uvtt(make_uvtt(line_of_sight=lines), "a.dd2vtt"), system="dnd2024").encounter
    # One number written as a string: the file goes through pydantic instead.
    lines[1][1]["y"] = "3"
    validated = parse_uvtt(write_uvtt(make_uvtt(line_of_sight=lines), "b.dd2vtt"), system="dnd2024").encounter
    assert plain.walls == validated.walls
    assert [w.points for w in plain.walls][:2] == [[(0, 1), (1.5, 1), (2, 2)], [(3, 0), (3, 3)]]


def test_origin_so_far_that_shifting_overflows_is_one_sentence(make_uvtt: Make, write_uvtt: Write) -> None:
    data = make_uvtt(line_of_sight=[[{"x": 1.7e308, "y": 0}, {"x": 1, "y": 0}]])
    data["resolution"]["map_origin"] = {"x": -1.7e308, "y": 0}
    with pytest.raises(LoadError, match="field 'resolution.map_origin' is so far from the walls"):
        parse_uvtt(write_uvtt(data), system="dnd2024")


def test_shift_of_one_point_and_of_arrays_agree() -> None:
    # A door end (shifted alone) must meet the wall it hangs on (shifted as an array).
    frame = Frame(UvPoint(x=2.000001, y=-3.3), 10, 10)
    rng = random.Random(4)
    pts = [(round(rng.uniform(-50, 50), rng.randrange(0, 8)), rng.uniform(-50, 50)) for _ in range(500)]
    pts += [(1e300, -1e300), (5e5, 2e6)]
    one_by_one = [frame.shift(UvPoint(x=x, y=y)) for x, y in pts]
    assert frame.shift_all(np.array(pts)).tolist() == [list(p) for p in one_by_one]
    assert frame.shift(UvPoint(x=5.982422, y=0)) == (3.982421, 3.3)


def test_bulk_wall_models_equal_validated_walls() -> None:
    lines = [[(0.0, 0.0), (1.0, 0.5)], [(2.0, 2.0), (2.0, 2.0)], [(1.0, 1.0), (2.0, 1.0), (2.0, 3.0)]]
    walls = wall_models(Polylines.from_lists(lines))
    assert walls == [Wall(points=lines[0]), Wall(points=lines[2])]  # the degenerate one left out
    assert walls[1].model_dump() == Wall(points=lines[2]).model_dump()
    walls[0].open = True  # still a working model: assignment is validated
    with pytest.raises(ValueError, match="points"):
        walls[0].points = [(0.0, 0.0)]


def test_bulk_wall_models_cut_long_polylines() -> None:
    n = MAX_POINTS_PER_WALL + 10
    line = [(i / 16, float(i % 2)) for i in range(n)]  # within MAX_COORD: 6,250 squares long
    pieces = wall_models(Polylines.from_lists([line]))
    assert [len(w.points) for w in pieces] == [MAX_POINTS_PER_WALL, 11]
    assert pieces[0].points[-1] == pieces[1].points[0]


def test_gc_paused_restores_the_collector() -> None:
    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
        with gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the inner pause does not resume it early
    assert gc.isenabled()


def test_gc_pause_leaves_what_it_made_in_the_oldest_generation() -> None:
    with gc_paused():
        made = [[i] for i in range(2000)]
    assert gc.get_count()[0] < 700  # no young-generation collection waiting to walk them
    young = {id(o) for o in gc.get_objects(generation=0)} | {id(o) for o in gc.get_objects(generation=1)}
    assert not any(id(o) in young for o in made)
    assert gc.get_freeze_count() == 0  # promoted, not frozen: a full collection still sees them
    del made

