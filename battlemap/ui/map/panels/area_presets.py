"""Area presets for the template bar: the system's (the effects its text names,
`RuleSystem.area_presets`) and the GM's own, kept in the settings per system, each made
from a template on the map with the apply dialog's values it had. Choosing one reshapes the
active template (shape, size, width, height, method) in one engine command, where it stands,
and gives its save, DC and damage to the template's apply dialog as its starting values."""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from battlemap.model import AreaMethod, AreaShape, AreaTemplate

SETTING = "area_presets/{system}"  # one list per rule system: its own shapes and sizes
MAX_PRESETS = 100


class GmPreset(BaseModel):
    """A preset the GM saved: a name, a template's shape without its place, and what its
    apply dialog held (the save and damage; none in a preset saved before the dialog's
    values were kept, or from a template whose dialog never opened)."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    name: str = Field(min_length=1, max_length=80)
    shape: AreaShape
    size_m: float = Field(gt=0, le=1000)
    width_m: float = Field(default=1.5, gt=0, le=1000)
    height_m: float | None = Field(default=None, gt=0, le=1000)
    method: AreaMethod | None = None
    # The apply dialog's values, by the system's ids (as the system's presets name them).
    save: str | None = Field(default=None, max_length=80)
    dc: int | None = Field(default=None, ge=0, le=60)
    damage: str | None = Field(default=None, max_length=80)
    damage_kind: str | None = Field(default=None, max_length=80)
    half_on_success: bool = True


def from_template(name: str, template: AreaTemplate,
                  dialog: dict[str, Any] | None = None) -> GmPreset:
    """A preset of `template`, with its apply dialog's fields as they last closed
    (`AreaDialog.state()`), if they did; the physical dice stay out (they are one roll's)."""
    values: dict[str, Any] = {}
    if dialog:
        save = str(dialog.get("save_id") or "").strip() or None
        values = {"save": save, "dc": int(dialog["dc"]) if save and dialog.get("dc") is not None
                  else None,
                  "damage": str(dialog.get("damage") or "").strip() or None,
                  "damage_kind": str(dialog.get("kind_id") or "").strip() or None,
                  "half_on_success": bool(dialog.get("half", True))}
    return GmPreset(name=name.strip(), shape=template.shape, size_m=template.size_m,
                    width_m=template.width_m, height_m=template.height_m,
                    method=template.method, **values)


def dialog_values(preset: Any) -> dict[str, Any] | None:
    """The apply dialog's starting fields a preset (the GM's or the system's) gives, in the
    form `AreaDialog.restore` reads; None when it carries no save and no damage."""
    fields = ("save", "dc", "damage", "damage_kind")
    if all(getattr(preset, f, None) is None for f in fields):
        return None
    return {"save_id": preset.save, "dc": preset.dc, "damage": preset.damage or "",
            "kind_id": preset.damage_kind or "",
            "half": bool(getattr(preset, "half_on_success", True)), "forced": ""}


def shape_fields(preset: Any) -> dict[str, Any]:
    """What a preset (the GM's or the system's) changes on a template."""
    fields: dict[str, Any] = {"shape": AreaShape(preset.shape), "size_m": preset.size_m}
    if getattr(preset, "width_m", None) is not None:
        fields["width_m"] = preset.width_m
    if getattr(preset, "height_m", None) is not None:
        fields["height_m"] = preset.height_m
    if isinstance(preset, GmPreset):
        fields["method"] = preset.method
    return fields


def load(system_id: str) -> list[GmPreset]:
    """The GM's presets for a system; a damaged setting reads as none (the settings file is
    the user's: a bad entry is skipped, never a crash)."""
    from PySide6.QtCore import QSettings

    raw = QSettings().value(SETTING.format(system=system_id), "[]", type=str)
    try:
        items = json.loads(raw)
    except (TypeError, ValueError):
        return []
    out: list[GmPreset] = []
    for item in items if isinstance(items, list) else []:
        try:
            out.append(GmPreset.model_validate(item))
        except ValidationError:
            continue
    return out[:MAX_PRESETS]


def store(system_id: str, presets: list[GmPreset]) -> None:
    from PySide6.QtCore import QSettings

    QSettings().setValue(SETTING.format(system=system_id),
                         json.dumps([p.model_dump(mode="json") for p in presets[:MAX_PRESETS]],
                                    ensure_ascii=False))


def add(system_id: str, preset: GmPreset) -> list[GmPreset]:
    """Saved under its name: a preset of the same name is replaced, in its place."""
    presets = load(system_id)
    names = [p.name for p in presets]
    if preset.name in names:
        presets[names.index(preset.name)] = preset
    else:
        presets.append(preset)
    store(system_id, presets)
    return presets


def remove(system_id: str, name: str) -> list[GmPreset]:
    presets = [p for p in load(system_id) if p.name != name]
    store(system_id, presets)
    return presets
