"""A background repaint of a few small parts far apart draws them one by one
(drawing/exposed_parts.py): the cached background comes out pixel for pixel as a full
redraw of it, on the GM's map and on the players' map under fog, zoomed far out (the tokens
painted into the background, lifted out of it where they change)."""

from typing import Any

import pytest
from PySide6.QtGui import QImage, QTransform
from PySide6.QtWidgets import QApplication

from battlemap.ui.map.drawing import exposed_parts as parts_module
from battlemap.ui.map.drawing.items.background_tokens import FAR_ZOOM
from battlemap.ui.map.drawing.items.token_item import screen_scale
from battlemap.ui.map.units import PX

from ..conftest import make_encounter, make_session


def walled_session() -> Any:
    """A 60×40 map with walls, a door, a window, difficult terrain, two party members far
    apart and goblins of one name (numbered initials) all over it."""
    tokens = [dict(id=f"f{i}", name="Gobelin", side="foe", col=2 + 7 * i, row=3 + 4 * (i % 8))
              for i in range(8)]
    tokens += [dict(id="hero", name="Aldric", side="party", col=20, row=20),
               dict(id="scout", name="Scout", side="party", col=47, row=33),
               dict(id="ogre", name="Ogre", side="foe", size="large", col=55, row=35)]
    walls = [dict(points=[(10, 0), (10, 18)]), dict(points=[(10, 22), (10, 40)]),
             dict(points=[(10, 18), (10, 22)], kind="door"),
             dict(points=[(30, 5), (50, 12), (58, 30)]),
             dict(points=[(0, 25), (8, 25)], kind="window")]
    enc = make_encounter(cols=60, rows=40, tokens=tokens, walls=walls,
                         terrain=[dict(squares=[(c, r) for c in range(40, 48)
                                                for r in range(2, 6)])])
    return make_session(enc)


def frame(view: Any) -> QImage:
    QApplication.processEvents()  # pending scene updates (lifts) reach the view first
    view.viewport().repaint()
    return view.viewport().grab().toImage()


def redrawn(view: Any) -> QImage:
    """The view with its cached background drawn again whole."""
    view.resetCachedContent()
    return frame(view)


@pytest.mark.parametrize("role", ["gm", "player"])
@pytest.mark.parametrize("zoom", [None, 0.17])
def test_far_apart_changes_repaint_as_a_full_redraw(map_view: Any, monkeypatch: Any,
                                                     role: str, zoom: float | None) -> None:
    split: list[int] = []
    found = parts_module.exposed_parts

    def counted(p: Any, rect: Any) -> Any:
        out = found(p, rect)
        split.append(0 if out is None else len(out))
        return out

    monkeypatch.setattr("battlemap.ui.map.scene.exposed_parts", counted)
    s = walled_session()
    view = map_view(s, role=role)
    if zoom is None:
        view.fit()
    else:  # a zoom and a scroll of fractions of a pixel
        view.setTransform(QTransform.fromScale(zoom, zoom))
        view.centerOn(31.37 * PX, 19.61 * PX)
    if role == "player":
        view.set_fog(True)
    assert view.controllers  # its tools built now: they switch the lights layer on
    redrawn(view)
    assert screen_scale(view.transform()) < FAR_ZOOM
    assert view.map_scene.background_tokens.active
    for moves in ([("hero", (21, 20)), ("scout", (46, 33)), ("ogre", (53, 34))],
                  [("f7", (50, 30)), ("f1", (9, 8)), ("scout", (45, 32))],
                  [("hero", (21, 21)), ("f3", (22, 15)), ("f5", (36, 22))]):
        for tid, square in moves:
            s.move(tid, [square], gm_override=True)
        s.update_token(moves[-1][0], name="Gobelin vert")  # renumbers the others' initials
        picture = frame(view)
        assert picture == redrawn(view)
    assert max(split) > 1  # some repaint was drawn part by part
