"""Turn economy and initiative with the real systems: 2024 movement + action (Dash), one
reaction a round for opportunity attacks, 2bis initiative re-rolled each round, 3.5
full-round action excluding the standard action."""

from __future__ import annotations

from pathlib import Path

import pytest

from battlemap.engine import EngineError, Refused, Session
from battlemap.engine.decision import Decision
from battlemap.engine.files import autosave
from battlemap.model import Encounter, Grid, Token
from battlemap.rules.adnd2bis.stats import SAMPLE_FIGHTER as ADND_FIGHTER
from battlemap.rules.breche35.stats import SAMPLE as BRECHE_SAMPLE
from battlemap.rules.dnd2024.stats import SAMPLE as DND_SAMPLE


def _session(system: str, stats: dict, forced: list[int]) -> Session:  # type: ignore[type-arg]
    enc = Encounter(system=system, grid=Grid(cols=20, rows=6), tokens=[
        Token(id="a", name="A", side="party", col=0, row=0, stats=stats),
        Token(id="b", name="B", side="foe", col=19, row=5, stats=stats)])
    s = Session(enc, seed=1)
    ticks = iter(range(0, 10_000, 10))
    s.clock = lambda: float(next(ticks))
    s.roll_initiative(forced=forced)
    return s


def test_dnd2024_movement_then_dash() -> None:
    # 2024: speed 9 m of movement each turn; Dash (our "run") spends the action for 9 m more.
    s = _session("dnd2024", DND_SAMPLE, [20, 1])
    assert s.current_token_id == "a"
    s.move("a", [(c, 0) for c in range(1, 7)])  # 9 m
    with pytest.raises(Refused, match="only 0 m are left"):
        s.move("a", [(7, 0)])
    s.move("a", [(7, 0)], kind="run")
    assert s.budget("a").slots["action"] == 0 and s.budget("a").movement_m == 7.5


def test_dnd2024_one_opportunity_attack_a_round() -> None:
    # 2024: an opportunity attack takes the reaction, one per round.
    enc = Encounter(system="dnd2024", grid=Grid(cols=10, rows=6), tokens=[
        Token(id="a", name="A", side="party", col=1, row=1, stats=DND_SAMPLE),
        Token(id="b", name="B", side="party", col=1, row=3, stats=DND_SAMPLE),
        Token(id="g", name="G", side="foe", col=3, row=2, stats=DND_SAMPLE)])
    s = Session(enc, seed=5)
    first = s.preview_move("a", [(2, 1), (1, 0)])  # into G's reach and out again
    assert [p.by for p in first.provokes] == ["g"]
    s.move("a", [(2, 1), (1, 0)], oa="resolve")
    assert s.budget("g").slots["reaction"] == 0
    second = s.move("b", [(2, 3), (1, 4)], oa="ask")
    assert not isinstance(second, Decision) and second.provokes == []


def test_adnd2bis_initiative_is_rerolled_each_round() -> None:
    # 001 "Initiative": a d10 for every participant at each new round, lowest first.
    s = _session("adnd2bis", ADND_FIGHTER, [3, 7])
    assert s.order == ["a", "b"]
    s.next_turn()
    s.next_turn()
    inits = [e for e in s.log.entries if e.kind == "initiative"]
    assert s.round == 2 and len(inits) == 2
    assert inits[1].said("en").startswith("Initiative (round 2)")


def test_breche35_full_attack_takes_the_whole_turn() -> None:
    # 000 "Actions": a full-round action uses the standard and the move action.
    enc = Encounter(system="breche35", grid=Grid(cols=8, rows=6), tokens=[
        Token(id="a", name="A", side="party", col=1, row=1, stats=BRECHE_SAMPLE),
        Token(id="b", name="B", side="foe", col=2, row=1, stats=BRECHE_SAMPLE)])
    s = Session(enc, seed=2)
    s.roll_initiative(forced=[20, 1])
    s.attack("a", "b", full_attack=True)
    left = s.budget("a").slots
    assert left["standard"] == 0 and left["move"] == 0 and left["full_round"] == 0
    with pytest.raises(Refused, match="no standard"):
        s.attack("a", "b")


def test_geometry_follows_undo() -> None:
    s = _session("dnd2024", DND_SAMPLE, [20, 1])
    s.move("a", [(1, 0), (2, 0)])
    assert s.preview_move("a", [(3, 0)]).path.steps[0].frm == (2, 0)
    s.undo()
    assert s.preview_move("a", [(1, 0)]).path.steps[0].frm == (0, 0)


def test_bad_stats_are_refused_in_one_sentence() -> None:
    s = _session("dnd2024", DND_SAMPLE, [20, 1])
    with pytest.raises(EngineError, match=r"Token 'a': stats\.ac: "):
        s.update_token("a", stats={"ac": "high"})


def test_a_session_always_has_a_seed() -> None:
    enc = Encounter(system="dnd2024", grid=Grid(cols=4, rows=4))
    assert isinstance(Session(enc).seed, int)


def test_open_recovery_is_unsaved(tmp_path: Path) -> None:
    s = _session("dnd2024", DND_SAMPLE, [20, 1])
    s.save(tmp_path / "f.json")
    s.damage("b", 3)
    auto = s.autosave_now()
    assert auto is not None
    again = Session.open_recovery(tmp_path / "f.json", auto)
    assert again.dirty and again.path == tmp_path / "f.json"
    assert again.token("b").hp == s.token("b").hp
    assert autosave.autosaves_for(autosave.stem_for(tmp_path / "f.json")) == [auto]
