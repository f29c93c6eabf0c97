"""Cover by the policy's `cover_method` (docs/architecture.md#cover, docs/rules/README.md#geometry-by-system "how cover is
measured"). Geometry names the level and why; the rules turn it into AC or attack numbers.

`cover_many` gives the explained results of one attacker against many targets in one batch;
`cover` is the one-target case. `cover_levels` (one attacker) and `pair_levels` (any pairs, e.g.
the party against the foes) give only the levels, without drawing lines to targets in total
cover: what a drag shows. All of them measure with `_batch.assess`."""

from __future__ import annotations

import numpy as np

from battlemap.geometry.cover._batch import Assessment, assess
from battlemap.geometry.cover._corner_lines import CornerLines, line_blockers, line_blockers_many
from battlemap.geometry.cover._hidden_inside import cached_inner
from battlemap.geometry.cover.hidden_share import hidden_fractions_many
from battlemap.geometry.grid import INSET
from battlemap.geometry.map_geometry import MapGeometry
from battlemap.geometry.policy import GeometryPolicy
from battlemap.geometry.results import CoverLevel, CoverResult, SightLine
from battlemap.geometry.walls import Memo, off_walls, shared
from battlemap.geometry.words import cover_text

TIE = 1e-9  # hidden shares this close are equal (float noise of two ways to the same area)
OBSTACLE_SHARE = 1e-6  # share of the target a wall must hide to be in the way (noise below)

_RANK_NAME: list[CoverLevel] = ["none", "half", "three_quarters"]


def policy_key(policy: GeometryPolicy) -> tuple[object, ...]:
    """The policy's values as a cache key part: a frozen model re-hashes every field on each
    dict lookup, and a drag step looks up dozens of keys."""
    return tuple(policy.__dict__.values())


def _bucket(hidden: float) -> CoverLevel:
    """001 "Modificateurs de Couverture": 25 / 50 / 75 / 90 %."""
    for edge, level in ((0.9, "90"), (0.75, "75"), (0.5, "50"), (0.25, "25")):
        if hidden >= edge - 1e-9:
            return level  # type: ignore[return-value]
    return "none"


def cover(
    geo: MapGeometry,
    attacker_id: str,
    target_id: str,
    policy: GeometryPolicy,
    melee: bool = False,
) -> CoverResult:
    return cover_many(geo, attacker_id, [target_id], policy, melee)[0]


def cover_many(
    geo: MapGeometry,
    attacker_id: str,
    target_ids: list[str],
    policy: GeometryPolicy,
    melee: bool = False,
) -> list[CoverResult]:
    """Cover of each target against the attacker, equal to `cover` pair by pair, measured in
    one batch. Answers are remembered until a token moves (`MapGeometry.token_cache`); the
    results handed out are copies."""
    if not target_ids:
        return []
    # Same map, same question (a repaint, a hover cycling targets): the remembered answer.
    pk = policy_key(policy)
    keys = [("cover", attacker_id, t, pk, melee) for t in target_ids]
    cache = geo.token_cache
    if all(k in cache for k in keys):
        return [cache[k].model_copy() for k in keys]
    out = _measure(geo, attacker_id, target_ids, policy, melee)
    cache.keep_all(zip(keys, out, strict=True))
    return [r.model_copy() for r in out]


def cover_levels(
    geo: MapGeometry,
    attacker_id: str,
    target_ids: list[str],
    policy: GeometryPolicy,
    melee: bool = False,
) -> list[CoverLevel]:
    """Only the level of each target's cover, as `cover_many` measures it: what a drag shows
    at every square, without drawing lines to foes in total cover or naming blockers (a GM
    hovering a foe gets the whole `cover` result)."""
    return pair_levels(geo, [attacker_id] * len(target_ids), target_ids, policy, melee)


