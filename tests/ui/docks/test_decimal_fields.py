"""Decimal stats are written as the interface's language writes them, whatever the OS
locale: « 7 » (never « 7.0 »), « 4,5 » in French, "4.5" in English; either separator is read
back. The OS here is English (QLocale), the case where a French window read « 7.0 »."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QLineEdit

from battlemap.engine import Session
from battlemap.model import Encounter, Grid, Token
from battlemap.rules.adnd2bis.stats import Adnd2bisStats
from battlemap.ui import i18n
from battlemap.ui.docks.number_box import NumberBox
from battlemap.ui.docks.stats_form import StatsForm
from battlemap.ui.map.drawing.items.token_look import TokenLook, side_colour
from battlemap.ui.map.drawing.items.token_marks import _badges

MARA = {"level": 5, "max_hp": 42, "ac": 17, "bab": 5, "speed_m": 7.0,
        "weapons": [{"name": "Machette", "kind": "melee", "damage": "1d6",
                     "damage_type": "slashing", "reach_m": 3.0},
                    {"name": "Pistolet", "kind": "ranged", "damage": "2d6",
                     "damage_type": "piercing", "range_m": 4.5}]}


@pytest.fixture(autouse=True)
def english_os() -> Iterator[None]:
    before = QLocale()
    QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))
    yield
    QLocale.setDefault(before)


def _form(window: Any, **stats: Any) -> StatsForm:
    window.set_session(Session(Encounter(
        system="breche35", grid=Grid(cols=8, rows=4),  # type: ignore[arg-type]
        tokens=[Token(id="mara", name="Mara", side="party", col=1, row=1,
                      stats={**MARA, **stats})]),
        seed=1))
    window.select_token("mara")
    return window.docks["inspector"].form  # type: ignore[no-any-return]


def test_the_speed_box_writes_the_interfaces_numbers(window: Any) -> None:
    window.set_language("fr")
    form = _form(window, speed_m=4.5)
    speed = form.editors["speed_m"][1]
    assert isinstance(speed, NumberBox)
    assert speed.text() == "4,5"
    window.set_language("en")
    assert speed.text() == "4.5"
    form = _form(window, speed_m=7.0)
    assert form.editors["speed_m"][1].text() == "7"
    window.set_language("fr")
    assert form.editors["speed_m"][1].text() == "7"


def test_a_french_decimal_is_read_back(window: Any, qtbot: Any) -> None:
    window.set_language("fr")
    form = _form(window)
    speed = form.editors["speed_m"][1]
    speed.lineEdit().selectAll()
    qtbot.keyClicks(speed, "10,5")
    speed.interpretText()
    assert speed.value() == 10.5 and speed.text() == "10,5"
    speed.lineEdit().selectAll()
    qtbot.keyClicks(speed, "6.5")  # the other separator is understood too
    speed.interpretText()
    assert speed.value() == 6.5 and speed.text() == "6,5"
    assert form.validated().speed_m == 6.5  # type: ignore[attr-defined]


def test_weapons_read_whole_numbers_without_point_zero(window: Any) -> None:
    form = _form(window)
    weapons = form.editors["weapons"][1]
    assert isinstance(weapons, QLineEdit)
    assert '"reach_m": 3,' in weapons.text() and '"range_m": 4.5' in weapons.text()
    assert "3.0" not in weapons.text()


@pytest.mark.parametrize(("lang", "whole", "half"), [("fr", "7", "7,5"), ("en", "7", "7.5")])
def test_an_optional_decimal_field(qapp: Any, lang: str, whole: str, half: str) -> None:
    # AD&D 2bis' speed override is `float | None`: a text box, empty for the race's speed.
    i18n.set_language(lang)
    form = StatsForm()
    form.set_model(Adnd2bisStats, Adnd2bisStats(max_hp=8, ac=6, thac0=19, speed_m=7.0))
    box = form.editors["speed_m"][1]
    assert box.text() == whole
    form.set_model(Adnd2bisStats, Adnd2bisStats(max_hp=8, ac=6, thac0=19, speed_m=7.5))
    assert box.text() == half
    assert form.validated().speed_m == 7.5  # type: ignore[attr-defined]
    box.setText("7,25")
    assert form.validated().speed_m == 7.25  # type: ignore[attr-defined]
    box.setText("")
    assert form.validated().speed_m is None  # type: ignore[attr-defined]
    box.setText("vite")
    with pytest.raises(ValueError, match="speed_m: not a number" if lang == "en" else "Vitesse.* : pas un nombre"):
        form.validated()
    other = "en" if lang == "fr" else "fr"
    box.setText(half)
    i18n.set_language(other)
    form.retranslate()
    assert box.text() == ("7.5" if other == "en" else "7,5")


@pytest.mark.parametrize(("lang", "text"), [("fr", "↑1,5 m"), ("en", "↑1.5 m")])
def test_the_elevation_badge(qapp: Any, lang: str, text: str) -> None:
    i18n.set_language(lang)
    look = TokenLook(name="Mara", initials="MA", colour=side_colour("party"), elevation_m=1.5)
    assert [t for _, t, _ in _badges(look, 64)] == [text]
