"""The total-cover proofs on merged wall runs (issue 9, cold cover of many pairs): the runs
cover exactly the walls' points, the proofs never say "no line" where the exact search of
`lines._any_clear_line` finds one, and `pair_levels` / `cover_many` give exactly what the
corner lines and the exact search give without them (DESIGN.md §4.4)."""

from __future__ import annotations

import random

import numpy as np
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from battlemap.geometry import cover_many, pair_levels
from battlemap.geometry.cover import _batch as batch
from battlemap.geometry.cover._total_proof import one_run_between, one_run_proof, run_chain_proof
from battlemap.geometry.lines.blockers import hull_query_boxes
from battlemap.geometry.lines.clear import _any_clear_line, _shrink, pair_keys
from battlemap.geometry.walls.runs import merge_runs
from tests.geometry.conftest import build_scene, tok, wall

N = 16
SIZES = ["tiny", "small", "medium", "large", "huge"]
SIDE = {"tiny": 0.5, "small": 1, "medium": 1, "large": 2, "huge": 3}


def _room(rng: random.Random, x0: int, y0: int, w: int, h: int) -> list[dict[str, object]]:
    """A room of 1-square wall pieces, as a map export draws it: one door (open or closed)
    on one side, one open gap on another, sometimes a side drawn twice (a neighbour's)."""
    out: list[dict[str, object]] = []
    sides = [((x0 + i, y0), (x0 + i + 1, y0)) for i in range(w)], \
        [((x0 + w, y0 + i), (x0 + w, y0 + i + 1)) for i in range(h)], \
        [((x0 + i, y0 + h), (x0 + i + 1, y0 + h)) for i in range(w)], \
        [((x0, y0 + i), (x0, y0 + i + 1)) for i in range(h)]
    door_side, gap_side = rng.randrange(4), rng.randrange(4)
    for k, pieces in enumerate(sides):
        door, gap = rng.randrange(len(pieces)), rng.randrange(len(pieces))
        for i, (p, q) in enumerate(pieces):
            if k == door_side and i == door:
                out.append(wall(p, q, kind="door", open=rng.random() < 0.5))
            elif not (k == gap_side and i == gap):
                out.append(wall(p, q))
        if rng.random() < 0.2:  # the same side drawn again in one piece, backwards
            out.append(wall(pieces[-1][1], pieces[0][0]))
    return out


def _random_scene(seed: int, system: str = "dnd2024") -> tuple[object, list[str]]:
    rng = random.Random(seed)
    walls: list[dict[str, object]] = []
    for _ in range(rng.randrange(1, 4)):
        w, h = rng.randrange(2, 7), rng.randrange(2, 7)
        walls += _room(rng, rng.randrange(0, N - w), rng.randrange(0, N - h), w, h)
    for _ in range(rng.randrange(0, 4)):  # stray pieces: diagonals, half squares, joined runs
        x, y = rng.randrange(0, N), rng.randrange(0, N)
        pts = [(x, y)]
        for _ in range(rng.randrange(1, 4)):
            x = min(N, max(0, x + rng.choice([-2, -1, -0.5, 0, 1, 2])))
            y = min(N, max(0, y + rng.choice([-1, 0, 0.5, 1, 2])))
            if (x, y) != pts[-1]:
                pts.append((x, y))
        if len(pts) > 1:
            walls.append(wall(*pts, kind=rng.choice(["wall", "wall", "door", "window"]),
                              open=rng.random() < 0.3))
    toks: list[dict[str, object]] = []
    taken: list[tuple[float, float, float]] = []
    for i in range(rng.randrange(3, 9)):
        size = rng.choice(SIZES)
        side = SIDE[size]
        c, r = rng.randrange(0, N - 3), rng.randrange(0, N - 3)
        if size == "tiny":
            c, r = c + rng.choice([0, 0.5]), r + rng.choice([0, 0.5])
        if any(c < c2 + s2 and c2 < c + side and r < r2 + s2 and r2 < r + side
               for c2, r2, s2 in taken):
            continue  # spaces may not overlap in these systems
        taken.append((c, r, side))
        toks.append(tok(f"t{i}", c, r, size=size, side="party" if i % 2 else "foe"))
    s = build_scene(system, toks, walls, cols=N, rows=N)
    return s, [str(t["id"]) for t in toks]


def _without_run_proofs(monkeypatch: pytest.MonkeyPatch) -> None:
    """No total-cover proof: corner lines for every pair, the exact search where all are
    walled (the reference the proofs must agree with)."""
    monkeypatch.setattr(batch, "one_run_proof",
                        lambda geo, a, t, which, keys: np.zeros(len(t), dtype=bool))
    monkeypatch.setattr(batch, "run_chain_proof",
                        lambda geo, a, t, hulls, which, keys: np.zeros(len(t), dtype=bool))


