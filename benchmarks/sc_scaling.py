"""Scenario 7, scaling: the same queries on maps with 10× more tokens (30 → 300 → 3,000) or 10×
more walls (400 → 4,000 → 40,000). The cost of one query must grow far slower than the data
(target: ≤ 3× per 10×). Each row: p50 at the biggest size; the note gives every size and the
ratio of each step."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

from benchmarks.context import Context, nearest, party_and_foes
from benchmarks.harness import Timing
from benchmarks.route import oa_route

TARGET = "≤ 3× per 10× data"
Query = Callable[[Any, int], float]  # (session, i) -> ms for the i-th query
_ROUTES: dict[int, list[tuple[int, int]]] = {}  # the legal drag route of the current map


def _drag_step(session: Any, i: int) -> float:
    from benchmarks.sc_drag import pick_mover

    mover = pick_mover(session.encounter)
    if id(session) not in _ROUTES:  # built once per map, before timing
        _ROUTES.clear()
        _ROUTES[id(session)] = oa_route(session, mover, 6) or [(int(mover.col), int(mover.row))]
    route = _ROUTES[id(session)]
    path = route[: 1 + i % len(route)]
    t0 = time.perf_counter()
    session.preview_move(mover.id, path)
    return (time.perf_counter() - t0) * 1000


def _area(session: Any, i: int) -> float:
    from battlemap.model import AreaTemplate

    g = session.encounter.grid
    t = AreaTemplate(shape="sphere", origin=(g.cols // 2 + i % 3, g.rows // 2), size_m=6.0)
    t0 = time.perf_counter()
    session.preview_area(t)
    return (time.perf_counter() - t0) * 1000


def _cover(session: Any, i: int) -> float:
    from battlemap.geometry.cover import cover

    party, foes = party_and_foes(session.encounter)
    a = party[0]
    b = nearest(foes, a.col, a.row, 10)[i % 10]
    t0 = time.perf_counter()
    cover(session.geo, a.id, b.id, session.policy)
    return (time.perf_counter() - t0) * 1000


def _threats(session: Any, i: int) -> float:
    from battlemap.geometry import default_reach, threat_set

    tok = session.encounter.tokens[i % 10]
    session.geo.threat_cache.clear()
    t0 = time.perf_counter()
    threat_set(session.geo, tok.id, session.policy, default_reach(tok))
    return (time.perf_counter() - t0) * 1000


QUERIES: dict[str, Query] = {"drag step": _drag_step, "area sphere 6 m": _area,
                             "cover one pair": _cover, "threatened squares one token": _threats}


def _series(ctx: Context, axis: str, counts: tuple[int, ...]) -> dict[str, list[list[float]]]:
    from battlemap.engine import Session

    s = ctx.sizes
    out: dict[str, list[list[float]]] = {q: [] for q in QUERIES}
    for n in counts:
        tokens, walls = (n, s.walls) if axis == "tokens" else (s.tokens, n)
        session = Session(ctx.encounter("dnd2024", tokens=tokens, walls=walls,
                                        grid=s.scale_grid), seed=1)
        _ = session.geo
        for name, query in QUERIES.items():
            query(session, 0)  # warm-up
            out[name].append([query(session, i) for i in range(s.scale_queries)])
    return out


def run(ctx: Context) -> list[Timing]:
    s = ctx.sizes
    rows: list[Timing] = []
    for axis, counts in (("tokens", s.scale_tokens), ("walls", s.scale_walls)):
        series = _series(ctx, axis, counts)
        for name, per_size in series.items():
            meds = [statistics.median(x) for x in per_size]
            steps = [b / max(a, 1e-9) for a, b in zip(meds, meds[1:], strict=False)]
            sizes = ", ".join(f"{n}: {m:.2f} ms" for n, m in zip(counts, meds, strict=True))
            ratio = ", ".join(f"×{r:.1f}" for r in steps)
            worst = max(steps) if steps else float("nan")
            ok = "ok" if worst <= 3 else "MISSED"
            rows.append(Timing(f"scaling {axis}: {name}", per_size[-1], target=TARGET,
                               note=f"p50 {sizes}; per step: {ratio} ({ok})",
                               extra={"steps": steps}))
    return rows
