"""The fast paths agree with the plain ones (issue 9): `cover_many` with `cover` pair by pair,
the wall-chain proof of total cover with the exact search, the cached line of effect of areas
with the naive per-square loop, on random scenes (docs/architecture.md#sight-lines, #cover, #areas-of-effect)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from battlemap.geometry import area_squares, cover_many
from battlemap.geometry.cover import cover
from battlemap.geometry.cover.hidden_share import hidden_fraction, hidden_fractions
from battlemap.geometry.grid import INSET, cell_corners, footprint_box
from battlemap.geometry.lines.blockers import (
    SPAN_EPS,
    _on_a_seam,
    _on_seams,
    blocking_creatures,
)
from battlemap.geometry.lines.clear import _any_clear_line, _shrink
from battlemap.geometry.walls.segments import (
    box_span,
    box_span_xy,
    box_spans_both,
    collinear_with,
    crossings,
    touch_sure,
)
from battlemap.geometry.walls.separation import separated
from battlemap.model import AreaTemplate
from benchmarks.baselines.geometry import naive_area_squares
from tests.helpers.geometry import build_scene, tok, wall

N = 14
SIZES = st.sampled_from(["tiny", "small", "medium", "large", "huge"])
place = st.tuples(st.integers(0, N - 4), st.integers(0, N - 4), SIZES)
segment = st.tuples(st.integers(0, N), st.integers(0, N), st.integers(0, N), st.integers(0, N),
                    st.sampled_from(["wall", "door", "window"]))


def _scene(system, places, segs):
    toks: list[dict[str, object]] = []
    taken: set[tuple[int, int]] = set()
    for i, (c, r, size) in enumerate(places):
        side = int({"tiny": 1, "small": 1, "medium": 1, "large": 2, "huge": 3}[size])
        cells = {(c + x, r + y) for x in range(side) for y in range(side)}
        if cells & taken:
            continue
        taken |= cells
        toks.append(tok(f"t{i}", c, r, size=size, side="party" if i == 0 else "foe"))
    walls = [wall((x0, y0), (x1 + 0.5, y1), kind=k) for x0, y0, x1, y1, k in segs]
    return build_scene(system, toks, walls, cols=N, rows=N), [t["id"] for t in toks]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["breche35", "adnd2bis", "dnd2024", "pmt"]),
       st.lists(place, min_size=2, max_size=6), st.lists(segment, max_size=6), st.booleans())
def test_cover_many_equals_cover_pair_by_pair(system, places, segs, melee):
    s, ids = _scene(system, places, segs)
    if len(ids) < 2:
        return
    attacker, targets = ids[0], ids[1:]
    many = cover_many(s.geo, attacker, targets, s.policy, melee)
    for target, got in zip(targets, many, strict=True):
        one = cover(s.geo, attacker, target, s.policy, melee)
        assert got.model_dump() == one.model_dump()


def test_cover_many_keeps_the_order_and_handles_no_target():
    s, _ = _scene("dnd2024", [(1, 1, "medium"), (8, 1, "medium"), (1, 8, "medium")],
                  [(5, 0, 5, 4, "wall")])
    res = cover_many(s.geo, "t0", ["t2", "t1"], s.policy)
    assert [r.target_square for r in res] == [(1, 8), (8, 1)]
    assert cover_many(s.geo, "t0", [], s.policy) == []


@settings(max_examples=40, deadline=None)
@given(st.tuples(st.integers(0, N - 2), st.integers(0, N - 2)),
       st.tuples(st.integers(0, N - 2), st.integers(0, N - 2)),
       st.lists(st.tuples(st.integers(0, N), st.integers(0, N), st.integers(0, N),
                          st.integers(0, N)), min_size=1, max_size=8))
def test_wall_chain_proof_never_contradicts_the_exact_search(a, b, segs):
    # Walls joined end to end (a polyline) and stray segments: whenever the chain proof says
    # "no line", the exact search of any_clear_line finds none either.
    if a == b:
        return
    points: list[tuple[int, int]] = []
    for x0, y0, _, _ in segs:
        if not points or points[-1] != (x0, y0):
            points.append((x0, y0))
    walls = [wall(*points)] if len(points) > 1 else []
    walls += [wall((x0, y0), (x1, y1)) for x0, y0, x1, y1 in segs if (x0, y0) != (x1, y1)]
    s = build_scene("dnd2024", [], walls, cols=N, rows=N)
    abox = (float(a[0]), float(a[1]), a[0] + 1.0, a[1] + 1.0)
    bbox = (float(b[0]), float(b[1]), b[0] + 1.0, b[1] + 1.0)
    coords = s.geo.walls.coords
    proved = separated(_shrink(abox), np.array([_shrink(bbox)]), coords,
                       np.zeros(len(coords), dtype=np.intp))[0]
    if proved:
        assert not _any_clear_line(s.geo, abox, bbox)


def test_wall_chain_proof_finds_a_room_wall_and_misses_a_slit():
    # A straight wall made of 1-square segments cuts every line: proven. An arrow slit
    # (a 0.1 gap) is not a chain: left to the exact search (docs/architecture.md#cover).
    room = [wall((5, y), (5, y + 1)) for y in range(0, 12)]
    s = build_scene("dnd2024", [], room, cols=N, rows=N)
    a, b = (2.0, 5.0, 3.0, 6.0), (8.0, 5.0, 9.0, 6.0)
    coords = s.geo.walls.coords
    pair = np.zeros(len(coords), dtype=np.intp)
    assert separated(_shrink(a), np.array([_shrink(b)]), coords, pair)[0]
    slit = build_scene("dnd2024", [], [wall((5, 0), (5, 5.45)), wall((5, 5.55), (5, 12))],
                       cols=N, rows=N)
    coords = slit.geo.walls.coords
    pair = np.zeros(len(coords), dtype=np.intp)
    assert not separated(_shrink(a), np.array([_shrink(b)]), coords, pair)[0]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["breche35", "adnd2bis", "dnd2024", "pmt"]),
       st.sampled_from(["cone", "sphere", "line", "cube", "cylinder"]),
       st.integers(2, N - 2), st.integers(2, N - 2), st.sampled_from([1.5, 3.0, 6.0, 9.0]),
       st.integers(0, 359), st.sampled_from([None, "dnd35", "half", "touch", "center"]),
       st.lists(segment, max_size=5))
def test_areas_with_random_walls_match_naive(system, shape, ox, oy, size, direction, method,
                                             segs):
    s, _ = _scene(system, [], segs)
    tpl = AreaTemplate(shape=shape, origin=(float(ox), float(oy)), size_m=size,
                       direction_deg=direction, method=method)
    first = area_squares(s.geo, tpl, s.policy).square_set()
    assert first == naive_area_squares(s.geo, tpl, s.policy)
    # Second time from the per-origin cache of the line of effect: same answer.
    assert area_squares(s.geo, tpl, s.policy).square_set() == first


@settings(max_examples=40, deadline=None)
@given(st.lists(place, min_size=2, max_size=6), st.lists(segment, max_size=6))
def test_hidden_share_by_angles_equals_the_polygon_union(places, segs):
    # 001 "Modificateurs de Couverture": the share of the target hidden from each attacker
    # corner; the angular computation must give the shapely union's area.
    s, ids = _scene("adnd2bis", places, segs)
    if len(ids) < 2:
        return
    a, t = s.geo.token(ids[0]), s.geo.token(ids[1])
    inset = np.array(cell_corners(footprint_box(a), INSET))
    box = footprint_box(t)
    fast = hidden_fractions(s.geo, inset, box, (a.id, t.id))
    slow = [hidden_fraction(s.geo, (float(x), float(y)), box, (a.id, t.id)) for x, y in inset]
    assert np.allclose(fast, slow, atol=1e-9)


def test_a_wall_close_to_the_attacker_hides_the_whole_target():
    # Regression: a wall passing just by the attacker's corner spans almost 180° from it; its
    # shadow polygon used to be cut short before reaching the target (hidden 0 instead of 1).
    # 001 "Modificateurs de Couverture": every line from that corner crosses the wall.
    s = build_scene("adnd2bis", [tok("a", 2, 0, size="tiny", side="party"),
                                 tok("t", 0, 0, size="tiny")], [wall((3, 0), (0.5, 1))])
    box = footprint_box(s.geo.token("t"))
    corner = (2.0 + INSET, 0.5 - INSET)
    assert hidden_fraction(s.geo, corner, box, ("a", "t")) == 1.0
    assert hidden_fractions(s.geo, np.array([corner]), box, ("a", "t"))[0] == 1.0


coord = st.integers(0, 6).map(lambda v: v * 0.5)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(coord, coord, coord, coord, coord, coord, coord, coord),
                min_size=1, max_size=20))
def test_batched_crossings_equal_the_single_segment_tests(quads):
    # Half-square coordinates give many collinear and end-on-segment (unsure) cases.
    rows = np.array(quads, dtype=float).T
    p, q, a, b = rows[0:2].T, rows[2:4].T, rows[4:6].T, rows[6:8].T
    yes, no, along = crossings(rows)
    want_yes, want_no = touch_sure(p, q, a, b)
    assert yes.tolist() == want_yes.tolist()
    assert no.tolist() == want_no.tolist()
    assert along.tolist() == collinear_with(p, q, a, b).tolist()


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, N - 2), st.integers(0, N - 2)), min_size=2,
                max_size=5),
       st.lists(st.tuples(st.integers(0, N), st.integers(0, N), st.integers(0, N),
                          st.integers(0, N)), min_size=1, max_size=10))
def test_wall_chain_proof_of_a_batch_equals_pair_by_pair(cells, segs):
    # The batch drops walls beyond a bridge of each hull first; the answers must not move.
    attacker, targets = cells[0], [c for c in cells[1:] if c != cells[0]]
    if not targets:
        return
    coords = np.array([s for s in segs if s[:2] != s[2:]] or [(0, 0, N, 0)], dtype=float)
    a = np.array([attacker[0], attacker[1], attacker[0] + 1.0, attacker[1] + 1.0])
    boxes = np.array([(c, r, c + 1.0, r + 1.0) for c, r in targets])
    every = np.repeat(np.arange(len(boxes)), len(coords))
    batch = separated(a, boxes, np.tile(coords, (len(boxes), 1)), every)
    for i, box in enumerate(boxes):
        one = separated(a, box[None], coords, np.zeros(len(coords), dtype=np.intp))[0]
        assert batch[i] == one


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(coord, coord, coord, coord, coord, coord, coord, coord),
                min_size=1, max_size=20))
def test_both_box_spans_in_one_pass_equal_two_passes(rows):
    # Half-square coordinates put many lines on a box edge, where strict and closed differ.
    px, py, qx, qy, a, b, c, d = np.array(rows, dtype=float).T
    box = (np.minimum(a, c), np.minimum(b, d), np.maximum(a, c), np.maximum(b, d))
    got = box_spans_both(px, py, qx, qy, *box)
    want = (*box_span_xy(px, py, qx, qy, *box, strict=True),
            *box_span_xy(px, py, qx, qy, *box, strict=False))
    for g, w in zip(got, want, strict=True):
        assert g.tolist() == w.tolist()


def _creatures_line_by_line(geo, coords):
    # The plain reference: each line against each space, strict and closed spans apart, and
    # the seam test on the line's touching spaces (docs/architecture.md#sight-lines, merged spaces).
    ids = geo.token_index()[0]
    out = []
    for line in coords:
        p, q = line[None, :2], line[None, 2:]
        boxes = geo.token_bounds()
        s0, s1 = box_span(np.repeat(p, len(boxes), 0), np.repeat(q, len(boxes), 0), boxes,
                          strict=True)
        c0, c1 = box_span(np.repeat(p, len(boxes), 0), np.repeat(q, len(boxes), 0), boxes,
                          strict=False)
        touching = c1 - c0 >= -1e-12
        through = bool((s1 - s0 > SPAN_EPS).any())
        if not through and (line[0] == line[2] or line[1] == line[3]) and touching.any():
            through = _on_a_seam(line, boxes[touching].tolist())
        out.append(sorted(ids[t] for t in np.flatnonzero(touching)) if through else [])
    return out


@settings(max_examples=40, deadline=None)
@given(st.lists(place, min_size=1, max_size=6),
       st.lists(st.tuples(coord, coord, coord, coord), min_size=1, max_size=12))
def test_batched_creature_blocking_equals_line_by_line(places, lines):
    # Half-square line ends put many lines on seams and edges between adjacent spaces.
    scene, _ = _scene("dnd2024", places, [])
    geo = scene.geo
    coords = np.array(lines, dtype=float) * 2  # up to 6 squares: across the spaces
    n = len(geo.token_index()[0])
    li, ti = blocking_creatures(geo, coords, np.array([len(coords)]),
                                (np.zeros(n, dtype=np.intp), np.arange(n)))
    got: list[list[str]] = [[] for _ in coords]
    for i, t in zip(li.tolist(), ti.tolist(), strict=True):
        got[i].append(geo.token_index()[0][t])
    assert [sorted(g) for g in got] == _creatures_line_by_line(geo, coords)


half = st.integers(0, 16).map(lambda v: v / 2)
flat_line = st.tuples(st.booleans(), half, half, half)  # along x (else y), level, from, to
space = st.tuples(half, half, st.sampled_from([0.5, 1.0, 2.0, 3.0]))


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(flat_line, st.lists(space, min_size=1, max_size=5)), min_size=1,
                max_size=8))
def test_seams_of_many_lines_at_once_equal_line_by_line(cases):
    # Half-square positions put the lines on the spaces' edges, where a seam is decided;
    # the spaces given per line stand in for its touching ones (docs/architecture.md#sight-lines).
    coords, li, boxes = [], [], []
    for k, ((along_x, level, a, b), spaces) in enumerate(cases):
        coords.append([a, level, b, level] if along_x else [level, a, level, b])
        for x, y, side in spaces:
            li.append(k)
            boxes.append([x, y, x + side, y + side])
    coords_a = np.array(coords, dtype=float)
    order = np.random.default_rng(len(li)).permutation(len(li))  # pairs come in any order
    li_a, boxes_a = np.array(li)[order], np.array(boxes, dtype=float)[order]
    lines, on = _on_seams(coords_a, li_a, boxes_a)
    assert lines.tolist() == sorted(set(li))
    want = [_on_a_seam(coords_a[k], [b for b, owner in zip(boxes, li, strict=True) if owner == k])
            for k in lines.tolist()]
    assert on.tolist() == want
