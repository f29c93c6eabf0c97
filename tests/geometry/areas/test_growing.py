"""A template grown, turned or switched to another counting method at the same origin asks
only the squares whose line of effect is not known yet (DESIGN.md §4.7), and the kernel
tests the pairs its rays' angles let through (`ray_wedges.wedge_positions`). Every answer
must be the naive loop's, whatever was asked before at that origin, on and off the lattice,
walls ending at the origin or running through it, doors open and closed."""

from __future__ import annotations

import random

import numpy as np
import pytest

from battlemap.geometry import area_squares
from battlemap.geometry.areas import _stencil as area_stencil
from battlemap.geometry.lines._rays import RayFan
from battlemap.model import AreaTemplate
from benchmarks.baselines.geometry import naive_area_squares
from tests.geometry.conftest import build_scene, dense_max, tok, wall

N = 30


def _walls(rng: random.Random, o: tuple[float, float], lattice: bool) -> list[dict[str, object]]:
    """Rooms of 1-square pieces (some drawn twice or backwards), doors, diagonal strays, and
    pieces ending at or running through the origin."""
    out: list[dict[str, object]] = []
    for _ in range(90):
        c, r = rng.randint(0, N - 1), rng.randint(0, N - 1)
        a, b = ((c, r), (c + 1, r)) if rng.random() < 0.5 else ((c, r), (c, r + 1))
        if rng.random() < 0.3:
            a, b = b, a
        kind = rng.choice(["wall", "wall", "wall", "door", "window"])
        out.append(wall(a, b, kind=kind, open=kind == "door" and rng.random() < 0.5))
        if rng.random() < 0.1:
            out.append(wall(b, a))
    for _ in range(12):
        if lattice:
            pts = [rng.randint(0, 2 * N) / 2 for _ in range(4)]
        else:
            pts = [rng.uniform(0, N) for _ in range(4)]
        if (pts[0], pts[1]) != (pts[2], pts[3]):
            out.append(wall((pts[0], pts[1]), (pts[2], pts[3])))
    for dx, dy in [(1, 0), (0, 1), (1, 1)]:
        k = rng.choice([1, 2, 3])
        out.append(wall(o, (o[0] + k * dx, o[1] + k * dy)))  # ends at the origin
        out.append(wall((o[0] - k * dx, o[1] - k * dy), (o[0] + dx, o[1] + dy)))  # through it
    return out


@pytest.mark.parametrize("seed", range(4))
def test_growing_turning_and_switching_method_give_the_naive_squares(seed: int) -> None:
    rng = random.Random(4100 + seed)
    o = ((float(rng.randint(12, 18)), float(rng.randint(12, 18))) if seed % 2 == 0
         else (rng.randint(48, 72) / 4 + 0.5, rng.randint(48, 72) / 4 + 1e-7))
    s = build_scene("breche35" if seed % 3 == 0 else "dnd2024", [tok("a", 14, 14, "large")],
                    _walls(rng, o, lattice=seed % 4 != 1), cols=N, rows=N)
    area_stencil._STENCILS.clear()
    steps = []
    for size in (3.0, 9.0, 18.0):  # a GM drags the size handle outward
        for shape in ("cone", "sphere") if size < 18 else ("cone", "sphere", "line", "cube"):
            steps.append(AreaTemplate(shape=shape, origin=o, size_m=size,
                                      direction_deg=rng.choice([0.0, 30.0, 45.0, 200.0]),
                                      method=rng.choice(["dnd35", "half", "touch", "center"])))
    for size in (9.0, 18.0):
        steps.append(AreaTemplate(shape="emanation", token="a", size_m=size,
                                  method=rng.choice(["dnd35", "half", "touch", "center"])))
    for method in ("half", "touch", "center"):  # then switches the counting method
        steps.append(AreaTemplate(shape="sphere", origin=o, size_m=18.0, method=method))
    for t in steps:
        got = area_squares(s.geo, t, s.policy)
        assert got.square_set() == naive_area_squares(s.geo, t, s.policy), t


