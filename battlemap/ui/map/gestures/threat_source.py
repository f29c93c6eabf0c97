"""Which squares and enemies the map's threat overlays show: asked of the engine, which
holds the rules (reach, who can threaten) and the geometry. No rule is decided here."""

from __future__ import annotations

from typing import Any

Square = tuple[int, int]


def threatened(session: Any, token_id: str) -> list[Square]:
    return list(session.threatened_squares(token_id))


def enemies_of(session: Any, token_id: str | None) -> list[str]:
    """Tokens on another side than the selection (or than the party when nothing is selected)."""
    tokens = session.encounter.tokens
    side = "party"
    if token_id is not None:
        side = session.encounter.token(token_id).side
    return [t.id for t in tokens if t.side != side and t.side != "neutral"]
