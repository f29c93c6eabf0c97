"""The GM reads where each modifier comes from by the system's name and the section, not by
a seed file's name: the French attack panel on the Brèche demo (its table, the cells'
tooltips, the result, the log's details) says « Brèche (D&D 3.5) — Attaquer »; English keeps
the citation the JSON output writes ('000_d623f1b22a06cede.txt, "Attaquer"')."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from battlemap.engine import Session
from battlemap.io import load_encounter
from battlemap.rules.breche35.system import Breche35System
from battlemap.ui import i18n
from battlemap.ui.map.panels.attack_panel import AttackPanel
from tests.ui.i18n.test_french_rulings import french

__all__ = ["french"]  # a fixture used by name

DEMO = Path(__file__).resolve().parents[4] / "assets" / "demo" / "breche35-entrepot-pigalle.json"
SEED = "000_d623f1b22a06cede.txt"


def _duel() -> Session:
    """The demo, with Mara beside the jacketed thug: a melee attack the rules allow."""
    enc = load_encounter(DEMO)
    enc.tokens = [t.model_copy(update={"col": 8, "row": 8}) if t.id == "mara" else t
                  for t in enc.tokens]
    return Session(enc, seed=1)


def _sources(panel: AttackPanel) -> list[str]:
    return [panel.table.item(r, 3).text() for r in range(panel.table.rowCount())]


def test_the_french_panel_cites_by_the_systems_name(qtbot: Any, french: None) -> None:  # noqa: F811
    s = _duel()
    panel = AttackPanel(s, "mara", "voyou-1")
    qtbot.addWidget(panel)
    sources = _sources(panel)
    assert f"{Breche35System.name} — Attaquer" in sources
    assert "Brèche (D&D 3.5) — Classe d'armure" in sources
    assert all(src.startswith("Brèche (D&D 3.5) — ") for src in sources)
    assert not any(".txt" in src for src in sources)
    assert [panel.table.item(r, 3).toolTip() for r in range(len(sources))] == sources
    # the result (what the damage adds, with its source) and the log's details
    panel.dice.setText("15, 5")
    panel.roll_button.click()
    result = panel.result_label.text()
    assert "Force +3 (Brèche (D&D 3.5) — Attaquer)" in result and ".txt" not in result
    logged = s.log.render(s.log.entries[-1], i18n.language())
    assert "BBA +5 [Brèche (D&D 3.5) — Attaquer]" in logged
    assert "Force +3 (dégâts) [Brèche (D&D 3.5) — Attaquer]" in logged
    assert SEED not in logged and "000_" not in s.log.to_markdown("fr", s.log.entries)


def test_the_english_panel_keeps_the_seed_file_and_section(qtbot: Any) -> None:
    s = _duel()
    panel = AttackPanel(s, "mara", "voyou-1")
    qtbot.addWidget(panel)
    sources = _sources(panel)
    assert f'{SEED}, "Attaquer"' in sources
    assert all(src.startswith(f"{SEED}, ") for src in sources)
    panel.dice.setText("15, 5")
    panel.roll_button.click()
    assert f'Strength +3 ({SEED}, "Attaquer")' in panel.result_label.text()
    assert f'Base attack bonus +5 [{SEED}, "Attaquer"]' in s.log.render(s.log.entries[-1], "en")
