"""What changed after a command, so the UI refreshes only that (docs/architecture.md#how-data-flows)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from pydantic import BaseModel, Field

ChangeKind = Literal["tokens", "walls", "terrain", "templates", "log", "turn", "options", "grid",
                     "all"]


class Change(BaseModel):
    kind: ChangeKind
    ids: list[str] = Field(default_factory=list)


class ChangeHub:
    """A plain list of callbacks. Each hears every change of a command, one by one; or, if
    it subscribed `whole`, the command's list of changes at once: a dock redraws all it
    shows whatever changed, and a move that changes tokens, the log and the turn would have
    it redraw three times."""

    def __init__(self) -> None:
        self._subs: list[tuple[Callable[..., None], bool]] = []

    def subscribe(self, callback: Callable[..., None], whole: bool = False
                  ) -> Callable[[], None]:
        entry = (callback, whole)
        self._subs.append(entry)

        def unsubscribe() -> None:
            if entry in self._subs:
                self._subs.remove(entry)

        return unsubscribe

    def emit(self, changes: list[Change]) -> None:
        subs = list(self._subs)
        for change in changes:
            for cb, whole in subs:
                if not whole:
                    cb(change)
        for cb, whole in subs:
            if whole and changes:
                cb(changes)
