"""One ruling, whoever asks: each `query` form on each bundled demo answers what the engine
call the window makes answers on the same scene (the attack panel's preview, a drag's move
preview, the threat overlay, the area's squares, the commands themselves)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from battlemap.cli import main
from battlemap.engine import Session
from battlemap.engine.files.migrate import load_current
from battlemap.model import AreaTemplate

DEMOS = sorted((Path(__file__).resolve().parents[2] / "battlemap" / "assets" / "demo")
               .glob("*.json"))


def _query(capsys: pytest.CaptureFixture[str], demo: Path, *argv: str) -> Any:
    code = main(["query", str(demo), *argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


def _session(demo: Path, seed: int | None = None) -> Session:
    return Session(load_current(demo), seed=seed)


def _json(model: Any) -> Any:
    """A model as the CLI prints it."""
    return json.loads(json.dumps(model.model_dump(mode="json"), ensure_ascii=False,
                                 default=str))


def _sides(demo: Path) -> tuple[list[str], list[str]]:
    enc = load_current(demo)
    party = [t.id for t in enc.tokens if t.side == "party"]
    return party, [t.id for t in enc.tokens if t.side != "party"]


@pytest.fixture(params=DEMOS, ids=[d.stem for d in DEMOS])
def demo(request: pytest.FixtureRequest) -> Path:
    return request.param  # type: ignore[no-any-return]


def test_geometry_forms_answer_as_the_window(demo: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    s = _session(demo)
    party, foes = _sides(demo)
    for a in party[:2]:
        for t in foes[:3]:
            panel = s.preview_attack(a, t, kind="melee")
            flank = _query(capsys, demo, "flanking", a, t)
            assert flank["flanked"] == bool(panel.flanking and panel.flanking.flanked)
            assert {k: v for k, v in flank.items() if k != "effect"} == _json(
                s.flanking(a, t))
            for melee, kind in ((True, "melee"), (False, "ranged")):
                cov = _query(capsys, demo, "cover", a, t, *(["--melee"] if melee else []))
                seen = s.preview_attack(a, t, kind=kind).cover
                assert {k: v for k, v in cov.items() if k != "effect"} == _json(seen)
    for tid in party + foes:
        threat = _query(capsys, demo, "threatened", tid)
        assert threat["squares"] == [list(q) for q in s.threatened_squares(tid)]
        assert threat["reach_m"] == s.threat_reach_m(s.token(tid))
    tpl = AreaTemplate(shape="sphere", origin=(10.0, 8.0), size_m=6.0)
    area = _query(capsys, demo, "area", "--shape", "sphere", "--origin", "10,8", "--size", "6")
    shown = s.preview_area(tpl)
    assert area["tokens"] == shown.tokens
    assert area["squares"] == [_json(q) for q in shown.squares]


def test_path_answers_as_a_drag(demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = _session(demo)
    party, foes = _sides(demo)
    for tid in party[:3]:
        tok = s.token(tid)
        c, r = int(tok.col), int(tok.row)
        route = [(c + 1, r), (c + 2, r), (c + 3, r + 1), (c + 4, r + 1)]
        path = _query(capsys, demo, "path", tid, *(f"{x},{y}" for x, y in route))
        drag = s.preview_move(tid, route)
        assert path["cost_m"] == drag.path.cost_m
        assert [(p["by"], tuple(p["at"])) for p in path["provokes"]] == [
            (p.by, tuple(p.at)) for p in drag.provokes]
        assert [st["legal"] for st in path["steps"]] == [st.legal for st in drag.path.steps]


def test_rule_forms_answer_as_the_commands(demo: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    party, foes = _sides(demo)
    a, t = party[0], foes[0]
    dice = ["17", "4", "3", "2", "5", "6"]
    cli = _query(capsys, demo, "attack", a, t, "--roll", *dice)
    s = _session(demo)
    panel = s.preview_attack(a, t)
    done = s.attack(a, t, forced=[int(x) for x in dice], gm_override=True)
    assert cli["attacks"] == [_json(x) for x in done.result.attacks]
    assert [m["name"] for m in cli["attacks"][0]["modifiers"]] == [
        m.name for m in panel.modifiers]
    assert cli["damage_taken"] == done.damage_taken

    s = _session(demo)
    for name in s.system.manoeuvres()[:3]:
        s = _session(demo)
        cli = _query(capsys, demo, "manoeuvre", a, t, "--kind", name, "--roll", *dice)
        res = s.manoeuvre(name, a, t, forced=[int(x) for x in dice], gm_override=True)
        assert {k: v for k, v in cli.items() if k in _json(res)} == _json(res), name

    s = _session(demo)
    word = next(iter(s.system.save_kinds()))
    cli = _query(capsys, demo, "save", a, "--ability", word, "--dc", "14", "--roll", "9",
                 "--from", t)
    res = s.save_throw(a, word, 14, forced=[9], situation=s.save_situation(a, t))
    assert {k: v for k, v in cli.items() if k in _json(res)} == _json(res)

    cli = _query(capsys, demo, "initiative", "--seed", "3")
    s = _session(demo, seed=3)
    assert cli["entries"] == [_json(e) for e in s.roll_initiative()]


def test_path_bars_what_the_creatures_state_bars(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    # 000 "États": a fatigued creature « ne peut ni courir ni charger ». The drag refused the
    # run while `query path` planned it as legal (it asked geometry alone).
    from battlemap.io import save_encounter
    from battlemap.model import Condition, Encounter, Grid, Token
    from tests.helpers.breche35 import MARA

    enc = Encounter(system="breche35", grid=Grid(cols=12, rows=6), tokens=[
        Token(id="mara", name="Mara", side="party", col=1, row=1, stats=MARA,
              conditions=[Condition(name="fatigued")])])
    demo = tmp_path / "tired.json"
    save_encounter(enc, demo, backup=False)
    path = _query(capsys, demo, "path", "--kind", "run", "mara", "2,1", "3,1")
    drag = _session(demo).preview_move("mara", [(2, 1), (3, 1)], kind="run")
    assert path["legal"] is drag.legal is False
    assert path["reason"] == drag.reason