def pair_levels(
    geo: MapGeometry,
    attacker_ids: list[str],
    target_ids: list[str],
    policy: GeometryPolicy,
    melee: bool = False,
) -> list[CoverLevel]:
    """`cover_levels` for any pairs (attacker_ids[p] against target_ids[p]) in one batch:
    the whole party against the foes costs about what one attacker does."""
    pk = policy_key(policy)
    pairs = [(a, t, pk, melee) for a, t in zip(attacker_ids, target_ids, strict=True)]
    cache = geo.token_cache
    out: list[CoverLevel | None] = [None] * len(pairs)
    if cache:  # a drag's new map state starts empty: no key to hash
        for p, k in enumerate(pairs):  # remembered: a full result, or a level measured before
            full = cache.get(("cover", *k))
            out[p] = full.level if full is not None else cache.get(("level", *k))
    todo = [p for p, level in enumerate(out) if level is None]
    if todo:
        found = assess(geo, [attacker_ids[p] for p in todo], [target_ids[p] for p in todo],
                       policy, melee, draw_total=False)
        for p in todo:
            out[p] = "total"
        measured = found.measured.tolist()
        if policy.cover_method == "hidden_fraction":
            # Every pair's hidden share in one batch (the polygon union only for rare cases).
            js = [j for j, i in enumerate(measured) if not found.total[i]]
            walls = _walls_shares(geo, found, js, policy, melee)
            for j, (_, hidden), wall in zip(js, _hidden_many(geo, found, js), walls,
                                            strict=True):
                ob = melee and wall > OBSTACLE_SHARE
                out[todo[measured[j]]] = "25" if ob else _share_level(policy, hidden, wall)[0]
        else:
            for j, i in enumerate(measured):
                if not found.total[i]:
                    out[todo[i]] = _level(policy, int(found.rank[found.chosen[j]]))
        cache.keep_all((("level", *pairs[p]), out[p]) for p in todo)
    return [level for level in out if level is not None]


def _measure(geo: MapGeometry, attacker_id: str, target_ids: list[str],
             policy: GeometryPolicy, melee: bool) -> list[CoverResult]:
    found = assess(geo, [attacker_id] * len(target_ids), target_ids, policy, melee,
                   draw_total=True)
    lines, total, groups, walled = found.lines, found.total, found.groups, found.walled
    if policy.cover_method == "hidden_fraction":
        live = [p for p in range(len(target_ids)) if not found.total[p]]
        shares = dict(zip(live, _hidden_many(geo, found, live), strict=True))
        walls = dict(zip(live, _walls_shares(geo, found, live, policy, melee), strict=True))
        return [_area_result(geo, policy, found, p, shares.get(p, (0, 1.0)),
                             melee and walls.get(p, 0.0) > OBSTACLE_SHARE, walls.get(p, 0.0))
                for p in range(len(target_ids))]
    chosen = found.chosen.tolist()
    whys = line_blockers_many(geo, lines, [g * 4 for g in chosen])
    out = []
    for p, g in enumerate(chosen):
        level = "total" if total[p] else _level(policy, int(found.rank[g]))
        out.append(_result(geo, lines, p, g, level, int(groups[g]), int(walled[g]), None,
                           policy, why=whys[p]))
    return out


def _level(policy: GeometryPolicy, rank: int) -> CoverLevel:
    if policy.cover_method == "any_blocked_line":
        return "partial" if rank else "none"
    return _RANK_NAME[rank]


