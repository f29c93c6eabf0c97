"""Moves: previews, opportunity attacks asked / resolved / skipped, a mover dropped by an
OA, drag merging, and the 3.5 movement budget (toy system with the 3.5 economy, on a breche35
map: leaving a threatened square provokes, docs/architecture.md#opportunity-attacks)."""

from __future__ import annotations

import pytest

from battlemap.engine import Refused, Session
from battlemap.engine.decision import Decision
from battlemap.io.encounter_file import encounter_to_json
from tests.helpers.engine import encounter, tok, toy_session


def test_preview_names_cost_and_provocations(skirmish: Session) -> None:
    before = encounter_to_json(skirmish.encounter)
    p = skirmish.preview_move("ana", [(2, 2), (1, 3)])
    # Two diagonals on a d35 map: 1 + 2 squares = 4.5 m (docs/architecture.md#distance-metrics).
    assert p.legal and p.path.cost_m == 4.5
    assert [(x.by, tuple(x.at)) for x in p.provokes] == [("gob", (2, 2))]
    assert encounter_to_json(skirmish.encounter) == before and not skirmish.can_undo


def test_ask_changes_nothing_then_resolve_attacks(skirmish: Session) -> None:
    s = skirmish
    before = encounter_to_json(s.encounter)
    asked = s.move("ana", [(2, 2), (1, 3)])
    assert isinstance(asked, Decision) and [p.by for p in asked.provokes] == ["gob"]
    assert asked.command == "move" and asked.asks == "opportunity_attacks"
    assert encounter_to_json(s.encounter) == before and not s.can_undo
    # gob: d20 15 + 2 = 17 vs AC 14 → hit, 1d6 → 3; Ana 12 → 9.
    out = s.move("ana", [(2, 2), (1, 3)], oa_choices={"gob": "resolve"}, forced=[15, 3],
                 decision=asked)
    assert not isinstance(out, Decision) and out.moved_to == (1.0, 3.0)
    assert out.opportunity_attacks[0].attacks[0].outcome == "hit"
    assert s.token("ana").hp == 9 and (s.token("ana").col, s.token("ana").row) == (1, 3)
    kinds = [e.kind for e in s.log.entries]
    assert kinds == ["opportunity_attack", "move"]
    s.undo()
    assert encounter_to_json(s.encounter) == before


def test_skip_moves_without_attack(skirmish: Session) -> None:
    out = skirmish.move("ana", [(2, 2), (1, 3)], oa="skip")
    assert out.opportunity_attacks == [] and skirmish.token("ana").hp is None
    assert [e.kind for e in skirmish.log.entries] == ["move"]


def test_an_opportunity_attack_that_drops_the_mover_stops_it(skirmish: Session) -> None:
    s = skirmish
    s.update_token("ana", hp=2)
    out = s.move("ana", [(2, 2), (1, 3)], oa="resolve", forced=[15, 4])  # 2 − 4 = −2: dying
    assert out.stopped_early and out.moved_to == (2.0, 2.0)
    assert s.token("ana").hp == -2 and s.token("ana").has_condition("dying")


def test_consecutive_moves_of_one_drag_merge(skirmish: Session) -> None:
    s = skirmish
    now = [100.0]
    s.clock = lambda: now[0]
    s.move("bo", [(2, 5)])
    now[0] += 0.3
    s.move("bo", [(2, 6)])
    assert len(s.history.undo_stack) == 1
    [entry] = s.log.entries
    assert entry.details["cost_m"] == 3.0 and entry.said("en").endswith("to (2, 6), 3 m")
    s.undo()
    assert (s.token("bo").col, s.token("bo").row) == (2, 4) and len(s.log) == 0
    s.redo()
    assert (s.token("bo").col, s.token("bo").row) == (2, 6)
    now[0] += 5  # a later move is a new step
    s.move("bo", [(2, 7)])
    assert len(s.history.undo_stack) == 2


def test_merge_keys_separate_drags(skirmish: Session) -> None:
    s = skirmish
    s.move("bo", [(2, 5)], merge_key="drag-1")
    s.move("bo", [(2, 6)], merge_key="drag-1")
    s.move("bo", [(2, 7)], merge_key="drag-2")
    assert len(s.history.undo_stack) == 2


