"""Walls exported under a door or window (two rooms sharing a wall, as Dungeondraft writes
them) are cut on import: the doorway opens with its door, and the report says how many."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from battlemap.engine import Session
from battlemap.io.polylines import Polylines
from battlemap.io.uvtt import parse_uvtt
from battlemap.io.walls_under_portals import cut_under_portals
from battlemap.model import Token, Wall, WallKind

Make = Callable[..., dict[str, Any]]
Write = Callable[..., Path]


def _pts(*xy: tuple[float, float]) -> list[dict[str, float]]:
    return [{"x": x, "y": y} for x, y in xy]


def two_rooms(shared_x: float = 3.0) -> dict[str, Any]:
    """Room A (x 0..3) leaves the doorway (x = 3, y 1..2) open; room B (x 3..6) runs its
    own west wall, at `shared_x`, right under the door."""
    door = {"position": {"x": 3, "y": 1.5}, "bounds": _pts((3, 1), (3, 2)),
            "rotation": 1.5707963, "closed": True, "freestanding": False}
    return {
        "line_of_sight": [
            _pts((3, 1), (3, 0), (0, 0), (0, 3), (3, 3), (3, 2)),
            _pts((shared_x, 0), (6, 0), (6, 3), (shared_x, 3), (shared_x, 0)),
        ],
        "portals": [door],
        "lights": [],
    }


def _door_session(path: Path) -> tuple[Session, int]:
    enc = parse_uvtt(path, decode_image=False, system="dnd2024").encounter
    enc = enc.model_copy(update={"tokens": [Token(id="h", name="H", side="party", col=2, row=1)]})
    session = Session(enc, seed=1)
    return session, next(i for i, w in enumerate(enc.walls) if w.kind == WallKind.DOOR)


@pytest.mark.parametrize("shared_x", [3.0, 3.01])
def test_an_open_door_over_the_neighbouring_rooms_wall_lets_the_step_through(
        make_uvtt: Make, write_uvtt: Write, shared_x: float) -> None:
    session, door = _door_session(write_uvtt(make_uvtt(cols=6, rows=3, **two_rooms(shared_x))))
    assert not session.preview_move("h", [(3, 1)]).legal  # shut: the door stops it
    session.set_door(door, True)
    assert session.preview_move("h", [(3, 1)]).legal
    assert not session.preview_move("h", [(2, 0), (3, 0)]).legal  # the wall beside still holds


def test_the_report_counts_the_walls_cut_and_the_files_segments(make_uvtt: Make, write_uvtt: Write) -> None:
    report = parse_uvtt(write_uvtt(make_uvtt(cols=6, rows=3, **two_rooms())),
                        decode_image=False, system="dnd2024").report
    assert report.segments_before == 5 + 4  # as in the file, before the cut
    assert "1 wall(s) ran under a door or window: cut there, so the doorway opens" in report.repairs


def test_a_wall_beside_a_door_is_not_cut(make_uvtt: Make, write_uvtt: Write) -> None:
    report = parse_uvtt(write_uvtt(make_uvtt()), decode_image=False, system="dnd2024").report
    assert not any("under a door" in r for r in report.repairs)


def test_the_cut_ends_the_wall_on_the_portals_ends() -> None:
    lines = Polylines.from_lists([[(3.01, 0.0), (3.01, 3.0)], [(0.0, 0.0), (2.0, 0.0)]])
    door = Wall(points=[(3.0, 1.0), (3.0, 2.0)], kind=WallKind.DOOR)
    cut, count = cut_under_portals(lines, [door])
    assert count == 1
    assert cut.to_lists() == [[(3.01, 0.0), (3.0, 1.0)], [(3.0, 2.0), (3.01, 3.0)], [(0.0, 0.0), (2.0, 0.0)]]


def test_a_wall_ending_under_a_door_loses_only_that_end() -> None:
    lines = Polylines.from_lists([[(0.0, 1.0), (2.5, 1.0), (2.5, 3.0)]])
    window = Wall(points=[(2.0, 1.0), (3.0, 1.0)], kind=WallKind.WINDOW)
    cut, count = cut_under_portals(lines, [window])
    assert count == 1
    assert cut.to_lists() == [[(0.0, 1.0), (2.0, 1.0)], [(2.5, 1.0), (2.5, 3.0)]]


def test_a_wall_crossing_a_door_at_an_angle_is_kept() -> None:
    lines = Polylines.from_lists([[(2.0, 0.0), (4.0, 3.0)]])
    cut, count = cut_under_portals(lines, [Wall(points=[(3.0, 1.0), (3.0, 2.0)], kind=WallKind.DOOR)])
    assert count == 0 and cut.to_lists() == lines.to_lists()
