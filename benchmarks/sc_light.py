"""What the party sees under light (`geometry.vision.light.party_sight`, through the engine's
`Session.party_sight`, which also remembers the explored squares), after one party member
moves to a fresh random square: the stress map's 30 party tokens and 4,000 walls, 40 random
lights, ambient dark. Only the mover's view is cut by the light again; the baseline cuts
every eye's view from scratch (the lit areas worked out once per call, no memory between
calls), on the same moves; the two sights must be equal."""

from __future__ import annotations

import random
import time
from typing import Any

from benchmarks.context import Context
from benchmarks.harness import Timing, gc_paused

TARGET = "≤ 50 ms"
LIGHTS = 40
SAME = 1e-6  # grid units²: the sights' areas may differ by this much


def _moved(session: Any, rng: random.Random) -> None:
    """One party token to a random square no token holds (a GM placement)."""
    party = [t for t in session.encounter.tokens if t.side == "party" and not t.hidden]
    mover = rng.choice(party)
    grid = session.encounter.grid
    for _ in range(200):
        try:
            session.update_token(mover.id, col=rng.randrange(grid.cols), row=rng.randrange(grid.rows))
            return
        except Exception:  # noqa: BLE001 - an occupied square: draw another
            continue


def _area(sight: Any) -> float:
    import shapely

    return float(sum(shapely.area(g) for g in sight.seen) + sum(shapely.area(g) for g in sight.bright))


def _from_scratch(session: Any) -> tuple[float, Any]:
    """The baseline: the same sight with the light's memory emptied first."""
    from battlemap.geometry.vision import light

    light._MEMOS.pop(session.geo.walls, None)
    t0 = time.perf_counter()
    sight = session.party_sight(remember=False)
    return (time.perf_counter() - t0) * 1000, sight


def run(ctx: Context) -> list[Timing]:
    from battlemap.engine import Session
    from battlemap.model import Light

    enc = ctx.encounter("dnd2024").model_copy(deep=True)  # the shared session stays unmoved
    rng = random.Random(2026)
    enc.lights.extend(Light(position=(rng.uniform(0, enc.grid.cols), rng.uniform(0, enc.grid.rows)),
                            range=rng.uniform(2, 8)) for _ in range(LIGHTS))
    session = Session(enc, seed=1)
    session.set_options(ambient="dark")
    session.party_sight()  # the lights' views, the imports: not timed
    fast, cpu, naive, worst = [], [], [], 0.0
    with gc_paused():
        for _ in range(4 * ctx.sizes.fog_moves):
            _moved(session, rng)
            w0, c0 = time.perf_counter(), time.thread_time()
            sight = session.party_sight()
            fast.append((time.perf_counter() - w0) * 1000)
            cpu.append((time.thread_time() - c0) * 1000)
            ms, again = _from_scratch(session)
            naive.append(ms)
            diff = abs(_area(sight) - _area(again))
            if diff > SAME:
                raise AssertionError(f"the remembered and the fresh sights differ by {diff:.3g}")
            worst = max(worst, diff)
            session.party_sight(remember=False)  # the memory back, for the next move
    cpu.sort()
    return [Timing(f"party sight under {LIGHTS} lights (ambient dark) after one party move, "
                   f"30 eyes on the stress map", fast, baseline_ms=naive, target=TARGET,
                   note=f"CPU (thread_time) p50 {cpu[len(cpu) // 2]:.1f} ms, max {cpu[-1]:.1f}; "
                        f"baseline: every eye cut by the light afresh; sights equal "
                        f"(Δ area ≤ {worst:.1g})")]
