"""Every dock action goes through the engine (its log shows it) and is undoable."""

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QFileDialog

from tests.ui.conftest import french_demo_window


def test_inspector_damage_and_heal_are_engine_commands(window: Any) -> None:
    s = window.session
    window.select_token("ghoul")
    dock = window.docks["inspector"]
    dock.amount.setValue(7)
    dock.damage()
    assert s.combatant("ghoul").hp == 22 - 7
    assert s.log.entries[-1].kind == "damage"
    assert "15" in dock.summary.text()
    dock.amount.setValue(3)
    dock.heal()
    assert s.combatant("ghoul").hp == 15 + 3
    s.undo()
    s.undo()
    assert s.combatant("ghoul").hp == 22
    assert "22 / 22" in dock.summary.text()


def test_inspector_conditions_with_duration(window: Any) -> None:
    s = window.session
    window.select_token("hero")
    dock = window.docks["inspector"]
    dock.condition_choice.setCurrentIndex(dock.condition_choice.findData("prone"))
    dock.rounds.setValue(2)
    dock.add_condition()
    cond = s.token("hero").conditions
    assert [(c.name, c.rounds_left) for c in cond] == [("prone", 2)]
    assert dock.conditions.count() == 1
    dock.conditions.setCurrentRow(0)
    dock.remove_condition()
    assert s.token("hero").conditions == []
    s.undo()
    assert [c.name for c in s.token("hero").conditions] == ["prone"]


def test_inspector_condition_left_at_0_takes_the_rule_default(window: Any) -> None:
    # 001_dd346e63a171f715.txt, "ETATS (CONDITIONS, AFFLICTIONS… ) DU PERSONNAGE": the default
    # duration applies when nothing says otherwise; "Stunned / Dazed (Etourdi)": d3 rds. The
    # box at 0 says "default"; the die (forced 3) is the session's, so undo takes it back.
    from battlemap.engine import Session
    from battlemap.model import Encounter, Grid, Token

    fighter = {"max_hp": 30, "ac": 5, "thac0": 16, "class_group": "fighter"}
    window.set_session(Session(Encounter(system="adnd2bis", grid=Grid(cols=6, rows=4), tokens=[
        Token(id="orc", name="Orc", side="foe", col=1, row=1, stats=fighter)]), seed=3))
    s = window.session
    window.select_token("orc")
    dock = window.docks["inspector"]
    assert dock.rounds.value() == 0 and dock.rounds.text() == "default"
    dock.condition_choice.setCurrentIndex(dock.condition_choice.findData("stunned"))
    s.dice.force([3])
    dock.add_condition()
    assert [(c.name, c.rounds_left) for c in s.token("orc").conditions] == [("stunned", 3)]
    assert "1d3 → (3!) = 3" in s.log.entries[-1].said("en")
    assert dock.conditions.item(0).text() == "Stunned (3 rd)"
    s.undo()
    assert s.token("orc").conditions == []


def test_inspector_stats_are_validated_by_the_system_model(window: Any) -> None:
    s = window.session
    window.select_token("ghoul")
    dock = window.docks["inspector"]
    ac = dock.form.editors["ac"][1]
    ac.setValue(15)
    dock.apply_stats()
    assert s.stats("ghoul").ac == 15
    before = s.token("ghoul").stats
    dock.form.editors["ac"][1].setValue(99)  # the dnd2024 model allows 0..40
    dock.apply_stats()
    assert not dock.message.isHidden()
    assert "ac" in dock.message.text()
    assert s.token("ghoul").stats == before
    s.undo()
    assert s.stats("ghoul").ac == 12