@pytest.mark.parametrize("seed", range(60))
def test_runs_cover_exactly_the_walls_and_end_at_every_joint(seed):
    s, _ = _random_scene(seed)
    walls = s.geo.walls  # type: ignore[attr-defined]
    ids = walls.tree("effect")[1]
    runs, _ = merge_runs(walls.coords[ids])
    if len(ids) == 0:
        assert len(runs) == 0
        return
    segs = shapely.union_all(walls.geoms[ids])
    merged = shapely.union_all(shapely.linestrings(runs.reshape(-1, 2, 2)))
    assert shapely.equals(segs, merged)
    assert len(runs) <= len(ids)
    # No segment end lies strictly inside a run unless that run is made along its segment:
    # the joints of the chain proof stay run ends.
    ends = walls.coords[ids].reshape(-1, 2)
    for x0, y0, x1, y1 in runs.tolist():
        if x0 != x1 and y0 != y1:
            continue
        inside = (((ends[:, 1] == y0) & (ends[:, 0] > min(x0, x1)) & (ends[:, 0] < max(x0, x1)))
                  if y0 == y1 else
                  ((ends[:, 0] == x0) & (ends[:, 1] > min(y0, y1)) & (ends[:, 1] < max(y0, y1))))
        seg_of = np.flatnonzero(inside) // 2
        c = walls.coords[ids][seg_of]
        along = (c[:, 1] == c[:, 3]) if y0 == y1 else (c[:, 0] == c[:, 2])
        assert along.all()


def _naive_one_run(segs: np.ndarray, a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    """The rule of `one_run_between`, by plain loops: on some horizontal (vertical) line
    strictly between the boxes in y (x), the wall pieces lying on it join into one stretch
    reaching strictly beyond both boxes in x (y)."""
    for fixed, along in ((1, 0), (0, 1)):
        lines: dict[float, list[tuple[float, float]]] = {}
        for seg in segs.tolist():
            if seg[fixed] == seg[fixed + 2] and seg[along] != seg[along + 2]:
                lo, hi = sorted((seg[along], seg[along + 2]))
                lines.setdefault(seg[fixed], []).append((lo, hi))
        for level, pieces in lines.items():
            if not (a[fixed + 2] < level < b[fixed] or b[fixed + 2] < level < a[fixed]):
                continue
            start, end = min(a[along], b[along]), max(a[along + 2], b[along + 2])
            stretches: list[list[float]] = []
            for lo, hi in sorted(pieces):
                if stretches and lo <= stretches[-1][1]:
                    stretches[-1][1] = max(stretches[-1][1], hi)
                else:
                    stretches.append([lo, hi])
            if any(lo < start and hi > end for lo, hi in stretches):
                return True
    return False


@pytest.mark.parametrize("seed", range(60))
def test_one_run_proof_is_the_naive_rule_and_never_contradicts_the_exact_search(seed):
    s, ids = _random_scene(seed)
    geo = s.geo  # type: ignore[attr-defined]
    runs = geo.walls.runs("effect")
    boxes = [geo.token_bounds()[geo.token_rows([t])[0]] for t in ids]
    pairs = [(i, j) for i in range(len(ids)) for j in range(len(ids)) if i != j]
    a = np.array([_shrink(tuple(boxes[i].tolist())) for i, _ in pairs]).reshape(-1, 4)
    b = np.array([_shrink(tuple(boxes[j].tolist())) for _, j in pairs]).reshape(-1, 4)
    got = one_run_between(runs, a, b)
    segs = geo.walls.coords[geo.walls.tree("effect")[1]]
    for k, (i, j) in enumerate(pairs):
        assert got[k] == _naive_one_run(segs, tuple(a[k]), tuple(b[k]))
        if got[k]:
            assert not _any_clear_line(geo, tuple(boxes[i].tolist()), tuple(boxes[j].tolist()))


def test_one_run_needs_the_whole_span_and_a_strict_gap():
    # A wall of 1-square pieces from x=0 to 10 at y=5: between the rooms' creatures it cuts
    # everything; open the middle piece (a door) and it no longer does.
    pieces = [wall((x, 5), (x + 1, 5)) for x in range(10)]
    s = build_scene("dnd2024", [], pieces, cols=N, rows=N)
    runs = s.geo.walls.runs("effect")
    a = np.array([_shrink((2.0, 2.0, 3.0, 3.0))])
    assert one_run_between(runs, a, np.array([_shrink((6.0, 8.0, 7.0, 9.0))]))[0]
    # Standing on the wall's line: no gap strictly between, no one-run proof.
    assert not one_run_between(runs, a, np.array([_shrink((6.0, 4.5, 7.0, 5.5))]))[0]
    pieces[4] = wall((4, 5), (5, 5), kind="door", open=True)
    s = build_scene("dnd2024", [], pieces, cols=N, rows=N)
    assert not one_run_between(s.geo.walls.runs("effect"), a,
                               np.array([_shrink((6.0, 8.0, 7.0, 9.0))]))[0]


@pytest.mark.parametrize("seed", range(40))
def test_pair_levels_and_results_equal_the_path_without_proofs(seed, monkeypatch):
    system = ["dnd2024", "breche35", "pmt", "dnd2024"][seed % 4]
    s, ids = _random_scene(seed, system)
    if len(ids) < 2:
        return
    attackers = [a for a in ids for _ in ids[1:]]
    targets = [t for a in ids for t in ids if t != a]
    fast = pair_levels(s.geo, attackers, targets, s.policy)  # type: ignore[attr-defined]
    fast_full = [r.model_dump() for a in ids for r in cover_many(
        s.geo, a, [t for t in ids if t != a], s.policy)]  # type: ignore[attr-defined]
    _without_run_proofs(monkeypatch)
    again, _ = _random_scene(seed, system)  # fresh caches
    assert pair_levels(again.geo, attackers, targets, again.policy) == fast  # type: ignore
    assert [r.model_dump() for a in ids for r in cover_many(
        again.geo, a, [t for t in ids if t != a], again.policy)] == fast_full  # type: ignore


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.booleans())
def test_run_proofs_never_say_total_where_a_line_exists(seed, melee):
    s, ids = _random_scene(seed)
    geo = s.geo  # type: ignore[attr-defined]
    if len(ids) < 2:
        return
    found = batch.assess(geo, [ids[0]] * (len(ids) - 1), ids[1:], s.policy,  # type: ignore
                         melee, draw_total=False)
    for t, total in zip(ids[1:], found.total.tolist(), strict=True):
        a, b = geo.token_bounds()[geo.token_rows([ids[0], t])]
        if total:
            assert not _any_clear_line(geo, tuple(a.tolist()), tuple(b.tolist()))


