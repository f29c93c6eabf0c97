"""Area presets in the template bar: the GM saves the template in hand under a name (kept in
the settings, per system), reshapes a template with it later, and removes it; the system's
own are offered, or the menu says in one sentence why its text has none."""

from typing import Any

from PySide6.QtCore import QSettings

from battlemap.model import AreaShape
from battlemap.rules.core.presets import AreaPreset
from battlemap.text import Message
from battlemap.ui.map.panels import area_presets
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
