"""The faster area preview (issue 9) gives the squares and tokens of the naive loops: big round
areas (the disc query and the wedge path), walls through the origin or ending at it (left out
of the wedges), doors open and closed, templates partly off the map, and stencils shared by
the round shapes (DESIGN.md §4.7, RULES.md §3)."""

from __future__ import annotations

import random

import numpy as np
import pytest
import shapely

from battlemap.geometry import area_squares
from battlemap.geometry.areas import _stencil as area_stencil
from battlemap.geometry.areas._stencil import stencil
from battlemap.geometry.areas.shapes import place
from battlemap.geometry.lines.from_point import effect_from
from battlemap.geometry.walls.index import WallIndex
from battlemap.model import AreaShape, AreaTemplate, Wall
from benchmarks.baselines.geometry import naive_area_squares
from tests.geometry.conftest import build_scene, dense_max, tok, wall

N = 30


def _geos_clear(o: tuple[float, float], cols: np.ndarray, rows: np.ndarray,
                segs: np.ndarray) -> list[bool]:
    """Per square centre: does the ray from `o` cross no segment (GEOS `crosses`)?"""
    rays = shapely.linestrings(np.stack([np.broadcast_to(np.array(o), (len(cols), 2)),
                                         np.stack([cols + 0.5, rows + 0.5], axis=1)], axis=1))
    walls = shapely.linestrings(segs.reshape(-1, 2, 2))
    return [not bool(shapely.crosses(r, walls).any()) for r in rays]


def _random_walls(rng: random.Random, o: tuple[float, float], count: int,
                  lattice: bool) -> np.ndarray:
    """Segments around `o`: on the half-square lattice or anywhere, a fifth of them on a line
    through `o` (c = 0) or ending at it."""
    out = []
    for k in range(count):
        if k % 5 == 0:
            dx, dy = rng.choice([(1, 0), (0, 1), (1, 1), (2, -1), (1, 3)])
            a, b = rng.sample([-6, -3, -1, 0, 2, 4, 7], 2)
            out.append((o[0] + a * dx, o[1] + a * dy, o[0] + b * dx, o[1] + b * dy))
            continue
        if lattice:
            pts = [rng.randint(0, 2 * N) / 2 for _ in range(4)]
        else:
            pts = [rng.uniform(0, N) for _ in range(4)]
        if (pts[0], pts[1]) != (pts[2], pts[3]):
            out.append(tuple(pts))
    return np.array(out, dtype=float)


@pytest.mark.parametrize("seed", range(12))
def test_big_round_areas_see_what_geos_sees(seed: int) -> None:
    # DESIGN.md §4.7: a ray to a square's centre is stopped by a wall it crosses, grazing an
    # end or running along a wall stops nothing. 448 rays against 60-150 walls: the disc
    # query and the wedge path (exact and off the lattice).
    rng = random.Random(seed)
    on_grid = seed % 3 != 2
    o = ((rng.randint(10, 20), rng.randint(10, 20)) if on_grid
         else (rng.uniform(10, 20), rng.uniform(10, 20)))
    o = (float(o[0]), float(o[1]))
    segs = _random_walls(rng, o, rng.choice([60, 100, 150]), lattice=seed % 2 == 0)
    walls = WallIndex([Wall(points=[(s[0], s[1]), (s[2], s[3])]) for s in segs])
    cols, rows = np.meshgrid(np.arange(N), np.arange(N), indexing="ij")
    centre = (cols + 0.5 - o[0]) ** 2 + (rows + 0.5 - o[1]) ** 2
    near = centre <= 12.0 ** 2
    c, r = cols[near], rows[near]
    got = effect_from(walls, o, c, r, (N, N)).tolist()
    assert got == _geos_clear(o, c, r, walls.coords)


