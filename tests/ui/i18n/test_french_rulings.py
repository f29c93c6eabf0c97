"""The French UI shows the rulings in French (RULES.md §5, issues 6/7): the attack panel's
cover line, an illegal step's reason on the drag path, an area square's tooltip, and the
engine's refusal; back in English they read as before."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt

from battlemap.engine import Refused
from battlemap.model import AreaTemplate
from battlemap.ui import i18n
from battlemap.ui.map.drawing.overlays.path_drawing import drawing_from_preview
from tests.ui.map.conftest import make_encounter, make_session, map_view, send_mouse

__all__ = ["map_view"]  # the shared MapView fixture, used here by name

HERO = {"max_hp": 30, "ac": 16, "abilities": {"str": 16}, "proficiency_bonus": 2,
        "weapons": [{"name": "Longsword", "damage": "1d8", "damage_type": "slashing"}]}
BRUTE = {"max_hp": 20, "ac": 15, "weapons": [{"name": "Club", "damage": "1d4"}]}
# A wall down to y = 2.7 between the two: from the best corner, the lines to the brute's
# two top corners cross it (003 "L'abri": 2 of 4 blocked = Abri partiel).
LOW_WALL = {"points": [(4, 0), (4, 2.7)]}


@pytest.fixture
def french() -> Iterator[None]:
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


def _duel(walls: list[dict[str, Any]] | None = None) -> Any:
    enc = make_encounter(walls=walls, tokens=[
        dict(id="hero", name="Aldric", side="party", col=2, row=2, stats=HERO),
        dict(id="brute", name="Brute", side="foe", col=6, row=2, hp=20, stats=BRUTE),
    ])
    return make_session(enc)


def _open_panel(view: Any, qtbot: Any, target_col: float = 6.5) -> Any:
    """Select the attacker at (2, 2), press A, click the target on row 2."""
    send_mouse(view, "press", 2.5, 2.5)
    send_mouse(view, "release", 2.5, 2.5)
    qtbot.keyClick(view, Qt.Key.Key_A)
    send_mouse(view, "press", target_col, 2.5)
    send_mouse(view, "release", target_col, 2.5)
    panel = view.controllers["attack"].panel
    qtbot.addWidget(panel)
    return panel


def test_attack_panel_speaks_french(map_view, qtbot, french):  # noqa: F811
    view = map_view(_duel([LOW_WALL]))
    panel = _open_panel(view, qtbot)
    lines = panel.situation.text().split("\n")
    # The hero's sword does not reach 6 m; the wall gives "abri partiel" (003 "L'abri").
    assert lines[0].endswith(" — hors d'allonge (6 m)")
    # The explanation names the level itself: said once, not "abri partiel — abri partiel".
    assert lines[1] == ("Abri : abri partiel : coin (3,3) vers la case (6,2) : "
                        "1 ligne bloquée sur 4 par mur")
    assert panel.roll_button.toolTip() == "hors d'allonge (6 m)"
    i18n.set_language("en")
    panel.refresh()
    lines = panel.situation.text().split("\n")
    assert lines[0].endswith(" — out of reach (6 m)")
    assert lines[1] == ("Cover: half cover: corner (3,3) to square (6,2): "
                        "1 of 4 lines blocked by wall")


def test_path_reason_area_tooltip_and_refusal_in_french(french):
    s = _duel([LOW_WALL])
    preview = s.preview_move("hero", [(3, 1), (4, 1)])  # through the wall at x = 4
    drawing = drawing_from_preview(preview, s.encounter)
    bad = [st.reason for st in drawing.steps if not st.legal]
    want = "un mur, une porte fermée ou une fenêtre barre le passage depuis (3,1)"
    assert bad == [want] and drawing.reason == want
    area = s.preview_area(AreaTemplate(shape="sphere", origin=(8.0, 4.0), size_m=3.0))
    cells = area.square_set()
    why = i18n.LazyWhy(area.square_at, cells)  # what the area overlay's tooltip reads on hover
    assert len(why) == 12  # the 3 m burst: 12 squares (RULES.md §3)
    assert why[(7, 3)] == "case couverte à 100 %"  # wholly inside the 3 m circle
    for sq in area.squares:
        assert why[sq.square] == f"case couverte à {round(sq.coverage * 100)} %"
    with pytest.raises(Refused) as caught:
        s.move("hero", [(3, 1), (4, 1)])
    assert i18n.refusal(caught.value) == f"Aldric ne peut pas aller là : {want}."
    i18n.set_language("en")
    assert i18n.refusal(caught.value) == (
        "Aldric cannot move there: a wall, closed door or window is in the way from (3,1).")


def test_opportunity_dialog_says_why_in_french(qtbot, french):
    from battlemap.ui.map.panels.oa_dialog import OADialog

    s = _duel()
    # Into the brute's reach at (5,2), then away: 2024 leaving reach provokes.
    preview = s.preview_move("hero", [(3, 2), (4, 2), (5, 2), (5, 3), (4, 4)])
    assert [p.by for p in preview.provokes] == ["brute"]
    dlg = OADialog(preview.provokes, {"brute": "Brute"})
    qtbot.addWidget(dlg)
    assert dlg.combos["brute"].toolTip() == "quitte son allonge"


B35 = {"level": 5, "max_hp": 42, "strength": 16, "bab": 5, "ac": 15,
       "weapons": [{"name": "Machette", "kind": "melee", "damage": "1d6"}]}


def test_attack_panel_uses_the_system_own_words_for_cover_and_flanking(map_view, qtbot,  # noqa: F811
                                                                       french):
    # Walkthrough of the breche35 demo: the panel said "Abri:" (003's word) and "Prise en
    # tenaille"; Brèche says "Couverture" and "Tenaille" (000 "Couverture partielle /
    # totale", "Tenaille"; README "Language"). A and P stand on either side of the brute.
    enc = make_encounter(system="breche35", tokens=[
        dict(id="hero", name="Aldric", side="party", col=2, row=2, stats=B35),
        dict(id="brute", name="Brute", side="foe", col=3, row=2, stats=B35),
        dict(id="ally", name="Bea", side="party", col=4, row=2, stats=B35),
    ])
    view = map_view(make_session(enc))
    panel = _open_panel(view, qtbot, target_col=3.5)
    lines = panel.situation.text().split("\n")
    assert lines[1].startswith("Couverture : pas de couverture")
    assert lines[2] == "Tenaille : Brute est pris entre Aldric et Bea"  # said once


def test_manoeuvres_are_offered_by_their_names_in_the_system_text(map_view, qtbot,  # noqa: F811
                                                                  french):
    # Walkthrough: the French panel listed "bull_rush", "coup_de_grace", "counter_charge"…
    # Brèche's text says bousculade, croc-en-jambe, lutte (000 "Manœuvres"); the id stays
    # the data the engine gets, and the log names the manoeuvre the same way.
    enc = make_encounter(system="breche35", tokens=[
        dict(id="hero", name="Aldric", side="party", col=2, row=2, stats=B35),
        dict(id="brute", name="Brute", side="foe", col=3, row=2, stats=B35),
    ])
    s = make_session(enc)
    view = map_view(s)
    panel = _open_panel(view, qtbot, target_col=3.5)
    items = {panel.manoeuvre.itemText(i): panel.manoeuvre.itemData(i)
             for i in range(1, panel.manoeuvre.count())}
    assert items == {"bousculade": "bull_rush", "croc-en-jambe": "trip",
                     "désarmement": "disarm", "lutte": "grapple", "renversement": "overrun",
                     "coup de grâce": "coup_de_grace"}
    s.manoeuvre("trip", "hero", "brute")
    assert s.log.entries[-1].said("fr").startswith("Aldric tente croc-en-jambe contre Brute : ")
    assert s.log.entries[-1].said("en").startswith("Aldric tries trip on Brute: ")


def test_advantage_reads_in_french_and_a_cancelled_pair_is_still_said(french):
    # Walkthrough of the dnd2024 crypt: a short bow beside the ghoul showed "Désavantage:
    # disadvantage: attaque à distance avec un ennemi à 1,5 m …", and once the ghoul was
    # prone the advantage and disadvantage that cancel (003 "Avantage") were not shown at all.
    from battlemap.ui.map.panels.attack_text import situation_lines

    bow = {**HERO, "abilities": {"dex": 16},
           "weapons": [{"name": "Arc court", "damage": "1d6", "kind": "ranged", "range_m": 24}]}
    enc = make_encounter(tokens=[
        dict(id="hero", name="Aldric", side="party", col=2, row=2, stats=bow),
        dict(id="brute", name="Brute", side="foe", col=3, row=2, hp=20, stats=BRUTE),
    ])
    s = make_session(enc)
    lines = situation_lines(s.preview_attack("hero", "brute"), "dnd2024")
    assert any(x.startswith("Désavantage : attaque à distance avec un ennemi à 1,5 m") for x in lines)
    assert not any("disadvantage" in x for x in lines)
    s.add_condition("brute", "prone")
    lines = situation_lines(s.preview_attack("hero", "brute"), "dnd2024")
    assert any(x.startswith("Avantage (cible À terre à 1,5 m ou moins") and
               x.endswith(") s'annulent") for x in lines)
    s.attack("hero", "brute", forced=[10, 3])  # they cancel: one d20
    from battlemap.engine.log_text import detail_lines

    assert any(x.strip().startswith("avantage (cible À terre") for x in
               detail_lines(s.log.entries[-1].details, "fr"))


def test_distances_are_written_with_a_decimal_comma_in_french(french):
    # Walkthrough: the French window wrote "Distance: 1.5 m", "7.5 / 9 m" on a drag, "30 ×
    # 22.5 m" in the status bar and "… à (8, 8), 7.5 m" in the log, next to rulings that say
    # "pas de placement (1,5 m)". Numbers now follow the reader, as the rulings do.
    from battlemap.ui.i18n import trf
    from battlemap.ui.map.panels.attack_text import situation_lines

    s = _duel()
    s.move("hero", [(3, 2), (4, 2), (5, 2)], oa="skip")  # 3 squares: 4.5 m, beside the brute
    assert s.log.entries[-1].said("fr").endswith(", 4,5 m")
    assert situation_lines(s.preview_attack("hero", "brute"), "dnd2024")[0] == "Distance : 1,5 m"
    preview = s.preview_move("hero", [(4, 3), (3, 4), (2, 5)])
    assert drawing_from_preview(preview, s.encounter).label.startswith("4,5 / ")
    assert trf("{cols} × {rows} squares ({w:g} × {h:g} m)", cols=20, rows=15, w=30.0,
               h=22.5) == "20 × 15 cases (30 × 22,5 m)"
    i18n.set_language("en")
    assert situation_lines(s.preview_attack("hero", "brute"), "dnd2024")[0] == "Distance: 1.5 m"
