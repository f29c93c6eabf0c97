"""The route a drag takes to the square under the mouse: the cheapest legal one (or the one
that provokes fewest opportunity attacks), found by geometry's `routes` with the rules' reach
and threats, then previewed as any move (`previews.preview_move`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from battlemap.engine.queries import geometry as geom
from battlemap.engine.queries.previews import preview_move
from battlemap.engine.results import RoutePreview
from battlemap.engine.words import said

if TYPE_CHECKING:
    from battlemap.engine.state import State

Square = tuple[int, int]


def find(state: State, token_id: str, target: Square, via: Sequence[Square] = (),
         avoid_oa: bool = False, kind: str = "normal") -> Any:
    """geometry's `Route` on the session's map, with the rules' reach and threats."""
    from battlemap.geometry.movement.routes import find_route

    rules = geom.rules(state)
    return find_route(geom.geometry(state), token_id, target, geom.policy(state), via=via,
                      avoid_oa=avoid_oa, move_kind=kind, reach_of=rules.reach_of,
                      can_threaten=rules.can_threaten, within=rules.within)


def preview_route(state: State, token_id: str, target: Square, via: Sequence[Square] = (),
                  avoid_oa: bool = False, kind: str = "normal") -> RoutePreview:
    target = (int(target[0]), int(target[1]))
    via = [(int(c), int(r)) for c, r in via]
    route = find(state, token_id, target, via, avoid_oa, kind)
    if not route.found:
        return RoutePreview(token=token_id, target=target, via=via, found=False,
                            reason=said("route.none", c=target[0], r=target[1]))
    move = preview_move(state, token_id, route.squares, kind) if route.squares else None
    out = RoutePreview(token=token_id, target=target, via=via, found=True,
                       squares=route.squares, move=move)
    if avoid_oa and move is not None:
        cheapest = find(state, token_id, target, via, False, kind)
        base = preview_move(state, token_id, cheapest.squares, kind) if cheapest.squares else None
        if base is not None:
            extra = max(0.0, float(move.path.cost_m - base.path.cost_m))
            out.extra_m = extra
            out.fewer_oa = said("route.fewer_oa", n=len(move.path.provokes),
                                was=len(base.path.provokes), extra=extra)
    return out
