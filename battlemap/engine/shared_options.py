"""One switch for the GM: toggles that both the encounter (`EncounterOptions`) and a rule
system's options model know — `flanking` in 001, 003 and 004 — are merged so that the
geometry policy and the rules read the same value.

The encounter's value wins when set; left to None, the system's own value (its default, or
what an older file stored in `rules`) is used by both."""

from __future__ import annotations

from typing import Any

from battlemap.model import Encounter, EncounterOptions

SHARED_OPTIONS = ("flanking", "opportunity_attacks")


def merged_rules(raw: EncounterOptions, options_model: type[Any]) -> Any:
    """The system's options model, validated with the encounter's shared toggles on top."""
    rules = dict(raw.rules)
    for name in SHARED_OPTIONS:
        value = getattr(raw, name)
        if value is not None and name in options_model.model_fields:
            rules[name] = value
    return options_model.model_validate(rules)


def effective_encounter(enc: Encounter, rules: Any) -> Encounter:
    """The encounter with its unset shared toggles filled from the system's options, for
    `policy_for` (geometry flanks exactly when the rules give the bonus)."""
    raw = enc.options
    fill = {name: getattr(rules, name) for name in SHARED_OPTIONS
            if getattr(raw, name) is None and isinstance(getattr(rules, name, None), bool)}
    if not fill:
        return enc
    return enc.model_copy(update={"options": raw.model_copy(update=fill)})


def normalised(fields: dict[str, Any], current: EncounterOptions) -> dict[str, Any]:
    """`set_options` arguments → the new EncounterOptions dict: a shared toggle given in
    `rules` moves to the encounter level, and is kept only there."""
    raw = current.model_dump()
    fields = dict(fields)
    if "rules" in fields:
        rules = dict(fields.pop("rules") or {})
        for name in SHARED_OPTIONS:
            if name in rules:
                fields.setdefault(name, rules.pop(name))
        raw["rules"] = {**raw["rules"], **rules}
    raw.update(fields)
    for name in SHARED_OPTIONS:
        if raw.get(name) is not None:
            raw["rules"].pop(name, None)
    return raw
