"""The attack panel asks the per-attack choices the system offers (pmt: off-hand weapon,
finishing off) and lets the GM declare a manoeuvre; on a normal hit the GM is asked the
defender's choice before anything is applied (004_49216c8abfe9f777.txt)."""

from PySide6.QtWidgets import QCheckBox, QComboBox

from battlemap.rules.core.combat import ManoeuvreRequest
from battlemap.rules.core.dice import Dice
from battlemap.text import words
from battlemap.ui.map.panels import attack_panel
from battlemap.ui.map.panels.defender_choice import chosen, defender_dialog
from tests.ui.map.gestures.test_map_attack import open_panel

from ..conftest import make_encounter, make_session

FIGHTER = {"max_hp": 18, "ac": 16, "attack_bonus": 1, "strength": 13, "prime": ["str"],
           "weapons": [{"name": "Épée", "damage": "1d8"}, {"name": "Dague", "damage": "1d4"}]}
MONSTER = {"max_hp": 12, "ac": 12, "weapons": [{"name": "Griffes", "damage": "1d6"}]}


def duel(*conditions):
    enc = make_encounter(system="pmt", tokens=[
        dict(id="hero", name="Aldric", side="party", col=2, row=2, stats=FIGHTER),
        dict(id="brute", name="Brute", side="foe", col=3, row=2, stats=MONSTER,
             conditions=[{"name": c} for c in conditions])])
    return make_session(enc)


def rows(panel):
    return [(panel.table.item(r, 0).text(), panel.table.item(r, 1).text())
            for r in range(panel.table.rowCount())]


def test_off_hand_weapon_combo_updates_the_preview_and_the_attack(map_view, qtbot):
    # 004_49216c8abfe9f777.txt, two weapons: −2 primary, −4 secondary. Épée d8 + Dague d4.
    s = duel()
    panel = open_panel(map_view(s), qtbot)
    combo = panel.findChild(QComboBox, "attackChoice_two_weapon")
    assert [combo.itemText(i) for i in range(combo.count())] == ["none", "Dague"]
    assert panel.findChild(QCheckBox, "attackChoice_kill") is None  # the brute is awake
    assert ("Primary weapon", "-2") not in rows(panel)
    combo.setCurrentIndex(1)
    assert ("Primary weapon", "-2") in rows(panel)
    panel.grab().save("/tmp/f5_panel_two_weapon.png")
    # d20 12 + 1 + 1 − 2 = 12 ≥ CA 12, 1d8 3 + 1; d20 14 + 1 + 1 − 4 = 12, 1d4 2 + 1: 12 → 5.
    panel.dice.setText("12, 3, 14, 2")
    panel.roll_button.click()
    assert [a.label for a in panel.outcome.result.attacks] == ["Épée (1/2)", "Dague (2/2)"]
    assert s.encounter.token("brute").hp == 5


def test_finish_off_check_box_kills_a_sleeping_foe(map_view, qtbot):
    # 004_49216c8abfe9f777.txt: "Toute attaque contre un personnage inconscient réussit
    # automatiquement et le tue si l'attaquant le désire." 1d8 3 + 1, but it dies: 12 → 0.
    s = duel("unconscious")
    panel = open_panel(map_view(s), qtbot)
    box = panel.findChild(QCheckBox, "attackChoice_kill")
    assert box.text() == "Finish off (unconscious target)"
    assert "Toute attaque contre un personnage inconscient" in box.toolTip()
    box.setChecked(True)
    assert "Target: hit automatically" in panel.situation.text()  # not "Target: 0"
    panel.grab().save("/tmp/f5_panel_kill.png")
    panel.dice.setText("3")
    panel.roll_button.click()
    assert s.encounter.token("brute").hp == 0
    assert [c.name for c in s.encounter.token("brute").conditions] == ["dead"]


def test_manoeuvre_asks_the_defenders_choice_before_applying(map_view, qtbot, monkeypatch):
    # 004_49216c8abfe9f777.txt, "Manœuvres": on a normal hit "le défenseur peut, au choix,
    # laisser la manœuvre s'effectuer ou subir les dommages". d20 14 + 2 ≥ 12; 1d8 5 + 1 = 6.
    s = duel()
    s.roll_initiative(forced=[6, 1])
    before = s.encounter.model_dump_json()
    panel = open_panel(map_view(s), qtbot)
    asked = []

    def ask(parent, res, target, name):
        asked.append((target, res.damage.total, s.encounter.token("brute").hp))
        assert name == "knock down"  # the manoeuvre in the interface's words, not its id
        return "damage"

    monkeypatch.setattr(attack_panel, "ask_defender", ask)
    panel.manoeuvre.setCurrentIndex(panel.manoeuvre.findData("envoyer au sol"))
    # One blow declared as a manoeuvre: the off-hand weapon does not apply to it.
    assert not panel.findChild(QComboBox, "attackChoice_two_weapon").isEnabled()
    panel.dice.setText("14, 9")  # a 9 on the d8: said in the panel, nothing happens
    panel.roll_button.click()
    assert panel.result_label.text() == "a forced roll of 9 does not fit a d8"
    assert asked == [] and s.encounter.model_dump_json() == before
    panel.dice.setText("14, 5")
    panel.roll_button.click()
    assert asked == [("Brute", 6, None)]  # asked before the damage was applied
    assert s.encounter.token("brute").hp == 6 and s.encounter.token("brute").conditions == []
    assert "the defender takes the damage" in panel.result_label.text()
    qtbot.wait(50)  # let the layout grow to the result
    panel.grab().save("/tmp/f5_panel_manoeuvre.png")
    s.undo()
    assert s.encounter.model_dump_json() == before


def test_defender_dialog_offers_both_answers(qtbot):
    # The question of the test above, as the GM sees it (d20 14, 1d8 5 + FOR 1 = 6).
    s = duel()
    res = s.system.resolve_manoeuvre(ManoeuvreRequest(
        name="envoyer au sol", attacker=s.combatant("hero"), target=s.combatant("brute")),
        Dice(forced=[14, 5]), s.options)
    # The panel names the manoeuvre in the interface's language (the English UI read the
    # seed's French id, « envoyer au sol »).
    box = defender_dialog(None, res, "Brute", words(s.system.manoeuvre_label(res.name), "en"))
    qtbot.addWidget(box)
    assert box.text() == ('Brute chooses: let the manoeuvre "knock down" happen, or take '
                          "6 damage?")
    box.show()
    box.grab().save("/tmp/f5_defender_dialog.png")
    answers = {b.objectName(): b for b in box.buttons()}
    assert answers["defender_effect"].text() == 'Let "knock down" happen'
    assert answers["defender_damage"].text() == "Take 6 damage"
    answers["defender_damage"].click()
    assert chosen(box) == "damage"