def test_inspector_keeps_its_stat_editors_from_one_token_to_the_next(window: Any) -> None:
    # Issue 9: a click on another token of the same system shows its values in the same
    # editors (rebuilding two dozen editors cost ~15 ms a click); nothing is left over.
    s = window.session
    dock = window.docks["inspector"]
    window.select_token("ghoul")
    editors = {k: e for k, (_, e) in dock.form.editors.items()}
    window.select_token("hero")
    assert {k: e for k, (_, e) in dock.form.editors.items()} == editors  # the same widgets
    hero = s.stats("hero")
    assert dock.form.editors["ac"][1].value() == hero.ac
    assert dock.form.editors["max_hp"][1].value() == hero.max_hp
    assert dock.form.validated() == hero  # every field shows the hero's value
    window.select_token("ghoul")
    assert dock.form.validated() == s.stats("ghoul")


def test_inspector_rename_and_hide(window: Any) -> None:
    s = window.session
    window.select_token("ghoul")
    dock = window.docks["inspector"]
    dock.name_edit.setText("Goule affamée")
    dock._rename()
    assert s.token("ghoul").name == "Goule affamée"
    dock.hidden.click()
    assert s.token("ghoul").hidden is True
    s.undo()
    s.undo()
    assert (s.token("ghoul").name, s.token("ghoul").hidden) == ("Goule", False)


def _order_texts(dock: Any) -> list[str]:
    return [dock.order.item(i).data(256) for i in range(dock.order.count())]


def test_initiative_roll_next_turn_and_highlight(window: Any) -> None:
    s = window.session
    dock = window.docks["initiative"]
    dock.roll()
    assert s.round == 1
    assert _order_texts(dock) == list(s.order)
    first = s.current_token_id
    assert dock.order.item(0).font().bold()
    assert s.token(first).name in dock.round_label.text()
    dock.next_turn()
    assert s.current_token_id == s.order[1]
    assert dock.order.item(1).font().bold() and not dock.order.item(0).font().bold()
    s.undo()
    assert s.current_token_id == first


def test_a_new_turn_relights_two_rows_of_the_same_list(window: Any) -> None:
    # Issue 9: the next turn moves the highlight; the rows stay (300 rows were rebuilt at
    # every turn on the stress map). A change of the order still rebuilds them.
    s = window.session
    dock = window.docks["initiative"]
    dock.roll()
    items = [dock.order.item(i) for i in range(dock.order.count())]
    dock.next_turn()
    assert [dock.order.item(i) for i in range(dock.order.count())] == items  # same items
    lit = [i for i in range(dock.order.count()) if dock.order.item(i).font().bold()]
    assert lit == [1] and _order_texts(dock) == list(s.order)
    s.undo()
    lit = [i for i in range(dock.order.count()) if dock.order.item(i).font().bold()]
    assert lit == [0]
    dock._rows_moved(None, 0, 0, None, 3)
    assert _order_texts(dock) == list(s.order)
    assert [i for i in range(dock.order.count()) if dock.order.item(i).font().bold()] == [
        list(s.order).index(s.current_token_id)]


def test_each_dock_redraws_once_per_command(window: Any, monkeypatch: Any) -> None:
    # Issue 9: a move changes the tokens, the log and the turn's budget; each dock redrew
    # once per change (the initiative's 300 rows three times a move on the stress map).
    s = window.session
    window.docks["initiative"].roll()
    counts: dict[str, int] = {}
    for name, dock in window.docks.items():
        monkeypatch.setattr(dock, "refresh", lambda n=name: counts.__setitem__(
            n, counts.get(n, 0) + 1))
    tok = s.token(s.current_token_id)
    s.move(tok.id, [(tok.col, tok.row + 1)], gm_override=True)
    assert counts == {"initiative": 1, "inspector": 1, "log": 1}
    counts.clear()
    s.undo()
    assert counts == {"initiative": 1, "inspector": 1, "log": 1}


def test_before_combat_the_initiative_dock_shows_a_hint_and_a_roll_button(window: Any) -> None:
    s = window.session
    dock = window.docks["initiative"]
    assert not s.order
    assert dock.pages.currentWidget() is dock.empty  # no tall blank list before combat
    assert "Roll initiative" in dock.empty_hint.text()
    dock.empty_roll.click()
    assert s.round == 1
    assert dock.pages.currentWidget() is dock.order
    assert _order_texts(dock) == list(s.order)
    s.undo()
    assert dock.pages.currentWidget() is dock.empty


