"""Starting combat with some creatures surprised, as one undoable command. What surprise means
is the system's `surprise` rule (`rules/<system>/surprise.py`): whether the surprised wait
out the surprise round, whether the aware have a single action in it, and how a side's
surprise is rolled, if the system rolls it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from battlemap.engine.errors import EngineError
from battlemap.engine.turns import TurnCommands
from battlemap.engine.words import said
from battlemap.model import Condition
from battlemap.rules.core.combat import InitiativeEntry, TurnBudget
from battlemap.rules.core.surprise import SURPRISED, SurpriseRoller, SurpriseRule

__all__ = ["SURPRISED", "SurpriseCommands", "SurpriseRoller", "SurpriseRule"]


class SurpriseCommands(TurnCommands):
    @property
    def surprise_rule(self) -> SurpriseRule:
        return self.system.surprise

    def start_combat(self, surprised: Iterable[str] = (), forced: Iterable[int] = (),
                     roll_surprise: dict[str, str] | None = None,
                     tokens: list[str] | None = None) -> list[InitiativeEntry]:
        """Roll initiative with the named tokens surprised. `roll_surprise` maps a side to an
        ambush kind ("none", "ambush", "undetectable"): the system rolls whether that whole
        side is surprised (adnd2bis). One undo step, logged."""
        ids = tokens if tokens is not None else [t.id for t in self.encounter.tokens]
        for i in [*ids, *surprised]:
            self.token(i)
        roller = self._surprise_roller() if roll_surprise else None
        with self._command(said("step.surprise")):
            self.dice.force(forced)
            who = [i for i in surprised if i in ids]
            rolls: list[dict[str, Any]] = []
            for side, ambush in (roll_surprise or {}).items():
                assert roller is not None
                roll, hit, threshold = roller(self.dice, ambush)
                rolls.append({"side": side, "ambush": ambush, "threshold": threshold,
                              "surprised": hit, "roll": roll.model_dump(mode="json")})
                if hit:
                    who += [i for i in ids if self.token(i).side == side]
            who = list(dict.fromkeys(who))
            for i in who:
                self._replace_token(i, conditions=[
                    *[c for c in self.token(i).conditions if c.name != SURPRISED],
                    Condition(name=SURPRISED, source=self._surprised_source())])
            self._log_surprise(who, rolls)
            return self._start_combat(ids, surprise=bool(who))

    def _surprise_roller(self) -> SurpriseRoller:
        fn = self.surprise_rule.roll
        if fn is None:
            raise EngineError(said("error.no_surprise_roll", system=self.system.name))
        return fn

    def _surprised_source(self) -> str:
        info = self.system.conditions().get(SURPRISED)
        return info.source if info is not None and info.source else self.surprise_rule.source

    def _log_surprise(self, who: list[str], rolls: list[dict[str, Any]]) -> None:
        names = ", ".join(self.name_of(i) for i in who) or "—"

        def tests(yes: str, no: str) -> str:
            text = "; ".join(f"{r['side']} d10 {r['roll']['total']} ≤ {r['threshold']} : "
                             f"{yes if r['surprised'] else no}" for r in rolls)
            return f" ({text})" if text else ""

        self._log("surprise", f"Surprise : {names}{tests('surpris', 'pas surpris')}",
                  f"Surprise: {names}{tests('surprised', 'not surprised')}",
                  targets=who, details={"surprised": who, "rolls": rolls,
                                        "source": self.surprise_rule.source})

    # -- hooks of the turn cycle ------------------------------------------------------------
    def _skip_reason(self, token_id: str) -> tuple[str, str] | None:
        st = self._turn_view()
        if st.surprise and self.surprise_rule.surprised_wait and \
                self.token(token_id).has_condition(SURPRISED):
            return "surpris, n'agit pas pendant le round de surprise", \
                "surprised, does not act in the surprise round"
        return None

    def _end_surprise(self) -> None:
        for t in self.encounter.tokens:
            if t.has_condition(SURPRISED):
                self._drop_conditions(t.id, [SURPRISED])

    def base_budget(self, token_id: str) -> TurnBudget:
        """3.5 surprise round: one standard or move action (000 "Le round de combat")."""
        base = super().base_budget(token_id)
        if not (self.surprise_rule.aware_single_action and self._turn_view().surprise):
            return base
        if not base.slots:
            return base  # a creature that cannot act at all stays so
        return TurnBudget(slots={"standard_or_move": 1}, movement_m=base.movement_m,
                          notes=["round de surprise : une action simple ou de mouvement"])