def _runner() -> Session:
    enc = encounter([tok("run", 0, 0, "party", stats={"init": 10}), tok("far", 19, 4)],
                    cols=20, rows=5)
    s = toy_session(enc)
    ticks = iter(range(0, 10_000, 10))
    s.clock = lambda: float(next(ticks))  # each move its own step (no drag merging)
    s.roll_initiative(forced=[10, 1])
    assert s.current_token_id == "run"
    return s


def test_3_5_budget_move_then_double_move_then_refused() -> None:
    # 000 "Actions": a move action moves the speed (9 m); the standard action can be a
    # second move; nothing is left after that.
    s = _runner()
    row = [(c, 0) for c in range(1, 7)]  # 6 squares = 9 m
    s.move("run", row)
    assert s.budget("run").slots["move"] == 0 and s.budget("run").movement_m == 9.0
    s.move("run", [(c, 1) for c in range(7, 13)])
    assert s.budget("run").slots["standard"] == 0 and s.budget("run").movement_m == 0.0
    with pytest.raises(Refused, match="only 0 m are left"):
        s.move("run", [(13, 1)])
    out = s.move("run", [(13, 1)], gm_override=True)
    assert out.override
    assert s.log.entries[-1].said("en").endswith("(GM override)")
    assert "more than the 0 m allowed" in s.log.entries[-1].details["override"]


def test_five_foot_step_excludes_other_movement() -> None:
    # 000 "Actions": the 1.5 m step only if the creature makes no other movement.
    # The toy system names its step "step" (its words).
    s = _runner()
    s.move("run", [(1, 1)], kind="step")
    assert s.budget("run").slots["five_foot_step"] == 0
    with pytest.raises(Refused, match="after a step no other movement"):
        s.move("run", [(2, 1)])


def test_moves_out_of_turn_are_not_budgeted() -> None:
    s = _runner()
    s.move("far", [(18, 4), (17, 4), (16, 4), (15, 4), (14, 4), (13, 4), (12, 4), (11, 4)])
    assert s.token("far").col == 11


def test_an_override_cannot_leave_the_grid_or_share_a_square(skirmish: Session) -> None:
    before = encounter_to_json(skirmish.encounter)
    with pytest.raises(Refused):
        skirmish.move("ana", [(1, 0), (1, -1)], gm_override=False)
    from battlemap.engine import EngineError

    with pytest.raises(EngineError, match="^Not allowed: Ana would stand off the .* grid"):
        skirmish.move("ana", [(0, 0), (-1, -1)], gm_override=True)
    # Said by the creatures' names, not the file's entries ("tokens[1] ('bo') overlaps…").
    with pytest.raises(EngineError, match=r"^Not allowed: \w+ and \w+ would share a square"):
        skirmish.move("ana", [(2, 1), (3, 1)], oa="skip", gm_override=True)
    assert encounter_to_json(skirmish.encounter) == before


def test_a_move_among_many_tokens_runs_the_whole_check_only_to_name_a_broken_rule(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A move looks only at the tokens near the mover (`moved_placement_ok`).
    from battlemap.engine import EngineError
    from battlemap.engine import state as engine_state
    from battlemap.model import Encounter, Grid, Token

    tokens = [Token(id=f"t{c}-{r}", name=f"Gobelin {c}-{r}", col=c * 2, row=r * 2)
              for c in range(20) for r in range(20)]
    s = Session(Encounter(system="dnd2024", grid=Grid(cols=40, rows=40), tokens=tokens))
    whole: list[int] = []
    real = engine_state.check_placement
    monkeypatch.setattr(engine_state, "check_placement",
                        lambda enc, shares_squares: (whole.append(len(enc.tokens)),
                                                     real(enc, shares_squares)))
    s.move("t3-3", [(7, 6)], gm_override=True)
    assert whole == [] and (s.encounter.token("t3-3").col, s.encounter.token("t3-3").row) == (7, 6)
    # Onto another's square: refused, said as before (the whole check names the rule).
    with pytest.raises(EngineError, match=r"^Not allowed: Gobelin \S+ and Gobelin \S+ would "
                                          r"share a square"):
        s.move("t3-3", [(8, 6)], gm_override=True)
    assert whole == [400]
    assert (s.encounter.token("t3-3").col, s.encounter.token("t3-3").row) == (7, 6)
