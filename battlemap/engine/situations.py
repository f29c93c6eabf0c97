"""Building the rules' Situation from the map: distance and reach, cover, flanking, higher
ground, shooting into melee, range increments, charge. The UI computes no rule."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from battlemap.engine._memo import MISS
from battlemap.engine.errors import EngineError
from battlemap.engine.queries import geometry as geom
from battlemap.engine.words import said
from battlemap.model import SQUARE_M, Token
from battlemap.rules.core.combat import Situation
from battlemap.rules.core.modifiers import Modifier

if TYPE_CHECKING:
    from battlemap.engine.state import State

# Conditions that stop a creature counting as "in melee" with a target.
_OUT_OF_FIGHT = {"unconscious", "dead", "dying", "helpless", "paralyzed", "petrified", "stunned"}
NEUTRAL_SIDE = "neutral"  # never hostile to anyone
DRAG_COVER_FOES = 20  # foes whose cover a drag shows: the nearest (issue 9 budget)


def find_weapon(state: State, token_id: str, name: str | None = None) -> Any:
    """The named weapon of the token's stats, or its first one (None if it has none)."""
    weapons = list(getattr(state.stats(token_id), "weapons", []) or [])
    if name is None:
        return weapons[0] if weapons else None
    for w in weapons:
        if w.name.casefold() == name.casefold():
            return w
    names = ", ".join(w.name for w in weapons) or said("error.none_f")
    raise EngineError(said("error.no_weapon", name=state.name_of(token_id), weapon=name,
                           known=names))


def gap_m(state: State, a: Token, b: Token, metric: str | None = None) -> float:
    """Metres between the nearest squares of two spaces, by the map's metric."""
    from battlemap.geometry import distance_m

    ax0, ay0, ax1, ay1 = _square_span(a)
    bx0, by0, bx1, by1 = _square_span(b)
    dx = max(0, bx0 - ax1, ax0 - bx1)
    dy = max(0, by0 - ay1, ay0 - by1)
    return float(distance_m((0, 0), (dx, dy), metric or geom.policy(state).diagonals))  # type: ignore[arg-type]


GM_SITUATION = "situation"  # the name of the GM's advantage or disadvantage (source: MJ)
GM_ADVANTAGE = ("advantage", "disadvantage")


def gm_advantage(state: State, which: str | None) -> str | None:
    """The GM's advantage or disadvantage, checked: a system whose text has none refuses
    it in one sentence naming its seed."""
    if which is None:
        return None
    if which not in GM_ADVANTAGE:
        raise EngineError(said("error.gm_advantage", which=which))
    if not state.system.gm_advantage_source:
        raise EngineError(said("refused.no_advantage", system=state.system.name,
                               seed=state.system.seed))
    return which


def situation(state: State, attacker_id: str, target_id: str, weapon: str | None = None,
              kind: str | None = None, extra: Iterable[Modifier] = (),
              disabled: Iterable[str] = (), geo: Any = None,
              cov: Any = None, advantage: str | None = None,
              body_too: bool = False) -> tuple[Situation, Any, Any]:
    """(Situation, CoverResult, FlankResult | None) for one attack; `cov` when the cover
    was already measured (in a batch, see `covers`); `advantage` the GM's ("advantage" or
    "disadvantage", where the system has them); `body_too`: natural reach counts beside the
    weapon's (a manoeuvre that names no weapon grapples or trips an adjacent foe even when
    the first weapon is a 3.5 pike)."""
    geo = geo if geo is not None else geom.geometry(state)
    att, tgt = geo.token(attacker_id), geo.token(target_id)
    w = find_weapon(state, attacker_id, weapon)
    akind = kind or ("melee" if w is None else w.kind)
    melee = akind.startswith("melee")
    dist = gap_m(state, att, tgt)
    sit = Situation(kind=akind, distance_m=dist, extra=list(extra), disabled=list(disabled))
    if gm_advantage(state, advantage) is not None:
        (sit.advantage if advantage == "advantage" else sit.disadvantage).append(GM_SITUATION)
    if melee:
        sit.in_reach = not melee_reach_problem(state, att, tgt, w, geo) or (
            body_too and not melee_reach_problem(state, att, tgt, None, geo))
        sit.higher_ground = att.elevation_m > tgt.elevation_m
    else:
        rng = getattr(w, "range_m", None)
        sit.in_reach = True
        if rng:
            sit.range_increments = max(0, math.ceil(dist / rng - 1e-9) - 1)
        sit.into_melee = _engaged_with_ally(state, geo, att, tgt)
    if cov is None:
        cov = covers(state, attacker_id, [target_id], melee, geo)[0]
    sit.cover = cov.level
    sit.cover_from_creatures_only = cov.from_creatures_only
    sit.cover_detail = cov.explanation
    sit.cover_obstacle_melee = cov.obstacle_in_melee
    flank = None
    # 001 "Flanking": in AD&D 2bis every creature attacking a flanked target has the
    # bonus, ranged attacks included; elsewhere flanking is a melee matter.
    if (melee or state.system.ranged_attacks_flank) and geom.policy(state).flanking != "off":
        flank = flanking_ruling(state, attacker_id, target_id, geo)
        sit.flanked = flank.flanked
        sit.flank_partners = list(flank.partners)
    sit.charging = state.turn_view().charge_blow_pending(attacker_id)
    sit.adjacent_enemy = _enemy_close(state, geo, att)
    # A system whose attack code reads `invisible` itself (the 3.5 attack modifiers, the 2024
    # advantage) gets no `target_unseen` on top (no double count).
    if not state.system.attack_reads_invisible and tgt.has_condition("invisible"):
        sit.target_unseen = True  # 001 "Modificateurs de Couverture": invisible +2 AC, 50 %
    return sit, cov, flank


