"""The area dialog asks no DC for a save each creature rolls against its own number. PMT and
AD&D 2bis saves are d20 ≥ the creature's number for the category (004 B/X table; 001 table of
saving throws): the dialog offered "DD 15" for "Sorts", the engine rightly used each sheet's
number, and the log read "10 contre DD 18" after the GM had set 15."""

from __future__ import annotations

from typing import Any

from battlemap.rules.core.system import get_system
from battlemap.ui import i18n
from battlemap.ui.map.panels.area_dialog import AreaDialog


def _dialog(qtbot: Any, system_id: str) -> AreaDialog:
    system = get_system(system_id)
    dlg = AreaDialog(system.save_kinds(), None, system.damage_kinds(), system.table_saves())
    qtbot.addWidget(dlg)
    return dlg


def test_pmt_categories_take_no_dc_and_say_whose_number_counts(qtbot: Any) -> None:
    i18n.set_language("fr")
    try:
        dlg = _dialog(qtbot, "pmt")
        assert not dlg.dc.isEnabled()  # no save picked yet
        dlg.ability.setCurrentIndex(dlg.ability.findData("spells"))
        assert not dlg.dc.isEnabled()
        assert dlg.dc.text() == "celui de chaque créature"
        assert dlg.values()["save_ability"] == "spells" and dlg.values()["dc"] is None
    finally:
        i18n.set_language("en")


def test_2bis_ability_saves_keep_the_gms_dc_and_categories_do_not(qtbot: Any) -> None:
    dlg = _dialog(qtbot, "adnd2bis")
    dlg.ability.setCurrentIndex(dlg.ability.findData("breath"))
    assert not dlg.dc.isEnabled() and dlg.values()["dc"] is None
    dlg.ability.setCurrentIndex(dlg.ability.findData("dex"))  # "JS de DEX" vs a DC (001)
    assert dlg.dc.isEnabled()
    dlg.dc.setValue(14)
    assert dlg.values()["dc"] == 14


def test_a_3_5_reflex_save_keeps_its_dc(qtbot: Any) -> None:
    dlg = _dialog(qtbot, "breche35")
    dlg.ability.setCurrentIndex(dlg.ability.findData("reflex"))
    assert dlg.dc.isEnabled() and dlg.values()["dc"] == 15
