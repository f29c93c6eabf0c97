"""The GM's edits from the attack panel on a manoeuvre's rolls, the same two as on an attack
(`Situation.extra`, `Situation.disabled`): what the GM adds counts on each roll the
manoeuvre's author makes (its check, its touch attack, its DC when the target saves); a
modifier the GM switches off is dropped from every roll, either side's, and the result says
so (`stack` keeps it in `dropped`, "switched off by the GM")."""

from __future__ import annotations

from battlemap.rules.core.combat import Situation
from battlemap.rules.core.modifiers import Modifier
from battlemap.text import Message

# The kinds of GM addition that belong to the author's own roll; AC or damage ones stay with
# the attack code that reads them (pmt and 2bis flyby manoeuvres are attacks).
_ON_THE_ROLL = ("attack", "check")


def gm_added(sit: Situation, applies_to: str) -> list[Modifier]:
    """The GM's additions for the author's roll, relabelled for that roll (a panel "+2",
    made for an attack roll, on a Strength check or on the DC the target saves against)."""
    return [m.model_copy(update={"applies_to": applies_to}) for m in sit.extra
            if m.applies_to in (*_ON_THE_ROLL, applies_to)]


def gm_modifier(value: int, label: str) -> Modifier:
    """A modifier the GM gives at the table (a free ±N with its label, the 3.5 ±2 of
    circumstances): its source is the GM, « MJ »."""
    return Modifier(name=label, value=value, type="circumstance", source=Message.of("source.gm"))
