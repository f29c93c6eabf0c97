"""Finding a creature's weapon by name, the same way in every system."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from battlemap.text import Message


class Named(Protocol):
    name: str


W = TypeVar("W", bound=Named)


class UnknownWeapon(KeyError, ValueError):
    """No weapon of that name; a KeyError for lookups, a ValueError for callers validating input."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown weapon"


def pick_weapon(weapons: Sequence[W], name: str | None, unarmed: Callable[[], W]) -> W:
    """The named weapon (case-insensitive), the first one when no name is given, or the
    system's unarmed strike (named, or when the creature carries nothing)."""
    if name is None:
        return weapons[0] if weapons else unarmed()
    for w in weapons:
        if w.name.casefold() == name.casefold():
            return w
    bare = unarmed()
    if bare.name.casefold() == name.casefold():
        return bare
    known = [w.name for w in weapons] or [Message.of("error.no_weapons")]
    raise UnknownWeapon(Message.of("error.weapon_named", name=name, known=known))
