"""Where the map gets threatened squares: from the engine when it offers them, otherwise from
geometry fed with the engine's rule answers (reach, who can threaten). No rule is decided here."""

from __future__ import annotations

from typing import Any

Square = tuple[int, int]


def threatened(session: Any, token_id: str) -> list[Square]:
    own = getattr(session, "threatened_squares", None)
    if callable(own):
        return [tuple(s) for s in own(token_id)]  # type: ignore[misc]
    from battlemap.geometry import threatened_squares

    token = session.token(token_id)
    if not session.can_threaten(token):
        return []
    reach = session.threat_reach_m(token)
    natural = session.reach_m(token)
    return [tuple(s) for s in threatened_squares(  # type: ignore[misc]
        session.geo, token_id, session.policy, reach, reach_weapon=reach > natural,
        natural_reach_m=natural)]


def enemies_of(session: Any, token_id: str | None) -> list[str]:
    """Tokens on another side than the selection (or than the party when nothing is selected)."""
    tokens = session.encounter.tokens
    side = "party"
    if token_id is not None:
        side = session.encounter.token(token_id).side
    return [t.id for t in tokens if t.side != side and t.side != "neutral"]
