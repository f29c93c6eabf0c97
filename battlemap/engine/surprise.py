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
from typing import TYPE_CHECKING, Any

from battlemap.engine.commands import conditions as cond_cmds
from battlemap.engine.commands import turns as turn_cmds
from battlemap.engine.errors import EngineError
from battlemap.engine.words import said
from battlemap.model import Condition
from battlemap.rules.core.combat import InitiativeEntry, TurnBudget
from battlemap.rules.core.dice import Dice, Roll

if TYPE_CHECKING:
    from battlemap.engine.state import State

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


def surprise_rule(state: State) -> SurpriseRule:
    return SURPRISE_RULES.get(state.system.id, SURPRISE_RULES["adnd2bis"])


def start_combat(state: State, surprised: Iterable[str] = (), forced: Iterable[int] = (),
                 roll_surprise: dict[str, str] | None = None,
                 tokens: list[str] | None = None) -> list[InitiativeEntry]:
    """Roll initiative with the named tokens surprised. `roll_surprise` maps a side to an
    ambush kind ("none", "ambush", "undetectable"): the system rolls whether that whole
    side is surprised (adnd2bis). One undo step, logged."""
    ids = tokens if tokens is not None else [t.id for t in state.encounter.tokens]
    for i in [*ids, *surprised]:
        state.token(i)
    roller = _surprise_roller(state) if roll_surprise else None
    with state.command(said("step.surprise")):
        state.dice.force(forced)
        who = [i for i in surprised if i in ids]
        rolls: list[dict[str, Any]] = []
        for side, ambush in (roll_surprise or {}).items():
            assert roller is not None
            roll, hit, threshold = roller(state.dice, ambush)
            rolls.append({"side": side, "ambush": ambush, "threshold": threshold,
                          "surprised": hit, "roll": roll.model_dump(mode="json")})
            if hit:
                who += [i for i in ids if state.token(i).side == side]
        who = list(dict.fromkeys(who))
        for i in who:
            state.replace_token(i, conditions=[
                *[c for c in state.token(i).conditions if c.name != SURPRISED],
                Condition(name=SURPRISED, source=_surprised_source(state))])
        _log_surprise(state, who, rolls)
        return turn_cmds._start_combat(state, ids, surprise=bool(who))


def _surprise_roller(state: State) -> SurpriseRoller:
    fn: SurpriseRoller | None = getattr(state.system, "surprise", None)
    if fn is None and state.system.id == "adnd2bis":
        from battlemap.rules.adnd2bis.initiative import surprise

        fn = surprise
    if fn is None:
        raise EngineError(said("error.no_surprise_roll", system=state.system.name))
    return fn


def _surprised_source(state: State) -> str:
    info = state.system.conditions().get(SURPRISED)
    return info.source if info is not None and info.source else surprise_rule(state).source


def _log_surprise(state: State, who: list[str], rolls: list[dict[str, Any]]) -> None:
    names = ", ".join(state.name_of(i) for i in who) or "—"

    def tests(yes: str, no: str) -> str:
        text = "; ".join(f"{r['side']} d10 {r['roll']['total']} ≤ {r['threshold']} : "
                         f"{yes if r['surprised'] else no}" for r in rolls)
        return f" ({text})" if text else ""

    state.write_log("surprise", f"Surprise : {names}{tests('surpris', 'pas surpris')}",
              f"Surprise: {names}{tests('surprised', 'not surprised')}",
              targets=who, details={"surprised": who, "rolls": rolls,
                                    "source": surprise_rule(state).source})


def _skip_reason(state: State, token_id: str) -> tuple[str, str] | None:
    st = state.turn_view()
    if st.surprise and surprise_rule(state).surprised_wait and \
            state.token(token_id).has_condition(SURPRISED):
        return "surpris, n'agit pas pendant le round de surprise", \
            "surprised, does not act in the surprise round"
    return None


def _end_surprise(state: State) -> None:
    for t in state.encounter.tokens:
        if t.has_condition(SURPRISED):
            cond_cmds._drop_conditions(state, t.id, [SURPRISED])


def surprise_budget(state: State, token_id: str, base: TurnBudget) -> TurnBudget:
    """3.5 surprise round: one standard or move action (000 "Le round de combat")."""
    if not (surprise_rule(state).aware_single_action and state.turn_view().surprise):
        return base
    if not base.slots:
        return base  # a creature that cannot act at all stays so
    return TurnBudget(slots={"standard_or_move": 1}, movement_m=base.movement_m,
                      notes=["round de surprise : une action simple ou de mouvement"])
