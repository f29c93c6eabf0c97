"""Scenario 1, drag preview: random party tokens (`drag_movers`), each dragged along its own
legal route that brushes past foes (so opportunity attacks are provoked and their code is
timed); at every new square the GUI asks
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
from benchmarks.harness import Clock, Timing
from benchmarks.route import oa_route

TARGET = "p95 ≤ 4 ms"


def pick_mover(enc: Any) -> Any:
    """The first medium party token: the common case of a PC dragged across the map."""
    party, _ = party_and_foes(enc)
    medium = [t for t in party if t.size.value == "medium"]
    return (medium or party)[0]


def random_movers(enc: Any, n: int, seed: str) -> list[Any]:
    """n party tokens drawn at random (seeded: a rerun draws the same), fewer when the party
    is smaller."""
    import random

    party, _ = party_and_foes(enc)
    return random.Random(seed).sample(party, min(n, len(party)))


def drag_once(session: Any, mover: Any, path: list[tuple[int, int]], n_enemies: int,
              pace_s: float = 0.0) -> tuple[Clock, list[float], list[float], int]:
    """Per step: the whole step's wall and CPU ms, its preview_move and cover CPU ms, and
    the OAs seen on the whole path. `pace_s`: idle time before each step (not timed)."""
    total = Clock()
    moves, covers = [], []
    provokes = 0
    for i in range(1, len(path) + 1):
        if pace_s:
            time.sleep(pace_s)
        total.start()
        c0 = time.thread_time()
        preview = session.preview_move(mover.id, path[:i])
        c1 = time.thread_time()
        session.drag_cover(mover.id, path[i - 1], n_enemies)
        c2 = time.thread_time()
        total.stop()
        moves.append((c1 - c0) * 1000)
        covers.append((c2 - c1) * 1000)
        provokes += len(preview.path.provokes) if i == len(path) else 0
    return total, moves, covers, provokes


def run(ctx: Context) -> list[Timing]:
    s = ctx.sizes
    rows: list[Timing] = []
    for system in DRAG_SYSTEMS:
        session = ctx.session(system)
        warm = pick_mover(session.encounter)
        drag_once(session, warm, oa_route(session, warm, 2), s.nearest_enemies)  # first use
        picked = random_movers(session.encounter, 2 * s.drag_movers, f"drag {system}")
        movers, others = picked[: s.drag_movers], picked[s.drag_movers:] or picked
        total, moves, covers = Clock(), [], []
        oas = steps = illegal = 0
        for mover in movers:
            path = oa_route(session, mover, s.drag_steps)
            clock, m, c, n = drag_once(session, mover, path, s.nearest_enemies)
            total.wall += clock.wall
            total.cpu += clock.cpu
            moves += m
            covers += c
            oas += n
            steps += len(path)
            illegal += not session.preview_move(mover.id, path).legal
        note = (f"{len(movers)} random party tokens, {steps} steps on their own routes "
                f"({illegal} routes ILLEGAL), {oas} OAs on the routes")
        rows.append(Timing(f"drag step: path+OAs+cover×{s.nearest_enemies} ({system})",
                           total.wall, cpu_ms=total.cpu, target=TARGET + " (CPU)", note=note))
        rows.append(Timing(f"  of which preview_move, CPU ({system})", moves, cpu_ms=moves,
                           note="path cost, legality, OAs"))
        rows.append(Timing(f"  of which cover×{s.nearest_enemies}, CPU ({system})", covers,
                           cpu_ms=covers,
                           note="Session.drag_cover: the nearest foes and their levels, one batch"))
        rows.append(paced_row(session, others, s.drag_steps, s.nearest_enemies, s.pace_s,
                              system))
    return rows


def paced_row(session: Any, movers: list[Any], steps: int, n_enemies: int, pace_s: float,
              system: str) -> Timing:
    """Other random tokens' routes, paced, then the same routes again back to back: the
    ratio is what idling costs a step (the routes' own caches equally warm in both)."""
    paced, again = Clock(), Clock()
    for mover in movers:
        path = oa_route(session, mover, steps)
        got = drag_once(session, mover, path, n_enemies, pace_s=pace_s)[0]
        paced.wall += got.wall
        paced.cpu += got.cpu
        again.cpu += drag_once(session, mover, path, n_enemies)[0].cpu
    ratio = statistics.median(paced.cpu) / max(statistics.median(again.cpu), 1e-9)
    return Timing(f"  paced, idle {pace_s * 1000:.1f} ms before each step ({system})",
                  paced.wall, cpu_ms=paced.cpu,
                  note=f"{len(movers)} other random party tokens; ×{ratio:.2f} the CPU p50 of "
                       f"the same routes again back to back ({statistics.median(again.cpu):.2f}"
                       " ms); what the GUI sees")
