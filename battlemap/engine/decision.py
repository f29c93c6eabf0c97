"""Asking the GM before a command changes anything: one `Decision`, returned by the command
that needs it, answered by calling the same command again.

A move, an attack or a manoeuvre with `oa="ask"` that someone may answer with an
opportunity attack returns a Decision naming those foes and why (`provokes`); a manoeuvre
with `defender_choice="ask"` whose defender may choose (004 "Manœuvres") returns one
holding the roll (`result`) once its dice are rolled and put back. Nothing has changed
then: no undo step, no log entry, the dice as they were. The caller asks the GM and calls
the same command with the same arguments, the answer (`oa_choices`, or `defender_choice`
"effect" / "damage") and `decision=` the Decision: the plan the first call computed (the
path, the attack's situation) is used again as long as nothing changed in between (the
history marker is the one it was asked at). Not answering is cancelling."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from battlemap.text import Message

if TYPE_CHECKING:
    from battlemap.engine.state import State

OAMode = Literal["ask", "resolve", "skip"]
OAChoice = Literal["resolve", "skip"]
Asks = Literal["opportunity_attacks", "defender"]


@dataclass(frozen=True)
class Decision:
    command: str  # the registered command's id: "move", "attack", "manoeuvre"
    asks: Asks
    question: Message  # one sentence for the GM
    provokes: list[Any] = field(default_factory=list)  # geometry Provocation: by, at, why
    result: Any = None  # the defender's: the manoeuvre as its dice fell (damage, effects)
    plan: Any = None  # what the command computed before asking, used again by the answer
    marker: int = 0  # the history marker it was asked at
    asked: Any = None  # the arguments the plan was computed for

    @property
    def reason(self) -> Message:
        return self.question

    def plan_for(self, state: State, command: str, asked: Any) -> Any:
        """The carried plan when this Decision answers `command`, asked with the same
        arguments, on an unchanged state; None otherwise (the command computes it anew)."""
        if self.command != command or self.marker != state.history.marker or (
                self.asked != asked):
            return None
        return self.plan


class Asked(Exception):  # noqa: N818 - not an error: how a command leaves its undo step to ask
    """Raised inside a command to roll it back and return `decision` instead."""

    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.reason)
        self.decision = decision


def plan_of(decision: Decision | None, state: State, command: str, asked: Any) -> Any:
    return decision.plan_for(state, command, asked) if decision is not None else None
