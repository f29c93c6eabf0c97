"""The mouse tools are plain generators: driven here with Pointer events, no QApplication."""

import pytest

from battlemap.model import AreaShape, AreaTemplate
from battlemap.ui.map.gestures.tools.move_tool import drag_token, extend_path, key_step
from battlemap.ui.map.gestures.tools.pointer import Pointer, run_tool
from battlemap.ui.map.gestures.tools.template_tool import (
    direction_from_drag,
    place_template,
    size_from_drag,
    snap_origin,
)


class RecordingMove:
    def __init__(self) -> None:
        self.previews: list[list[tuple[int, int]]] = []
        self.committed: list[tuple[int, int]] | None = None
        self.cancelled = False

    def preview(self, token_id, path):
        self.previews.append(list(path))

    def commit(self, token_id, path):
        self.committed = list(path)

    def cancel(self, token_id):
        self.cancelled = True


def test_extend_path_steps_diagonally_then_straight():
    assert extend_path((0, 0), [], (3, 1)) == [(1, 1), (2, 1), (3, 1)]


def test_extend_path_back_to_a_visited_square_cuts_the_loop():
    path = [(1, 0), (2, 0), (2, 1)]
    assert extend_path((0, 0), path, (1, 0)) == [(1, 0)]
    assert extend_path((0, 0), path, (0, 0)) == []


def test_drag_previews_each_new_square_and_commits_the_path():
    ctx = RecordingMove()
    events = [Pointer(2.5, 2.5, "press"), Pointer(2.9, 2.6), Pointer(3.4, 2.5),
              Pointer(4.2, 3.7), Pointer(4.3, 3.8, "release")]
    run_tool(lambda press: drag_token(ctx, "t", (2, 2), press), events)
    # (2.9, 2.6) stays in the start square: no preview for it.
    assert ctx.previews == [[(3, 2)], [(3, 2), (4, 3)]]
    assert ctx.committed == [(3, 2), (4, 3)]


def test_large_token_keeps_its_grab_offset():
    ctx = RecordingMove()
    # A 2x2 token at (5, 5) grabbed in its lower-right square (6, 6).
    events = [Pointer(6.5, 6.5, "press"), Pointer(7.5, 6.5), Pointer(7.5, 6.5, "release")]
    run_tool(lambda press: drag_token(ctx, "ogre", (5, 5), press), events)
    assert ctx.committed == [(6, 5)]


def test_release_on_the_start_square_cancels():
    ctx = RecordingMove()
    events = [Pointer(1.5, 1.5, "press"), Pointer(2.5, 1.5), Pointer(1.5, 1.5, "release")]
    run_tool(lambda press: drag_token(ctx, "t", (1, 1), press), events)
    assert ctx.committed is None and ctx.cancelled


@pytest.mark.parametrize(("key", "expected"), [("left", (2, 3)), ("right", (4, 3)),
                                               ("up", (3, 2)), ("down", (3, 4)), ("x", None)])
def test_arrow_keys_step_one_square(key, expected):
    assert key_step((3, 3), key) == expected


def test_template_sizes_and_directions():
    assert snap_origin(2.4, 3.6, free=False) == (2.0, 4.0)
    assert snap_origin(2.4, 3.6, free=True) == (2.4, 3.6)
    assert size_from_drag(4.0, 0.0) == 6.0  # 4 squares = 6 m
    assert size_from_drag(0.2, 0.0) == 1.5  # never below one square
    assert direction_from_drag(0.0, 1.0, free=False) == 90.0  # south
    assert direction_from_drag(1.0, 1.05, free=False) == 45.0  # snapped to 15°
    assert direction_from_drag(1.0, 1.05, free=True) == pytest.approx(46.4, abs=0.05)


class RecordingTemplates:
    def __init__(self, token: str | None = None) -> None:
        self.token = token
        self.previews: list[AreaTemplate] = []
        self.placed: AreaTemplate | None = None

    def token_at(self, x, y):
        return self.token

    def new_template_id(self):
        return "area-1"

    def preview_template(self, template):
        self.previews.append(template)

    def place_template(self, template):
        self.placed = template

    def cancel_template(self):
        pass


def test_cone_drag_snaps_origin_and_sets_size_and_direction():
    ctx = RecordingTemplates()
    events = [Pointer(3.1, 2.9, "press"), Pointer(5.0, 3.0), Pointer(7.0, 3.0, "release")]
    run_tool(lambda press: place_template(ctx, AreaShape.CONE, press), events)
    assert ctx.placed is not None
    assert ctx.placed.origin == (3.0, 3.0)
    assert ctx.placed.size_m == 6.0
    assert ctx.placed.direction_deg == 0.0
    assert [p.size_m for p in ctx.previews] == [1.5, 3.0, 6.0]


def test_emanation_pressed_on_a_token_follows_it():
    ctx = RecordingTemplates(token="cleric")
    events = [Pointer(4.5, 4.5, "press"), Pointer(6.6, 4.5, "release")]
    run_tool(lambda press: place_template(ctx, AreaShape.EMANATION, press), events)
    assert ctx.placed is not None
    assert ctx.placed.token == "cleric" and ctx.placed.origin is None
    assert ctx.placed.size_m == 3.0
