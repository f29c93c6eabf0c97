"""A token's name plate hangs under its square; when another token stands right under it
(Medium, Large or Small), that token's disc and badges would cover the name (the Brèche
demo's thugs one above the other read « Voyo… uson »): the plate goes above the token when
nothing stands there, else stays under it but stacks over the lower token. Recomputed when
tokens move, come and go."""

from pathlib import Path

import pytest
from PySide6.QtCore import QRectF, Qt

from battlemap.model import Token
from battlemap.ui.map.drawing.items.token_item import TOKEN_Z, TokenItem
from battlemap.ui.map.units import PX

from ..conftest import make_encounter, make_session

DEMO = Path(__file__).parents[4] / "assets/demo/breche35-entrepot-pigalle.json"


def _disc(item: TokenItem) -> QRectF:
    s = item.footprint().width()
    inset = max(2.0, s * 0.06)
    return item.mapRectToScene(item.footprint().adjusted(inset, inset, -inset, -inset))


def _covered_by(view, item: TokenItem, plate: QRectF) -> list:
    """What is painted over `plate` by the items stacked above `item` (tokens: their disc,
    badges and name; other items: their bounds)."""
    out = []
    for other in view.map_scene.items(plate, Qt.ItemSelectionMode.IntersectsItemBoundingRect,
                                      Qt.SortOrder.DescendingOrder):
        if other is item:
            break  # the rest are under it
        if not other.isVisible():
            continue
        if isinstance(other, TokenItem):
            rects = [_disc(other), *other.badge_rects(), other.name_rect(1.0)]
            out += [(other.token_id, r) for r in rects if r.intersects(plate)]
        elif not other.flags() & other.GraphicsItemFlag.ItemHasNoContents:
            out.append((other, other.sceneBoundingRect()))
    return out


def _assert_clear_and_visible(view, upper: TokenItem, lower: TokenItem) -> None:
    plate = upper.name_rect(1.0)
    assert not plate.isEmpty()
    assert not plate.intersects(_disc(lower)), (plate, _disc(lower))
    assert not [r for r in lower.badge_rects() if r.intersects(plate)], lower.badge_rects()
    assert not [r for r in upper.badge_rects() if r.intersects(plate)], upper.badge_rects()
    assert not _covered_by(view, upper, plate)


def test_breche_thugs_one_above_the_other_name_goes_above(map_view):
    from battlemap.io import load_encounter

    enc = load_encounter(str(DEMO))
    for t in enc.tokens:  # initiative and elevation badges on every disc
        t.initiative, t.elevation_m = 14, 3.0
    s = make_session(enc)
    view = map_view(s)
    view.resetTransform()
    s.move("voyou-2", [(10, 10)], gm_override=True)
    s.move("voyou-2", [(9, 9)], gm_override=True)  # right under « Voyou au blouson » (9, 8)
    items = view.map_scene.tokens
    upper, lower = items["voyou-1"], items["voyou-2"]
    assert (lower.pos().x(), lower.pos().y()) == (9 * PX, 9 * PX)
    _assert_clear_and_visible(view, upper, lower)
    assert upper.name_rect(1.0).bottom() <= upper.pos().y()  # above its square
    # The lower one's own name stays under it, nothing there.
    assert lower.name_rect(1.0).top() >= lower.pos().y() + PX
    # Its full name: the line above has room.
    assert upper.name_rect(1.0).width() > PX


def _tokens(below: str | None, above: bool = False) -> list[dict]:
    look = dict(initiative=12, elevation_m=3.0)
    out = [dict(id="up", name="Voyou au blouson", col=3, row=3, **look),
           dict(id="side", name="Guetteur du coin", col=6, row=3, **look)]
    if below == "large":
        out.append(dict(id="down", name="Ogre", size="large", col=2, row=4, **look))
    elif below is not None:
        out.append(dict(id="down", name="Rat", size=below, col=3, row=4, **look))
    if above:
        out.append(dict(id="over", name="Lieutenant Vasseur", col=3, row=2, **look))
    return out


@pytest.mark.parametrize(("size", "role"), [("small", "gm"), ("medium", "gm"),
                                           ("large", "gm"), ("medium", "player")])
def test_a_token_below_of_any_size_sends_the_name_above(map_view, size, role):
    """The players' window lays the names out as the GM's."""
    s = make_session(make_encounter(system="breche35", cols=10, rows=10,
                                    tokens=_tokens(size)))
    view = map_view(s, role=role)
    view.resetTransform()
    items = view.map_scene.tokens
    _assert_clear_and_visible(view, items["up"], items["down"])
    assert items["up"].name_rect(1.0).bottom() <= 3 * PX


def test_a_token_alone_keeps_its_name_below_until_one_comes_under_it(map_view):
    s = make_session(make_encounter(system="breche35", cols=10, rows=10,
                                    tokens=_tokens(None)))
    view = map_view(s)
    view.resetTransform()
    up = view.map_scene.tokens["up"]
    assert up.name_rect(1.0).top() >= 4 * PX  # under its square
    assert up.zValue() == TOKEN_Z
    s.add_token(Token(id="down", name="Voyou à la batte", col=3, row=4, initiative=9))
    down = view.map_scene.tokens["down"]
    _assert_clear_and_visible(view, up, down)
    s.remove_token("down")
    assert up.name_rect(1.0).top() >= 4 * PX


def test_moving_the_lower_token_away_puts_the_name_back_below(map_view):
    s = make_session(make_encounter(system="breche35", cols=10, rows=10,
                                    tokens=_tokens("medium")))
    view = map_view(s)
    view.resetTransform()
    up = view.map_scene.tokens["up"]
    assert up.name_rect(1.0).bottom() <= 3 * PX  # above, a token right under it
    s.move("down", [(4, 5)], gm_override=True)
    assert up.name_rect(1.0).top() >= 4 * PX  # back under its square
    assert up.name_rect(1.0).width() > PX  # and the whole name again
    s.move("down", [(3, 4)], gm_override=True)
    assert up.name_rect(1.0).bottom() <= 3 * PX


def test_both_squares_taken_the_name_stays_below_over_the_lower_token(map_view):
    s = make_session(make_encounter(system="breche35", cols=10, rows=10,
                                    tokens=_tokens("medium", above=True)))
    view = map_view(s)
    view.resetTransform()
    items = view.map_scene.tokens
    up, down = items["up"], items["down"]
    plate = up.name_rect(1.0)
    assert plate.top() >= 4 * PX  # under its square, the one above is taken
    assert up.zValue() > down.zValue()  # painted over the lower token
    assert not _covered_by(view, up, plate)
    # The token over it still has its name above: nothing stands over that one.
    assert items["over"].name_rect(1.0).bottom() <= 2 * PX
