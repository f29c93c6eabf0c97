"""The attack panel names why an ally opposite gives no flanking, in the GM's language: a
flat-footed Brèche partner threatens nothing (000_d623f1b22a06cede.txt, "États": Pris au
dépourvu, « pas d'attaque d'opportunité »; "Tenaille": the ally must threaten)."""

from __future__ import annotations

from typing import Any

from battlemap.ui.map.panels.attack_panel import AttackPanel
from tests.rules.test_flanking_reasons import BRECHE35, _session
from tests.ui.i18n.test_french_rulings import french

__all__ = ["french"]  # a fixture used by name


def test_the_panel_says_the_partner_is_flat_footed(qtbot: Any, french: None) -> None:  # noqa: F811
    s = _session("breche35", BRECHE35, {})
    s.add_condition("p", "flat_footed")
    panel = AttackPanel(s, "a", "t")
    qtbot.addWidget(panel)
    assert ("pas de tenaille sur Thug : Pia (pris au dépourvu) ne menace aucune case "
            "(Brèche (D&D 3.5) — États), bien qu'à l'opposé d'Aude") in panel.situation.text()
    assert "Tenaille" not in [panel.table.item(r, 0).text() for r in range(panel.table.rowCount())]
