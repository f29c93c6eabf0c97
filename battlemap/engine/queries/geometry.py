"""What the map says for the rules: the policy, the prepared map (kept up to date by
commands), reach and who threatens (asked of the system), creatures sharing a square, the
squares a creature threatens."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple

from battlemap.engine._memo import MISS
from battlemap.engine.shared_options import effective_encounter
from battlemap.model import Condition, Token
from battlemap.rules.core.combat import Combatant

if TYPE_CHECKING:
    from battlemap.engine.state import State
    from battlemap.geometry.reach import Reach

SHARING = "sharing_square"  # the condition a system gives crowded squares (001, 2bis)


def policy(state: State) -> Any:
    """The geometry policy, made once per options object."""
    raw = state.encounter.options
    memo = state.caches.policy
    hit = memo.lookup(None, raw)
    if hit is MISS:
        from battlemap.geometry import policy_for

        hit = memo.store(None, policy_for(effective_encounter(state.encounter, state.options),
                                          state.system.geometry_for(state.options)), raw)
    return hit


def geometry(state: State) -> Any:
    """The prepared map, kept up to date by `State.invalidate`."""
    if state.caches.geo is None:
        from battlemap.geometry import MapGeometry

        state.caches.geo = MapGeometry.from_encounter(state.encounter)
    return state.caches.geo


class GeometryRules(NamedTuple):
    """The rule callables geometry is given, made once per state: geometry's own memos
    compare them, and a new callable at each question would miss every time."""

    reach_of: Callable[[Token], Reach]  # what the creature threatens
    can_threaten: Callable[[Token], bool]
    within: Callable[[Token], bool]


def rules(state: State) -> GeometryRules:
    made = state.caches.geometry_rules
    if made is None:
        made = state.caches.geometry_rules = GeometryRules(
            partial(threat_reach, state), partial(can_threaten, state),
            partial(moves_within_provoke, state))
    return made  # type: ignore[no-any-return]


def roller(state: State, token_id: str, geo: Any = None) -> Combatant:
    """The combatant making or facing a roll (attack, AC, save, initiative). Where the
    system has a `sharing_square` condition (001 "Positionnement en combat": « Deux
    créatures occupant la même case de 5′ ont un malus de -4 à tout jet ou action non
    purement mental, initiative et AC y compris. Trois … -6 »), it is worked out from
    the map at the roll, so it follows every move and undo; one the GM set stands."""
    c = state.combatant(token_id)
    if not policy(state).sharing_allowed or c.has(SHARING):
        return c
    crowd = creatures_in_square(state, token_id, geo)
    info = state.system.conditions().get(SHARING) if crowd > 1 else None
    if info is not None:
        c.conditions.append(Condition(name=SHARING, level=crowd, source=info.source))
    return c


def creatures_in_square(state: State, token_id: str, geo: Any = None) -> int:
    """The most creatures standing in one square of the token's space, itself included.
    The dead lie on the ground and objects (a chest) are no creatures: they crowd no one."""
    import numpy as np

    from battlemap.geometry.lines.blockers import SHARE_EPS
    from battlemap.geometry.walls.segments import box_gaps

    geo = geo if geo is not None else geometry(state)
    ids = geo.token_index()[0]
    boxes = geo.token_bounds()
    x0, y0, x1, y1 = geo.token(token_id).footprint_bounds()
    most = 1
    for col in range(math.floor(x0), math.ceil(x1)):
        for row in range(math.floor(y0), math.ceil(y1)):
            inside = box_gaps(boxes, np.array([col, row, col + 1, row + 1])) < -SHARE_EPS
            most = max(most, sum(_crowds(state, geo.tokens[ids[i]])
                                 for i in inside.nonzero()[0].tolist()))
    return most


def _crowds(state: State, token: Token) -> bool:
    return not token.has_condition("dead") and not getattr(
        _stats_of(state, token), "is_object", False)


def reach_m(state: State, token: Token, weapon: Any = None) -> float:
    """Natural reach by size and stats, or the weapon's reach when longer."""
    if token.reach_m is not None:
        natural = token.reach_m
    else:
        natural = state.system.default_reach_m(token.size, _stats_of(state, token))
    wreach = getattr(weapon, "reach_m", None)
    return max(natural, float(wreach)) if wreach else natural


