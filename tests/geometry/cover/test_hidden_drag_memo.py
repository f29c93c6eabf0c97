"""The wall parts inside a target remembered per wall layout (`inner_cache`, issue 9): they
equal the parts and crossings built from scratch for the batch, the hidden shares and levels
built on them equal the uncached ones, and a new wall layout or a moved, resized target is
never answered from an old entry (001_dd346e63a171f715.txt, "Modificateurs de Couverture":
the share of the target hidden from the attacker's best corner)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from battlemap.geometry import pair_levels
from battlemap.geometry.cover import _corner_lines as cover_lines
from battlemap.geometry.cover._corner_lines import _cell_corners
from battlemap.geometry.cover._hidden_batch import hidden_shares
from battlemap.geometry.cover._hidden_inside import cached_inner, crossings_of, inner_table
from battlemap.geometry.grid import INSET, footprint_cells
from battlemap.geometry.walls._cells import off_walls
from battlemap.geometry.walls.index import WallIndex
from battlemap.model import Size, Token, Wall
from tests.geometry.conftest import build_scene, tok, wall

N = 14


def _walls(rng: random.Random) -> list[Wall]:
    out = []
    for _ in range(rng.randrange(1, 10)):
        x, y = rng.randrange(0, 2 * N) / 2, rng.randrange(0, 2 * N) / 2
        pts = [(x, y)]
        for _ in range(rng.randrange(1, 4)):  # half squares and diagonals, through spaces
            x, y = x + rng.choice([-2, -1, -0.5, 0, 1, 1.5]), y + rng.choice([-1, 0, 0.5, 2])
            if (x, y) != pts[-1]:
                pts.append((x, y))
        if len(pts) > 1:
            out.append(Wall.model_validate(wall(*pts, kind=rng.choice(["wall", "door", "window"]),
                                                open=rng.random() < 0.2)))
    return out


def _boxes(rng: random.Random, n: int) -> np.ndarray:
    rows = []
    for _ in range(n):
        side = rng.choice([0.5, 1, 2, 3, 4])
        c, r = rng.randrange(0, 2 * N) / 2, rng.randrange(0, 2 * N) / 2
        rows.append((c, r, c + side, r + side))
    return np.array(rows, dtype=float)


def _owned(table: np.ndarray, valid: np.ndarray, j: int) -> list[tuple[float, ...]]:
    return sorted(map(tuple, table[:, j, valid[j]].T.tolist()))


def _cross(cross: tuple[np.ndarray, ...], j: int) -> list[tuple[float, float]]:
    x, y, hit = cross
    return sorted(zip(x[j, hit[j]].tolist(), y[j, hit[j]].tolist(), strict=True))


@pytest.mark.parametrize("seed", range(60))
def test_cached_parts_equal_the_table_built_for_the_batch(seed):
    rng = random.Random(seed)
    walls = WallIndex(_walls(rng))
    t_boxes = _boxes(rng, rng.randrange(1, 6))
    effect = walls.tree("effect")[1]
    # The batch's own candidates: every effect wall for every target (a superset of near).
    segs = np.tile(walls.coords.take(effect, axis=0), (len(t_boxes), 1))
    seg_owner = np.arange(len(t_boxes)).repeat(len(effect))
    none, no_owner = np.empty((0, 4)), np.empty(0, dtype=np.intp)
    for _ in range(2):  # cold, then from the memo
        cached = cached_inner(walls, t_boxes, none, no_owner)
        assert cached is not None and cached.cross is not None
        fresh = inner_table(t_boxes, segs, seg_owner, none, no_owner)
        cross = crossings_of(fresh.table, fresh.valid)
        for j in range(len(t_boxes)):
            assert _owned(cached.table, cached.valid, j) == _owned(fresh.table, fresh.valid, j)
            assert _cross(cached.cross, j) == _cross(cross, j)
    # The shares from many points equal those of the uncached batch, to the last digit.
    pts = np.array([(rng.randrange(0, 4 * N) / 4 + 0.02, rng.randrange(0, 4 * N) / 4 + 0.03)
                    for _ in range(12)])
    owner = np.sort(np.array([rng.randrange(len(t_boxes)) for _ in range(12)]))
    got = hidden_shares(pts, owner, t_boxes, segs, seg_owner, none, no_owner,
                        cached_inner(walls, t_boxes, none, no_owner))
    want = hidden_shares(pts, owner, t_boxes, segs, seg_owner, none, no_owner)
    assert np.array_equal(got, want, equal_nan=True)


def test_a_creature_inside_a_target_leaves_the_cache_aside():
    walls = WallIndex([Wall.model_validate(wall((0, 1.5), (9, 1.5)))])
    t_boxes = np.array([(0.0, 0.0, 3.0, 3.0)])
    inside = np.array([(1.0, 1.0, 2.0, 2.0)])  # a medium creature in a huge one's space
    beside = np.array([(3.0, 0.0, 4.0, 1.0)])  # touching its edge only
    owner = np.zeros(1, dtype=np.intp)
    assert cached_inner(walls, t_boxes, inside, owner) is None
    kept = cached_inner(walls, t_boxes, beside, owner)
    assert kept is not None and _owned(kept.table, kept.valid, 0) == [(0.0, 1.5, 3.0, 1.5)]


def _levels(walls, huge_at=(6, 3), size="huge"):
    s = build_scene("adnd2bis", [tok("a", 0, 4, side="party"), tok("h", *huge_at, size=size)],
                    walls, cols=14, rows=14)
    return pair_levels(s.geo, ["a"], ["h"], s.policy)[0]


def test_a_new_wall_layout_or_a_moved_target_is_measured_again():
    # 001 "Modificateurs de Couverture": a wall down the middle of a huge creature's space
    # hides its far half (50 %); without it nothing is hidden.
    assert _levels([]) == "none"
    split = [wall((7.5, 0), (7.5, 14))]
    assert _levels(split) == "50"
    assert _levels([]) == "none"  # the wall gone: not the remembered parts
    # Moved so the wall runs along its near third (x = 7.5 in [7, 10]): 5/6 hidden → 75 %.
    assert _levels(split, huge_at=(7, 3)) == "75"
    # Resized to gargantuan at the same place ([6, 10]): 2.5 of 4 columns hidden → 50 %.
    assert _levels(split, size="gargantuan") == "50"
    assert _levels(split) == "50"


def _old_cells(tokens):
    """`cover_lines._cells_of` before the memo: footprint cells and corners, token by token."""
    per = [footprint_cells(t) for t in tokens]
    n = np.array([len(c) for c in per], dtype=np.intp)
    cells = np.array([c for cs in per for c in cs], dtype=float).reshape(-1, 4)
    return cells, n.cumsum() - n, n, _cell_corners(cells, 0.0), _cell_corners(cells, INSET)


@pytest.mark.parametrize("seed", range(30))
def test_remembered_cells_and_line_layout_equal_the_direct_ones(seed):
    rng = random.Random(seed)
    sizes = ["tiny", "small", "medium", "large", "huge", "gargantuan"]
    tokens = []
    for i in range(rng.randrange(0, 7)):
        size = rng.choice(sizes)
        step = 2 if size == "tiny" else 1  # only the tiny stands on half squares
        tokens.append(Token.model_validate(tok(f"t{i}", rng.randrange(0, 20) / step,
                                               rng.randrange(0, 20) / step, size=size)))
    for _ in range(2):  # cold, then remembered
        got, want = cover_lines._cells_of(tokens), _old_cells(tokens)
        assert all(np.array_equal(g, w) for g, w in zip(got, want, strict=True))
    n_a = np.array([4 * rng.randrange(1, 17) for _ in tokens], dtype=np.intp)
    n_cells = want[2]
    only_first = np.array([rng.random() < 0.3 for _ in tokens], dtype=bool)
    owner, line_k, line_cell, t_corner, n_lines, line_start = cover_lines._layout(
        n_a, n_cells, only_first)
    # Line by line: pair p, attacker corner k, target cell s, target corner j (module doc).
    expect = [(p, int(n_a[:p].sum()) + k, int(n_cells[:p].sum()) + c, j)
              for p in range(len(tokens))
              for k in range(1 if only_first[p] else int(n_a[p]))
              for c in range(1 if only_first[p] else int(n_cells[p])) for j in range(4)]
    assert list(zip(owner.tolist(), line_k.tolist(), line_cell.tolist(),
                    (t_corner - 4 * line_cell).tolist(), strict=True)) == expect
    assert n_lines.tolist() == np.bincount(owner, minlength=len(tokens)).tolist()
    assert line_start.tolist() == (n_lines.cumsum() - n_lines).tolist()


def test_a_moved_or_resized_token_gets_its_own_cells():
    a = Token.model_validate(tok("a", 2, 3, size="large"))
    assert cover_lines._cells_of([a])[0].tolist() == [[2, 3, 3, 4], [3, 3, 4, 4], [2, 4, 3, 5],
                                                      [3, 4, 4, 5]]
    moved = a.model_copy(update={"col": 5})
    assert cover_lines._cells_of([moved])[0][0].tolist() == [5, 3, 6, 4]
    tiny = a.model_copy(update={"size": Size.TINY})
    assert cover_lines._cells_of([tiny])[0].tolist() == [[2, 3, 2.5, 3.5]]


def _holds(walls: WallIndex, x: float, y: float) -> bool:
    """A segment stopping effects holds the point, to `_leave_points_on_walls`' tolerance."""
    for x0, y0, x1, y1 in walls.coords.take(walls.tree("effect")[1], axis=0).tolist():
        dx, dy, wx, wy = x1 - x0, y1 - y0, x - x0, y - y0
        length2, cross, dot = dx * dx + dy * dy, dx * wy - dy * wx, dx * wx + dy * wy
        tol = 1e-9 * (1.0 + length2)
        if abs(cross) <= tol and -tol <= dot <= length2 + tol:
            return True
    return False