def test_initiative_drag_reorder_goes_through_the_engine(window: Any) -> None:
    s = window.session
    dock = window.docks["initiative"]
    dock.roll()
    before = list(s.order)
    # What QListWidget reports after a drag of row 0 below row 2 (destination row 3).
    dock._rows_moved(None, 0, 0, None, 3)
    assert list(s.order) == [before[1], before[2], before[0], before[3]]
    assert _order_texts(dock) == list(s.order)
    s.undo()
    assert list(s.order) == before


def test_initiative_budget_spend_and_refusal(window: Any) -> None:
    s = window.session
    dock = window.docks["initiative"]
    dock.roll()
    cur = s.current_token_id
    bonus = dock.slot_box.findData("bonus_action")
    assert bonus >= 0, "dnd2024 turns have a bonus action (003)"
    dock.slot_box.setCurrentIndex(bonus)
    dock.spend()
    assert s.budget(cur).slots["bonus_action"] == 0
    dock.slot_box.setCurrentIndex(dock.slot_box.findData("bonus_action"))
    dock.spend()  # none left: the engine refuses, the dock shows why
    assert not dock.message.isHidden()
    s.undo()
    assert s.budget(cur).slots["bonus_action"] == 1


def test_log_filters_and_copy_show_dice_and_modifiers(window: Any) -> None:
    s = window.session
    s.damage("ghoul", 4)
    s.heal("hero", 2)
    s.damage("hero", 9)
    dock = window.docks["log"]
    dock.token_filter.setCurrentIndex(dock.token_filter.findData("hero"))
    shown = [dock.tree.topLevelItem(i).text(1) for i in range(dock.tree.topLevelItemCount())]
    assert len(shown) == 2 and all("Aelis" in t for t in shown)
    dock.kind_filter.setCurrentIndex(dock.kind_filter.findData("damage"))
    assert dock.tree.topLevelItemCount() == 1
    text = dock.copy()
    assert "Aelis" in text and "9" in text


def test_log_entry_expands_to_its_details(window: Any) -> None:
    s = window.session
    s.roll_initiative(forced=[10, 11, 12, 13])
    dock = window.docks["log"]
    top = dock.tree.topLevelItem(0)
    expected = s.log.render(s.log.entries[0], "en").splitlines()[1:]
    assert [top.child(i).text(1) for i in range(top.childCount())] == [x.strip() for x in expected]


def _log_rows(dock: Any) -> list[tuple[str, str, list[str]]]:
    tree = dock.tree
    return [(it.text(0), it.text(1), [it.child(k).text(1) for k in range(it.childCount())])
            for it in (tree.topLevelItem(i) for i in range(tree.topLevelItemCount()))]


def test_the_log_adds_and_takes_away_only_the_rows_a_command_changed(window: Any) -> None:
    # Issue 9: the log was built again at every command (an evening's hundreds of entries),
    # and the entry a GM had opened to read its dice closed at the next command.
    s = window.session
    dock = window.docks["log"]
    s.roll_initiative(forced=[10, 11, 12, 13])
    first = dock.tree.topLevelItem(0)
    first.setExpanded(True)
    count = dock.tree.topLevelItemCount()
    s.damage("ghoul", 4)
    assert dock.tree.topLevelItem(0) is first and first.isExpanded()
    assert dock.tree.topLevelItemCount() == count + 1
    assert dock.tree.topLevelItem(count).text(1) == s.log.entries[-1].said("en")
    s.undo()
    assert dock.tree.topLevelItemCount() == count and first.isExpanded()
    shown = _log_rows(dock)
    dock.tree.clear()
    dock._shown = []
    dock.refresh()  # built from scratch: the same rows
    assert _log_rows(dock) == shown and len(shown) == len(s.log.entries)
    dock.kind_filter.setCurrentIndex(dock.kind_filter.findData("turn"))
    assert [r[1] for r in _log_rows(dock)] == [e.said("en") for e in s.log.entries
                                                if e.kind == "turn"]


