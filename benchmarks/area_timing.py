"""What the area rows share: the target, one timed loop of previews and the naive check on a
regular subset of the same templates (`sc_area`, `sc_area_drag`)."""

from __future__ import annotations

import time
from typing import Any

from benchmarks.harness import gc_paused

TARGET = "p95 ≤ 0.5 ms, ≥ 20× naive"


def squares_of(result: Any) -> set[tuple[int, int]]:
    return {tuple(sq.square) for sq in result.squares}


def preview_each(session: Any, tpls: list[Any], pace_s: float = 0.0) -> tuple[list[float],
                                                                               list[Any]]:
    """(ms per preview, results), one after another as a GM's mouse makes them, with the
    collector paused as in `harness.measure`; `pace_s` idle before each (not timed)."""
    fast, results = [], []
    with gc_paused():
        for t in tpls:
            if pace_s:
                time.sleep(pace_s)
            t0 = time.perf_counter()
            results.append(session.preview_area(t))
            fast.append((time.perf_counter() - t0) * 1000)
    return fast, results


def against_naive(session: Any, tpls: list[Any], results: list[Any], fast: list[float],
                  every: int) -> tuple[list[float], list[float], int, int]:
    """On every `every`-th template: (its fast ms, the naive loop's ms, mismatches, checked)."""
    from benchmarks.baselines.geometry import naive_area_squares

    paired, naive = [], []
    mismatches = checked = 0
    for i in range(0, len(tpls), every):
        paired.append(fast[i])
        t0 = time.perf_counter()
        ref = naive_area_squares(session.geo, tpls[i], session.policy)
        naive.append((time.perf_counter() - t0) * 1000)
        checked += 1
        mismatches += squares_of(results[i]) != ref
    return paired, naive, mismatches, checked
