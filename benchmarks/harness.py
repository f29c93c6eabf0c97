"""Timing helpers: percentiles over many runs, a result row per scenario, and the table."""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field


@dataclass
class Timing:
    """One row of the table. `baseline_ms` are naive timings; when the naive method only ran on
    a subset of the queries, `paired_ms` holds the fast timings of that same subset so the
    speed-up compares like with like. `status` is "ok", "n/a" (a piece is not there yet: the
    note says why) or "error" (the scenario crashed: the run fails)."""

    name: str
    samples_ms: list[float]
    baseline_ms: list[float] | None = None
    paired_ms: list[float] | None = None
    target: str = ""
    note: str = ""
    status: str = "ok"
    baseline_scale: float = 1.0  # naive per query × this = the naive column (e.g. 200 pairs)
    extra: dict[str, object] = field(default_factory=dict)

    def pct(self, q: float, data: list[float] | None = None) -> float:
        xs = sorted(self.samples_ms if data is None else data)
        if not xs:
            return float("nan")
        k = min(len(xs) - 1, max(0, round(q * (len(xs) - 1))))
        return xs[k]

    @property
    def p50(self) -> float:
        return self.pct(0.5)

    @property
    def p95(self) -> float:
        return self.pct(0.95)

    @property
    def max(self) -> float:
        return max(self.samples_ms) if self.samples_ms else float("nan")

    @property
    def ratio(self) -> float | None:
        """How many times faster than the naive baseline (median over median)."""
        if not self.baseline_ms:
            return None
        fast = self.paired_ms or self.samples_ms
        if not fast:
            return None
        return statistics.median(self.baseline_ms) / max(statistics.median(fast), 1e-9)


def not_available(name: str, why: str, target: str = "") -> Timing:
    return Timing(name=name, samples_ms=[], target=target, note=f"n/a ({why})", status="n/a")


@contextmanager
def gc_paused() -> Iterator[None]:
    """A collection in the middle of one sample is noise, not the code's cost."""
    gc_was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if gc_was:
            gc.enable()


def measure(fn: Callable[[], object], repeat: int, warmup: int = 2) -> list[float]:
    for _ in range(warmup):
        fn()
    out: list[float] = []
    with gc_paused():
        for _ in range(repeat):
            t0 = time.perf_counter()
            fn()
            out.append((time.perf_counter() - t0) * 1000)
    return out


def measure_each(fns: list[Callable[[], object]], warmup: int = 1) -> list[float]:
    """Time each call of a list once (for scenarios made of distinct queries)."""
    for fn in fns[:warmup]:
        fn()
    out = []
    for fn in fns:
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def time_once(fn: Callable[[], object]) -> tuple[float, object]:
    t0 = time.perf_counter()
    value = fn()
    return (time.perf_counter() - t0) * 1000, value


def _num(x: float) -> str:
    if x != x:  # NaN
        return "—"
    return f"{x:.3f}" if x < 10 else f"{x:.1f}"


def table(rows: list[Timing]) -> str:
    head = "| scenario | p50 ms | p95 ms | max ms | naive p50 ms | speed-up | target | note |"
    lines = [head, "|---|---:|---:|---:|---:|---:|---|---|"]
    for r in rows:
        if r.status != "ok" or not r.samples_ms:
            lines.append(f"| {r.name} | — | — | — | — | — | {r.target} | {r.note} |")
            continue
        ratio = r.ratio
        naive = (_num(statistics.median(r.baseline_ms) * r.baseline_scale)
                 if r.baseline_ms else "—")
        lines.append(
            f"| {r.name} | {_num(r.p50)} | {_num(r.p95)} | {_num(r.max)} | {naive} | "
            f"{f'{ratio:.1f}×' if ratio else '—'} | {r.target} | {r.note} |"
        )
    return "\n".join(lines)
