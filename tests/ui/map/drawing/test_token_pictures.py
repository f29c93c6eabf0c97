"""A token's disc and marks are drawn once per look and zoom, then copied (issue 9: a zoom
step re-renders every token in view; 55.0 → 44.6 M instructions a notch on the stress map).
The copy must never show an older look: each thing a GM can change is part of the key."""

from dataclasses import replace
from typing import Any

import pytest
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QStyleOptionGraphicsItem

from battlemap.model import Token
from battlemap.ui.map.drawing import sprites
from battlemap.ui.map.drawing.items.token_item import TokenItem
from battlemap.ui.map.drawing.items.token_look import TokenLook, side_colour

BASE = TokenLook("Goule", "Go", side_colour("foe"), hp=20, hp_max=20)
MARKED = replace(BASE, conditions=["prone"], initiative="12", elevation_m=4.5)
# change → (the look before, what changes). A badge's text changed at the same width keeps
# the picture's size: only the key can tell the two apart.
CHANGES = {
    "hurt": (BASE, {"hp": 9}),
    "nearly down": (BASE, {"hp": 4}),
    "bloodied": (BASE, {"state": "bloodied"}),
    "dead": (BASE, {"state": "dead"}),
    "prone": (BASE, {"conditions": ["prone"]}),
    "another condition": (MARKED, {"conditions": ["poisoned"]}),
    "initiative": (MARKED, {"initiative": "17"}),
    "flying lower": (MARKED, {"elevation_m": -4.5}),
    "hidden": (BASE, {"hidden": True}),
    "initials": (BASE, {"initials": "Gu"}),
    "side": (BASE, {"colour": side_colour("party")}),
}


def _painted(item: TokenItem, zoom: float = 1.0) -> QImage:
    img = QImage(220, 220, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(QColor("white"))
    p = QPainter(img)
    p.translate(60.3, 60.6)  # the copy lands on whole device pixels wherever the item is
    p.scale(zoom, zoom)
    item.paint(p, QStyleOptionGraphicsItem())
    p.end()
    return img


def _item(look: TokenLook, name: str = "t", role: str = "gm", player_hp: str = "bar",
          size: str = "medium") -> TokenItem:
    return TokenItem(Token(id=name, name=look.name, col=0, row=0, size=size), look,
                     role=role, player_hp=player_hp)


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_a_changed_look_never_shows_the_cached_picture_of_the_old_one(qapp: Any,
                                                                      change: str) -> None:
    before, fields = CHANGES[change]
    look = replace(before, **fields)
    sprites.clear()
    fresh = _painted(_item(look))
    sprites.clear()
    base = _painted(_item(before))
    after_base = _painted(_item(look))  # the old look's picture is in the cache
    assert after_base == fresh
    assert after_base != base  # and the change shows


def test_what_the_role_shows_is_part_of_the_picture(qapp: Any) -> None:
    # The players' window may hide the HP bar: the GM's cached picture must not leak to it.
    sprites.clear()
    gm = _painted(_item(BASE, role="gm"))
    hidden_hp = _painted(_item(BASE, role="player", player_hp="none"))
    sprites.clear()
    assert hidden_hp == _painted(_item(BASE, role="player", player_hp="none")) != gm
    # Bloodied shown as a mark only, then not at all (no bar either way).
    hurt = replace(BASE, hp=5, state="bloodied")
    sprites.clear()
    marked = _painted(_item(hurt, role="player", player_hp="bloodied"))
    unmarked = _painted(_item(hurt, role="player", player_hp="none"))
    sprites.clear()
    assert unmarked == _painted(_item(hurt, role="player", player_hp="none")) != marked


def test_tokens_that_look_alike_share_one_picture_per_zoom(qapp: Any) -> None:
    sprites.clear()
    for k in range(5):  # five ghouls at full health, each with its own name
        _painted(_item(replace(BASE, name=f"Goule {k}"), name=f"g{k}"))
    bodies = [key for key in sprites._PIXMAPS if key[0] == "token"]
    assert len(bodies) == 1
    _painted(_item(BASE), zoom=0.8)  # another zoom: another picture
    _painted(_item(BASE, size="large"))  # another size: another picture
    assert len([key for key in sprites._PIXMAPS if key[0] == "token"]) == 3


def test_the_pictures_kept_are_bounded_in_bytes(qapp: Any, monkeypatch: Any) -> None:
    # Zoomed 8x, a gargantuan token's picture is ~17 MB: a few zoom levels of a few such
    # tokens must not pile up (the count bound alone would keep 512 of them).
    sprites.clear()
    monkeypatch.setattr(sprites, "MAX_SPRITE_BYTES", 32 * 1024 * 1024)
    giant = _item(BASE, size="gargantuan")
    kept = []
    for zoom in (8.0, 7.0, 6.0):  # pictures of 2096², 1834², 1572² px: 16.8, 12.8, 9.4 MiB
        img = QImage(300, 300, QImage.Format.Format_ARGB32_Premultiplied)
        p = QPainter(img)
        p.scale(zoom, zoom)
        giant.paint(p, QStyleOptionGraphicsItem())
        p.end()
        kept.append(len(sprites._PIXMAPS))
    assert kept == [1, 2, 1]  # the third would pass 32 MiB: the older two were forgotten