@pytest.mark.parametrize("seed", range(60))
def test_points_said_off_walls_are_on_none(seed):
    rng = random.Random(seed)
    walls = WallIndex(_walls(rng))
    effect = walls.coords.take(walls.tree("effect")[1], axis=0)
    said, held = 0, 0
    for _ in range(40):
        if len(effect) and rng.random() < 0.3:  # a point on a wall (a half-square place)
            x0, y0, x1, y1 = effect[rng.randrange(len(effect))].tolist()
            t = rng.choice([0.0, 0.25, 0.5, 1.0])
            x, y = x0 + t * (x1 - x0), y0 + t * (y1 - y0)
        else:  # an attacker corner: INSET inside its square
            x = rng.randrange(-2, 2 * N) / 2 + rng.choice([INSET, 1 - INSET, 0.5])
            y = rng.randrange(-2, 2 * N) / 2 + rng.choice([INSET, 1 - INSET, 0.5])
        on = _holds(walls, x, y)
        off = off_walls(walls, np.array([(x, y)]))
        assert not (off and on)
        said += off
        held += on
    assert said > 0  # the quick answer is given for some points
    pts = np.array([(rng.randrange(0, N) + INSET, rng.randrange(0, N) + 1 - INSET)
                    for _ in range(8)])
    if off_walls(walls, pts):
        assert not any(_holds(walls, x, y) for x, y in pts.tolist())


def test_a_new_wall_through_the_square_is_seen():
    pts = np.array([(3.02, 4.02), (3.98, 4.98)])
    along_grid = [Wall.model_validate(wall((3, 0), (3, 9))), Wall.model_validate(wall((0, 4), (9, 4)))]
    assert off_walls(WallIndex(along_grid), pts)  # walls on grid lines hold no inset corner
    through = along_grid + [Wall.model_validate(wall((2, 3), (5, 6)))]  # the diagonal y = x + 1
    assert _holds(WallIndex(through), 3.98, 4.98)
    assert not off_walls(WallIndex(through), pts)
    door = along_grid + [Wall.model_validate(wall((2, 3), (5, 6), kind="door", open=True))]
    assert off_walls(WallIndex(door), pts)  # an open door stops no effect
    assert not off_walls(WallIndex(along_grid), np.array([(3.0, 4.5)]))  # on a grid line: no answer
