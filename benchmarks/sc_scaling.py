"""Scenario 7, scaling: the same kinds of query on maps with 10× more tokens (30 → 300 →
3,000) or 10× more walls (400 → 4,000 → 40,000). The cost of one query must grow far slower
than the data (target: ≤ 3× per 10×). Every query is fresh: a drag step of a random party
token along its own route with the cover of the 20 nearest foes, a sphere at a random
origin, the cover of a random pair with emptied caches, the threatened squares of a random
token, and a drop (a random token moved one square, to its GM map scene's refresh, then
undone). Each row: the CPU samples at the biggest size; the note gives the CPU p50 at every
size and the ratio of each step."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from benchmarks.context import Context, party_and_foes
from benchmarks.harness import Timing
from benchmarks.route import oa_route

TARGET = "≤ 3× per 10× data (CPU)"
# (session, the map's state, rng) -> (wall ms, CPU ms) of one fresh query
Query = Callable[[Any, dict[str, Any], random.Random], tuple[float, float]]


def _cpu(fn: Callable[[], object]) -> tuple[float, float]:
    t0, c0 = time.perf_counter(), time.thread_time()
    fn()
    return (time.perf_counter() - t0) * 1000, (time.thread_time() - c0) * 1000


def _drag_step(session: Any, state: dict[str, Any],
               rng: random.Random) -> tuple[float, float]:
    """The next step of the current random mover's route (a new mover when it ends)."""
    route = state.get("route")
    if not route:
        party, _ = party_and_foes(session.encounter)
        mover = rng.choice(party)
        state["mover"], state["done"] = mover.id, []
        route = state["route"] = oa_route(session, mover, 8) or [(int(mover.col),
                                                                  int(mover.row))]
    square = route.pop(0)
    done = state["done"]
    done.append(square)
    mover_id = state["mover"]

    def step() -> None:
        session.preview_move(mover_id, list(done))
        session.drag_cover(mover_id, square, 20)

    return _cpu(step)


def _area(session: Any, state: dict[str, Any],
          rng: random.Random) -> tuple[float, float]:
    from battlemap.model import AreaTemplate

    g = session.encounter.grid
    t = AreaTemplate(shape="sphere", size_m=6.0,
                     origin=(float(rng.randrange(3, g.cols - 3)),
                             float(rng.randrange(3, g.rows - 3))))
    return _cpu(lambda: session.preview_area(t))


def _cover(session: Any, state: dict[str, Any],
           rng: random.Random) -> tuple[float, float]:
    from battlemap.geometry.cover import cover
    from benchmarks.sc_cover import clear_caches

    party, foes = party_and_foes(session.encounter)
    a, b = rng.choice(party), rng.choice(foes)
    clear_caches(session.geo)
    return _cpu(lambda: cover(session.geo, a.id, b.id, session.policy))


def _threats(session: Any, state: dict[str, Any],
             rng: random.Random) -> tuple[float, float]:
    from battlemap.geometry import default_reach, threat_set

    tok = rng.choice(session.encounter.tokens)
    session.geo.threat_cache.clear()
    return _cpu(lambda: threat_set(session.geo, tok.id, session.policy, default_reach(tok)))


def _drop(session: Any, state: dict[str, Any],
          rng: random.Random) -> tuple[float, float]:
    """A random token moved one square by the GM, to the end of its map scene's refresh
    (its plates laid out again), then undone (not timed)."""
    if "scene" not in state:
        from battlemap.ui.map.scene import MapScene
        from benchmarks.sc_qt import qt_app

        qt_app()
        scene = state["scene"] = MapScene(session)
        state["unsubscribe"] = session.subscribe(scene.on_change)
    from battlemap.engine.errors import EngineError

    rows = session.encounter.grid.rows
    for _ in range(100):  # a token whose square below (or above) is free
        tok = rng.choice(session.encounter.tokens)
        target = (tok.col, tok.row + 1 if tok.row + 1 < rows - tok.size.squares
                  else tok.row - 1)
        try:
            ms = _cpu(lambda t=tok.id, sq=target: session.move(t, [sq], gm_override=True))
        except EngineError:
            continue  # refused (a square taken): nothing changed, nothing to undo
        session.undo()
        return ms
    raise RuntimeError("no token of the map could step one square")


QUERIES: dict[str, Query] = {"drag step with cover×20": _drag_step, "area sphere 6 m": _area,
                             "cover one pair, cold": _cover,
                             "threatened squares one token": _threats,
                             "drop: a move to its scene's refresh": _drop}


def _series(ctx: Context, axis: str, counts: tuple[int, ...]
            ) -> dict[str, list[list[tuple[float, float]]]]:
    from battlemap.engine import Session

    s = ctx.sizes
    out: dict[str, list[list[tuple[float, float]]]] = {q: [] for q in QUERIES}
    for n in counts:
        tokens, walls = (n, s.walls) if axis == "tokens" else (s.tokens, n)
        session = Session(ctx.encounter("dnd2024", tokens=tokens, walls=walls,
                                        grid=s.scale_grid), seed=1)
        _ = session.geo
        for name, query in QUERIES.items():
            rng = random.Random(f"scaling {axis} {n} {name}")
            state: dict[str, Any] = {}
            query(session, state, rng)  # warm-up
            out[name].append([query(session, state, rng) for _ in range(s.scale_queries)])
            if "unsubscribe" in state:
                state["unsubscribe"]()
    return out


def run(ctx: Context) -> list[Timing]:
    s = ctx.sizes
    rows: list[Timing] = []
    for axis, counts in (("tokens", s.scale_tokens), ("walls", s.scale_walls)):
        series = _series(ctx, axis, counts)
        for name, per_size in series.items():
            meds = [statistics.median(cpu for _, cpu in x) for x in per_size]
            steps = [b / max(a, 1e-9) for a, b in zip(meds, meds[1:], strict=False)]
            sizes = ", ".join(f"{n}: {m:.2f} ms" for n, m in zip(counts, meds, strict=True))
            ratio = ", ".join(f"×{r:.1f}" for r in steps)
            worst = max(steps) if steps else float("nan")
            ok = "ok" if worst <= 3 else "MISSED"
            rows.append(Timing(f"scaling {axis}: {name}", [w for w, _ in per_size[-1]],
                               cpu_ms=[c for _, c in per_size[-1]],
                               target=TARGET, note=f"CPU p50 {sizes}; per step: {ratio} ({ok})",
                               extra={"steps": ", ".join(f"{r:.2f}" for r in steps)}))
    return rows
