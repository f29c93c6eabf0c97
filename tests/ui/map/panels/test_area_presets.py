"""Area presets in the template bar: the GM saves the template in hand under a name (kept in
the settings, per system), reshapes a template with it later, and removes it; the system's
own are offered, or the menu says in one sentence why its text has none. A preset keeps the
apply dialog's save and damage too, and gives them back as that dialog's starting values."""

from typing import Any

from PySide6.QtCore import QSettings

from battlemap.model import AreaShape
from battlemap.rules.core.presets import AreaPreset
from battlemap.text import Message
from battlemap.ui import i18n
from battlemap.ui.map.panels import area_presets
from battlemap.ui.map.panels.area_dialog import AreaDialog
from tests.ui.map.gestures.test_map_templates import action, arena

from ..conftest import send_mouse


def _placed(view: Any, shape: str = "sphere") -> Any:
    action(view, f"map.template.{shape}").trigger()
    send_mouse(view, "press", 6.0, 4.0)
    send_mouse(view, "release", 7.5, 4.0)
    return view.controllers["template"]


def _menu_texts(ctl: Any) -> list[str]:
    ctl.bar.fill_presets()
    return [a.text() for a in ctl.bar.preset_menu.actions() if a.text()]


def test_a_template_saved_as_a_preset_reshapes_the_next_one(map_view: Any) -> None:
    view = map_view(arena())
    ctl = _placed(view, "cone")
    cone = ctl.active
    ctl.ask_preset_name = lambda suggested: "Souffle du dragon"
    ctl.save_preset()
    saved = area_presets.load(view.session.system.id)
    assert [(p.name, p.shape, p.size_m) for p in saved] == [
        ("Souffle du dragon", AreaShape.CONE, cone.size_m)]
    ctl.remove_active()
    ctl = _placed(view, "sphere")
    assert "Souffle du dragon" in _menu_texts(ctl)
    steps = len(view.session.history.undo_stack)
    ctl.use_preset(saved[0])
    assert ctl.active.shape == AreaShape.CONE and ctl.active.size_m == cone.size_m
    assert view.session.encounter.templates[-1].shape == AreaShape.CONE
    assert len(view.session.history.undo_stack) == steps + 1  # one command, undoable
    view.session.undo()
    assert view.session.encounter.templates[-1].shape == AreaShape.SPHERE


def test_presets_are_kept_per_system_and_removed(map_view: Any) -> None:
    view = map_view(arena())
    ctl = _placed(view)
    ctl.ask_preset_name = lambda suggested: "Nuage"
    ctl.save_preset()
    assert area_presets.load("breche35") == []  # another system's list
    ctl.remove_preset("Nuage")
    assert area_presets.load(view.session.system.id) == []
    assert "None yet" in _menu_texts(ctl)


def test_a_damaged_presets_setting_reads_as_none() -> None:
    QSettings().setValue(area_presets.SETTING.format(system="dnd2024"), "{not json")
    assert area_presets.load("dnd2024") == []
    QSettings().setValue(area_presets.SETTING.format(system="dnd2024"),
                         '[{"name": "ok", "shape": "line", "size_m": 18}, {"shape": "blob"}]')
    assert [p.name for p in area_presets.load("dnd2024")] == ["ok"]


def test_a_system_without_presets_says_why_naming_its_seed(map_view: Any) -> None:
    view = map_view(arena())
    ctl = _placed(view)
    assert "None in the rules' text (why?)" in _menu_texts(ctl)
    why = next(a for a in ctl.bar.preset_menu.actions() if a.objectName() == "presetNone")
    assert why.toolTip().startswith("The text of D&D 2024 (003_04e386f09d3dfd89.txt) names "
                                    "no area effect")
    why.trigger()
    assert ctl.last_error == why.toolTip()


def test_a_systems_own_presets_are_offered(map_view: Any, monkeypatch: Any) -> None:
    view = map_view(arena())
    system = view.session.system
    line = AreaPreset(name=Message.of("text.term", text="Test line"), shape="line",
                      size_m=18.0, width_m=1.5, source="test", save="dex", damage="8d6")
    monkeypatch.setattr(type(system), "area_presets", (line,))
    ctl = _placed(view)
    assert "Test line" in _menu_texts(ctl)
    act = next(a for a in ctl.bar.preset_menu.actions() if a.text() == "Test line")
    assert "Damage dice 8d6" in act.toolTip()
    act.trigger()
    assert ctl.active.shape == AreaShape.LINE and ctl.active.size_m == 18.0


