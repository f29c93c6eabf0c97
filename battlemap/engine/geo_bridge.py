"""Geometry for the session: the policy, the prepared map (kept up to date by commands), and
the rule callables geometry needs (reach and who threatens, from the system)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from battlemap.engine.core import SessionCore
from battlemap.engine.shared_options import effective_encounter
from battlemap.model import Condition, Token
from battlemap.rules.core.combat import Combatant

if TYPE_CHECKING:  # the geometry core loads numpy and shapely: imported where it measures
    from battlemap.geometry import GeometryPolicy, MapGeometry

SHARING = "sharing_square"  # the condition a system gives crowded squares (001, 2bis)


class GeometryAccess(SessionCore):
    @property
    def policy(self) -> GeometryPolicy:
        cached = self._policy_cache
        raw = self.encounter.options
        if cached is None or cached[0] is not raw:
            from battlemap.geometry import policy_for

            cached = self._policy_cache = (raw, policy_for(effective_encounter(self.encounter, self.options), self.system.geometry))
        return cached[1]

    @property
    def geo(self) -> MapGeometry:
        if self._geo_cache is None:
            from battlemap.geometry import MapGeometry

            self._geo_cache = MapGeometry.from_encounter(self.encounter)
        return self._geo_cache

    def _geo_tokens_changed(self, ids: list[str]) -> None:
        geo = self._geo_cache
        if geo is None:
            return
        update = getattr(geo, "update_token", None)
        tokens = getattr(geo, "tokens", None)
        if update is None or not isinstance(tokens, dict):
            self._geo_cache = None
            return
        present = {t.id: t for t in self.encounter.tokens}
        if set(tokens) != set(present):  # added or removed: rebuild the token part
            self._geo_cache = None
            return
        for token_id in ids:
            tokens[token_id] = present[token_id]
            update(token_id)  # no field change: just drops the token index

    # -- creatures sharing a square -----------------------------------------------------
    def roller(self, token_id: str, geo: MapGeometry | None = None) -> Combatant:
        """The combatant making or facing a roll (attack, AC, save, initiative). Where the
        system has a `sharing_square` condition (001 "Positionnement en combat": « Deux
        créatures occupant la même case de 5′ ont un malus de -4 à tout jet ou action non
        purement mental, initiative et AC y compris. Trois … -6 »), it is worked out from
        the map at the roll, so it follows every move and undo; one the GM set stands."""
        c = self.combatant(token_id)
        if not self.policy.sharing_allowed or c.has(SHARING):
            return c
        crowd = self.creatures_in_square(token_id, geo)
        info = self.system.conditions().get(SHARING) if crowd > 1 else None
        if info is not None:
            c.conditions.append(Condition(name=SHARING, level=crowd, source=info.source))
        return c

    def creatures_in_square(self, token_id: str, geo: MapGeometry | None = None) -> int:
        """The most creatures standing in one square of the token's space, itself included.
        The dead lie on the ground and objects (a chest) are no creatures: they crowd no one."""
        import numpy as np

        from battlemap.geometry.lines.blockers import SHARE_EPS
        from battlemap.geometry.walls.segments import box_gaps

        geo = geo if geo is not None else self.geo
        ids = geo.token_index()[0]
        boxes = geo.token_bounds()
        x0, y0, x1, y1 = geo.token(token_id).footprint_bounds()
        most = 1
        for col in range(math.floor(x0), math.ceil(x1)):
            for row in range(math.floor(y0), math.ceil(y1)):
                inside = box_gaps(boxes, np.array([col, row, col + 1, row + 1])) < -SHARE_EPS
                most = max(most, sum(self._crowds(geo.tokens[ids[i]])
                                     for i in inside.nonzero()[0].tolist()))
        return most

    def _crowds(self, token: Token) -> bool:
        return not token.has_condition("dead") and not getattr(
            self._stats_of(token), "is_object", False)

    # -- rule callables for geometry ------------------------------------------------------
    def reach_m(self, token: Token, weapon: Any = None) -> float:
        """Natural reach by size and stats, or the weapon's reach when longer."""
        if token.reach_m is not None:
            natural = token.reach_m
        else:
            natural = self.system.default_reach_m(token.size, self._stats_of(token))
        wreach = getattr(weapon, "reach_m", None)
        return max(natural, float(wreach)) if wreach else natural

    def threat_reach_m(self, token: Token) -> float:
        """The longest melee reach the creature has (its weapons count: RULES.md §1)."""
        return self._threat_facts(token)[0]

    def can_threaten(self, token: Token) -> bool:
        return self._threat_facts(token)[1]

    def moves_within_provoke(self, token: Token) -> bool:
        """A move inside its zone provokes it (2bis: Offensive Reflexes), asked of the rules
        once per token object, as the threat facts."""
        return self._threat_facts(token)[2]

    def _threat_facts(self, token: Token) -> tuple[float, bool, bool]:
        """Reach and "threatens at all", remembered per token object: commands replace a
        token when it changes, so a drag asking about every nearby creature at every step
        pays for the rules once per creature, not once per question."""
        memo = self._threat_memo
        hit = memo.get(token.id)
        if hit is None or hit[0] is not token:
            hit = (token, self._longest_reach(token), self._threatens_now(token),
                   self._provoked_within(token))
            memo[token.id] = hit
        return hit[1], hit[2], hit[3]

    def _longest_reach(self, token: Token) -> float:
        best = self.reach_m(token)
        for w in getattr(self._stats_of(token), "weapons", []) or []:
            if getattr(w, "kind", "melee") == "melee" and getattr(w, "reach_m", None):
                best = max(best, float(w.reach_m))
        return best

    def _provoked_within(self, token: Token) -> bool:
        try:
            return bool(self.system.moves_within_provoke(self.combatant(token.id)))
        except Exception:  # noqa: BLE001 - a token moved in a preview copy: the rule apart
            return False

    def _threatens_now(self, token: Token) -> bool:
        try:
            return bool(self.system.threatens(self.combatant(token.id)))
        except Exception:  # noqa: BLE001 - a token moved in a preview copy still threatens
            return True

    def _stats_of(self, token: Token) -> Any:
        try:
            return self.stats(token.id)
        except Exception:  # noqa: BLE001 - preview copies of tokens
            return self.system.stats_model.model_validate(token.stats or {})

    # -- what the map overlays ask ------------------------------------------------------------
    def threatened_squares(self, token_id: str) -> list[tuple[int, int]]:
        """Squares the token threatens now: none when its condition stops it (the rules say),
        its longest melee reach otherwise, reach weapons with the 3.5 ring rules (geometry)."""
        from battlemap.geometry import threatened_squares

        token = self.token(token_id)
        if not self.can_threaten(token):
            return []
        reach = self.threat_reach_m(token)
        natural = self.reach_m(token)
        return [(int(c), int(r)) for c, r in threatened_squares(
            self.geo, token_id, self.policy, reach, reach_weapon=reach > natural,
            natural_reach_m=natural)]

    def hp_state(self, token_id: str) -> str:
        """The system's word for the token's health: ok, bloodied, disabled, dying, dead…"""
        return str(self.system.hp_state(self.combatant(token_id)))
