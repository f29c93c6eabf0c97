"""The attack panel tells a manoeuvre side by side and keeps, after the roll, the modifiers
the roll counted: the Brèche trip (000_d623f1b22a06cede.txt, "Manœuvres") knocked the thug
prone and the table, worked out again on the map it left, showed « Cible à terre (corps à
corps) +4 » as if it had counted."""

from __future__ import annotations

from typing import Any

from battlemap.ui.map.panels.attack_panel import AttackPanel
from tests.rules.breche35.test_manoeuvre_sides import mara_beside_the_thug


def _names(panel: AttackPanel) -> list[str]:
    return [panel.table.item(r, 0).text() for r in range(panel.table.rowCount())]


def test_each_side_with_its_modifiers_then_the_consequences(qtbot: Any) -> None:
    s = mara_beside_the_thug()
    panel = AttackPanel(s, "mara", "voyou-1")
    qtbot.addWidget(panel)
    panel.manoeuvre.setCurrentIndex(panel.manoeuvre.findData("trip"))
    before = _names(panel)
    panel.ask_oa = lambda provokes, names: {p.by: "skip" for p in provokes}
    panel.dice.setText("15, 14, 3")
    # The map tells the panel when the thug falls, as the window's controller does.
    s.subscribe(lambda change: panel.refresh())
    panel.roll_button.click()
    assert s.encounter.token("voyou-1").has_condition("prone")
    assert _names(panel) == before and not any(n.startswith("Cible à terre") for n in before)
    assert panel.result_label.text().splitlines()[1:] == [
        "trip: touch attack: 1d20 → (15!) = 15, Base attack bonus +5, Strength +3 (23 vs AC 11)",
        "trip: Mara, combattante de rue: 1d20 → (14!) = 14, Strength +3 (17 vs 4)",
        "trip: Voyou au blouson: 1d20 → (3!) = 3, Strength +1 (4 vs 17)",
        "Consequences: Voyou au blouson falls prone"]  # English throughout (issue 27, item 11)
    assert not panel.roll_button.isEnabled()
