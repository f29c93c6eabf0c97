"""Starting combat with some creatures surprised, as one undoable command. What surprise means
is the system's `surprise` rule (`rules/<system>/surprise.py`): whether the surprised wait
out the surprise round, whether the aware have a single action in it, and how a side's
surprise is rolled, if the system rolls it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from battlemap.engine.commands import conditions as cond_cmds
from battlemap.engine.commands import turns as turn_cmds
from battlemap.engine.errors import EngineError
from battlemap.engine.words import said
from battlemap.model import Condition
from battlemap.rules.core.combat import InitiativeEntry, TurnBudget
from battlemap.rules.core.surprise import SURPRISED, SurpriseRoller, SurpriseRule
from battlemap.text import AS_DATA, Message

if TYPE_CHECKING:
    from battlemap.engine.state import State

__all__ = ["SURPRISED", "SurpriseRoller", "SurpriseRule", "start_combat", "surprise_rule"]


def surprise_rule(state: State) -> SurpriseRule:
    return state.system.surprise


def start_combat(state: State, surprised: Iterable[str] = (), forced: Iterable[int] = (),
                 roll_surprise: dict[str, str] | None = None,
                 tokens: list[str] | None = None) -> list[InitiativeEntry]:
    """Roll initiative with the named tokens surprised. `roll_surprise` maps a side to an
    ambush kind ("none", "ambush", "undetectable"): the system rolls whether that whole
    side is surprised (001). One undo step, logged."""
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
                          "surprised": hit, "roll": roll.model_dump(mode="json", context=AS_DATA)})
            if hit:
                who += [i for i in ids if state.token(i).side == side]
        # A creature immune to the condition is not surprised (2024 « Immunité », its stat block).
        who = [i for i in dict.fromkeys(who) if state.condition_immunity(i, SURPRISED) is None]
        for i in who:
            state.replace_token(i, conditions=[
                *[c for c in state.token(i).conditions if c.name != SURPRISED],
                Condition(name=SURPRISED, source=_surprised_source(state))])
        _log_surprise(state, who, rolls)
        return turn_cmds._start_combat(state, ids, surprise=bool(who))


def _surprise_roller(state: State) -> SurpriseRoller:
    fn = surprise_rule(state).roll
    if fn is None:
        raise EngineError(said("error.no_surprise_roll", system=state.system.name))
    return fn


def _surprised_source(state: State) -> str:
    info = state.system.conditions().get(SURPRISED)
    return info.source if info is not None and info.source else surprise_rule(state).source


def _log_surprise(state: State, who: list[str], rolls: list[dict[str, Any]]) -> None:
    names = ", ".join(state.name_of(i) for i in who) or "—"

    tests = [said("log.surprise_test", side=r["side"], total=r["roll"]["total"],
                  threshold=r["threshold"],
                  what=said("log.surprised" if r["surprised"] else "log.not_surprised"))
             for r in rolls]
    state.write_log("surprise", said("log.surprise", names=names, tests=said(
        "log.surprise_tests", parts=tests) if tests else ""),
              targets=who, details={"surprised": who, "rolls": rolls,
                                    "source": surprise_rule(state).source})


def _skip_reason(state: State, token_id: str) -> str | None:
    st = state.turn_view()
    if st.surprise and surprise_rule(state).surprised_wait and \
            state.token(token_id).has_condition(SURPRISED):
        return said("log.surprise_skip")
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
                      notes=[Message.of("turn.surprise_round")])
