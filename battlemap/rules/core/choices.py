"""Per-attack choices a system offers (a second weapon, finishing off a helpless target…):
declared by the system, so the map and the CLI ask for them without knowing which system is
in play, and checked here before the rules read `AttackRequest.options`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Literal

from pydantic import BaseModel, Field

from battlemap.text import Message, Text

# "weapon": one of `values` (the attacker's other weapons) or none; "yes_no": a check box.
ChoiceKind = Literal["weapon", "yes_no"]
NONE = "none"
_YES = {"yes", "true", "1", "oui", "on"}
_NO = {"no", "false", "0", "non", "off", ""}


class AttackChoice(BaseModel):
    key: str  # the `AttackRequest.options` key the rules read
    label: Text  # a message: what the map and the CLI call the choice
    kind: ChoiceKind
    values: list[str] = Field(default_factory=list)  # weapon: what may be chosen
    source: str = ""  # the rule that offers it (seed and section)


def off_hand_choice(weapons: Iterable[str], source: str) -> AttackChoice | None:
    """The off-hand weapon of two-weapon fighting; None when no weapon may be chosen."""
    values = list(weapons)
    return AttackChoice(key="two_weapon", label=Message.of("choice.off_hand"), kind="weapon",
                        values=values, source=source) if values else None


def _describe(c: AttackChoice) -> str:
    return f"{c.key}=<{'|'.join(c.values)}>" if c.kind == "weapon" else f"{c.key}=yes|no"


def check_choices(offered: list[AttackChoice], given: Mapping[str, Any]) -> dict[str, Any]:
    """The rules' options from what the GM gave (strings from the CLI, or values from the
    panel): weapon names stay, yes/no become booleans, "none" and "no" are dropped. Raises
    ValueError with one sentence on a key or value that is not offered."""
    by_key = {c.key: c for c in offered}
    out: dict[str, Any] = {}
    for key, value in given.items():
        c = by_key.get(key)
        if c is None:
            known = ", ".join(_describe(x) for x in offered)
            raise ValueError(Message.of("choice.unknown", key=key, known=known or Message.of(
                "error.none")))
        text = str(value).strip()
        if c.kind == "yes_no":
            if isinstance(value, bool):
                yes = value
            elif text.lower() in _YES | _NO:
                yes = text.lower() in _YES
            else:
                raise ValueError(Message.of("choice.yes_no", key=key, text=text))
            if yes:
                out[key] = True
        elif text and text != NONE:
            if text not in c.values:
                values = ", ".join(c.values)
                raise ValueError(Message.of("choice.not_offered", text=text, key=key,
                                            values=values))
            out[key] = text
    return out
