"""Timing helpers: percentiles over many runs, a result row per scenario, and the table.

Each sample is wall time (`perf_counter`) and, where a row measures it, the CPU time of the
measuring thread (`thread_time`) beside it: on a loaded host the wall time of a short call
grows with the other processes' share of the cores, its CPU time does not. Speed-ups are
taken on CPU time when both sides have it. The garbage collector runs as it does in the app
(`gc_paused` is kept only for rows that say why)."""

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
    cpu_ms: list[float] | None = None  # the same samples in CPU time, where measured
    baseline_cpu_ms: list[float] | None = None
    paired_cpu_ms: list[float] | None = None

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
        """How many times faster than the naive baseline (median over median), on CPU time
        when both sides were measured in it."""
        if self.ratio_on_cpu:
            assert self.baseline_cpu_ms is not None
            fast = self.paired_cpu_ms or self.cpu_ms or []
            return statistics.median(self.baseline_cpu_ms) / max(statistics.median(fast), 1e-9)
        if not self.baseline_ms:
            return None
        fast = self.paired_ms or self.samples_ms
        if not fast:
            return None
        return statistics.median(self.baseline_ms) / max(statistics.median(fast), 1e-9)

    @property
    def ratio_on_cpu(self) -> bool:
        return bool(self.baseline_cpu_ms) and bool(self.paired_cpu_ms or self.cpu_ms)

    def to_json(self) -> dict[str, object]:
        """The row as `--json` writes it: every sample, and the figures of the table."""
        cpu = self.cpu_ms or []
        return {"name": self.name, "status": self.status, "target": self.target,
                "note": self.note, "p50_ms": _or_none(self.p50), "p95_ms": _or_none(self.p95),
                "max_ms": _or_none(self.max),
                "cpu_p50_ms": _or_none(self.pct(0.5, cpu)) if cpu else None,
                "cpu_p95_ms": _or_none(self.pct(0.95, cpu)) if cpu else None,
                "ratio": self.ratio, "ratio_on": "cpu" if self.ratio_on_cpu else "wall",
                "samples_ms": self.samples_ms, "cpu_ms": self.cpu_ms,
                "baseline_ms": self.baseline_ms, "baseline_cpu_ms": self.baseline_cpu_ms,
                "extra": {k: v if isinstance(v, int | float | str | bool) or v is None
                          else str(v) for k, v in self.extra.items()}}


def _or_none(x: float) -> float | None:
    return None if x != x else x


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


class Clock:
    """Wall and CPU ms of what runs between `start()` and `stop()`, appended to two lists."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self._t0 = self._c0 = 0.0

    def start(self) -> None:
        self._t0, self._c0 = time.perf_counter(), time.thread_time()

    def stop(self) -> float:
        """Note the sample; its wall ms."""
        cpu = (time.thread_time() - self._c0) * 1000
        wall = (time.perf_counter() - self._t0) * 1000
        self.wall.append(wall)
        self.cpu.append(cpu)
        return wall

    def time(self, fn: Callable[[], object]) -> object:
        self.start()
        value = fn()
        self.stop()
        return value


def measure(fn: Callable[[], object], repeat: int, warmup: int = 2,
            cpu: list[float] | None = None) -> list[float]:
    """Wall ms of `repeat` calls after `warmup` untimed ones; their CPU ms into `cpu`."""
    for _ in range(warmup):
        fn()
    clock = Clock()
    for _ in range(repeat):
        clock.time(fn)
    if cpu is not None:
        cpu.extend(clock.cpu)
    return clock.wall


def measure_each(fns: list[Callable[[], object]], warmup: int = 1,
                 cpu: list[float] | None = None) -> list[float]:
    """Time each call of a list once (for scenarios made of distinct queries)."""
    for fn in fns[:warmup]:
        fn()
    clock = Clock()
    for fn in fns:
        clock.time(fn)
    if cpu is not None:
        cpu.extend(clock.cpu)
    return clock.wall


def time_once(fn: Callable[[], object]) -> tuple[float, object]:
    t0 = time.perf_counter()
    value = fn()
    return (time.perf_counter() - t0) * 1000, value


def _num(x: float) -> str:
    if x != x:  # NaN
        return "—"
    return f"{x:.3f}" if x < 10 else f"{x:.1f}"


def table(rows: list[Timing]) -> str:
    """Wall p50/p95/max, CPU p50/p95 where measured, the baseline's p50 (CPU when it was
    measured in CPU time, marked so) and the speed-up."""
    head = ("| scenario | p50 ms | p95 ms | max ms | CPU p50 ms | CPU p95 ms | baseline p50 ms "
            "| speed-up | target | note |")
    lines = [head, "|---|---:|---:|---:|---:|---:|---:|---:|---|---|"]
    for r in rows:
        if r.status != "ok" or not r.samples_ms:
            lines.append(f"| {r.name} | — | — | — | — | — | — | — | {r.target} | {r.note} |")
            continue
        ratio = r.ratio
        base = r.baseline_cpu_ms if r.ratio_on_cpu else r.baseline_ms
        naive = (_num(statistics.median(base) * r.baseline_scale)
                 + (" CPU" if r.ratio_on_cpu else "") if base else "—")
        cpu = r.cpu_ms or []
        cpu50 = _num(r.pct(0.5, cpu)) if cpu else "—"
        cpu95 = _num(r.pct(0.95, cpu)) if cpu else "—"
        lines.append(
            f"| {r.name} | {_num(r.p50)} | {_num(r.p95)} | {_num(r.max)} | {cpu50} | {cpu95} "
            f"| {naive} | {f'{ratio:.1f}×' if ratio else '—'} | {r.target} | {r.note} |"
        )
    return "\n".join(lines)
