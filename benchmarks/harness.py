"""Timing helpers: percentiles over many runs, and a table printer."""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class Timing:
    name: str
    samples_ms: list[float]
    baseline_ms: list[float] | None = None
    target: str = ""
    note: str = ""
    extra: dict[str, str] = field(default_factory=dict)

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
        return statistics.median(self.baseline_ms) / max(statistics.median(self.samples_ms), 1e-9)


def measure(fn: Callable[[], object], repeat: int, warmup: int = 2) -> list[float]:
    for _ in range(warmup):
        fn()
    out: list[float] = []
    gc_was = gc.isenabled()
    gc.disable()
    try:
        for _ in range(repeat):
            t0 = time.perf_counter()
            fn()
            out.append((time.perf_counter() - t0) * 1000)
    finally:
        if gc_was:
            gc.enable()
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


def table(rows: list[Timing]) -> str:
    head = "| scenario | p50 ms | p95 ms | max ms | naive p50 ms | speed-up | target | note |"
    lines = [head, "|---|---:|---:|---:|---:|---:|---|---|"]
    for r in rows:
        ratio = r.ratio
        naive = f"{statistics.median(r.baseline_ms):.2f}" if r.baseline_ms else "—"
        lines.append(
            f"| {r.name} | {r.p50:.3f} | {r.p95:.3f} | {r.max:.3f} | {naive} | "
            f"{f'{ratio:.1f}×' if ratio else '—'} | {r.target} | {r.note} |"
        )
    return "\n".join(lines)
