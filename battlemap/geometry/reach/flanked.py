"""Flanking (docs/architecture.md#flanking): which allies, if any, put the target between them and the
attacker. 000 "Tenaille", 001 "Flanking", 2024 optional rule."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import shapely

from battlemap.geometry.grid import footprint_box, footprint_squares
from battlemap.geometry.map_geometry import MapGeometry
from battlemap.geometry.policy import GeometryPolicy
from battlemap.geometry.reach.threatened import (
    CanThreaten,
    ReachOf,
    as_reach,
    default_can_threaten,
    default_reach,
    reach_zone,
)
from battlemap.geometry.results import FlankResult, Point
from battlemap.geometry.words import own
from battlemap.model import Token
from battlemap.text import Message


def _adjacent(a: Token, b: Token) -> bool:
    ax0, ay0, ax1, ay1 = footprint_box(a)
    bx0, by0, bx1, by1 = footprint_box(b)
    return max(bx0 - ax1, ax0 - bx1) <= 1e-9 and max(by0 - ay1, ay0 - by1) <= 1e-9


def _opposite_sides(geo: MapGeometry, a: Token, b: Token, target: Token) -> tuple[Point, Point] | None:
    """A segment between the centres of a square of `a` and a square of `b` that meets both
    left and right sides, or both top and bottom sides, of the target's space (touching
    counts, so opposite corners qualify)."""
    sa = np.array(footprint_squares(a), dtype=float) + 0.5
    sb = np.array(footprint_squares(b), dtype=float) + 0.5
    p = np.repeat(sa, len(sb), axis=0)
    q = np.tile(sb, (len(sa), 1))
    segs = shapely.linestrings(np.stack([p, q], axis=1))
    x0, y0, x1, y1 = footprint_box(target)
    edges = shapely.linestrings(np.array([
        [(x0, y0), (x0, y1)], [(x1, y0), (x1, y1)], [(x0, y0), (x1, y0)], [(x0, y1), (x1, y1)],
    ]))
    hit = shapely.intersects(segs[:, None], edges[None, :])
    ok = (hit[:, 0] & hit[:, 1]) | (hit[:, 2] & hit[:, 3])
    if not ok.any():
        return None
    i = int(np.flatnonzero(ok)[0])
    return (float(p[i, 0]), float(p[i, 1])), (float(q[i, 0]), float(q[i, 1]))


def _diametrically_opposite(a: Token, b: Token, target: Token) -> tuple[Point, Point] | None:
    """001 "Flanking": squares adjacent to the target, symmetric about its centre."""
    x0, y0, x1, y1 = footprint_box(target)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2

    def touching(squares: list[tuple[int, int]]) -> list[tuple[float, float]]:
        return [(c + 0.5, r + 0.5) for c, r in squares
                if max(x0 - (c + 1), c - x1) <= 1e-9 and max(y0 - (r + 1), r - y1) <= 1e-9]

    for pa in touching(footprint_squares(a)):
        for pb in touching(footprint_squares(b)):
            if abs(pa[0] + pb[0] - 2 * cx) < 1e-9 and abs(pa[1] + pb[1] - 2 * cy) < 1e-9:
                return pa, pb
    return None


# Why a creature threatens nothing now (its condition, with its source): the rules say it.
WhyNot = Callable[[Token], Message | None]


def flanking(
    geo: MapGeometry,
    attacker_id: str,
    target_id: str,
    policy: GeometryPolicy,
    reach_of: ReachOf | None = None,
    can_threaten: CanThreaten | None = None,
    why_not: WhyNot | None = None,
) -> FlankResult:
    """`why_not`: the rules' reason a creature that cannot threaten does not (a 3.5
    flat-footed partner): a "no" names it rather than "no ally opposite"."""
    flank_noun = Message.of(own(policy, "flank.noun"))
    if policy.flanking == "off":
        return FlankResult(flanked=False, explanation=Message.of("flank.off", flanking=flank_noun))
    reach_of = reach_of or default_reach
    can_threaten = can_threaten or default_can_threaten
    attacker, target = geo.token(attacker_id), geo.token(target_id)
    target_squares = set(footprint_squares(target))

    def unable(t: Token) -> Message:
        """Why `t` gives no flanking: its state (the rules' reason), else its reach."""
        if can_threaten(t):
            return Message.of("flank.no_threat", a=t.name, t=target.name)
        found = why_not(t) if why_not is not None else None
        return found or Message.of("threat.unable", name=t.name)

    def threatens(t: Token) -> bool:
        # 0 reach threatens nothing; walls keep squares out of the zone (docs/architecture.md#threatened-squares).
        reach = as_reach(reach_of(t))
        return (can_threaten(t) and reach.longest_m > 0
                and not reach_zone(geo, t.id, policy, reach).isdisjoint(target_squares))

    if policy.flanking == "opposite_pair_beside":
        return _flanked_2bis(geo, attacker, target, policy, threatens, can_threaten, unable)

    def qualifies(t: Token) -> bool:
        if policy.flanking == "threatening_ally_opposite":
            return threatens(t)  # 000 "Tenaille": the partner must threaten the target
        return can_threaten(t) and _adjacent(t, target)  # the 2024 option: adjacent

    if not qualifies(attacker):
        if not can_threaten(attacker):
            return FlankResult(flanked=False, explanation=Message.of(
                "flank.attacker_cannot", t=target.name, why=unable(attacker),
                flanking=flank_noun))
        text = Message.of("flank.no_threat", a=attacker.name, t=target.name)
        return FlankResult(flanked=False, explanation=text)
    partners: list[str] = []
    lines: list[tuple[Point, Point]] = []
    refused: list[Token] = []  # opposite, but its state or its reach keeps it out
    for other in geo.tokens.values():
        if other.id in (attacker_id, target_id) or other.side != attacker.side:
            continue
        if not qualifies(other):
            if _opposite_sides(geo, attacker, other, target):
                refused.append(other)
            continue
        seg = _opposite_sides(geo, attacker, other, target)
        if seg is not None:
            partners.append(other.id)
            lines.append(seg)
    if partners:
        text = Message.of("flank.yes", t=target.name, a=attacker.name,
                       partners=", ".join(geo.tokens[p].name for p in partners),
                       lead=Message.of(own(policy, "flank.lead")))
    elif refused:
        # The one whose state keeps it out first: the reason the GM would not guess.
        first = min(refused, key=lambda t: can_threaten(t))
        text = Message.of("flank.partner_cannot", t=target.name, a=attacker.name,
                          why=unable(first), flanking=flank_noun)
    else:
        text = Message.of("flank.no", a=attacker.name, t=target.name)
    return FlankResult(flanked=bool(partners), partners=partners, lines=lines,
                       explanation=text)


def _flanked_2bis(geo: MapGeometry, attacker: Token, target: Token, policy: GeometryPolicy,
                  threatens: Callable[[Token], bool], can_threaten: CanThreaten,
                  unable: Callable[[Token], Message]) -> FlankResult:
    """001 "Flanking": the target is flanked when two of its opponents can threaten it from
    squares diametrically opposite about its centre, both beside it; then every creature
    attacking it has the bonus, one of the two or not. The attacker's own pairs come first,
    so the ruling names its partner when it has one."""
    lead = Message.of(own(policy, "flank.lead"))
    # Only tokens whose space touches the target's can stand beside it: asked of the index.
    ids, _, tree = geo.token_index()
    x0, y0, x1, y1 = footprint_box(target)
    close = (geo.tokens[ids[k]] for k in sorted(tree.query(shapely.box(x0, y0, x1, y1))))
    beside = [t for t in close
              if t.side == attacker.side and t.id != target.id and _adjacent(t, target)]
    near = sorted((t for t in beside if threatens(t)), key=lambda t: t.id != attacker.id)
    for i, a in enumerate(near):
        partners: list[str] = []
        lines: list[tuple[Point, Point]] = []
        for b in near[i + 1:]:
            seg = _diametrically_opposite(a, b, target)
            if seg is not None:
                partners.append(b.id)
                lines.append(seg)
        if not partners:
            continue
        key = "flank.yes" if a.id == attacker.id else "flank.pair"
        text = Message.of(key, t=target.name, a=a.name,
                       partners=", ".join(geo.tokens[p].name for p in partners), lead=lead)
        if a.id != attacker.id:
            partners = [a.id, *partners]
        return FlankResult(flanked=True, partners=partners, lines=lines,
                           explanation=text)
    # A pair that stands opposite but one of which cannot threaten: say that one's reason.
    for a in sorted(beside, key=lambda t: t.id != attacker.id):
        for b in beside:
            if b.id == a.id or _diametrically_opposite(a, b, target) is None:
                continue
            out = next((t for t in (a, b) if not can_threaten(t)), None)
            if out is not None:
                other = b if out is a else a
                return FlankResult(flanked=False, explanation=Message.of(
                    "flank.partner_cannot", t=target.name, a=other.name, why=unable(out),
                    flanking=Message.of(own(policy, "flank.noun"))))
    text = Message.of("flank.no_pair", t=target.name)
    return FlankResult(flanked=False, explanation=text)
