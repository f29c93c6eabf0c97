"""What the area rows share: the target, one timed loop of previews and the baseline check
on a regular subset of the same templates (`sc_area`, `sc_area_drag`). Wall and CPU time;
the collector runs as in the app."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from benchmarks.harness import Clock, Timing

TARGET = "p95 ≤ 0.5 ms, ≥ 20× the baseline (CPU)"


def squares_of(result: Any) -> set[tuple[int, int]]:
    return {tuple(sq.square) for sq in result.squares}


@dataclass
class Previews:
    """The previews of a list of templates, and the baseline run on a subset of them."""

    clock: Clock = field(default_factory=Clock)
    results: list[Any] = field(default_factory=list)
    paired: Clock = field(default_factory=Clock)  # the previews of the subset, again
    naive: Clock = field(default_factory=Clock)
    mismatches: int = 0
    checked: int = 0
    _subset: list[int] = field(default_factory=list)  # the templates the baseline ran on

    def row(self, name: str, note: str) -> Timing:
        bad = self.mismatches
        return Timing(name, self.clock.wall, cpu_ms=self.clock.cpu, baseline_ms=self.naive.wall,
                      baseline_cpu_ms=self.naive.cpu,
                      paired_ms=[self.clock.wall[i] for i in self._subset],
                      paired_cpu_ms=[self.clock.cpu[i] for i in self._subset], target=TARGET,
                      note=(f"{note}; baseline on {self.checked}; "
                            f"{'results EQUAL the baseline' if not bad else f'{bad} MISMATCHES'}"),
                      extra={"mismatches": bad, "checked": self.checked})



def preview_each(session: Any, tpls: list[Any], pace_s: float = 0.0,
                 into: Previews | None = None) -> Previews:
    """Each template previewed once, one after another as a GM's mouse makes them; `pace_s`
    idle before each (not timed)."""
    out = into if into is not None else Previews()
    for t in tpls:
        if pace_s:
            time.sleep(pace_s)
        out.clock.start()
        got = session.preview_area(t)
        out.clock.stop()
        out.results.append(got)
    return out


def against_naive(session: Any, tpls: list[Any], previews: Previews, every: int) -> Previews:
    """The baseline (a per-square loop over an STRtree of the walls) on one template in
    `every`, drawn at random (a stride would pick the same shape and size each time), its
    squares checked equal to the preview's."""
    import random

    from benchmarks.baselines.geometry import naive_area_squares

    n = len(tpls)
    for i in sorted(random.Random(n).sample(range(n), max(1, -(-n // every)))):
        previews._subset.append(i)
        ref = previews.naive.time(lambda t=tpls[i]: naive_area_squares(session.geo, t,
                                                                      session.policy))
        previews.checked += 1
        previews.mismatches += squares_of(previews.results[i]) != ref
    return previews
