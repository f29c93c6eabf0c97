"""A token's picture: cropped to the disc about its centre (or filling the square), ringed in
the side's colour, on the GM's map and the players'; a bad picture says its sentence and the
token is drawn without it; each picture is decoded once and scaled once per size."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageDraw
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QStyleOptionGraphicsItem

from battlemap.model import Token
from battlemap.ui.map.drawing import sprites
from battlemap.ui.map.drawing.items import token_art
from battlemap.ui.map.drawing.items.token_item import TokenItem
from battlemap.ui.map.drawing.items.token_look import TokenLook, side_colour
from tests.io.test_image_header import png_bomb
from tests.ui.map.conftest import make_encounter, make_session

GREEN = (20, 180, 60)
RED = (230, 20, 20)
PARTY = side_colour("party")


@pytest.fixture(autouse=True)
def _fresh_caches() -> Any:
    token_art.clear()
    sprites.clear()
    yield
    token_art.clear()
    sprites.clear()


def _banded(path: Path, width: int = 100, height: int = 60) -> Path:
    """Green in the middle, red bands at the sides: cropped to a square about its centre,
    no red is left."""
    img = Image.new("RGB", (width, height), GREEN)
    band = (width - height) // 2
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, band - 1, height - 1), fill=RED)
    draw.rectangle((width - band, 0, width - 1, height - 1), fill=RED)
    img.save(path)
    return path


def _item(art: Path | str | None, fit: str = "disc", role: str = "gm",
          encounter_path: Path | None = None) -> TokenItem:
    token = Token(id="hero", name="Aelis", side="party", col=0, row=0,
                  art=None if art is None else str(art), art_fit=fit)  # type: ignore[arg-type]
    look = TokenLook("Aelis", "Ae", PARTY)
    return TokenItem(token, look, role=role, encounter_path=encounter_path)


def _painted(item: TokenItem) -> QImage:
    img = QImage(100, 100, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(QColor("white"))
    p = QPainter(img)
    item.paint(p, QStyleOptionGraphicsItem())
    p.end()
    return img


def _rgb(img: QImage, x: int, y: int) -> tuple[int, int, int]:
    c = img.pixelColor(x, y)
    return (c.red(), c.green(), c.blue())


def _near(got: tuple[int, int, int], want: tuple[int, int, int], tol: int = 12) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(got, want, strict=True))


def test_the_disc_shows_the_picture_cropped_about_its_centre_ringed_in_the_side_colour(
        qapp: Any, tmp_path: Path) -> None:
    img = _painted(_item(_banded(tmp_path / "face.png")))
    # A medium token is 64 px: the disc is inset 3.84 px, its ring 4.48 px wide on its rim.
    assert _rgb(img, 32, 32) == GREEN  # the centre of the picture
    for x, y in ((10, 32), (54, 32), (32, 10), (32, 54)):  # near the rim: still no red band
        assert _near(_rgb(img, x, y), GREEN), (x, y)
    for x, y in ((4, 32), (60, 32), (32, 4), (32, 60)):  # the ring, all round
        assert _near(_rgb(img, x, y), (PARTY.red(), PARTY.green(), PARTY.blue())), (x, y)
    assert _rgb(img, 4, 4) == (255, 255, 255)  # outside the circle: nothing of the picture


def test_filling_the_square_the_corners_show_the_picture(qapp: Any, tmp_path: Path) -> None:
    img = _painted(_item(_banded(tmp_path / "tile.png"), fit="square"))
    for x, y in ((8, 8), (56, 8), (8, 56), (56, 56), (32, 32)):
        assert _near(_rgb(img, x, y), GREEN), (x, y)
    assert _near(_rgb(img, 1, 32), (PARTY.red(), PARTY.green(), PARTY.blue()))  # the frame


def _sentence(item: TokenItem) -> str:
    from battlemap.ui.i18n import say

    assert item.art_problem is not None
    return say(item.art_problem)


def test_a_bad_picture_says_its_sentence_and_the_token_keeps_its_disc(
        qapp: Any, tmp_path: Path) -> None:
    enc = tmp_path / "crypt.json"
    (tmp_path / "notes.png").write_bytes(b"a shopping list, not a picture")
    (tmp_path / "bomb.png").write_bytes(png_bomb(6000, 6000))
    os.mkfifo(tmp_path / "pipe.png")
    cases = {
        "notes.png": "crypt.json: the picture 'notes.png' of Aelis is not a PNG, JPEG or WebP "
                     "image; the token is drawn without it.",
        "bomb.png": "crypt.json: the picture 'bomb.png' of Aelis is 6000x6000 pixels (36.0 "
                    "megapixels), over the limit of 25; the token is drawn without it.",
        "pipe.png": "crypt.json: the picture 'pipe.png' of Aelis is not a plain file (a "
                    "folder, a pipe or a device); the token is drawn without it.",
        "gone.png": "crypt.json: the picture 'gone.png' of Aelis is missing; the token is "
                    "drawn without it.",
    }
    for name, sentence in cases.items():
        item = _item(name, encounter_path=enc)
        item._art_dir = tmp_path
        item._load_art(Token(id="hero", name="Aelis", side="party", col=0, row=0, art=name))
        assert _sentence(item) == sentence
        assert item._art is None
        assert sentence in item._tooltip()
        img = _painted(item)  # the plain disc, in the side's colour
        assert _near(_rgb(img, 32, 20), (PARTY.red(), PARTY.green(), PARTY.blue()), 2)


def test_the_sentence_is_in_the_gms_language(qapp: Any, tmp_path: Path) -> None:
    from battlemap.ui import i18n

    item = _item(tmp_path / "gone.png", encounter_path=tmp_path / "crypt.json")
    i18n.set_language("fr")
    try:
        assert _sentence(item) == (
            f"crypt.json : l'image « {tmp_path / 'gone.png'} » d'Aelis est introuvable ; "
            "le pion est dessiné sans elle.")
    finally:
        i18n.set_language("en")


def test_a_picture_too_big_is_refused_before_it_is_decoded(qapp: Any, tmp_path: Path) -> None:
    (tmp_path / "bomb.png").write_bytes(png_bomb(6000, 6000))
    item = _item(tmp_path / "bomb.png")
    assert item._art is None and token_art.counts.decodes == 0


def test_three_hundred_tokens_decode_each_picture_once_and_scale_it_once_per_zoom(
        qapp: Any, tmp_path: Path, map_view: Any) -> None:
    pictures = [_banded(tmp_path / f"face{i}.png") for i in range(3)]
    enc = make_encounter(cols=30, rows=20, tokens=[
        {"id": f"t{i}", "name": f"T{i}", "side": "party", "col": i % 30, "row": i // 30 % 10,
         "art": str(pictures[i % 3])} for i in range(300)])
    session = make_session(enc)
    view = map_view(session)
    gm_scene = view.map_scene
    player = map_view(session, role="player")
    view.viewport().grab()
    player.viewport().grab()
    assert token_art.counts.decodes == 3  # once per picture, for both windows
    scaled = token_art.counts.scales
    assert 1 <= scaled <= 3  # one size at this zoom: once per picture
    for step in range(1, 6):  # a drag's worth of refreshes: each token moved and put back
        session.update_token("t0", col=10 + step, row=15)
        view.viewport().grab()
    assert token_art.counts.decodes == 3 and token_art.counts.scales == scaled
    view.scale(2.0, 2.0)
    view.viewport().grab()
    assert token_art.counts.decodes == 3
    assert token_art.counts.scales <= scaled + 3  # the new zoom: once more per picture
    assert gm_scene.tokens["t0"]._art is not None


def _token_pixel(view: Any, token_id: str, at: tuple[float, float] = (32, 32)) -> tuple[int, int, int]:
    item = view.map_scene.tokens[token_id]
    shot = view.viewport().grab().toImage()
    where = view.mapFromScene(item.mapToScene(QPointF(*at)))
    return _rgb(shot, where.x(), where.y())


def test_the_players_window_draws_the_picture_and_nothing_of_a_hidden_token(
        qapp: Any, tmp_path: Path, map_view: Any) -> None:
    face = _banded(tmp_path / "face.png")
    enc = make_encounter(tokens=[
        {"id": "hero", "name": "Aelis", "side": "party", "col": 1, "row": 1, "art": str(face)},
        {"id": "spy", "name": "Spy", "side": "foe", "col": 4, "row": 1, "art": str(face),
         "hidden": True}])
    session = make_session(enc)
    gm = map_view(session)
    player = map_view(session, role="player")
    assert _token_pixel(gm, "hero") == GREEN
    assert _token_pixel(player, "hero") == GREEN
    if "spy" in player.map_scene.tokens:  # an item kept for the GM's ghost is never drawn
        assert not player.map_scene.tokens["spy"].isVisible()
    shot = player.viewport().grab().toImage()
    centre = player.mapFromScene(QPointF(4.5 * 64, 1.5 * 64))
    assert not _near(_rgb(shot, centre.x(), centre.y()), GREEN, 40)

