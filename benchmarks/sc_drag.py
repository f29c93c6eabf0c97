"""Scenario 1, drag preview: one token dragged along a legal route that brushes past foes (so
opportunity attacks are provoked and their code is timed); at every new square the GUI asks
`Session.preview_move` (path cost, legality, provoked OAs) and the cover level of the 20 nearest
enemies from where the token now stands, in one batch (`Session.drag_cover`: picking the foes
and measuring them), as the map's drag badges show it (the full explained result is measured
on hover, see `sc_cover`).

The paced row runs the same route with the CPU idle for one 120 Hz frame before each step, as
in the GUI, where the process sleeps between two mouse events: on this host that idle time
costs the next step its warm caches. It is compared with the same route run again back to
back (the route's own caches are then equally warm in both)."""

from __future__ import annotations

import statistics
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


def drag_once(session: Any, mover: Any, path: list[tuple[int, int]], n_enemies: int,
              pace_s: float = 0.0) -> tuple[list[float], list[float], list[float], int]:
    """Per step: (total ms, preview_move ms, cover ms) and the OAs seen on the whole path.
    `pace_s`: idle time before each step (not timed)."""
    totals, moves, covers = [], [], []
    provokes = 0
    for i in range(1, len(path) + 1):
        if pace_s:
            time.sleep(pace_s)
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
        rows.append(paced_row(session, mover, path, s.nearest_enemies, s.pace_s, system))
    return rows


def paced_row(session: Any, mover: Any, path: list[tuple[int, int]], n_enemies: int,
              pace_s: float, system: str) -> Timing:
    """The route again back to back, then paced: the ratio is what idling costs a step."""
    again = drag_once(session, mover, path, n_enemies)[0]
    paced = drag_once(session, mover, path, n_enemies, pace_s=pace_s)[0]
    ratio = statistics.median(paced) / max(statistics.median(again), 1e-9)
    return Timing(f"  paced, idle {pace_s * 1000:.1f} ms before each step ({system})", paced,
                  note=f"×{ratio:.2f} the p50 of the same route again back to back "
                       f"({statistics.median(again):.2f} ms); what the GUI sees")
