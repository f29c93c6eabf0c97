"""The shape of a system's rule for a creature that waits instead of acting in its place: the
3.5 delay, the 2bis hold action, or none. Each system declares its `WaitRule` in its
`initiative.py`; the engine's `delay` and `act_now` follow it."""

from __future__ import annotations

from dataclasses import dataclass

from battlemap.text import Message


@dataclass(frozen=True)
class WaitRule:
    # "delay" (3.5), "hold" (2bis), or "" when the system's text has no such rule.
    kind: str
    # The seed section the rule comes from, or the one that shows it has none.
    source: str
    # Why the system has none, in one sentence naming its seed; None when it has one.
    missing: Message | None = None

    @property
    def allowed(self) -> bool:
        return self.missing is None
