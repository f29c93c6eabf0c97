"""What a token looks like, read from the model and the engine (no rule is computed here)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtGui import QColor

from battlemap.model import Token
from battlemap.ui.i18n import measure
from battlemap.ui.i18n.condition_words import condition_label

SIDE_COLOURS = {
    "party": QColor("#2f6fd6"),
    "ally": QColor("#2f9e6a"),
    "foe": QColor("#c83737"),
    "neutral": QColor("#b8912e"),
}
# Engine/rules words for states worth a mark on the token.
BLOODIED_STATES = {"bloodied", "disabled", "staggered"}
DOWN_STATES = {"dying", "unconscious", "stable", "helpless"}
DEAD_STATES = {"dead", "destroyed"}


def side_colour(side: str) -> QColor:
    if side in SIDE_COLOURS:
        return SIDE_COLOURS[side]
    # Other sides get a stable colour of their own.
    h = int(hashlib.md5(side.encode()).hexdigest()[:4], 16) % 360
    return QColor.fromHsv(h, 150, 200)


def initials(name: str) -> str:
    words = [w for w in name.replace("-", " ").split() if w]
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][:2].capitalize()
    return (words[0][0] + words[-1][0]).upper()


def disc_initials(tokens: Iterable[Token]) -> dict[str, str]:
    """The initials on each token's disc, by token id. Names that would read alike on the
    map (« Voyou au blouson », « Voyou à la batte »: both « VB »; three « Gobelin ») are
    numbered in the token list's order: « VB1 », « VB2 ». The order of the list, not the
    squares, so a move never renumbers; a name left alone after a rename or a removal reads
    plain again. (The model has no field for initials the GM chose: the name is the source.)"""
    plain = {t.id: initials(t.name) for t in tokens}
    alike: dict[str, list[str]] = {}
    for tid, text in plain.items():
        alike.setdefault(text.casefold(), []).append(tid)
    out = dict(plain)
    for ids in alike.values():
        if len(ids) > 1:
            for n, tid in enumerate(ids, 1):
                out[tid] = f"{plain[tid]}{n}"
    return out


@dataclass
class TokenLook:
    name: str
    initials: str
    colour: QColor
    hp: int | None = None
    hp_max: int | None = None
    state: str = "ok"  # engine word: ok / bloodied / dying / dead …
    conditions: list[str] = field(default_factory=list)
    elevation_m: float = 0.0
    initiative: str = ""
    hidden: bool = False


def _hp_max(session: Any, token: Token) -> int | None:
    """Maximum HP from the system's stats model (field names differ per system)."""
    stats: Any = None
    try:
        stats = session.stats(token.id)
    except Exception:  # the engine may not validate stats for every token
        stats = token.stats
    for name in ("hp_max", "max_hp", "hit_points", "hp"):
        value = stats.get(name) if isinstance(stats, dict) else getattr(stats, name, None)
        if isinstance(value, int) and value > 0:
            return value
    return None


def _state(session: Any, token: Token) -> str:
    """The rules' word for the token's health state (system.hp_state), via the engine."""
    getter = getattr(session, "hp_state", None)
    try:
        if callable(getter):
            return str(getter(token.id))
        return str(session.system.hp_state(session.combatant(token.id)))
    except Exception:  # stats the system cannot read: show no state rather than fail
        return "ok"


def look_of(session: Any, token: Token) -> TokenLook:
    init = "" if token.initiative is None else measure(token.initiative)
    hp_max = _hp_max(session, token)
    return TokenLook(
        name=token.name,
        initials=initials(token.name),
        colour=side_colour(token.side),
        hp=token.hp if token.hp is not None else hp_max,  # None in the file: unhurt
        hp_max=hp_max,
        state=_state(session, token),
        conditions=[condition_label(getattr(session, "system", None), c.name) for c in token.conditions],
        elevation_m=token.elevation_m,
        initiative=init,
        hidden=token.hidden,
    )
