"""The three real exports in ../shared/uvtt-samples import with the counts they hold.

Counts were read from the files (json: len of line_of_sight, objects_line_of_sight, portals
with their `closed` flags, lights); coordinates are the files' own numbers minus map_origin."""

from __future__ import annotations

from pathlib import Path

import pytest
from shapely.geometry import LineString, Point
from shapely.ops import polygonize, unary_union

from battlemap.io import load_encounter
from battlemap.io.uvtt import import_uvtt, parse_uvtt
from battlemap.model import Encounter, WallKind

V02 = "uvtt2fgu-sampleMap-v0.2.dd2vtt"
CROPPED = "uvtt2fgu-sampleMap-cropped-v0.3.dd2vtt"
CAVE = "dd2vtt_importer-test-v0.3.dd2vtt"


def kinds(enc: Encounter, kind: WallKind) -> list[list[tuple[float, float]]]:
    return [list(w.points) for w in enc.walls if w.kind is kind]


def test_v02_counts_and_points(samples: Path) -> None:
    parsed = parse_uvtt(samples / V02, decode_image=False, system="dnd2024")
    r, enc = parsed.report, parsed.encounter
    # 4 line_of_sight polylines (2+2+2+5 points = 7 segments), no objects_line_of_sight key.
    assert (r.walls_before, r.segments_before) == (4, 7)
    # Nothing to merge: the three door-frame pieces end on the loop's edges (T junctions),
    # and the loop's corners are all real corners.
    assert (r.walls_after, r.segments_after) == (4, 7)
    assert (r.doors, r.windows, r.lights) == (1, 1, 3)
    assert (enc.grid.cols, enc.grid.rows) == (10, 10)
    assert kinds(enc, WallKind.DOOR) == [[(5, 1.5), (5, 2.5)]]
    assert kinds(enc, WallKind.WINDOW) == [[(5, 7.619141), (5, 8.380859)]]
    assert [(w.kind, w.open) for w in enc.walls if w.kind is not WallKind.WALL] == [
        (WallKind.DOOR, False), (WallKind.WINDOW, False)
    ]
    # The light at (-2, -2) is outside the picture but its 5-square range reaches onto it.
    assert [li.position for li in enc.lights] == [(6.570312, 8), (6.007812, 1.984375), (-2, -2)]
    assert any("outside the picture" in s for s in r.repairs)
    assert parsed.header is not None and (parsed.header.width, parsed.header.height) == (2560, 2560)
    assert enc.grid.image is not None and enc.grid.image.pixels_per_square == 256


def test_cropped_export_is_shifted_by_its_origin(samples: Path) -> None:
    parsed = parse_uvtt(samples / CROPPED, decode_image=False, system="dnd2024")
    r, enc = parsed.report, parsed.encounter
    assert r.origin == (2, 1)
    # 4 line_of_sight (7 segments) + 1 object outline of 60 points (59 segments).
    assert (r.walls_before, r.segments_before) == (5, 66)
    assert (r.doors, r.windows, r.lights) == (1, 1, 2)
    # File: door bounds (7, 2.5)-(7, 3.5), light (8.570312, 9), loop corner (11, 10),
    # object outline starts at (5.982422, 8.607422); all minus (2, 1).
    assert kinds(enc, WallKind.DOOR) == [[(5, 1.5), (5, 2.5)]]
    assert enc.lights[0].position == (6.570312, 8)
    walls = kinds(enc, WallKind.WALL)
    assert [(9, 9), (1, 9), (1, 1), (9, 1), (9, 9)] in walls
    assert any(w[0] == (3.982422, 7.607422) or w[-1] == (3.982422, 7.607422) for w in walls)
    # The same room as the uncropped v0.2 export, once shifted.
    v02 = parse_uvtt(samples / V02, decode_image=False, system="dnd2024").encounter
    assert [w.points for w in v02.walls if w.kind is WallKind.WALL] == [
        w for w in walls if len(w) <= 5
    ]


def test_cave_counts_merges_and_rotated_doors(samples: Path) -> None:
    parsed = parse_uvtt(samples / CAVE, decode_image=False, system="dnd2024")
    r, enc = parsed.report, parsed.encounter
    # line_of_sight: 9 polylines of 6, 40, 3, 6, 2, 5, 5, 135, 4 points; objects: 16 and 36.
    assert (r.walls_before, r.segments_before) == (11, 5 + 39 + 2 + 5 + 1 + 4 + 4 + 134 + 3 + 15 + 35)
    # Joined: the cave outline (135 points) ends where polylines 0 and 3 begin
    # ((7.359375, 5) and (4.632813, 14)): three become one; polylines 4 and 8 share both
    # ends and close into one loop. 11 - 2 - 1 = 8.
    assert r.walls_after == 8
    assert r.segments_after < r.segments_before
    assert (r.doors, r.windows, r.lights) == (3, 0, 1)
    # Doors rotated 0, -90 and 180 degrees keep their bounds as exported.
    assert kinds(enc, WallKind.DOOR) == [
        [(11, 6), (12, 6)], [(12, 15.5), (12, 14.5)], [(10.5, 14), (9.5, 14)]
    ]
    # Every door end still touches a wall: simplification opened no gap beside a door.
    wall_lines = unary_union([LineString(w) for w in kinds(enc, WallKind.WALL)])
    for door in kinds(enc, WallKind.DOOR):
        for end in door:
            assert wall_lines.distance(Point(end)) < 1e-9


def _face_area(lines: list[list[tuple[float, float]]], inside: tuple[float, float]) -> float:
    faces = [f for f in polygonize(unary_union([LineString(p) for p in lines])) if f.contains(Point(inside))]
    return min(f.area for f in faces)


def test_cave_room_stays_closed_after_simplification(samples: Path) -> None:
    raw = parse_uvtt(samples / CAVE, decode_image=False, tolerance=0, system="dnd2024").encounter
    simple = parse_uvtt(samples / CAVE, decode_image=False, system="dnd2024").encounter
    # (3, 9) is in the cave on the left of the map; the room closes through its doors.
    before = _face_area([list(w.points) for w in raw.walls], (3, 9))
    after = _face_area([list(w.points) for w in simple.walls], (3, 9))
    # Same closed room (a gap would merge it with the outside and change the face).
    assert after == pytest.approx(before, rel=0.01)


@pytest.mark.parametrize("name", [V02, CROPPED, CAVE])
def test_import_save_load_round_trip(samples: Path, tmp_path: Path, name: str) -> None:
    out = tmp_path / "imported.json"
    result = import_uvtt(samples / name, out, system="dnd2024")
    loaded = load_encounter(out)
    assert loaded == result.encounter
    assert loaded.grid.image is not None and loaded.grid.image.path == "imported.map.png"
    assert (tmp_path / "imported.map.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert result.picture_path == tmp_path / "imported.map.png"
