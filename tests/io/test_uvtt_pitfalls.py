"""The known Universal VTT pitfalls: each a documented repair or one clear sentence."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from battlemap.io import LoadError
from battlemap.io.limits import UVTT_LIMITS
from battlemap.io.uvtt import parse_uvtt
from battlemap.model import WallKind

Make = Callable[..., dict[str, Any]]
Write = Callable[..., Path]


def refusal(path: Path, **kwargs: Any) -> str:
    with pytest.raises(LoadError) as err:
        parse_uvtt(path, **kwargs, system="dnd2024")
    message = str(err.value)
    assert message.startswith(f"{path.name}: ") and "\n" not in message
    return message


def test_minimal_file_imports(make_uvtt: Make, write_uvtt: Write) -> None:
    parsed = parse_uvtt(write_uvtt(make_uvtt()), system="dnd2024")
    enc = parsed.encounter
    assert (enc.grid.cols, enc.grid.rows) == (4, 3)
    assert [(w.kind, w.points) for w in enc.walls] == [
        (WallKind.WALL, [(0, 1), (2, 1)]), (WallKind.DOOR, [(2, 1), (3, 1)])
    ]
    assert parsed.decoded is not None and parsed.decoded.size == (32, 24)
    assert parsed.report.repairs == []


def test_missing_and_null_optional_keys_take_defaults(make_uvtt: Make, write_uvtt: Write) -> None:
    data = make_uvtt()
    for key in ("line_of_sight", "portals", "lights", "image", "format"):
        del data[key]
    data["objects_line_of_sight"] = None
    del data["resolution"]["map_origin"]
    parsed = parse_uvtt(write_uvtt(data), system="dnd2024")
    assert parsed.encounter.walls == [] and parsed.encounter.lights == []
    assert parsed.encounter.grid.image is None
    assert parsed.report.format_version == 0.3
    assert "no picture in the file: the map has a plain background" in parsed.report.repairs


def test_light_defaults(make_uvtt: Make, write_uvtt: Write) -> None:
    (light,) = parse_uvtt(write_uvtt(make_uvtt(lights=[{"position": {"x": 1, "y": 1}}])), system="dnd2024").encounter.lights
    assert (light.range, light.intensity, light.color, light.shadows) == (5, 1, "ffffffff", True)


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_non_finite_numbers(make_uvtt: Make, write_uvtt: Write, value: str) -> None:
    text = json.dumps(make_uvtt()).replace('"range": 4', f'"range": {value}')
    assert "field 'lights[0].range' is not a finite number" in refusal(write_uvtt(text))


def test_wrong_type_names_the_field(make_uvtt: Make, write_uvtt: Write) -> None:
    data = make_uvtt(portals=[{"position": {"x": "left", "y": 1}}])
    assert "field 'portals[0].position.x': Input should be a valid number" in refusal(write_uvtt(data))


def test_missing_resolution(write_uvtt: Write) -> None:
    assert "field 'resolution' is missing" in refusal(write_uvtt({"format": 1.0}))


@pytest.mark.parametrize("size", [{"x": 0, "y": 5}, {"x": 5000, "y": 5}])
def test_map_size_out_of_range(make_uvtt: Make, write_uvtt: Write, size: dict[str, float]) -> None:
    data = make_uvtt()
    data["resolution"]["map_size"] = size
    assert "field 'resolution.map_size'" in refusal(write_uvtt(data))


def test_origin_subtracted_from_walls_portals_lights(make_uvtt: Make, write_uvtt: Write) -> None:
    data = make_uvtt()
    data["resolution"]["map_origin"] = {"x": 10, "y": 20}
    data["line_of_sight"] = [[{"x": 10, "y": 21}, {"x": 12, "y": 21}]]
    data["portals"][0]["bounds"] = [{"x": 12, "y": 21}, {"x": 13, "y": 21}]
    data["lights"][0]["position"] = {"x": 11.25, "y": 22.5}
    enc = parse_uvtt(write_uvtt(data), system="dnd2024").encounter
    assert [w.points for w in enc.walls] == [[(0, 1), (2, 1)], [(2, 1), (3, 1)]]
    assert enc.lights[0].position == (1.25, 2.5)


def test_far_outside_walls_clipped_lights_and_doors_dropped(make_uvtt: Make, write_uvtt: Write) -> None:
    # 4x3 map: the margin is 4 squares around it, so x in [-4, 8].
    data = make_uvtt(
        line_of_sight=[
            [{"x": 1, "y": 1}, {"x": 1e300, "y": 1}],
            [{"x": -1, "y": 0}, {"x": 0, "y": 0}],
            [{"x": 1, "y": 1}, {"x": 1e300, "y": 1e300}, {"x": 2, "y": 2}],
        ],
        portals=[{"position": {"x": 50, "y": 0}, "bounds": [{"x": 50, "y": 0}, {"x": 51, "y": 0}]}],
        lights=[{"position": {"x": -3, "y": 0}}, {"position": {"x": 1e9, "y": 0}}],
    )
    parsed = parse_uvtt(write_uvtt(data), system="dnd2024")
    enc = parsed.encounter
    # The third wall leaves the margin at (7, 7) (y max = 3 + 4) and comes back through
    # (7, 7) - the same point - so its two parts join again. (Segments compared without
    # direction: the first and third walls meet at (1, 1) and are joined into one.)
    segments = {frozenset(pair) for w in enc.walls for pair in zip(w.points, w.points[1:], strict=False)}
    assert segments == {
        frozenset({(1, 1), (8, 1)}), frozenset({(-1, 0), (0, 0)}),
        frozenset({(1, 1), (7, 7)}), frozenset({(7, 7), (2, 2)}),
    }
    assert [li.position for li in enc.lights] == [(-3, 0)]
    assert sorted(parsed.report.repairs) == sorted([
        "1 wall(s) reach outside the picture: kept as they are",
        "2 wall(s) reach more than a map-width outside the picture: clipped",
        "1 portal(s) far outside the picture: dropped",
        "1 light(s) outside the picture: kept, they shine onto it",
        "1 light(s) more than a map-width outside the picture: dropped",
    ])


def test_portal_without_bounds_follows_its_rotation(make_uvtt: Make, write_uvtt: Write) -> None:
    data = make_uvtt(portals=[{"position": {"x": 2, "y": 1}, "rotation": 1.5707963267948966, "closed": False}])
    (window,) = [w for w in parse_uvtt(write_uvtt(data), system="dnd2024").encounter.walls if w.kind is WallKind.WINDOW]
    (x0, y0), (x1, y1) = window.points
    assert (x0, y0, x1, y1) == pytest.approx((2, 0.5, 2, 1.5))


def test_picture_size_differs_from_map_size(
    make_uvtt: Make, make_picture: Callable[..., bytes], write_uvtt: Write
) -> None:
    # 4x3 squares at 8 px claim 32x24, but the picture is 40x30: 10 px per square.
    data = make_uvtt(image=base64.b64encode(make_picture(40, 30)).decode())
    parsed = parse_uvtt(write_uvtt(data), system="dnd2024")
    assert parsed.encounter.grid.image is not None
    assert parsed.encounter.grid.image.pixels_per_square == 10
    assert any("not map_size x pixels_per_grid (32x24): using 10 px per square" in r for r in parsed.report.repairs)


def test_webp_picture(make_uvtt: Make, make_picture: Callable[..., bytes], write_uvtt: Write) -> None:
    data = make_uvtt(image=base64.b64encode(make_picture(32, 24, "WEBP")).decode())
    parsed = parse_uvtt(write_uvtt(data), system="dnd2024")
    assert parsed.header is not None and parsed.header.extension == ".webp"


def test_picture_over_the_megapixel_limit(make_uvtt: Make, write_uvtt: Write) -> None:
    limits = UVTT_LIMITS.with_megapixels(0.0005)  # 500 pixels; the picture has 768
    msg = refusal(write_uvtt(make_uvtt()), limits=limits)
    assert "field 'image': the picture is 32x24 pixels (0.0 megapixels), over the limit of 0.0005" in msg


def test_picture_as_a_file_beside(
    make_uvtt: Make, make_picture: Callable[..., bytes], write_uvtt: Write, tmp_path: Path
) -> None:
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "cave.png").write_bytes(make_picture(32, 24))
    parsed = parse_uvtt(write_uvtt(make_uvtt(format=1.0, image="maps/cave.png")), system="dnd2024")
    assert parsed.header is not None and (parsed.header.width, parsed.header.height) == (32, 24)


@pytest.mark.parametrize(
    ("image", "problem"),
    [
        ("../secret.png", "field 'image' leads out of its folder"),
        ("/etc/secret.png", "field 'image' names an absolute path"),
        ("C:\\maps\\x.png", "field 'image' names an absolute path"),
        ("gone.png", "which is not a file beside it"),
        ("!!!not base64!!!", "field 'image' is not valid base64"),
    ],
)
def test_bad_picture_field(make_uvtt: Make, write_uvtt: Write, tmp_path: Path, image: str, problem: str) -> None:
    (tmp_path.parent / "secret.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    assert problem in refusal(write_uvtt(make_uvtt(image=image)))


def test_decode_image_false_skips_decoding(make_uvtt: Make, write_uvtt: Write) -> None:
    parsed = parse_uvtt(write_uvtt(make_uvtt()), decode_image=False, system="dnd2024")
    assert parsed.decoded is None and parsed.header is not None and parsed.encounter.walls


def test_unsaved_import_writes_the_picture_beside_the_source(make_uvtt: Make, write_uvtt: Write) -> None:
    from battlemap.io.uvtt import import_uvtt

    src = write_uvtt(make_uvtt())
    result = import_uvtt(src, system="dnd2024")  # the GUI: an unsaved encounter, Save asks where
    assert result.picture_path == src.with_name("map.map.png").resolve()
    assert result.encounter.grid.image is not None
    assert result.encounter.grid.image.path == str(result.picture_path)
    assert result.picture_path.read_bytes()[:4] == b"\x89PNG"


def test_unsaved_import_from_a_read_only_folder_uses_the_cache(
    make_uvtt: Make, write_uvtt: Write, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import battlemap.io.picture_files as picture_files
    import battlemap.io.uvtt as uvtt_module

    src = write_uvtt(make_uvtt())
    real_write = picture_files.atomic_write_bytes

    def read_only_beside(path: Path, data: bytes, backup: bool = False) -> None:
        if Path(path).parent == src.parent:
            raise PermissionError(13, "Permission denied")
        real_write(path, data, backup)

    monkeypatch.setattr(picture_files, "atomic_write_bytes", read_only_beside)
    monkeypatch.setattr(uvtt_module, "user_cache_dir", lambda app: str(tmp_path / "cache" / app))
    result = uvtt_module.import_uvtt(src, system="dnd2024")
    assert result.picture_path is not None
    assert result.picture_path.parent == tmp_path / "cache" / "battlemap" / "pictures"
    assert result.picture_path.name.startswith("map-") and result.picture_path.suffix == ".png"
    assert not src.with_name("map.map.png").exists()


@pytest.mark.parametrize(("cut", "problem"), [
    ("flip", "the picture is not a readable PNG image."),
    ("zeros", "the picture is not a readable PNG image (broken data stream when reading image file)."),
])
def test_a_corrupt_picture_is_one_clean_sentence(
        make_uvtt: Make, make_picture: Callable[..., bytes], write_uvtt: Write, cut: str,
        problem: str) -> None:
    good = make_picture(32, 24)
    if cut == "flip":  # the IDAT chunk's name: Pillow "cannot identify" it (and named its buffer)
        bad = good[:40] + bytes([good[40] ^ 0xFF]) + good[41:]
    else:
        bad = good[:60] + b"\x00" * (len(good) - 60)
    message = refusal(write_uvtt(make_uvtt(image=base64.b64encode(bad).decode())))
    assert message == f"map.dd2vtt: field 'image': {problem}"
