"""What changed after a command, so the UI refreshes only that (DESIGN.md §2)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from pydantic import BaseModel, Field

ChangeKind = Literal["tokens", "walls", "terrain", "templates", "log", "turn", "options", "grid",
                     "all"]


class Change(BaseModel):
    kind: ChangeKind
    ids: list[str] = Field(default_factory=list)


Subscriber = Callable[[Change], None]


class ChangeHub:
    """A plain list of callbacks; a failing subscriber must not break the command."""

    def __init__(self) -> None:
        self._subs: list[Subscriber] = []

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        self._subs.append(callback)

        def unsubscribe() -> None:
            if callback in self._subs:
                self._subs.remove(callback)

        return unsubscribe

    def emit(self, changes: list[Change]) -> None:
        for change in changes:
            for cb in list(self._subs):
                cb(change)