def _gm_at_dialog(monkeypatch: Any, fill: Any) -> list[dict[str, Any]]:
    """The GM at each apply dialog: `fill` types into it (or not), then it is cancelled;
    what each dialog showed when it opened is listed."""
    seen: list[dict[str, Any]] = []

    def gm(dlg: AreaDialog) -> int:
        seen.append({"save": dlg.ability.currentText(), "dc": dlg.dc.value(),
                     "damage": dlg.damage.text(), "kind": dlg.kind.currentText(),
                     "half": dlg.half.isChecked()})
        fill(dlg)
        dlg.reject()
        return int(dlg.result())

    monkeypatch.setattr(AreaDialog, "exec", gm)
    return seen


def _fireball(dlg: AreaDialog) -> None:
    dlg.ability.setCurrentIndex(dlg.ability.findData("dex"))
    dlg.dc.setValue(17)
    dlg.damage.setText("8d6")
    dlg.kind.setCurrentIndex(dlg.kind.findData("fire"))
    dlg.half.setChecked(False)
    dlg.forced.setText("3, 4")


def test_a_preset_keeps_the_apply_dialogs_values_and_gives_them_back(
        map_view: Any, monkeypatch: Any) -> None:
    view = map_view(arena())
    ctl = _placed(view, "sphere")
    filled = iter([_fireball])
    seen = _gm_at_dialog(monkeypatch, lambda dlg: next(filled, lambda d: None)(dlg))
    ctl.apply_active()  # the GM types the fireball's values, then saves the preset
    ctl.ask_preset_name = lambda suggested: "Boule de feu"
    ctl.save_preset()
    (saved,) = area_presets.load(view.session.system.id)
    assert (saved.save, saved.dc, saved.damage, saved.damage_kind, saved.half_on_success) == (
        "dex", 17, "8d6", "fire", False)  # the physical dice are one roll's: not kept
    ctl.remove_active()
    ctl = _placed(view, "cone")
    ctl.apply_active()  # a new template: the dialog starts empty
    ctl.use_preset(saved)
    assert ctl.active.shape == AreaShape.SPHERE
    ctl.apply_active()  # chosen from the preset: the dialog starts with its values
    assert seen[1:] == [
        {"save": "", "dc": 15, "damage": "", "kind": "", "half": True},
        {"save": "dex", "dc": 17, "damage": "8d6", "kind": "fire", "half": False}]


def test_a_systems_preset_gives_its_save_and_damage_to_the_dialog(
        map_view: Any, monkeypatch: Any) -> None:
    view = map_view(arena())
    line = AreaPreset(name=Message.of("text.term", text="Test line"), shape="line",
                      size_m=18.0, width_m=1.5, source="test", save="dex", dc=14,
                      damage="6d6", damage_kind="cold", half_on_success=True)
    ctl = _placed(view)
    seen = _gm_at_dialog(monkeypatch, lambda dlg: None)
    ctl.use_preset(line)
    ctl.apply_active()
    assert seen == [{"save": "dex", "dc": 14, "damage": "6d6", "kind": "cold", "half": True}]


def test_an_old_preset_without_values_loads_and_keeps_the_dialogs_values(
        map_view: Any, monkeypatch: Any) -> None:
    view = map_view(arena())
    system_id = view.session.system.id
    QSettings().setValue(area_presets.SETTING.format(system=system_id),
                         '[{"name": "Vieux", "shape": "cone", "size_m": 4.5, "width_m": 1.5,'
                         ' "height_m": null, "method": null}]')
    (old,) = area_presets.load(system_id)
    assert (old.name, old.save, old.damage) == ("Vieux", None, None)
    ctl = _placed(view)
    seen = _gm_at_dialog(monkeypatch, lambda dlg: dlg.damage.setText("3d6"))
    ctl.apply_active()
    ctl.use_preset(old)  # reshapes only: what the GM typed for this template stays
    assert ctl.active.shape == AreaShape.CONE
    ctl.apply_active()
    assert [s["damage"] for s in seen] == ["", "3d6"]


def test_a_preset_saved_in_french_reads_the_same_in_english(
        map_view: Any, monkeypatch: Any) -> None:
    """The preset keeps the save and damage type by their ids, not a language's names."""
    view = map_view(arena())
    ctl = _placed(view)
    i18n.set_language("fr")
    try:
        _gm_at_dialog(monkeypatch, _fireball)
        ctl.apply_active()
        ctl.ask_preset_name = lambda suggested: "Boule de feu"
        ctl.save_preset()
    finally:
        i18n.set_language("en")
    (saved,) = area_presets.load(view.session.system.id)
    assert (saved.save, saved.damage_kind) == ("dex", "fire")
    seen = _gm_at_dialog(monkeypatch, lambda dlg: None)
    ctl.use_preset(saved)
    ctl.apply_active()
    assert (seen[0]["save"], seen[0]["kind"]) == ("dex", "fire")
