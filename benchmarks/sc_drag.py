"""Scenario 1, drag preview: one token dragged along a legal route that brushes past foes (so
opportunity attacks are provoked and their code is timed); at every new square the GUI asks
`Session.preview_move` (path cost, legality, provoked OAs) and the cover level of the 20 nearest
enemies from where the token now stands, in one batch (`Session.drag_cover`: picking the foes
and measuring them), as the map's drag badges show it (the full explained result is measured
on hover, see `sc_cover`)."""

from __future__ import annotations

import time
from typing import Any

from benchmarks.config import DRAG_SYSTEMS
from benchmarks.context import Context, party_and_foes
from benchmarks.harness import Timing
from benchmarks.route import oa_route

TARGET = "p95 ≤ 4 ms"


def pick_mover(enc: Any) -> Any:
    """The first medium party token: the common case of a PC dragged across the map."""
    party, _ = party_and_foes(enc)
    medium = [t for t in party if t.size.value == "medium"]
    return (medium or party)[0]


def drag_once(session: Any, mover: Any, path: list[tuple[int, int]], n_enemies: int) -> tuple[
    list[float], list[float], list[float], int
]:
    """Per step: (total ms, preview_move ms, cover ms) and the OAs seen on the whole path."""
    totals, moves, covers = [], [], []
    provokes = 0
    for i in range(1, len(path) + 1):
        t0 = time.perf_counter()
        preview = session.preview_move(mover.id, path[:i])
        t1 = time.perf_counter()
        session.drag_cover(mover.id, path[i - 1], n_enemies)
        t2 = time.perf_counter()
        totals.append((t2 - t0) * 1000)
        moves.append((t1 - t0) * 1000)
        covers.append((t2 - t1) * 1000)
        provokes = len(preview.path.provokes)
    return totals, moves, covers, provokes


def run(ctx: Context) -> list[Timing]:
    s = ctx.sizes
    rows: list[Timing] = []
    for system in DRAG_SYSTEMS:
        session = ctx.session(system)
        mover = pick_mover(session.encounter)
        path = oa_route(session, mover, s.drag_steps)
        drag_once(session, mover, path[:2], s.nearest_enemies)  # warm the caches once
        totals, moves, covers, oas = drag_once(session, mover, path, s.nearest_enemies)
        legal = session.preview_move(mover.id, path).legal
        note = f"{len(path)} steps ({'legal' if legal else 'ILLEGAL'}), {oas} OAs on the route"
        rows.append(Timing(f"drag step: path+OAs+cover×{s.nearest_enemies} ({system})", totals,
                           target=TARGET, note=note))
        rows.append(Timing(f"  of which preview_move ({system})", moves,
                           note="path cost, legality, OAs"))
        rows.append(Timing(f"  of which cover×{s.nearest_enemies} ({system})", covers,
                           note="Session.drag_cover: the nearest foes and their levels, one batch"))
    return rows
