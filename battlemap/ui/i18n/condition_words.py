"""A condition as the interface names it: the system's label in the interface's language
(`RuleSystem.conditions()`), the stored id only when the system does not know it. The
inspector, the initiative list and the tokens' badges and tooltips all say it this way."""

from __future__ import annotations

from typing import Any

from battlemap.ui.i18n import say


def condition_label(system: Any, name: str) -> str:
    info = None if system is None else system.conditions().get(name)
    if info is None:
        return name
    return say(info.label)
