"""Opportunity attacks along a path, step by step, by the policy's `oa_rule` (DESIGN.md §4.8):

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
    if rule == "none" or len(cells) < 2:
        return []
    if rule == "leave_zone_or_enter" and move_kind == "charge":
        return []  # 001 "Charge": "Ne déclenche pas d'OA sauf en cas de contre-charge" (GM's)
    if rule == "leave_threatened_square" and move_kind == "step" and not policy.step_provokes:
        return []
    if rule == "leave_reach" and move_kind == "withdraw" and policy.disengage_safe:
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
        if rule == "leave_threatened_square" and move_kind == "withdraw" and i == 0:
            continue  # 000: the square a withdraw starts from is not threatened
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
                done.add(eid)
                here.append(Provocation(by=eid, at=cells[i], step_index=i,
                                        why=Message.of(why)))
        if rule == "leave_zone_or_enter":
            for eid in entered_enemies[i]:
                if eid not in done and threats.able(eid):
                    done.add(eid)
                    here.append(Provocation(by=eid, at=cells[i], step_index=i,
                                            why=Message.of("oa.enters")))
    geo.token_cache.keep(key, (mover, policy, (move_kind, within), threats.can_threaten, zones,
                               cells, per_step))
    return [p for ps in per_step for p in ps]