def _area_result(geo: MapGeometry, policy: GeometryPolicy, found: Assessment, p: int,
                 best: tuple[int, float], obstacle: bool = False,
                 walls_share: float = 0.0) -> CoverResult:
    """"hidden_fraction": the share of the target hidden from the attacker's best corner (a full
    result: every target of the batch was measured, `found.measured[p] == p`). `best`:
    `_hidden_many`'s answer for pair p (unused in total cover); `obstacle`: a melee attack
    past an obstacle (`_obstacles`), 25 % whatever share is hidden."""
    lines, groups, walled = found.lines, found.groups, found.walled
    total = bool(found.total[p])
    g0 = int(lines.line_start[p] // 4)
    s = 1 if total else int(lines.n_cells[p])  # a proven total built one option only
    counts = groups[g0:g0 + int(lines.n_lines[p]) // 4].reshape(-1, s)
    ki, hidden = (0, 1.0) if total else best
    si = int(np.argmin(counts[ki]))
    level: CoverLevel = "total" if total else "25"
    capped = False
    if not (total or obstacle):
        level, capped = _share_level(policy, hidden, walls_share)
    g = g0 + ki * s + si
    return _result(geo, lines, p, g, level, int(groups[g]), int(walled[g]), hidden,
                   policy, obstacle=obstacle and not total, capped=capped)


def _walls_shares(geo: MapGeometry, found: Assessment, js: list[int], policy: GeometryPolicy,
                  melee: bool) -> list[float]:
    """"hidden_fraction", for each measured pair j of `js`: the share the walls alone hide,
    measured only where a rule asks (0 elsewhere).

    In melee, is an obstacle in the way? 001 "Modificateurs de Couverture", nota:
    « L'utilisation d'un obstacle (par ex.: table, coin de mur, pilier) en mêlée confère à 25%
    de cover ». Read: a wall, door or window hiding part of the target from every attacker
    corner (no angle of attack gets around it), the target not wholly hidden (total), gives
    25 % in melee, whatever share it hides; without one the hidden share is measured as at
    range (creatures, e.g. over an ally with reach).

    With creatures' cover capped (`creature_cover_max`), the walls' own share may still give
    more than the cap (`_share_level`)."""
    if not (melee or policy.creature_cover_max == "half"):
        return [0.0] * len(js)
    return [share for _, share in _hidden_many(geo, found, js, creatures=False)]


_SHARE_ORDER: list[CoverLevel] = ["none", "25", "50", "75", "90"]


def _share_level(policy: GeometryPolicy, hidden: float, walls_share: float
                 ) -> tuple[CoverLevel, bool]:
    """The bucket of the hidden share, and whether the cap on creatures' cover lowered it:
    with `creature_cover_max` "half" (2bis option `creature_cover_cap`), what creatures add
    stops at 50 %, what the walls hide alone counts in full."""
    level = _bucket(hidden)
    if policy.creature_cover_max != "half" or _SHARE_ORDER.index(level) <= 2:
        return level, False
    walls = _bucket(walls_share)
    return (walls, False) if _SHARE_ORDER.index(walls) >= _SHARE_ORDER.index(level) else (
        max(walls, "50", key=_SHARE_ORDER.index), True)


def _hidden_many(geo: MapGeometry, found: Assessment, js: list[int],
                 creatures: bool = True) -> list[tuple[int, float]]:
    """"hidden_fraction": for each measured pair j of `js` (increasing), the attacker corner hiding
    the least of the target and that share, every pair in one batch (`cover._hidden_batch`).
    `creatures`: False to count the walls' shadows only."""
    if not js:
        return []
    lines = found.lines
    (w_own, w_seg), (c_own, c_tok) = found.walls, lines.near
    if not creatures:
        c_own = c_tok = np.empty(0, dtype=np.intp)
    n_a, a_start, t_boxes = lines.n_a, lines.a_start, lines.t_boxes
    if len(js) < len(n_a):  # some pairs left out (total cover): renumber the others
        pick = np.zeros(len(n_a), dtype=bool)
        pick[js] = True
        remap = pick.cumsum() - 1  # measured pair → its place in js (owners stay sorted)
        w_sel = pick.take(w_own).nonzero()[0]
        c_sel = pick.take(c_own).nonzero()[0]
        w_own, w_seg = remap.take(w_own.take(w_sel)), w_seg.take(w_sel)
        c_own, c_tok = remap.take(c_own.take(c_sel)), c_tok.take(c_sel)
        # Row gathers with .take: fancy indexing of (n, 4) arrays copies row by row.
        n_a, a_start, t_boxes = n_a.take(js), a_start.take(js), t_boxes.take(js, axis=0)
    start, owner, rows = _corner_layout(n_a, a_start)
    points = lines.exact_a.take(rows, axis=0) + _toward_cell_centre(len(rows))
    boxes = geo.token_bounds().take(c_tok, axis=0)
    inner = cached_inner(geo.walls, t_boxes, boxes, c_own)
    shares = hidden_fractions_many(
        points, owner, t_boxes, geo.walls.coords.take(w_seg, axis=0), w_own, boxes, c_own,
        inner, off_walls(geo.walls, points))
    # Shares within float noise (1e-9) of the least: the first such corner, whatever the last
    # digits say (rounding would split two equal shares lying across a rounding boundary).
    least = np.minimum.reduceat(shares, start)
    near = shares <= least.take(owner) + TIE
    best = np.lexsort((~near, owner))[start]
    return list(zip((best - start).tolist(), shares.take(best).tolist(), strict=True))


# Per (attacker corner counts, their first rows) of a batch: the corner layout.
_LAYOUTS: Memo[tuple[bytes, bytes], tuple[np.ndarray, np.ndarray, np.ndarray]] = Memo(4096)


def _corner_layout(n_a: np.ndarray, a_start: np.ndarray) -> tuple[np.ndarray, ...]:
    """Per pair its first point; per point its pair and its row of `exact_a`: counts only,
    the same at every square of a drag (nine array passes saved): remembered."""
    key = (n_a.tobytes(), a_start.tobytes())
    found = _LAYOUTS.get(key)
    if found is None:
        start = n_a.cumsum() - n_a
        owner = np.arange(len(n_a)).repeat(n_a)
        rows = a_start.repeat(n_a) + np.arange(len(owner)) - start.repeat(n_a)
        shared(start, owner, rows)
        found = _LAYOUTS.keep(key, (start, owner, rows))
    return found


_INWARD = np.array([(INSET, INSET), (-INSET, INSET), (-INSET, -INSET), (INSET, -INSET)])
_INWARD_MANY = np.tile(_INWARD, (64, 1))  # a slice of it: np.tile costs ~five array passes
_INWARD_MANY.flags.writeable = False  # handed out as views


def _toward_cell_centre(n: int) -> np.ndarray:
    """Offsets that move each cell corner (clockwise from top-left) INSET toward its cell."""
    return _INWARD_MANY[:n] if n <= len(_INWARD_MANY) else np.tile(_INWARD, (n // 4, 1))


def _result(geo: MapGeometry, lines: CornerLines, p: int, g: int, level: CoverLevel,
            n_blocked: int, n_walls: int, hidden: float | None,
            policy: GeometryPolicy, why: list[list[str]] | None = None,
            obstacle: bool = False, capped: bool = False) -> CoverResult:
    first = g * 4
    k = int(lines.line_k[first])
    cell = int(lines.line_cell[first])
    corner = (float(lines.exact_a[k, 0]), float(lines.exact_a[k, 1]))
    why = why if why is not None else line_blockers(geo, lines, first)
    names: list[str] = []
    sight = []
    for j in range(4):
        names += [n for n in why[j] if n not in names]
        end = lines.exact_t[cell, j]
        sight.append(SightLine(start=corner, end=(float(end[0]), float(end[1])),
                               blocked=bool(why[j]), blocked_by=why[j]))
    t_sq = (int(lines.cells[cell, 0]), int(lines.cells[cell, 1]))
    # The ruling names creatures as the GM knows them; `blocked_by` keeps their ids.
    shown = [geo.tokens[n].name if n in geo.tokens else n for n in names]
    text = cover_text(level, policy, corner, t_sq, n_blocked, shown, hidden, obstacle, capped)
    return CoverResult(
        level=level, corner=corner, target_square=t_sq, lines=sight, blocked_by=names,
        from_creatures_only=n_blocked > 0 and n_walls == 0 and level != "total"
        and not obstacle, obstacle_in_melee=obstacle,
        hidden_fraction=hidden, explanation=text,
    )
