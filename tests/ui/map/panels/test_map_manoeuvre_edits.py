"""The attack panel's modifier edits reach a declared manoeuvre as they reach an attack: the
table lists the manoeuvre's own modifiers; a "+2" added and a modifier unticked change the
roll, and the result and the log name both (001_dd346e63a171f715.txt, "Trip": « Check de
Force ou Dextérité … contre Défenseur Check Force ou Dextérité »)."""

from PySide6.QtCore import Qt

from tests.ui.map.gestures.test_map_attack import open_panel

from ..conftest import make_encounter, make_session

SKILLS = '001_dd346e63a171f715.txt, "Bonus de type Skills selon abilité"'
# Str 18/76 → "Force 18" +5 on a check; the orc's Str 13 → +1 (its Dex 10 → +0).
FIGHTER = {"max_hp": 30, "ac": 5, "thac0": 16, "strength": "18/76", "dexterity": 13,
           "weapons": [{"name": "Épée longue", "damage": "1d8"}]}
ORC = {"max_hp": 6, "ac": 6, "thac0": 19, "strength": "13", "dexterity": 10,
       "weapons": [{"name": "Cimeterre", "damage": "1d8"}]}


def duel():
    return make_session(make_encounter(system="adnd2bis", tokens=[
        dict(id="hero", name="Aldric", side="party", col=2, row=2, stats=FIGHTER),
        dict(id="brute", name="Orc", side="foe", col=3, row=2, stats=ORC)]))


def rows(panel):
    return [(panel.table.item(r, 0).text(), panel.table.item(r, 1).text(),
             panel.table.item(r, 0).checkState() == Qt.CheckState.Checked)
            for r in range(panel.table.rowCount())]


def test_trip_with_a_gm_plus_two_and_strength_unticked(map_view, qtbot):
    s = duel()
    panel = open_panel(map_view(s), qtbot)
    panel.manoeuvre.setCurrentIndex(panel.manoeuvre.findData("trip"))
    # The trip's own checks, not the sword's attack modifiers.
    assert rows(panel) == [("Strength 18", "+5", True), ("Strength 13", "+1", True)]
    panel.add_name.setText("Bénédiction")
    panel.add_value.setValue(2)
    panel.add_button.click()
    row = next(r for r in range(panel.table.rowCount())
               if panel.table.item(r, 0).text() == "Strength 18")
    panel.table.item(row, 0).setCheckState(Qt.CheckState.Unchecked)
    assert rows(panel) == [("Bénédiction", "+2", True), ("Strength 13", "+1", True),
                           ("Strength 18", "+5", False)]
    # 001 "Trip": « Déclenche une OA »: the panel names the orc before the roll.
    assert not panel.provokes.isHidden() and "Orc" in panel.provokes.text()
    panel.ask_oa = lambda provokes, names: {"brute": "skip"}
    # Without the edits 9 + 5 = 14 would beat 12 + 1; with them 9 + 2 = 11 does not.
    panel.dice.setText("9, 12")
    panel.roll_button.click()
    text = panel.result_label.text()
    assert text.splitlines()[0] == "trip → Orc: failure"
    assert "Aldric 11 vs Orc 13 (Strength)" in text
    assert "Bénédiction +2" in text
    assert "dropped: Strength 18 +5 (switched off by the GM)" in text
    assert not s.encounter.token("brute").has_condition("prone")
    entry = s.log.entries[-1]
    assert entry.kind == "manoeuvre"
    log = s.log.render(entry, "en")
    assert "Aldric 11 vs Orc 13 (Strength)" in log
    assert "Bénédiction +2 (check) [GM]" in log  # the GM is its source: « MJ » in French
    assert f"dropped: Strength 18 +5 (check) [{SKILLS}] — switched off by the GM" in log
