"""The attack panel tells the result as the log does: damage rolled, damage taken, hit
points before and after, in the interface's language."""

from __future__ import annotations

from typing import Any

from battlemap.ui.map.panels.attack_panel import AttackPanel
from tests.helpers.engine import skeleton_at_3_hp
from tests.ui.i18n.test_french_rulings import french

__all__ = ["french"]  # a fixture used by name


def test_the_panel_says_rolled_and_taken_as_the_log(qtbot: Any, french: None) -> None:  # noqa: F811
    s = skeleton_at_3_hp()
    panel = AttackPanel(s, "guerriere", "squelette-1")
    qtbot.addWidget(panel)
    panel.dice.setText("15, 6")
    panel.roll_button.click()
    text = panel.result_label.text()
    assert "Squelette 1 : 9 dégâts (3 subis), PV 3 → 0" in text
    assert s.log.entries[-1].said("fr").endswith("9 dégâts (3 subis), PV 3 → 0")
