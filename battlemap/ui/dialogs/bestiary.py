"""The small per-system bestiary (our own stat blocks, `battlemap.assets.statblock_file`) and
turning an entry into a new token: a unique id and a free place on the grid."""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

from battlemap.assets import statblock_file
from battlemap.model import Encounter, Size, Token


@cache
def load_bestiary(system: str) -> tuple[dict[str, Any], ...]:
    """Entries: {"name", "size", "side", "speed_m", "stats"}. A shipped system whose file is
    missing raises `MissingResource` (a broken installation, not an empty bestiary); a
    system that ships none (a registered toy, a plugin) has no entries."""
    from battlemap.assets import STATBLOCK_SYSTEMS

    if system not in STATBLOCK_SYSTEMS:
        return ()
    data = json.loads(statblock_file(system).read_text(encoding="utf-8"))
    return tuple(e for e in data.get("creatures", []) if isinstance(e, dict) and "name" in e)


def unique_id(enc: Encounter, name: str) -> str:
    base = re.sub(r"[^A-Za-z0-9_.\-]+", "-", name.lower()).strip("-")[:50] or "token"
    taken = {t.id for t in enc.tokens}
    n = 1
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


def free_spot(enc: Encounter, size: Size, near: tuple[int, int] = (0, 0)) -> tuple[int, int]:
    """The free place closest to `near` where a creature of this size fits on the grid."""
    side = max(1, int(size.squares))
    occupied = {sq for t in enc.tokens for sq in t.squares()}
    spots = [(c, r) for r in range(enc.grid.rows - side + 1)
             for c in range(enc.grid.cols - side + 1)]
    spots.sort(key=lambda s: (abs(s[0] - near[0]) + abs(s[1] - near[1]), s[1], s[0]))
    for c, r in spots:
        if all((c + dc, r + dr) not in occupied for dc in range(side) for dr in range(side)):
            return (c, r)
    raise ValueError("There is no free place left on the map for this creature.")


def new_token(enc: Encounter, entry: dict[str, Any] | None, name: str, side: str,
              near: tuple[int, int] = (0, 0), hidden: bool = False) -> Token:
    """A token from a bestiary entry (or blank when entry is None), placed at a free spot."""
    entry = entry or {}
    size = Size(entry.get("size", "medium"))
    col, row = free_spot(enc, size, near)
    stats = entry.get("stats")
    hp = stats.get("max_hp") if isinstance(stats, dict) else None
    return Token(id=unique_id(enc, name), name=name, side=side, size=size, col=col, row=row,
                 speed_m=float(entry.get("speed_m", 9.0)), reach_m=entry.get("reach_m"),
                 stats=stats, hp=hp, hidden=hidden)


def duplicate(enc: Encounter, token: Token) -> Token:
    """A copy of a token beside it, with a fresh id and numbered name."""
    col, row = free_spot(enc, token.size, (int(token.col), int(token.row)))
    return token.model_copy(update={"id": unique_id(enc, token.name), "col": col, "row": row,
                                    "initiative": None})
