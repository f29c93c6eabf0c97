"""Scenario 3: cover for party × foe pairs (10 × 20 = 200, drawn afresh at random for every
sample: no sample repeats another's pairs), and the threatened squares of every token, each
against the per-line loop of `benchmarks.baselines.geometry` (walls in an STRtree) run on a
sample of the same queries, the fast side with its caches emptied, in CPU time."""

from __future__ import annotations

from typing import Any

from benchmarks.config import COVER_SYSTEMS, THREAT_SYSTEMS
from benchmarks.context import Context, nearest, party_and_foes
from benchmarks.harness import Clock, Timing, measure, measure_each

COVER_TARGET = "200 pairs ≤ 4 ms"


def cover_pairs(enc: Any, n_party: int, n_foes: int, seed: str = "cover") -> list[tuple[str,
                                                                                   str]]:
    """n_party random party members, each against n_foes foes drawn at random among the
    3 × n_foes nearest to a random member of them (a skirmish's foes, not the whole map)."""
    import random

    rng = random.Random(seed)
    party, foes = party_and_foes(enc)
    members = rng.sample(party, min(n_party, len(party)))
    lead = rng.choice(members)
    near = rng.sample(nearest(foes, lead.col, lead.row, 3 * n_foes), n_foes)
    return [(a.id, b.id) for a in members for b in near]


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
        draws = [cover_pairs(session.encounter, s.party, s.foes, f"cover {system} {k}")
                 for k in range(s.batch_repeat * 3 + 1)]
        pairs = draws[0]
        batches = by_attacker(pairs)

        def all_pairs(geo: Any = geo, policy: Any = policy,
                      batches: list[tuple[str, list[str]]] = batches) -> None:
            for a, targets in batches:
                cover_many(geo, a, targets, policy)

        def all_pairs_cold(pairs: list[tuple[str, str]], geo: Any = geo,
                           policy: Any = policy) -> None:
            clear_caches(geo)
            for a, targets in by_attacker(pairs):
                cover_many(geo, a, targets, policy)

        def levels_cold(pairs: list[tuple[str, str]], geo: Any = geo,
                        policy: Any = policy) -> None:
            clear_caches(geo)
            pair_levels(geo, [a for a, _ in pairs], [b for _, b in pairs], policy)

        warm_cpu: list[float] = []
        cold_cpu: list[float] = []
        one_cpu: list[float] = []
        warm = measure(all_pairs, repeat=s.batch_repeat, warmup=1, cpu=warm_cpu)
        cold = measure_each([lambda p=p: all_pairs_cold(p) for p in draws[1:s.batch_repeat + 1]],
                            warmup=0, cpu=cold_cpu)
        one_batch = measure_each([lambda p=p: levels_cold(p) for p in draws[1:]], warmup=0,
                                 cpu=one_cpu)
        clear_caches(geo)
        same = pair_levels(geo, [a for a, _ in pairs], [b for _, b in pairs], policy) == [
            c.level for a, targets in batches for c in cover_many(geo, a, targets, policy)]
        name = f"cover {len(pairs)} pairs ({system}, {policy.cover_method})"
        how = f"{len(batches)} cover_many batches (one per attacker)"
        rows.append(Timing(f"{name}, cold caches", cold, cpu_ms=cold_cpu, target=COVER_TARGET,
                           note=f"{how}; fresh random pairs and emptied token and line caches "
                                "for each run"))
        rows.append(Timing(f"{name}, levels in one batch, cold", one_batch, cpu_ms=one_cpu,
                           target=COVER_TARGET,
                           note="pair_levels: every pair at once, levels only (the table a GM "
                                "asks for); fresh random pairs, caches emptied before each "
                                "run; levels "
                                + ("EQUAL the full results" if same else "DIFFER: BUG")))
        batch = warm
        name += ", warm caches"
        if policy.cover_method == "hidden_fraction":
            rows.append(Timing(name, batch, cpu_ms=warm_cpu, target=COVER_TARGET,
                               note=f"{how}, same map again; no naive baseline for the "
                                    "area-fraction method"))
            continue
        # The baseline: a sample of pairs between 1-square tokens (a huge token has 9× the
        # lines), the fast side asked with emptied caches, as a fresh question.
        sample = [p for d in draws for p in d if _small(geo, p[0]) and _small(geo, p[1])]
        sample = list(dict.fromkeys(sample))[: s.naive_cover_pairs]
        paired, naive = Clock(), Clock()
        bad = 0
        for a, b in sample:
            clear_caches(geo)
            fast = paired.time(lambda a=a, b=b, g=geo, p=policy: cover(g, a, b, p).level)
            ref = naive.time(lambda a=a, b=b, g=geo, p=policy: naive_cover_level(g, a, b, p))
            bad += fast != ref
        note = (f"{how}, same map again; baseline on {len(sample)} pairs of 1-square tokens "
                f"(fast side cold), ×{len(pairs)}; "
                f"{'levels EQUAL the baseline' if not bad else f'{bad} MISMATCHES'}")
        rows.append(Timing(name, batch, cpu_ms=warm_cpu, baseline_ms=naive.wall,
                           baseline_cpu_ms=naive.cpu, paired_ms=paired.wall,
                           paired_cpu_ms=paired.cpu, baseline_scale=len(pairs),
                           target=COVER_TARGET, note=note,
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

        batch_cpu: list[float] = []
        batch = measure(all_threats, repeat=s.batch_repeat, warmup=1, cpu=batch_cpu)
        sample = [t for t in tokens if default_reach(t) > 0][: s.naive_threat_tokens]
        paired, naive = Clock(), Clock()
        bad = 0
        for t in sample:
            geo.threat_cache.clear()
            fast = paired.time(lambda t=t, g=geo, p=policy: threat_set(g, t.id, p,
                                                                        default_reach(t)))
            ref = naive.time(lambda t=t, g=geo, p=policy: naive_threatened(g, t.id, p,
                                                                            default_reach(t)))
            bad += set(fast) != ref
        note = (f"baseline on {len(sample)} tokens, ×{len(tokens)}; "
                f"{'squares EQUAL the baseline' if not bad else f'{bad} MISMATCHES'}")
        rows.append(Timing(f"threatened squares, all {len(tokens)} tokens ({system})", batch,
                           cpu_ms=batch_cpu, baseline_ms=naive.wall, baseline_cpu_ms=naive.cpu,
                           paired_ms=paired.wall, paired_cpu_ms=paired.cpu,
                           baseline_scale=len(tokens), note=note,
                           extra={"mismatches": bad, "checked": len(sample)}))
    return rows