def test_run_chain_proof_finds_a_room_corner():
    # An L of 1-square pieces around one creature: no single run spans the gap, the two
    # runs joined at the corner do (DESIGN.md §4.4); with the corner piece an open door the
    # chain is broken and nothing is proven.
    def scene(corner_open: bool):
        pieces = [wall((6, y), (6, y + 1)) for y in range(6)]
        pieces += [wall((x, 6), (x + 1, 6)) for x in range(5)]
        pieces.append(wall((5, 6), (6, 6), kind="door", open=corner_open))
        return build_scene("dnd2024", [tok("a", 2, 2, side="party"), tok("b", 8, 8)], pieces,
                           cols=N, rows=N)

    for corner_open, expected in ((False, True), (True, False)):
        s = scene(corner_open)
        a_box, b_box = s.geo.token_bounds()[s.geo.token_rows(["a", "b"])]
        a, b = a_box[None, :], b_box[None, :]
        keys = pair_keys(a, b, "effect")
        assert not one_run_proof(s.geo, a, b, np.ones(1, dtype=bool), keys)[0]
        hulls = hull_query_boxes(a, b)
        assert run_chain_proof(s.geo, a, b, hulls, np.ones(1, dtype=bool), keys)[0] == expected
        assert _any_clear_line(s.geo, tuple(a_box.tolist()), tuple(b_box.tolist())) != expected


def test_stray_pieces_keep_the_segment_tree_and_still_prove_a_zigzag():
    # Nothing merges in a zigzag of diagonal pieces: the runs are the segments themselves,
    # in the segments' own tree (no second tree), and the chain proof still works on them.
    zigzag = wall(*[(x, 5 + (x % 2)) for x in range(0, 15)])
    s = build_scene("dnd2024", [tok("a", 6, 1, side="party"), tok("b", 7, 10)], [zigzag],
                    cols=N, rows=N)
    runs = s.geo.walls.runs("effect")
    tree, ids = s.geo.walls.tree("effect")
    assert runs.tree is tree
    assert np.array_equal(runs.coords, s.geo.walls.coords[ids])
    a, b = s.geo.token_bounds()[s.geo.token_rows(["a", "b"])]
    keys = pair_keys(a[None, :], b[None, :], "effect")
    assert run_chain_proof(s.geo, a[None, :], b[None, :], hull_query_boxes(a[None, :], b[None, :]),
                           np.ones(1, dtype=bool), keys)[0]
    assert pair_levels(s.geo, ["a"], ["b"], s.policy) == ["total"]