# Why a melee weapon cannot strike the target ("": it can): beyond its reach, too close for
# a reach weapon, or a wall in the way of the squares it threatens.
FAR, CLOSE, WALL = "far", "close", "wall"


def melee_reach_problem(state: State, att: Token, tgt: Token, weapon: Any,
                        geo: Any = None) -> str:
    """Whether `weapon` (None: natural weapons) strikes `tgt`: exactly when the target
    occupies a square the weapon threatens (`geom.weapon_reach`, the zone opportunity
    attacks, flanking and the overlay read; any square of a large target). A target sharing
    the attacker's space is struck unless the weapon only has a reach weapon's ring (a tiny
    creature's 0 reach attacks inside its own square: 000 "Taille")."""
    from battlemap.geometry import footprint_squares
    from battlemap.geometry.reach import reach_zone

    geo = geo if geo is not None else geom.geometry(state)
    reach = geom.weapon_reach(state, att, weapon)
    ring_only = bool(reach.rings_m) and reach.close_m < reach.natural_m
    squares = _square_gap(att, tgt)
    if squares == 0:  # a square of the attacker's own space
        return CLOSE if ring_only else ""
    if squares * SQUARE_M > reach.longest_m + 1e-6:
        return FAR  # every metric counts at least a square a step: no zone to measure
    space = footprint_squares(tgt)
    pol = geom.policy(state)
    if not reach_zone(geo, att.id, pol, reach).isdisjoint(space):
        return ""
    if not reach_zone(geo, att.id, pol, reach, walls=False).isdisjoint(space):
        return WALL
    if ring_only and gap_m(state, att, tgt) <= reach.natural_m + 1e-6:
        return CLOSE
    return FAR


def _square_gap(a: Token, b: Token) -> int:
    """Squares from one space to the other, a diagonal step counting one (0: they share one)."""
    ax0, ay0, ax1, ay1 = _square_span(a)
    bx0, by0, bx1, by1 = _square_span(b)
    return max(0, bx0 - ax1, ax0 - bx1, by0 - ay1, ay0 - by1)


def reach_said(state: State, prefix: str, attacker_id: str, target_id: str,
               weapon: Any, distance_m: float, **names: Any) -> Any:
    """Why a melee attack with `weapon` (a stats weapon or None) cannot strike, in the
    messages under `prefix` ("refused" or "preview"): `<prefix>.too_close` naming the
    reach weapon and the rule's source, `<prefix>.reach_wall`, else the distance."""
    att, tgt = state.token(attacker_id), state.token(target_id)
    why = melee_reach_problem(state, att, tgt, weapon)
    w = getattr(weapon, "name", "") or ""
    if why == CLOSE:
        source = state.system.reach_weapon_source
        if prefix == "refused":
            return said("refused.too_close", **names, w=w, source=source,
                        near=float(geom.weapon_reach(state, att, weapon).natural_m))
        return said(f"{prefix}.too_close", **names, w=w, source=source)
    if why == WALL:
        return said(f"{prefix}.reach_wall", **names, w=w)
    return said(f"{prefix}.out_of_reach", **names, d=float(distance_m))


def reach_override_word(state: State, attacker_id: str, target_id: str, weapon: Any) -> str:
    """What the GM overrode when a melee attack out of reach is rolled anyway, as the log's
    details keep it (a "word.…" key, said in the reader's language)."""
    why = melee_reach_problem(state, state.token(attacker_id), state.token(target_id), weapon)
    return "too close for a reach weapon" if why == CLOSE else "out of reach"


def flanking_ruling(state: State, attacker_id: str, target_id: str, geo: Any = None) -> Any:
    """Whether the attacker flanks the target, who with, and why not: the one ruling the
    attack's situation, the map's flanking marks and `battlemap query flanking` all ask,
    with each creature's reach and state by the rules (a 3.5 flat-footed partner
    threatens nothing, and the "no" says so)."""
    from battlemap.geometry import flanking

    rules = geom.rules(state)
    return flanking(geo if geo is not None else geom.geometry(state), attacker_id, target_id,
                    geom.policy(state), reach_of=rules.reach_of, can_threaten=rules.can_threaten,
                    why_not=lambda token: _threat_refusal(state, token))


