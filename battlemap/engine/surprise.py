"""Starting combat with some creatures surprised, per system, as one undoable command:

- breche35 (000 "Le round de combat"): a surprise round in which only the aware act, with a
  single standard or move action; the surprised stay flat-footed until their first turn.
- adnd2bis (001 "Surprise"): 1–3 on a d10 (×2 ambush, ×3 undetectable); the surprised side
  gets no action for a round and −2 AC (the system reads the `surprised` condition).
- dnd2024 (PHB 2024, Surprise): no lost turn, Disadvantage on the Initiative roll (read by the
  system from the `surprised` condition).
- pmt: the seed is silent; default as in B/X games, the surprised lose the first round."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from battlemap.engine.errors import EngineError
from battlemap.engine.turns import TurnCommands
from battlemap.engine.words import said
from battlemap.model import Condition
from battlemap.rules.core.combat import InitiativeEntry, TurnBudget
from battlemap.rules.core.dice import Dice, Roll

SurpriseRoller = Callable[[Dice, str], tuple[Roll, bool, int]]

SURPRISED = "surprised"


@dataclass(frozen=True)
class SurpriseRule:
    surprised_wait: bool  # surprised creatures do not act in the surprise round
    aware_single_action: bool  # the aware have one standard or move action (3.5)
    source: str


SURPRISE_RULES = {
    "breche35": SurpriseRule(True, True, '000_d623f1b22a06cede.txt, "Le round de combat"'),
    "adnd2bis": SurpriseRule(True, False, '001_dd346e63a171f715.txt, "Surprise"'),
    "dnd2024": SurpriseRule(False, False, "D&D 2024 PHB, Surprise"),
    "pmt": SurpriseRule(True, False, "B/X, surprise (004_49216c8abfe9f777.txt muet)"),
}


class SurpriseCommands(TurnCommands):
    @property
    def surprise_rule(self) -> SurpriseRule:
        return SURPRISE_RULES.get(self.system.id, SURPRISE_RULES["adnd2bis"])

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
        fn: SurpriseRoller | None = getattr(self.system, "surprise", None)
        if fn is None and self.system.id == "adnd2bis":
            from battlemap.rules.adnd2bis.initiative import surprise

            fn = surprise
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
