"""The benchmark suite at its tiniest size, in-process: every scenario runs and produces
samples (so the suite cannot rot), and the vectorised results equal the naive loops on the
same inputs. No timing is asserted: the machines are noisy (docs/benchmarks.md)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from benchmarks import sc_area, sc_cover
from benchmarks.config import SMOKE
from benchmarks.context import Context
from benchmarks.harness import Timing, table
from benchmarks.runner import failed, run_all, scenarios


@pytest.fixture(scope="module")
def smoke_rows(tmp_path_factory: pytest.TempPathFactory) -> list[Timing]:
    ctx = Context(SMOKE, out_dir=Path(tmp_path_factory.mktemp("bench")))
    return run_all(ctx)


def test_every_scenario_runs_and_produces_samples(smoke_rows: list[Timing]) -> None:
    assert failed(smoke_rows) == []
    ok = [r for r in smoke_rows if r.status == "ok"]
    # n/a rows are allowed only for pieces still missing, never for the geometry scenarios.
    assert {r.name.split(" ")[0] for r in ok} >= {"drag", "area", "cover", "threatened",
                                                   "scaling", "fog"}
    # sc_fog fails its rows when the fast fog differs from the naive one.
    assert sum(r.name.startswith("fog of war: one eye") for r in ok) == 2
    # The players' window after a party move, against the old fog item (pictures compared).
    assert sum(r.name.startswith("players' window fog") and bool(r.baseline_ms) for r in ok) == 1
    # The party's sight under light, against every eye cut afresh (sights compared).
    assert sum(r.name.startswith("party sight under") and bool(r.baseline_ms) for r in ok) == 1
    assert all(r.samples_ms and all(x >= 0 for x in r.samples_ms) for r in ok)
    assert len(scenarios()) == 14
    # Token pictures: the row fails when a picture is decoded more than once.
    assert sum(r.name.startswith("move one token item") and "pictures" in r.name for r in ok) == 1
    # sc_pictures: the window opened on a generated map picture, first and second open, in
    # PNG and WebP (each row's samples are the milestones `gui --timings` printed), then the
    # pan and zoom frames over it.
    pictures = [r for r in ok if r.name.startswith(("gui --timings", "pan step", "zoom settle",
                                                    "tile pyramid"))]
    assert len(pictures) == 12



def test_the_gui_rows_drag_a_token_in_the_real_view_and_leave_the_map_as_it_was(
        smoke_rows: list[Timing]) -> None:
    # sc_gui_drag: mouse events through the map view, each step's frame painted; the drop is
    # refused or undone, so the stress session every other scenario uses is unchanged.
    gui = [r for r in smoke_rows if r.name.startswith("GUI drag")]
    assert len(gui) == 2 and all(len(r.samples_ms) == SMOKE.drag_steps for r in gui)
    paced = [r for r in smoke_rows if "before each move" in r.name]
    assert len(paced) == 2 and all(len(r.samples_ms) == SMOKE.drag_steps for r in paced)


def test_a_gui_drag_changes_nothing_in_the_session() -> None:
    from benchmarks import sc_gui_drag
    from benchmarks.route import oa_route
    from benchmarks.sc_drag import pick_mover
    from benchmarks.sc_qt import map_view, qt_app

    qt_app()
    session = Context(SMOKE).session("dnd2024")
    before = session.encounter.model_dump_json()
    view = map_view(session, 800, 600)
    mover = pick_mover(session.encounter)
    path = oa_route(session, mover, SMOKE.drag_steps)
    frames = sc_gui_drag.drag_frames(view, mover, path, 0.0)
    view.close()
    assert len(frames) == len(path)
    # Each move's frame has its cover badges: nothing is left for the next turn to paint.
    assert all(f.frame_ms > 0 and f.cpu_ms >= 0 and not f.left_over for f in frames)
    assert session.encounter.model_dump_json() == before


def test_cold_start_is_set_against_the_floor_of_the_stack(smoke_rows: list[Timing]) -> None:
    """The floor (a bare PySide6 view after pydantic's first model, no code of ours) runs in
    turn with the real starts, and each start's note gives its ratio to that floor."""
    floor = [r for r in smoke_rows if r.name.startswith("cold start floor")]
    starts = [r for r in smoke_rows if r.name.startswith("cold start to first paint")]
    assert len(floor) == 1 and floor[0].status == "ok"
    assert len(floor[0].samples_ms) == SMOKE.cold_runs and min(floor[0].samples_ms) > 0
    assert len(starts) == 4  # the dnd2024 demo twice, the stress map, the other systems' demos
    for row in starts:
        per = 3 if "other systems" in row.name else 1
        assert len(row.samples_ms) == per * SMOKE.cold_runs
        ratio = row.p50 / floor[0].p50
        assert f"{ratio:.2f}× the floor's p50" in row.note


def test_table_has_one_line_per_row(smoke_rows: list[Timing]) -> None:
    lines = table(smoke_rows).splitlines()
    assert len(lines) == len(smoke_rows) + 2


@pytest.mark.parametrize("system", ["breche35", "dnd2024"])
def test_area_preview_equals_the_naive_loop(system: str) -> None:
    from battlemap.model import AreaMethod
    from benchmarks.baselines.geometry import naive_area_squares

    ctx = Context(SMOKE)
    session = ctx.session(system)
    checked = 0
    for method in AreaMethod:
        for tpl in sc_area.templates(ctx, session, method.value):
            fast = sc_area.squares_of(session.preview_area(tpl))
            assert fast == naive_area_squares(session.geo, tpl, session.policy), tpl
            checked += 1
    assert checked == 4 * 6 * len(SMOKE.area_sizes_m) * SMOKE.area_positions


@pytest.mark.parametrize("system", ["breche35", "dnd2024"])
def test_cover_levels_equal_the_naive_loop(system: str) -> None:
    from battlemap.geometry.cover import cover
    from benchmarks.baselines.geometry import naive_cover_level

    ctx = Context(SMOKE)
    session = ctx.session(system)
    pairs = sc_cover.cover_pairs(session.encounter, SMOKE.party, SMOKE.foes)
    assert len(pairs) == SMOKE.party * SMOKE.foes
    for a, b in pairs:
        fast = cover(session.geo, a, b, session.policy).level
        assert fast == naive_cover_level(session.geo, a, b, session.policy), (a, b)


@pytest.mark.parametrize("system", ["breche35", "dnd2024", "adnd2bis"])
def test_threatened_squares_equal_the_naive_loop(system: str) -> None:
    from battlemap.geometry import default_reach, threat_set
    from benchmarks.baselines.geometry import naive_threatened

    ctx = Context(SMOKE)
    session = ctx.session(system)
    for tok in session.encounter.tokens:
        reach = default_reach(tok)
        assert set(threat_set(session.geo, tok.id, session.policy, reach)) == naive_threatened(
            session.geo, tok.id, session.policy, reach), tok.id


def test_smoke_rows_report_no_mismatch(smoke_rows: list[Timing]) -> None:
    compared = [r for r in smoke_rows if "mismatches" in r.extra]
    assert compared, "the area, cover and threat rows compare against naive"
    assert all(r.extra["mismatches"] == 0 and int(str(r.extra["checked"])) > 0
               for r in compared)


def test_instruction_counter_refuses_clearly_without_valgrind(monkeypatch, capsys):
    # benchmarks/instructions.py needs valgrind; without it: exit 2 and one sentence.
    import shutil

    from benchmarks import instructions

    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert instructions.main(["drag-cover"]) == 2
    assert capsys.readouterr().err.strip() == "valgrind (with callgrind_control) is not installed"


def test_first_paint_leaves_at_its_first_frame_when_counting_the_start() -> None:
    # `benchmarks.instructions start` counts a process up to its first frame: with
    # EXIT_AT_PAINT the child prints its one `painted` line and leaves with status 0.
    import subprocess
    import sys

    env = {**os.environ, "EXIT_AT_PAINT": "1"}
    done = subprocess.run([sys.executable, "-m", "benchmarks.first_paint", "--floor"],
                          cwd=Path(__file__).resolve().parents[1], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 1 and lines[0].startswith("painted ")
    words = lines[0].split()
    assert words[::2] == ["painted", "cpu", "thread_cpu"]  # wall time, then CPU beside it
    assert all(float(v) > 0 for v in words[1::2])
