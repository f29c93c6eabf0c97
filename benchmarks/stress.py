"""Deterministic stress encounters: a big dungeon of rooms and a cave, many tokens, many walls.

`stress_encounter(system, cols=100, rows=100, tokens=300, wall_segments=4000, seed=7)` gives the
issue-9 scenario; the scaling runs vary `tokens` and `wall_segments`."""

from __future__ import annotations

import math
import random

from battlemap.model import Encounter, Grid, Size, Terrain, Token, Wall

SIZES = [Size.SMALL, Size.MEDIUM, Size.MEDIUM, Size.MEDIUM, Size.LARGE, Size.HUGE, Size.TINY]


def _room_walls(rng: random.Random, cols: int, rows: int, budget: int) -> list[Wall]:
    """Rectangular rooms on a lattice, each side split into 1-square segments with door gaps."""
    walls: list[Wall] = []
    step = 10
    for y0 in range(0, rows - step + 1, step):
        for x0 in range(0, cols - step + 1, step):
            if len(walls) >= budget:
                return walls
            x1, y1 = x0 + step, y0 + step
            door_side = rng.randrange(4)
            for side, (ax, ay, bx, by) in enumerate(
                [(x0, y0, x1, y0), (x1, y0, x1, y1), (x1, y1, x0, y1), (x0, y1, x0, y0)]
            ):
                n = step
                for i in range(n):
                    if side == door_side and i == n // 2:
                        walls.append(Wall(points=[_lerp(ax, ay, bx, by, i / n),
                                                  _lerp(ax, ay, bx, by, (i + 1) / n)],
                                          kind="door", open=rng.random() < 0.5))
                        continue
                    if side == (door_side + 2) % 4 and i == 2:
                        continue  # an open gap: rooms connect
                    walls.append(Wall(points=[_lerp(ax, ay, bx, by, i / n),
                                              _lerp(ax, ay, bx, by, (i + 1) / n)]))
    return walls


def _cave_walls(rng: random.Random, cx: float, cy: float, radius: float, n: int) -> list[Wall]:
    """A closed jagged outline of n short segments, like a cave export."""
    pts = []
    for i in range(n):
        a = 2 * math.pi * i / n
        r = radius * (0.85 + 0.15 * rng.random())
        pts.append((round(cx + r * math.cos(a), 3), round(cy + r * math.sin(a), 3)))
    return [Wall(points=[pts[i], pts[(i + 1) % n]]) for i in range(n)]


def _lerp(ax: float, ay: float, bx: float, by: float, t: float) -> tuple[float, float]:
    return (ax + (bx - ax) * t, ay + (by - ay) * t)


def stress_encounter(system: str = "dnd2024", cols: int = 100, rows: int = 100, tokens: int = 300,
                     wall_segments: int = 4000, seed: int = 7) -> Encounter:
    # Separate streams: the same seed places the same tokens whatever the wall count, so the
    # wall-scaling runs compare like with like.
    rng = random.Random(seed)
    room_budget = wall_segments * 3 // 4
    walls = _room_walls(rng, cols, rows, room_budget)
    cave_n = max(8, wall_segments - len(walls))
    walls += _cave_walls(rng, cols * 0.5, rows * 0.5, min(cols, rows) * 0.2, cave_n)
    # Extra short segments (rubble, pillars) when the lattice is too coarse for the budget.
    while len(walls) < wall_segments:
        x, y = rng.uniform(1, cols - 2), rng.uniform(1, rows - 2)
        walls.append(Wall(points=[(round(x, 2), round(y, 2)), (round(x + 0.4, 2), round(y, 2))]))
    walls = walls[:wall_segments]

    rng = random.Random(seed + 1)
    occupied: set[tuple[int, int]] = set()
    toks: list[Token] = []
    attempts = 0
    while len(toks) < tokens and attempts < tokens * 50:
        attempts += 1
        size = SIZES[rng.randrange(len(SIZES))]
        side = max(1, int(size.squares))
        c, r = rng.randrange(0, cols - side + 1), rng.randrange(0, rows - side + 1)
        cells = {(c + i, r + j) for i in range(side) for j in range(side)}
        if cells & occupied:
            continue
        occupied |= cells
        i = len(toks)
        toks.append(Token(id=f"t{i}", name=f"{'Hero' if i % 10 == 0 else 'Foe'} {i}",
                          side="party" if i % 10 == 0 else "foe", size=size, col=c, row=r,
                          speed_m=9))
    terrain = [Terrain(squares=[(rng.randrange(cols), rng.randrange(rows))
                                for _ in range(cols * rows // 20)])]
    return Encounter(name=f"stress {cols}x{rows}", system=system, grid=Grid(cols=cols, rows=rows),
                     tokens=toks, walls=walls, terrain=terrain)