def threat_reach_m(state: State, token: Token) -> float:
    """The longest melee reach the creature has (its weapons count: docs/rules/README.md#shared-vocabulary)."""
    return float(threat_reach(state, token).longest_m)


def threat_reach(state: State, token: Token) -> Reach:
    """What the creature threatens (geometry's `Reach`): its natural reach and its melee
    weapons' under the system's policy (a 3.5 reach weapon's ring)."""
    reach: Reach = _threat_facts(state, token)[0]
    return reach


def can_threaten(state: State, token: Token) -> bool:
    return _threat_facts(state, token)[1]


def moves_within_provoke(state: State, token: Token) -> bool:
    """A move inside its zone provokes it (2bis: Offensive Reflexes), asked of the rules
    once per token object, as the threat facts."""
    return _threat_facts(state, token)[2]


def _threat_facts(state: State, token: Token) -> tuple[Reach, bool, bool]:
    """Reach and "threatens at all", remembered per token object: commands replace a
    token when it changes, so a drag asking about every nearby creature at every step
    pays for the rules once per creature, not once per question."""
    memo = state.caches.threat
    hit = memo.lookup(token.id, token)
    if hit is MISS:
        hit = memo.store(token.id, (_reach(state, token), _threatens_now(state, token),
                                    _provoked_within(state, token)), token)
    return hit


def _reach(state: State, token: Token) -> Reach:
    """Natural reach and the melee weapons' (docs/architecture.md#threatened-squares). Where
    the policy has the 3.5 reach-weapon ring, a weapon longer than the natural reach
    threatens only beyond it, unless it also strikes adjacent foes (`reach_adjacent`, the 3.5
    spiked chain); the close squares stay threatened while another melee weapon (natural
    attacks included) or none at all, the unarmed default, is at hand."""
    from battlemap.geometry.reach import Reach

    natural = reach_m(state, token)
    melee = [w for w in getattr(_stats_of(state, token), "weapons", []) or []
             if getattr(w, "kind", "melee") == "melee"]
    longer = [w for w in melee if (getattr(w, "reach_m", None) or 0) > natural + 1e-9]
    if not policy(state).reach_weapon_ring:
        return Reach(max([natural, *(float(w.reach_m) for w in longer)]), natural)
    close = natural if len(longer) < len(melee) or not melee else 0.0
    close = max([close, *(float(w.reach_m) for w in longer
                          if getattr(w, "reach_adjacent", False))])
    # A spiked chain keeps its ring too: the ring adds the second diagonal square.
    return Reach(close, natural, tuple(sorted({float(w.reach_m) for w in longer})))


def _provoked_within(state: State, token: Token) -> bool:
    try:
        return bool(state.system.moves_within_provoke(state.combatant(token.id)))
    except Exception:  # noqa: BLE001 - a token moved in a preview copy: the rule apart
        return False


def _threatens_now(state: State, token: Token) -> bool:
    try:
        return bool(state.system.threatens(state.combatant(token.id)))
    except Exception:  # noqa: BLE001 - a token moved in a preview copy still threatens
        return True


def _stats_of(state: State, token: Token) -> Any:
    try:
        return state.stats(token.id)
    except Exception:  # noqa: BLE001 - preview copies of tokens
        return state.system.stats_model.model_validate(token.stats or {})


def threatened_squares(state: State, token_id: str) -> list[tuple[int, int]]:
    """Squares the token threatens now: none when its condition stops it (the rules say),
    else its `threat_reach`'s squares, the same zone a move's opportunity attacks use."""
    from battlemap.geometry.reach import reach_zone

    token = state.token(token_id)
    if not can_threaten(state, token):
        return []
    return sorted(reach_zone(geometry(state), token_id, policy(state), threat_reach(state, token)))


def hp_state(state: State, token_id: str) -> str:
    """The system's word for the token's health: ok, bloodied, disabled, dying, dead…"""
    return str(state.system.hp_state(state.combatant(token_id)))
