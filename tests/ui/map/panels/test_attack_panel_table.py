"""The attack panel's modifiers table in French: each bonus type in French (cover in the
system's own word, 003 "L'abri": « abri »), and the "S'applique à" column in sight without
scrolling (the long seed sources pushed it off the 640 px panel: a GM could not tell the
attacker's bonuses from the parts of the AC)."""

from __future__ import annotations

from typing import Any

from tests.ui.i18n.test_french_rulings import BRUTE, _open_panel, french, map_view
from tests.ui.map.conftest import make_encounter, make_session

__all__ = ["french", "map_view"]  # fixtures used by name

ARCHER = {"max_hp": 30, "ac": 14, "abilities": {"dex": 16}, "proficiency_bonus": 2,
          "weapons": [{"name": "Arc long", "damage": "1d8", "kind": "ranged", "range_m": 45}]}


def _column(panel: Any, col: int) -> list[str]:
    return [panel.table.item(r, col).text() for r in range(panel.table.rowCount())]


def test_types_read_in_french_and_applies_to_is_in_sight(map_view, qtbot, french):  # noqa: F811
    # 003 "L'abri": a creature between the archer and the brute gives half cover (+2 AC).
    view = map_view(make_session(make_encounter(tokens=[
        dict(id="hero", name="Aldric", side="party", col=2, row=2, stats=ARCHER),
        dict(id="ally", name="Bea", side="party", col=4, row=2, stats=ARCHER),
        dict(id="brute", name="Brute", side="foe", col=6, row=2, hp=20, stats=BRUTE),
    ])))
    panel = _open_panel(view, qtbot)
    panel.show()
    qtbot.waitExposed(panel)
    types = _column(panel, 2)
    assert "abri" in types and "cover" not in types
    header = panel.table.horizontalHeader()
    applies_left = header.sectionViewportPosition(4)
    assert 0 < applies_left < header.sectionViewportPosition(3)  # before the source
    assert applies_left + header.sectionSize(4) <= panel.table.viewport().width()
    sources = _column(panel, 3)
    assert all(panel.table.item(r, 3).toolTip() == sources[r] for r in range(len(sources)))