def _threat_refusal(state: State, token: Token) -> Any:
    try:
        return state.system.threat_refusal(state.combatant(token.id))
    except Exception:  # noqa: BLE001 - a token the rules cannot read: the common words
        return None


def flanked_targets(state: State, attacker_id: str, target_ids: Iterable[str]) -> list[str]:
    """The targets the attacker flanks now, measured as `situation` measures it for a
    melee attack, without the rest of an attack's preview (cover, modifiers): a caller
    wanting the rules' bonus asks `preview_attack` for these only."""
    if geom.policy(state).flanking == "off":
        return []
    return [t for t in target_ids if flanking_ruling(state, attacker_id, t).flanked]


def _enemy_close(state: State, geo: Any, att: Token) -> bool:
    """A hostile creature within 1.5 m that can see the attacker and is not
    incapacitated (2024 PHB, Ranged Attacks in Close Combat: Disadvantage)."""
    if att.has_condition("invisible") or att.side == NEUTRAL_SIDE:
        return False
    ax0, ay0, ax1, ay1 = _square_span(att)
    for other in geo.tokens.values():
        if other.side in (att.side, NEUTRAL_SIDE) or other.has_condition("blinded"):
            continue
        bx0, by0, bx1, by1 = _square_span(other)
        # Within 1.5 m = the squares touch (one square apart, diagonals too, by either
        # metric: d35 counts the first diagonal as 1.5 m).
        if max(bx0 - ax1, ax0 - bx1) > 1 or max(by0 - ay1, ay0 - by1) > 1:
            continue
        if state.system.threatens(state.combatant(other.id)):
            return True
    return False


def covers(state: State, attacker_id: str, target_ids: list[str], melee: bool = False,
           geo: Any = None) -> list[Any]:
    """CoverResults of several targets against one attacker, measured in one batch."""
    from battlemap.geometry import cover_many

    geo = geo if geo is not None else geom.geometry(state)
    return list(cover_many(geo, attacker_id, list(target_ids), geom.policy(state), melee))


def cover_levels(state: State, attacker_id: str, target_ids: list[str], melee: bool = False,
                 geo: Any = None) -> list[str]:
    """Only the cover level of each target (a drag's live badges); `covers` explains."""
    from battlemap.geometry import cover_levels

    geo = geo if geo is not None else geom.geometry(state)
    return list(cover_levels(geo, attacker_id, list(target_ids), geom.policy(state), melee))


def drag_cover(state: State, token_id: str, square: tuple[int, int],
               n: int = DRAG_COVER_FOES) -> list[tuple[str, str]]:
    """(foe id, cover level) of the n foes nearest to `square`, as if the token stood
    there: what a drag shows on the foes at every new square (docs/architecture.md#cover)."""
    from battlemap.geometry.walls.segments import box_gaps

    geo = geom.geometry(state).with_token_at(token_id, square[0], square[1])
    me = geo.token(token_id)
    if me.side == NEUTRAL_SIDE:
        return []
    ids, _, _ = geo.token_index()
    sides = _sides(state, ids, geo)
    hostile = (sides != me.side) & (sides != NEUTRAL_SIDE)
    if not hostile.any():
        return []
    box = geo.token_bounds()
    mine = box[geo.token_rows([token_id])[0]]
    # Squares between the spaces (a chebyshev gap), nearest first, ties in map order.
    gap = box_gaps(mine, box)
    rows = hostile.nonzero()[0]
    rows = rows[gap[rows].argsort(kind="stable")[:n]]
    ids = [ids[r] for r in rows.tolist()]
    return list(zip(ids, cover_levels(state, token_id, ids, geo=geo), strict=True))


def _sides(state: State, ids: list[str], geo: Any) -> Any:
    """Each token's side in `token_index` order, remembered while that order stands: a
    drag builds a new map state per square but keeps the token list object."""
    import numpy as np

    memo = state.caches.sides
    hit = memo.lookup(None, ids)
    if hit is MISS:
        hit = memo.store(None, np.array([geo.tokens[i].side for i in ids], dtype=object), ids)
    return hit


def _engaged_with_ally(state: State, geo: Any, att: Token, tgt: Token) -> bool:
    """Shooting into melee: the target is adjacent to a creature of the attacker's side
    that is still fighting (000 "Modificateurs de situation")."""
    for other in geo.tokens.values():
        if other.id in (att.id, tgt.id) or other.side != att.side:
            continue
        if any(c.name in _OUT_OF_FIGHT for c in other.conditions):
            continue
        if gap_m(state, other, tgt, "chebyshev") <= 1.5 + 1e-6:
            return True
    return False


def _square_span(t: Token) -> tuple[int, int, int, int]:
    """First and last square (inclusive) covered by a token's space."""
    x0, y0, x1, y1 = t.footprint_bounds()
    return math.floor(x0), math.floor(y0), math.ceil(x1) - 1, math.ceil(y1) - 1
