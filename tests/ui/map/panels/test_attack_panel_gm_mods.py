"""The GM's situational modifiers in one click, where the system has them: advantage and
disadvantage in 2024 (003 "Avantage") and 2bis (001 first bullet), the ±2 of circumstances
in Brèche (the 3.5 rule; 000 is silent), a free ±N with a label everywhere. Each goes into
the breakdown with « MJ » as its source, and into the log."""

from __future__ import annotations

from typing import Any

from battlemap.ui.map.panels.attack_panel import AttackPanel
from tests.helpers.engine import shot_into_melee, skeleton_at_3_hp
from tests.rules.test_flanking_reasons import ADND2BIS, PMT, _session
from tests.ui.i18n.test_french_rulings import french

__all__ = ["french"]  # a fixture used by name


def _rows(panel: AttackPanel) -> list[tuple[str, str, str]]:
    return [(panel.table.item(r, 0).text(), panel.table.item(r, 1).text(),
             panel.table.item(r, 3).text()) for r in range(panel.table.rowCount())]


def test_2024_advantage_in_one_click_reaches_the_roll_and_the_log(
        qtbot: Any, french: None) -> None:  # noqa: F811
    s = skeleton_at_3_hp()
    panel = AttackPanel(s, "guerriere", "squelette-1")
    qtbot.addWidget(panel)
    assert panel.edge_buttons["advantage"].text() == "Avantage"
    assert not panel.circumstance_buttons  # 2024 has no ±2 of circumstances
    panel.edge_buttons["advantage"].click()
    assert panel.preview.advantage == "advantage"
    assert "Avantage : situation (MJ)" in panel.situation.text()
    panel.edge_buttons["disadvantage"].click()  # one of the two
    assert not panel.edge_buttons["advantage"].isChecked()
    assert panel.preview.advantage == "disadvantage"
    panel.edge_buttons["disadvantage"].click()
    assert panel.edge is None and panel.preview.advantage == "normal"
    panel.edge_buttons["advantage"].click()
    panel.dice.setText("4, 15, 6")  # 2d20 keep the best: 15 + 6 = 21 against AC 14
    panel.roll_button.click()
    entry = s.log.entries[-1]
    assert "2d20kh1" in s.log.render(entry, "fr") and "avantage : situation (MJ)" in s.log.render(
        entry, "fr")
    assert entry.details["attacks"][0]["total"] == 21


def test_2bis_offers_advantage_and_pmt_does_not(qtbot: Any) -> None:
    for system, stats, offered in (("adnd2bis", ADND2BIS, True), ("pmt", PMT, False)):
        panel = AttackPanel(_session(system, stats, {}), "a", "t")
        qtbot.addWidget(panel)
        assert bool(panel.edge_buttons) is offered
        assert not panel.circumstance_buttons


def test_breche_circumstances_and_a_free_modifier_are_the_gms(qtbot: Any, french: None) -> None:  # noqa: F811
    s = shot_into_melee()
    panel = AttackPanel(s, "mara", "ganger")
    qtbot.addWidget(panel)
    assert not panel.edge_buttons  # no advantage in 000
    assert [b.text() for b in panel.circumstance_buttons] == ["Circonstances +2",
                                                              "Circonstances -2"]
    panel.circumstance_buttons[0].click()
    panel.add_name.setText("Pluie")
    panel.add_value.setValue(-1)
    panel.add_button.click()
    rows = _rows(panel)
    assert ("Circonstances favorables", "+2", "MJ") in rows
    assert ("Pluie", "-1", "MJ") in rows
    panel.dice.setText("10, 3")
    panel.roll_button.click()
    logged = s.log.render(s.log.entries[-1], "fr")
    assert "Circonstances favorables +2 [MJ]" in logged and "Pluie -1 [MJ]" in logged
