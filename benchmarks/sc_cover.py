"""Scenario 3: cover for every party × foe pair (10 × 20 = 200), and the threatened squares of
every token, each against a naive per-line / per-wall loop run on a sample of the same
queries (the naive loops take seconds per query on the stress map: all 200 would take hours)."""

from __future__ import annotations

import time
from typing import Any

from benchmarks.config import COVER_SYSTEMS, THREAT_SYSTEMS
from benchmarks.context import Context, nearest, party_and_foes
from benchmarks.harness import Timing, measure

COVER_TARGET = "200 pairs ≤ 4 ms"


def cover_pairs(enc: Any, n_party: int, n_foes: int) -> list[tuple[str, str]]:
    """The first party members, each against the foes nearest to the party's first member."""
    party, foes = party_and_foes(enc)
    lead = party[0]
    near = nearest(foes, lead.col, lead.row, n_foes)
    return [(a.id, b.id) for a in party[:n_party] for b in near]


def by_attacker(pairs: list[tuple[str, str]]) -> list[tuple[str, list[str]]]:
    """The pairs grouped per attacker, as the engine asks (`Session.covers`)."""
    out: dict[str, list[str]] = {}
    for a, b in pairs:
        out.setdefault(a, []).append(b)
    return list(out.items())


def clear_caches(geo: Any) -> None:
    """Forget every remembered cover answer and sight line: the cost of a fresh question."""
    geo.token_cache.clear()
    geo.walls.clear_line_cache.clear()


def _small(geo: Any, tid: str) -> bool:
    return float(geo.token(tid).size.squares) <= 1


def run_cover(ctx: Context) -> list[Timing]:
    from battlemap.geometry import cover_many, pair_levels
    from battlemap.geometry.cover import cover
    from benchmarks.baselines.geometry import naive_cover_level

    s = ctx.sizes
    rows: list[Timing] = []
    for system in COVER_SYSTEMS:
        session = ctx.session(system)
        geo, policy = session.geo, session.policy
        pairs = cover_pairs(session.encounter, s.party, s.foes)

        batches = by_attacker(pairs)

        def all_pairs(geo: Any = geo, policy: Any = policy,
                      batches: list[tuple[str, list[str]]] = batches) -> None:
            for a, targets in batches:
                cover_many(geo, a, targets, policy)

        def all_pairs_cold(geo: Any = geo, run: Any = all_pairs) -> None:
            clear_caches(geo)
            run()

        def levels_cold(geo: Any = geo, policy: Any = policy,
                        pairs: list[tuple[str, str]] = pairs) -> None:
            clear_caches(geo)
            pair_levels(geo, [a for a, _ in pairs], [b for _, b in pairs], policy)

        warm = measure(all_pairs, repeat=s.batch_repeat, warmup=1)
        cold = measure(all_pairs_cold, repeat=s.batch_repeat, warmup=1)
        one_batch = measure(levels_cold, repeat=s.batch_repeat * 3, warmup=1)
        clear_caches(geo)
        same = pair_levels(geo, [a for a, _ in pairs], [b for _, b in pairs], policy) == [
            c.level for a, targets in batches for c in cover_many(geo, a, targets, policy)]
        name = f"cover {len(pairs)} pairs ({system}, {policy.cover_method})"
        how = f"{len(batches)} cover_many batches (one per attacker)"
        rows.append(Timing(f"{name}, cold caches", cold, target=COVER_TARGET,
                           note=f"{how}; token and line caches emptied before each run"))
        rows.append(Timing(f"{name}, levels in one batch, cold", one_batch, target=COVER_TARGET,
                           note="pair_levels: every pair at once, levels only (the table a GM "
                                "asks for); caches emptied before each run; levels "
                                + ("EQUAL the full results" if same else "DIFFER: BUG")))
        batch = warm
        name += ", warm caches"
        if policy.cover_method == "hidden_fraction":
            rows.append(Timing(name, batch, target=COVER_TARGET,
                               note=f"{how}, same map again; no naive baseline for the "
                                    "area-fraction method"))
            continue
        # Naive: a sample of pairs between 1-square tokens (a huge token has 9× the lines).
        sample = [p for p in pairs if _small(geo, p[0]) and _small(geo, p[1])]
        sample = sample[: s.naive_cover_pairs]
        paired, naive, bad = [], [], 0
        for a, b in sample:
            t0 = time.perf_counter()
            fast = cover(geo, a, b, policy).level
            paired.append((time.perf_counter() - t0) * 1000)
            t0 = time.perf_counter()
            ref = naive_cover_level(geo, a, b, policy)
            naive.append((time.perf_counter() - t0) * 1000)
            bad += fast != ref
        note = (f"{how}, same map again; naive on {len(sample)} pairs of 1-square tokens, ×{len(pairs)}; "
                f"{'levels EQUAL naive' if not bad else f'{bad} MISMATCHES vs naive'}")
        rows.append(Timing(name, batch, baseline_ms=naive, paired_ms=paired,
                           baseline_scale=len(pairs), target=COVER_TARGET, note=note,
                           extra={"mismatches": bad, "checked": len(sample)}))
    return rows


def run_threats(ctx: Context) -> list[Timing]:
    from battlemap.geometry import default_reach, threat_set
    from benchmarks.baselines.geometry import naive_threatened

    s = ctx.sizes
    rows: list[Timing] = []
    for system in THREAT_SYSTEMS:
        session = ctx.session(system)
        geo, policy = session.geo, session.policy
        tokens = list(session.encounter.tokens)

        def all_threats(geo: Any = geo, policy: Any = policy, tokens: list[Any] = tokens) -> None:
            geo.threat_cache.clear()  # the cold cost: a GM toggling "all threats" on
            for t in tokens:
                threat_set(geo, t.id, policy, default_reach(t))

        batch = measure(all_threats, repeat=s.batch_repeat, warmup=1)
        sample = [t for t in tokens if default_reach(t) > 0][: s.naive_threat_tokens]
        paired, naive, bad = [], [], 0
        for t in sample:
            geo.threat_cache.clear()
            t0 = time.perf_counter()
            fast = threat_set(geo, t.id, policy, default_reach(t))
            paired.append((time.perf_counter() - t0) * 1000)
            t0 = time.perf_counter()
            ref = naive_threatened(geo, t.id, policy, default_reach(t))
            naive.append((time.perf_counter() - t0) * 1000)
            bad += set(fast) != ref
        note = (f"naive on {len(sample)} tokens, ×{len(tokens)}; "
                f"{'squares EQUAL naive' if not bad else f'{bad} MISMATCHES vs naive'}")
        rows.append(Timing(f"threatened squares, all {len(tokens)} tokens ({system})", batch,
                           baseline_ms=naive, paired_ms=paired, baseline_scale=len(tokens),
                           note=note, extra={"mismatches": bad, "checked": len(sample)}))
    return rows