def test_log_export_markdown_and_json(window: Any, tmp_path: Path, monkeypatch: Any) -> None:
    s = window.session
    s.damage("ghoul", 4)
    md, js = tmp_path / "log.md", tmp_path / "log.json"
    dock = window.docks["log"]
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(md), ""))
    assert dock.export_markdown()
    assert md.read_text(encoding="utf-8") == s.log.to_markdown("en", s.log.entries)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(js), ""))
    assert dock.export_json()
    assert js.read_text(encoding="utf-8") == s.log.to_json()


def test_options_dock_changes_rules_through_the_engine(window: Any) -> None:
    s = window.session
    dock = window.docks["options"]
    check = dock.editors["natural_one_misses"]
    assert check.isChecked() is True  # docs/rules/dnd2024.md#defaults: default on
    check.click()
    assert s.options.natural_one_misses is False
    diag = dock.editors["diagonals"]
    diag.setCurrentIndex(diag.findData("d35"))
    diag.activated.emit(diag.currentIndex())
    assert s.encounter.options.diagonals == "d35"
    s.undo()
    s.undo()
    assert s.options.natural_one_misses is True and s.encounter.options.diagonals is None


def test_options_dock_shows_each_option_description(window: Any) -> None:
    from PySide6.QtWidgets import QLabel

    dock = window.docks["options"]
    model = window.session.system.options_model
    for name, info in model.model_fields.items():
        label = dock.findChild(QLabel, f"rule_{name}_description")
        assert label is not None and label.text() == info.description


def test_inspector_says_a_2bis_dying_state_in_words(qtbot: Any) -> None:
    # Walkthrough of the adnd2bis demo: a fighter at -3 hp read "PV -3 / 30 —
    # dying_unconscious" in the French inspector. 001 "Dying": between 0 and -5 the creature
    # is unconscious and loses 1 hp per turn.
    w = french_demo_window(qtbot, "adnd2bis-repaire-ogre.json")
    s = w.session
    s.damage("aldric", s.combatant("aldric").hp + 3)
    w.select_token("aldric")
    text = w.docks["inspector"].summary.text()
    assert "PV -3 / " in text and "— mourant, inconscient<br>" in text
    w.files.confirm_discard = lambda: True



def test_inspector_condition_picker_and_stat_choices_read_whole_in_french(qtbot: Any) -> None:
    # Walkthrough of the adnd2bis demo in French: the condition picker, squeezed beside its
    # buttons, showed "Action ré"; the class group read "fighter" (fr.json: "guerrier").
    w = french_demo_window(qtbot, "adnd2bis-repaire-ogre.json")
    w.select_token("aldric")
    dock = w.docks["inspector"]
    combo = dock.condition_choice
    widest = max(combo.fontMetrics().horizontalAdvance(combo.itemText(i))
                 for i in range(combo.count()))
    assert combo.width() > widest
    group = dock.findChild(type(combo), "stat_class_group") or next(
        c for c in dock.findChildren(type(combo)) if c.findData("fighter") >= 0)
    assert group.itemText(group.findData("fighter")) == "guerrier"
    w.files.confirm_discard = lambda: True


def test_initiative_slot_picker_reads_whole(qtbot: Any) -> None:
    # Walkthrough (adnd2bis demo, French): beside Spend and GM override, the slot picker read
    # "action de c" in the 310 px dock. It has a line of its own now.
    w = french_demo_window(qtbot, "adnd2bis-repaire-ogre.json")
    dock = w.docks["initiative"]
    dock.roll()
    box = dock.slot_box
    widest = max(box.fontMetrics().horizontalAdvance(box.itemText(i)) for i in range(box.count()))
    assert box.count() and box.width() > widest
    w.files.confirm_discard = lambda: True


