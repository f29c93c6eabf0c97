"""A drag repaints only what each new square changed (issue 9): the path overlay dirties the
rects of the marks a step added or took away, and each cover badge is its own small item. The
screen must still show exactly what a full repaint draws, after moving forward, back along the
path, with opportunity attacks, an illegal step (a walled-in square no route reaches, the
straight line drawn refused), and badges that change."""

from typing import Any

import numpy as np
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from battlemap.ui.map.drawing.overlays.path_drawing import OAMark, PathDrawing, StepMark
from battlemap.ui.map.drawing.overlays.path_marks import path_marks
from battlemap.ui.map.units import PX

from ..conftest import make_encounter, make_session, send_mouse

GOBLIN = {"max_hp": 7, "ac": 15, "weapons": [{"name": "Scimitar", "damage": "1d6"}]}
HERO = {"max_hp": 30, "ac": 16, "abilities": {"str": 16},
        "weapons": [{"name": "Longsword", "damage": "1d8"}]}


def _skirmish() -> Any:
    # dnd2024 (docs/rules/README.md#geometry-by-system): leaving a foe's reach provokes; the wall makes cover badges.
    return make_session(make_encounter(cols=12, rows=9, tokens=[
        dict(id="hero", name="Aldric", side="party", col=2, row=4, stats=HERO),
        dict(id="gob", name="Goblin", side="foe", col=3, row=4, stats=GOBLIN),
        dict(id="orc", name="Orc", side="foe", col=9, row=1, stats=GOBLIN),
        dict(id="kob", name="Kobold", side="foe", col=9, row=7, stats=GOBLIN),
    ], walls=[dict(points=[(6, 0), (6, 3)]), dict(points=[(0, 6), (4, 6)]),
              dict(points=[(10, 4), (11, 4), (11, 5), (10, 5), (10, 4)])]))


def _shown_and_fresh(view: Any) -> tuple[QImage, QImage]:
    """What the offscreen screen holds (the backing store, repainted piece by piece) and a
    repaint of the whole view from scratch."""
    for _ in range(3):
        QApplication.processEvents()
    fmt = QImage.Format.Format_RGB32
    shown = view.screen().grabWindow(view.winId()).toImage().convertToFormat(fmt)
    fresh = view.grab().toImage().convertToFormat(fmt)
    return shown, fresh


def _differing(a: QImage, b: QImage) -> int:
    """Pixels that differ between two RGB32 images of one size."""
    assert a.size() == b.size()
    pa = np.frombuffer(a.constBits(), dtype=np.uint32, count=a.width() * a.height())
    pb = np.frombuffer(b.constBits(), dtype=np.uint32, count=b.width() * b.height())
    return int(np.count_nonzero(pa != pb))


def test_the_screen_after_each_drag_step_is_a_full_repaint(map_view) -> None:
    s = _skirmish()
    view = map_view(s)
    move = view.controllers["move"]
    send_mouse(view, "press", 2.5, 4.5)
    route = [(1.5, 4.5), (1.5, 3.5), (2.5, 2.5), (4.5, 2.5), (5.5, 3.5), (4.5, 4.5),
             (10.5, 4.5),  # walled in: no route, the straight line drawn refused, with why
             (2.5, 3.5), (1.5, 4.5)]  # back: marks taken away
    seen_oa = seen_illegal = seen_badge = False
    for x, y in route:
        send_mouse(view, "move", x, y)
        shown, fresh = _shown_and_fresh(view)
        assert _differing(shown, fresh) == 0, (x, y)
        d = move.drawing
        seen_oa |= bool(d.oas)
        seen_illegal |= any(not st.legal for st in d.steps)
        seen_badge |= bool(move.cover.overlay.labels)
    assert seen_oa and seen_illegal and seen_badge  # the route exercised every kind of mark
    move.ask_oa = lambda provokes, names: None  # the drop is cancelled at the OA question
    send_mouse(view, "release", 1.5, 4.5)
    shown, fresh = _shown_and_fresh(view)
    assert move.drawing is None and move.cover.overlay.labels == []
    assert _differing(shown, fresh) == 0


def test_a_step_changes_only_the_marks_of_the_squares_it_touched() -> None:
    # One more square: its step fill, one more segment, the ghost and the cost label move;
    # the squares and segments already drawn keep the same marks (nothing to repaint there).
    def drawing(squares: list[tuple[int, int]]) -> PathDrawing:
        return PathDrawing("hero", (2, 2), 1.0, squares,
                           steps=[StepMark(sq, True) for sq in squares],
                           oas=[OAMark((2, 2), "gob", "Goblin")],
                           cost_m=1.5 * len(squares), allowance_m=9.0)

    before = set(path_marks(drawing([(3, 3), (4, 3)]), lambda: []))
    after = set(path_marks(drawing([(3, 3), (4, 3), (5, 3)]), lambda: []))
    added = sorted((m.kind, m.rect) for m in after - before)
    gone = sorted((m.kind, m.rect) for m in before - after)
    assert [k for k, _ in added] == ["ghost", "label", "segment", "step"]
    assert [k for k, _ in gone] == ["ghost", "label"]
    step = next(r for k, r in added if k == "step")
    assert step == (5 * PX, 3 * PX, PX, PX)
    segment = next(r for k, r in added if k == "segment")  # (4.5, 3.5) → (5.5, 3.5), padded
    assert segment == (4.5 * PX - 4, 3.5 * PX - 4, PX + 8, 8)
