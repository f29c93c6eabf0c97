"""The area apply dialog checks in place: a typo is said beside its field in the interface's
language, the dialog stays open with what was typed, and each template's dialog comes back
with the values it closed with. Before, the save field started with "—" (typing "dex" gave
"—dex"), the 2024 error came in French in the English interface, and the dialog closed,
losing what was typed."""

from __future__ import annotations

from typing import Any

from PySide6.QtTest import QTest

from battlemap.model import AreaTemplate
from battlemap.rules.core.system import get_system
from battlemap.ui import i18n
from battlemap.ui.map.panels.area_dialog import AreaDialog
from tests.ui.map.conftest import make_encounter, make_session

GOBLIN = {"max_hp": 7, "ac": 15, "abilities": {"dex": 14},
          "weapons": [{"name": "Scimitar", "damage": "1d6"}]}


def _session() -> Any:
    s = make_session(make_encounter(cols=14, rows=10, tokens=[
        dict(id="gob", name="Goblin", side="foe", col=6, row=4, hp=7, stats=GOBLIN)]))
    s.place_area(AreaTemplate(id="fb", shape="sphere", origin=(6.0, 4.0), size_m=3.0))
    return s


def _dialog(qtbot: Any, s: Any) -> AreaDialog:
    system = get_system("dnd2024")
    dlg = AreaDialog(system.save_kinds(), None, system.damage_kinds(), system.table_saves(),
                     apply=lambda values: s.apply_area("fb", **values))
    qtbot.addWidget(dlg)
    dlg.show()
    return dlg


def _ok(dlg: AreaDialog) -> None:
    dlg.try_accept()


def test_typing_a_save_gives_what_was_typed(qtbot: Any) -> None:
    dlg = _dialog(qtbot, _session())
    assert dlg.ability.currentText() == ""
    QTest.keyClicks(dlg.ability.lineEdit(), "dex")
    assert dlg.ability.currentText() == "dex"
    assert dlg.values()["save_ability"] == "dex"


def test_an_unknown_save_is_said_beside_it_in_english_and_the_dialog_stays(qtbot: Any) -> None:
    s = _session()
    dlg = _dialog(qtbot, s)
    dlg.ability.setEditText("—dex")
    dlg.damage.setText("3d6")
    _ok(dlg)
    assert dlg.isVisible() and dlg.outcome is None
    error = dlg.errors["save"]
    assert error.isVisibleTo(dlg)
    assert error.text() == ("'—dex' is not a save of this system "
                            "(one of: str, dex, con, int, wis, cha)")
    assert not dlg.errors["damage"].isVisibleTo(dlg)
    assert dlg.damage.text() == "3d6" and s.encounter.token("gob").hp == 7
    dlg.ability.setEditText("dex")  # corrected in place
    dlg.forced.setText("20, 6 6 6")  # the damage dice come first: a d6 cannot show 20
    _ok(dlg)
    assert dlg.isVisible()
    assert dlg.errors["forced"].text() == "a forced roll of 20 does not fit a d6"
    dlg.forced.setText("6 6 6, 20")
    _ok(dlg)
    assert not dlg.isVisible() and dlg.outcome is not None
    assert s.encounter.token("gob").hp == 0  # 18 damage; a natural 20 saves for half: 9


def test_a_dice_typo_is_said_beside_the_damage_in_french(qtbot: Any) -> None:
    i18n.set_language("fr")
    try:
        dlg = _dialog(qtbot, _session())
        dlg.damage.setText("1d8+")
        _ok(dlg)
        assert dlg.isVisible()
        assert dlg.errors["damage"].text() == ("« 1d8+ » n'est pas une notation de dés "
                                               "(elle s'arrête trop tôt)")
        dlg.damage.setText("1d8")
        dlg.forced.setText("dix")
        _ok(dlg)
        assert dlg.isVisible() and not dlg.errors["damage"].isVisibleTo(dlg)
        assert dlg.errors["forced"].text() == ("Les dés physiques sont des nombres entiers, "
                                               "ex. 17, 6")
    finally:
        i18n.set_language("en")


def test_each_template_remembers_its_last_values(map_view: Any, monkeypatch: Any) -> None:
    s = _session()
    s.place_area(AreaTemplate(id="cone", shape="cone", origin=(2.0, 2.0), size_m=3.0))
    view = map_view(s)
    ctl = view.controllers["template"]
    seen: list[tuple[str, str]] = []
    fills: list[str | None] = []

    def gm(dlg: AreaDialog) -> int:
        """The GM at the open dialog: reads it, types the next fill, cancels."""
        seen.append((dlg.ability.currentText(), dlg.damage.text()))
        fill = fills.pop(0)
        if fill is not None:
            dlg.ability.setCurrentIndex(dlg.ability.findData("con"))
            dlg.damage.setText(fill)
        dlg.reject()  # cancelled: what was typed is still kept for next time
        return int(dlg.result())

    monkeypatch.setattr(AreaDialog, "exec", gm)

    def answer(fill: str | None) -> None:
        fills.append(fill)

    ctl._activate(s.encounter.templates[0])
    answer("4d6")
    ctl.apply_active()
    answer(None)
    ctl.apply_active()
    ctl._activate(s.encounter.templates[1])
    answer(None)
    ctl.apply_active()
    assert seen == [("", ""), ("con", "4d6"), ("", "")]
