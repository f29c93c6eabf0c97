"""A modifier a rule cancels stays in the attack panel's table, struck and marked « annulé »,
with the rule that cancels it and its source in its row; the log says the same. Mara has
Precise Shot: 000_d623f1b22a06cede.txt, "Modificateurs de situation": « Tir dans une mêlée |
−4 (sauf Tir de précision) ». Before, the row was an unticked box with no reason shown."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from battlemap.ui.map.panels.attack_panel import AttackPanel
from tests.helpers.engine import shot_into_melee
from tests.ui.i18n.test_french_rulings import french

__all__ = ["french"]  # a fixture used by name


def _row(panel: AttackPanel, start: str) -> int:
    return next(r for r in range(panel.table.rowCount())
                if panel.table.item(r, 0).text().startswith(start))


def test_the_cancelled_row_is_struck_and_says_why(qtbot: Any, french: None) -> None:  # noqa: F811
    s = shot_into_melee()
    panel = AttackPanel(s, "mara", "ganger")
    qtbot.addWidget(panel)
    panel.weapon.setCurrentIndex(panel.weapon.findData("Pistolet 9 mm"))
    r = _row(panel, "Tir dans une mêlée")
    name = panel.table.item(r, 0)
    assert name.text() == "Tir dans une mêlée (annulé)" and name.font().strikeOut()
    assert not name.flags() & Qt.ItemFlag.ItemIsUserCheckable  # a rule's, not the GM's
    assert panel.table.item(r, 1).text() == "-4"
    why = "annulé par Tir de précision (Brèche (D&D 3.5) — Modificateurs de situation)"
    assert panel.table.item(r, 3).text().startswith(why)
    assert name.toolTip() == why
    panel.dice.setText("10, 3")
    panel.roll_button.click()
    logged = s.log.render(s.log.entries[-1], "fr")
    assert f"Tir dans une mêlée -4 [Brèche (D&D 3.5) — Modificateurs de situation] — {why}" in logged


def test_a_modifier_the_gm_switched_off_keeps_its_box(qtbot: Any) -> None:
    s = shot_into_melee()
    panel = AttackPanel(s, "mara", "ganger")
    qtbot.addWidget(panel)
    panel.weapon.setCurrentIndex(panel.weapon.findData("Pistolet 9 mm"))
    r = _row(panel, "Base attack bonus")
    panel.table.item(r, 0).setCheckState(Qt.CheckState.Unchecked)
    r = _row(panel, "Base attack bonus")
    item = panel.table.item(r, 0)
    assert item.flags() & Qt.ItemFlag.ItemIsUserCheckable and not item.font().strikeOut()
    assert item.checkState() == Qt.CheckState.Unchecked
