"""Undo/redo by structural snapshots.

Commands never mutate a Token, Wall, AreaTemplate, Grid or options object in place: they put a
new object in its slot. A snapshot is then only shallow copies of the lists (references shared
with the encounter and with other steps), the turn-state dict reference, the log length and the
dice state. A step keeps just the sections that differ between its before and after."""

from __future__ import annotations

import itertools
import operator
from dataclasses import dataclass, field
from typing import Any

from battlemap.engine.changes import Change
from battlemap.model import Encounter
from battlemap.rules.core.dice import Dice

LIST_SECTIONS = ("tokens", "walls", "terrain", "templates", "lights")
REF_SECTIONS = ("grid", "options", "turn", "name", "explored")
_ids = itertools.count(1)


def dice_state(dice: Dice) -> tuple[Any, tuple[int, ...]]:
    return dice.rng.getstate(), tuple(dice.forced)


def set_dice_state(dice: Dice, state: tuple[Any, tuple[int, ...]]) -> None:
    rng_state, forced = state
    dice.rng.setstate(rng_state)
    dice.forced.clear()
    dice.forced.extend(forced)


@dataclass
class Snapshot:
    lists: dict[str, list[Any]]
    refs: dict[str, Any]
    log_len: int
    dice: tuple[Any, tuple[int, ...]]

    @classmethod
    def take(cls, enc: Encounter, dice: Dice) -> Snapshot:
        return cls(
            lists={name: list(getattr(enc, name)) for name in LIST_SECTIONS},
            refs={name: getattr(enc, name) for name in REF_SECTIONS},
            log_len=len(enc.log),
            dice=dice_state(dice),
        )


@dataclass
class Step:
    """One undoable command: the differing sections before and after, and the log tail."""

    label: str
    before: dict[str, Any]
    after: dict[str, Any]
    log_before: int
    log_added: list[dict[str, Any]]
    dice_before: tuple[Any, tuple[int, ...]]
    dice_after: tuple[Any, tuple[int, ...]]
    meta: dict[str, Any] = field(default_factory=dict)  # e.g. merge key of a move
    id: int = field(default_factory=lambda: next(_ids))

    @classmethod
    def between(cls, label: str, old: Snapshot, enc: Encounter, dice: Dice) -> Step:
        before: dict[str, Any] = {}
        after: dict[str, Any] = {}
        for name in LIST_SECTIONS:
            now = getattr(enc, name)
            was = old.lists[name]
            # Identity, item by item, in C: 4,000 walls compared at every command.
            if len(now) != len(was) or any(map(operator.is_not, now, was)):
                before[name], after[name] = was, list(now)
        for name in REF_SECTIONS:
            now = getattr(enc, name)
            if now is not old.refs[name] and now != old.refs[name]:
                before[name], after[name] = old.refs[name], now
        return cls(label=label, before=before, after=after, log_before=old.log_len,
                   log_added=list(enc.log[old.log_len:]), dice_before=old.dice,
                   dice_after=dice_state(dice))

    @property
    def empty(self) -> bool:
        return not self.before and not self.log_added and self.dice_before == self.dice_after

    def undo(self, enc: Encounter, dice: Dice) -> list[Change]:
        _apply(enc, self.before)
        del enc.log[self.log_before:]
        set_dice_state(dice, self.dice_before)
        return self.changes()

    def redo(self, enc: Encounter, dice: Dice) -> list[Change]:
        _apply(enc, self.after)
        del enc.log[self.log_before:]
        enc.log.extend(self.log_added)
        set_dice_state(dice, self.dice_after)
        return self.changes()

    def changes(self) -> list[Change]:
        out: list[Change] = []
        for name in self.before:
            if name == "tokens":
                out.append(Change(kind="tokens", ids=_changed_ids(self.before[name],
                                                                  self.after[name])))
            elif name == "templates":
                out.append(Change(kind="templates", ids=_changed_ids(self.before[name],
                                                                     self.after[name])))
            elif name in ("walls", "terrain", "grid", "options", "turn"):
                out.append(Change(kind=name))  # type: ignore[arg-type]
            elif name in ("lights", "name", "explored"):
                out.append(Change(kind="all"))
        if self.log_added or "log" in self.meta:
            out.append(Change(kind="log"))
        return out


def _apply(enc: Encounter, values: dict[str, Any]) -> None:
    for name, value in values.items():
        if name in LIST_SECTIONS:
            getattr(enc, name)[:] = value  # same list object: views holding it stay valid
        else:
            # Skip validate_assignment: these values were valid when captured.
            enc.__dict__[name] = value


def _changed_ids(before: list[Any], after: list[Any]) -> list[str]:
    """The ids whose object differs between the two lists (added and removed ones too)."""
    if len(before) == len(after):
        # Slot by slot, in C: a move among 3,000 tokens changes one slot, whose id stays.
        pairs = list(itertools.compress(zip(before, after, strict=True),
                                        map(operator.is_not, before, after)))
        if all(a.id == b.id for a, b in pairs):
            return sorted(b.id for _, b in pairs)
    old = {x.id: x for x in before}
    new = {x.id: x for x in after}
    return sorted(i for i in old.keys() | new.keys() if old.get(i) is not new.get(i))


class History:
    """Two stacks of steps; `marker` identifies the state (for the dirty flag)."""

    def __init__(self, limit: int = 2000) -> None:
        self.undo_stack: list[Step] = []
        self.redo_stack: list[Step] = []
        self.limit = limit
        # The marker of the state at the bottom of the undo stack: the opened state (0) until
        # the cap drops a step, then that step's. Undoing to the bottom of a capped history
        # is not the opened state, so it must not read as clean.
        self.floor = 0

    def push(self, step: Step) -> None:
        self.undo_stack.append(step)
        self.redo_stack.clear()
        if len(self.undo_stack) > self.limit:
            self.floor = self.undo_stack.pop(0).id

    @property
    def marker(self) -> int:
        return self.undo_stack[-1].id if self.undo_stack else self.floor