def _scene(seed: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    walls = [wall((12, 4), (12, 12)), wall((12, 12), (20, 12)),  # a room's corner
             wall((15, 15), (15, 22), kind="door", open=seed % 2 == 0),
             wall((5, 20), (10.3, 21.7)), wall((18, 4), (24.5, 9.25), kind="window"),
             wall((15, 15), (20, 20))]  # the origin (15, 15) is on its line
    for _ in range(25):
        x, y = rng.randint(2, N - 2), rng.randint(2, N - 2)
        walls.append(wall((x, y), (x + rng.choice([-3, 0, 2]), y + rng.choice([-2, 0, 3]))))
    walls = [w for w in walls if w["points"][0] != w["points"][-1]]
    tokens = [tok("a", 14, 16, "large"), tok("b", 20, 14), tok("c", 9, 18),
              tok("d", 17, 8, "huge"), tok("e", 1, 1), tok("f", 26, 26, "gargantuan"),
              tok("g", 16, 15, "tiny")]
    return build_scene("breche35" if seed % 3 == 0 else "dnd2024", tokens, walls, cols=N,
                       rows=N)


@pytest.mark.parametrize("seed", range(8))
def test_previews_equal_the_naive_loops(seed: int) -> None:
    # RULES.md §3 / DESIGN.md §4.7: the squares of the per-square, per-wall loop of
    # `geometry.naive`, and the tokens with a square in, for every shape, size and method.
    rng = random.Random(100 + seed)
    s = _scene(seed)
    area_stencil._STENCILS.clear()
    for _ in range(10):
        shape = rng.choice(list(AreaShape))
        method = rng.choice(["dnd35", "half", "touch", "center"])
        size = rng.choice([4.5, 9.0, 18.0])
        direction = rng.choice([0.0, 30.0, 45.0, 90.0, 200.0, 333.0])
        origin = rng.choice([(15.0, 15.0), (2.0, 3.0), (28.5, 27.0), (14.25, 15.5),
                             (float(rng.randint(0, N)), float(rng.randint(0, N)))])
        if shape is AreaShape.EMANATION:
            t = AreaTemplate(shape=shape, token=rng.choice("abcdg"), size_m=size,
                             method=method)
        else:
            t = AreaTemplate(shape=shape, origin=origin, size_m=size, direction_deg=direction,
                             method=method)
        res = area_squares(s.geo, t, s.policy)
        inside = res.square_set()
        assert inside == naive_area_squares(s.geo, t, s.policy), t
        # One square's model (a tooltip's) without building the others, as the full list has.
        probe = sorted(inside)[:: max(1, len(inside) // 5)]
        alone = [res.square_at(sq) for sq in probe]
        assert res.square_at((-1, -1)) is None and res._squares is None
        by_square = {tuple(sq.square): sq for sq in res.squares}
        assert alone == [by_square[sq] for sq in probe]
        want = []
        for tk in s.encounter.tokens:
            side = tk.size.squares
            x0, y0 = int(np.floor(tk.col)), int(np.floor(tk.row))
            x1, y1 = int(np.ceil(tk.col + side)), int(np.ceil(tk.row + side))
            own = {(i, j) for i in range(x0, x1) for j in range(y0, y1)}
            if own & inside and not (tk.id == t.token and not t.include_origin_token):
                want.append(tk.id)
        assert sorted(res.tokens) == sorted(want)
        assert [list(sq.square) for sq in res.squares] == res.cells().tolist()


def test_round_shapes_share_one_stencil_whatever_their_direction() -> None:
    s = _scene(1)
    area_stencil._STENCILS.clear()
    seen = set()
    for shape, direction in [("sphere", 0.0), ("cylinder", 45.0), ("sphere", 200.0),
                             ("emanation", 90.0)]:
        t = AreaTemplate(shape=shape, origin=(10.0, 7.0), size_m=9.0, direction_deg=direction)
        seen.add(id(stencil(t, s.policy, place(s.geo, t, s.policy))))
    assert len(seen) == 1
    # An emanation riding a creature grows from its space: another shape.
    t = AreaTemplate(shape="emanation", token="a", size_m=9.0)
    assert id(stencil(t, s.policy, place(s.geo, t, s.policy))) not in seen


@pytest.mark.parametrize("method", ["dnd35", "half", "touch", "center"])
def test_a_shared_stencil_answers_like_a_fresh_one(method: str) -> None:
    # A sphere riding a creature counts 3.5 distances from its origin, an emanation from the
    # creature's space (000 "Cible, effet, zone"; 003 "Émanation"): sharing a stencil
    # between round shapes must not mix the two.
    s = _scene(2)
    order = [AreaTemplate(shape="cylinder", origin=(17.0, 9.0), size_m=9.0, method=method),
             AreaTemplate(shape="sphere", token="d", size_m=9.0, method=method),
             AreaTemplate(shape="emanation", token="d", size_m=9.0, method=method),
             AreaTemplate(shape="sphere", origin=(17.0, 9.0), size_m=9.0, direction_deg=30.0,
                          method=method)]
    area_stencil._STENCILS.clear()
    shared = [area_squares(s.geo, t, s.policy) for t in order]
    for t, got in zip(order, shared, strict=True):
        area_stencil._STENCILS.clear()
        s.geo.walls.effect_cache.clear()
        fresh = area_squares(s.geo, t, s.policy)
        assert got.squares == fresh.squares and got.tokens == fresh.tokens


@pytest.mark.parametrize("seed", range(6))
def test_tokens_sharing_squares_are_all_hit(seed: int) -> None:
    # RULES.md §3: every creature with a square of its space in the area is hit, also when
    # several stand on one square (two tiny ones, a creature over a prone one).
    rng = random.Random(500 + seed)
    sizes = ["tiny", "small", "medium", "large", "huge"]
    tokens = []
    for k in range(40):
        size = rng.choice(sizes)
        step = 2 if size == "tiny" else 1  # only a tiny creature stands on half squares
        side = max(1, {"large": 2, "huge": 3}.get(size, 1))
        tokens.append(tok(f"t{k}", rng.randint(0, step * (N - side)) / step,
                          rng.randint(0, step * (N - side)) / step, size))
    tokens += [tok("x1", 10, 10, "tiny"), tok("x2", 10.5, 10.5, "tiny"), tok("x3", 9, 9, "large")]
    # adnd2bis lets creatures share squares (model `SHARING_SYSTEMS`).
    s = build_scene("adnd2bis", tokens, [wall((12, 4), (12, 16))], cols=N, rows=N)
    for _ in range(8):
        t = AreaTemplate(shape=rng.choice(["sphere", "cube", "cone", "line"]),
                         origin=(float(rng.randint(0, N)), float(rng.randint(0, N))),
                         size_m=rng.choice([3.0, 9.0, 18.0]),
                         direction_deg=rng.choice([0.0, 45.0, 120.0]),
                         method=rng.choice(["half", "touch", "center"]))
        res = area_squares(s.geo, t, s.policy)
        inside = res.square_set()
        want = []
        for tk in s.encounter.tokens:
            side = tk.size.squares
            own = {(i, j) for i in range(int(np.floor(tk.col)), int(np.ceil(tk.col + side)))
                   for j in range(int(np.floor(tk.row)), int(np.ceil(tk.row + side)))}
            if own & inside:
                want.append(tk.id)
        assert sorted(res.tokens) == sorted(want)
    hit = area_squares(s.geo, AreaTemplate(shape="sphere", origin=(10.0, 10.0), size_m=1.5),
                       s.policy).tokens
    assert {"x1", "x2", "x3"} <= set(hit)


@pytest.mark.parametrize("seed", range(10))
def test_the_wedge_path_decides_as_the_all_pairs_path(seed: int) -> None:
    # The many-pairs path (walls as rows, walls through the origin left out) must stop the
    # same rays as the all-pairs path, and leave no crossing of a lattice wall unsure.
    from battlemap.geometry.lines import _rays as effect_kernel
    from battlemap.geometry.lines.from_point import on_lattice

    rng = random.Random(900 + seed)
    o = ((float(rng.randint(5, 25)), float(rng.randint(5, 25))) if seed % 2 == 0
         else (rng.uniform(5, 25), rng.uniform(5, 25)))
    segs = _random_walls(rng, o, 80, lattice=seed % 3 != 0)
    cols, rows = np.meshgrid(np.arange(N), np.arange(N), indexing="ij")
    ends = np.stack([cols.ravel() + 0.5, rows.ravel() + 0.5], axis=1)
    exact = on_lattice(segs) & bool(on_lattice(np.array(o)))
    wedge = effect_kernel._wedge_crossings(np.array(o), ends, segs, exact,
                                           effect_kernel.Crossings(len(ends)))
    with dense_max(10**9):
        dense = effect_kernel.crossings(np.array(o), ends, segs, exact)
    assert wedge.blocked.tolist() == dense.blocked.tolist()
    assert set(zip(wedge.unsure_ray.tolist(), wedge.unsure_wall.tolist(), strict=True)) <= set(
        zip(dense.unsure_ray.tolist(), dense.unsure_wall.tolist(), strict=True))
    assert not any(exact[j] for j in wedge.unsure_wall.tolist())


@pytest.mark.parametrize("seed", range(6))
def test_a_stencils_ray_fan_gives_the_naive_squares(seed: int) -> None:
    # DESIGN.md §4.7: a big area's rays, seen from its origin, are kept with its stencil
    # (`ray_wedges.RayFan`); on and off the lattice they must give the naive loop's squares.
    rng = random.Random(700 + seed)
    o = ((float(rng.randint(12, 18)), float(rng.randint(12, 18))) if seed % 2 == 0
         else (rng.randint(48, 72) / 4 + 1e-7, rng.randint(48, 72) / 4))
    segs = _random_walls(rng, o, 120, lattice=seed % 3 != 1)
    s = build_scene("dnd2024", [tok("a", 14, 14, "large")],
                    [wall((a, b), (c, d)) for a, b, c, d in segs.tolist()], cols=N, rows=N)
    area_stencil._STENCILS.clear()
    shapes = [AreaTemplate(shape="sphere", origin=o, size_m=18.0, method="touch"),
              AreaTemplate(shape="emanation", token="a", size_m=18.0, method="half"),
              AreaTemplate(shape="cone", origin=o, size_m=18.0, direction_deg=200.0,
                           method="center")]
    for t in shapes:
        s.geo.walls.effect_cache.clear()
        res = area_squares(s.geo, t, s.policy)
        assert res.square_set() == naive_area_squares(s.geo, t, s.policy), t
    fans = [k for st_ in area_stencil._STENCILS.values() for k in st_.extra if k[0] == "fan"]
    assert fans  # the fan path was taken