def test_french_inspector_says_what_is_wrong_in_french(window: Any) -> None:
    # Pydantic's English ("Input should be less than or equal to 40") in French, with the
    # field as its label says it; dice notation errors too.
    window.set_language("fr")
    try:
        window.select_token("ghoul")
        dock = window.docks["inspector"]
        dock.form.editors["ac"][1].setValue(99)  # the dnd2024 model allows 0..40
        dock.apply_stats()
        assert dock.message.text() == "CA : doit valoir au plus 40."
        dock.form.editors["ac"][1].setValue(12)
        weapons = dock.form.editors["weapons"][1]
        weapons.setText(weapons.text().replace('"2d4"', '"2d4+"'))
        dock.apply_stats()
        assert dock.message.text() == ("Armes · 1 · Dégâts : arme « Griffes » : « 2d4+ » n'est "
                                        "pas une notation de dés (elle s'arrête trop tôt).")
        weapons.setText(weapons.text().replace('"2d4+"', '"2d4"').replace('"Griffes"', '""'))
        dock.apply_stats()
        assert dock.message.text() == "Armes · 1 · Nom : ne doit pas être vide."
        weapons.setText("[{")
        dock.apply_stats()
        assert dock.message.text() == "Armes : JSON non valide."
    finally:
        window.set_language("en")


def test_validation_messages_in_french_and_english() -> None:
    from battlemap.text import Message
    from battlemap.ui import i18n

    errors = [
        ({"type": "greater_than_equal", "msg": "Input should be greater than or equal to 1.5",
          "ctx": {"ge": 1.5}}, "doit valoir au moins 1,5"),
        ({"type": "int_parsing", "msg": "Input should be a valid integer"},
         "doit être un nombre entier"),
        ({"type": "float_parsing", "msg": "Input should be a valid number"},
         "doit être un nombre"),
        ({"type": "missing", "msg": "Field required"}, "est obligatoire"),
        ({"type": "string_too_long", "msg": "String should have at most 40 characters",
          "ctx": {"max_length": 40}}, "doit compter au plus 40 caractères"),
        # The dice notation's errors are messages (rules/core/notation.py), raised in the
        # validator: pydantic keeps the error in its ctx.
        ({"type": "value_error", "msg": "Value error, '1d8++1' has two signs in a row ('++')",
          "ctx": {"error": ValueError(Message.of("notation.two_signs", expr="1d8++1",
                                                 signs="++"))}},
         "« 1d8++1 » a deux signes à la suite (« ++ »)"),
        ({"type": "value_error", "msg": "Value error, '900d6' rolls 900 dice, over the limit "
          "of 100", "ctx": {"error": ValueError(Message.of("notation.count", expr="900d6",
                                                           count=900, limit=100))}},
         "« 900d6 » lance 900 dés, au-delà de la limite de 100"),
        # A rare type keeps pydantic's English.
        ({"type": "url_parsing", "msg": "Input should be a valid URL"},
         "Input should be a valid URL"),
    ]
    try:
        i18n.set_language("fr")
        assert [i18n.validation_message(e) for e, _ in errors] == [fr for _, fr in errors]
        i18n.set_language("en")
        assert [i18n.validation_message(e) for e, _ in errors] == [e["msg"] for e, _ in errors]
    finally:
        i18n.set_language("en")


def test_options_dock_sets_the_ambient_light_in_one_undo_step(window: Any) -> None:
    from PySide6.QtWidgets import QComboBox

    box = window.docks["options"].findChild(QComboBox, "option_ambient")
    assert box is not None and [box.itemData(i) for i in range(box.count())] == [
        None, "bright", "dim", "dark"]
    box.setCurrentIndex(box.findData("dark"))
    box.activated.emit(box.currentIndex())
    s = window.session
    assert s.encounter.options.ambient == "dark"
    s.undo()
    assert s.encounter.options.ambient is None


def test_view_menu_resets_the_explored_fog(window: Any) -> None:
    s = window.session
    s.encounter.__dict__["explored"] = [(0, 0), (1, 0)]
    window.actions_by_name["reset_explored"].trigger()
    assert s.encounter.explored == []
    s.undo()
    assert s.encounter.explored == [(0, 0), (1, 0)]
