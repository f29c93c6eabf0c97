"""Opportunity attacks along a path, step by step, by the policy's `oa_rule` (docs/architecture.md#opportunity-attacks):

- "leave_threatened_square": leaving a threatened square; the 1.5 m step and the first square
  of a withdraw do not provoke (000 "Attaques d'opportunité", actions table);
- "leave_zone_or_enter": leaving an opponent's zone of control entirely, and entering its
  square; a 5' step inside a zone provokes, even one that stays in it, and so does any move
  inside the zone of a creature with Offensive Reflexes; a charge provokes nothing (the
  counter-charge is the GM's) (001 "Opportunity Attacks et Désengagement", "Positionnement",
  "Charge");
- "leave_reach": leaving a hostile creature's reach (003; Disengage makes a move safe);
- "none" (004, unless its option "leaving melee provokes" asks for "leave_reach").
One attack per enemy per move; `at` is the square being left."""

from __future__ import annotations

from battlemap.geometry.grid import footprint_squares
from battlemap.geometry.map_geometry import MapGeometry
from battlemap.geometry.movement._walk import common_steps
from battlemap.geometry.policy import GeometryPolicy
from battlemap.geometry.reach.threat_map import ThreatMap
from battlemap.geometry.reach.threatened import CanThreaten
from battlemap.geometry.results import Provocation, Square
from battlemap.model import Token
from battlemap.text import Message


def step_provocations(geo: MapGeometry, rule: str, move_kind: str, before: set[Square],
                      after: set[Square], zones: list[tuple[str, frozenset[Square]]],
                      entered: list[str], threats: ThreatMap, within: CanThreaten | None,
                      done: set[str] | frozenset[str]) -> list[tuple[str, str]]:
    """(enemy, why key) of the attacks one step provokes from the space `before` to the
    space `after`, leaving out the enemies in `done` (one attack per enemy per move). The
    move's first step of a 3.5 withdraw is the caller's to skip."""
    out: list[tuple[str, str]] = []
    for eid, zone in zones:
        if eid in done:
            continue
        was_in = not zone.isdisjoint(before)
        why = ""
        if rule == "leave_threatened_square" and was_in:
            why = "oa.leaves_threat"
        elif rule in ("leave_zone_or_enter", "leave_reach") and was_in and zone.isdisjoint(after):
            why = "oa.leaves_reach" if rule == "leave_reach" else "oa.leaves_zone"
        elif rule == "leave_zone_or_enter" and move_kind == "step" and was_in:
            # 001: moving inside a zone of control provokes nothing, but "un « 5′ step »
            # [...] déclenche une OA", one that stays in the zone too.
            why = "oa.step_in_zone"
        elif rule == "leave_zone_or_enter" and was_in and within is not None and within(
                geo.token(eid)):
            why = "oa.within_reflexes"
        if why:
            out.append((eid, why))
    if rule == "leave_zone_or_enter":
        picked = {eid for eid, _ in out}
        out += [(eid, "oa.enters") for eid in entered
                if eid not in done and eid not in picked and threats.able(eid)]
    return out


def first_step_safe(rule: str, move_kind: str) -> bool:
    """000: the square a 3.5 withdraw starts from is not threatened."""
    return rule == "leave_threatened_square" and move_kind == "withdraw"


def move_provokes(policy: GeometryPolicy, move_kind: str) -> bool:
    """Can a move of this kind provoke at all under the policy's rule?"""
    rule = policy.oa_rule
    if rule == "none":
        return False
    if rule == "leave_zone_or_enter" and move_kind == "charge":
        return False  # 001 "Charge": "Ne déclenche pas d'OA sauf en cas de contre-charge" (GM's)
    if rule == "leave_threatened_square" and move_kind == "step" and not policy.step_provokes:
        return False
    return not (rule == "leave_reach" and move_kind == "withdraw" and policy.disengage_safe)


def opportunity_attacks(
    geo: MapGeometry,
    mover: Token,
    cells: list[Square],
    entered_enemies: list[list[str]],
    policy: GeometryPolicy,
    move_kind: str,
    threats: ThreatMap,
    within: CanThreaten | None = None,
) -> list[Provocation]:
    """`within`: creatures whose zone a move inside provokes (2bis: Offensive Reflexes)."""
    rule = policy.oa_rule
    if len(cells) < 2 or not move_provokes(policy, move_kind):
        return []
    # A drag asks again for the whole path at each square: the attacks provoked along the
    # steps it shares with the last path asked (same mover, map, zones) are kept.
    key = ("oa-walk", mover.id)
    zones = list(threats.zones.items())
    memo = geo.token_cache.get(key)
    per_step: list[list[Provocation]] = []
    if memo is not None and memo[0] is mover and memo[1] is policy and memo[2:5] == (
            (move_kind, within), threats.can_threaten, zones):
        per_step = memo[6][:common_steps(memo[5], cells)]
    done = {p.by for ps in per_step for p in ps}
    kept = len(per_step)
    spaces = [set(footprint_squares(mover, c, r)) for c, r in cells[kept:]]
    for i in range(kept, len(cells) - 1):
        here: list[Provocation] = []
        before, after = spaces[i - kept], spaces[i + 1 - kept]
        per_step.append(here)
        if i == 0 and first_step_safe(rule, move_kind):
            continue  # 000: the square a withdraw starts from is not threatened
        for eid, why in step_provocations(geo, rule, move_kind, before, after, zones,
                                          entered_enemies[i], threats, within, done):
            done.add(eid)
            here.append(Provocation(by=eid, at=cells[i], step_index=i, why=Message.of(why)))
    geo.token_cache.keep(key, (mover, policy, (move_kind, within), threats.can_threaten, zones,
                               cells, per_step))
    return [p for ps in per_step for p in ps]