@pytest.mark.parametrize("seed", range(8))
def test_the_wedge_kernel_with_a_fan_decides_as_all_pairs(seed: int) -> None:
    # The many-pairs path fed its rays' fan (all the rays, or some) and the walls as rows must
    # stop the rays the all-pairs path stops, and leave unsure only pairs it leaves unsure
    # (never a lattice wall's). Rooms of 1-square pieces, strays off the lattice, walls
    # through or ending at the origin, an origin on a square centre (a ray of no length)
    # or a hair off it.
    from battlemap.geometry.lines import _rays as effect_kernel
    from battlemap.geometry.lines.from_point import on_lattice

    rng = random.Random(5200 + seed)
    o = rng.choice([(15.0, 14.0), (15.5, 14.5), (15.5 + 1e-7, 14.5), (15.3, 14.9)])
    walls = _walls(rng, o, lattice=seed % 2 == 0)
    segs = np.array([(*w["points"][0], *w["points"][-1]) for w in walls], dtype=float)
    cols, rows = np.meshgrid(np.arange(N), np.arange(N), indexing="ij")
    ends = np.stack([cols.ravel() + 0.5, rows.ravel() + 0.5], axis=1)
    exact = on_lattice(segs) & bool(on_lattice(np.array(o)))
    with dense_max(10**9):
        dense = effect_kernel.crossings(np.array(o), ends, segs, exact)
    mask = np.random.default_rng(seed).random(len(ends)) < 0.5
    for rays in (np.arange(len(ends)), np.flatnonzero(mask)):
        f = RayFan((ends[rays] - np.array(o)).T.copy())
        got = effect_kernel._wedge_crossings(np.array(o), None, segs, exact,
                                             effect_kernel.Crossings(len(rays)), f,
                                             np.ascontiguousarray(segs.T))
        assert got.blocked.tolist() == dense.blocked[rays].tolist()
        unsure = set(zip(rays[got.unsure_ray].tolist(), got.unsure_wall.tolist(), strict=True))
        assert unsure <= set(zip(dense.unsure_ray.tolist(), dense.unsure_wall.tolist(),
                                 strict=True))
        assert not any(exact[j] for j in got.unsure_wall.tolist())


def test_far_lattice_walls_beside_a_stray_still_stop_rays_by_a_hair() -> None:
    # Off-lattice walls far away widen the bar of doubt, but a lattice wall's crossing is
    # exact however small its z: the wedge path must stop the same rays as all pairs.
    from battlemap.geometry.lines import _rays as effect_kernel
    from battlemap.geometry.lines.from_point import on_lattice

    o = np.array([9000.0, 9000.0])
    cols, rows = np.meshgrid(np.arange(8990, 9010), np.arange(8990, 9010), indexing="ij")
    ends = np.stack([cols.ravel() + 0.5, rows.ravel() + 0.5], axis=1)
    # A lattice wall 1/64 below the centre (9003.5, 9000.5), 2/64 long, across its ray: its z
    # there is 2/4096; a stray 14,000 squares away makes the bar of doubt ~8e-4.
    segs = np.array([[9003.375, 9000.484375, 9003.40625, 9000.484375],
                     [9001.0, 8995.0, 9001.0, 8996.0], [8995.0, 9000.0, 8995.0, 9002.0],
                     [-5000.3, -5000.1, -4999.7, -4998.8], [8991.1, 9008.2, 8992.9, 8991.7]])
    exact = on_lattice(segs) & bool(on_lattice(o))
    assert exact.tolist() == [True, True, True, False, False]
    with dense_max(10**9):
        dense = effect_kernel.crossings(o, ends, segs, exact)
    wedge = effect_kernel._wedge_crossings(o, ends, segs, exact,
                                           effect_kernel.Crossings(len(ends)))
    assert dense.blocked[(9003 - 8990) * 20 + (9000 - 8990)]
    assert wedge.blocked.tolist() == dense.blocked.tolist()
