"""A cave as a Universal VTT export draws it: one closed outline of many points (a smooth
wobble of the radius plus a little jitter), with pillars and a few inner walls, and the eye
in the middle. The fog-of-war scenario's map (`sc_fog`)."""

from __future__ import annotations

import math
import random

from battlemap.model import Encounter, Grid, Wall

PILLARS = ((55, 50), (45, 57), (40, 42), (62, 61), (50, 36), (35, 52))  # 1×1, squares
INNER = (((30, 62), (36, 70)), ((60, 30), (70, 33), (72, 40)), ((57, 44), (60, 46)))


def cave_encounter(points: int = 20_000, size: int = 100, seed: int = 5) -> Encounter:
    """`points` on the outline around the grid's centre (radius ~0.4 of the grid), pillars
    and inner walls placed for a 100×100 grid and scaled to `size`."""
    rng = random.Random(seed)
    c, r0, k = size / 2, size * 0.4, size / 100
    outline = []
    for i in range(points):
        a = 2 * math.pi * i / points
        r = r0 * (1 + 0.06 * math.sin(5 * a) + 0.03 * math.sin(13 * a + 1.0))
        r += rng.uniform(-0.04, 0.04)
        outline.append((round(c + r * math.cos(a), 3), round(c + r * math.sin(a), 3)))
    walls = [Wall(points=[*outline, outline[0]])]
    for x, y in PILLARS:
        x, y = x * k, y * k
        walls.append(Wall(points=[(x, y), (x + k, y), (x + k, y + k), (x, y + k), (x, y)]))
    walls += [Wall(points=[(x * k, y * k) for x, y in line]) for line in INNER]
    return Encounter(name=f"cave of {points} points", system="dnd2024",
                     grid=Grid(cols=size, rows=size), walls=walls)


def cave_eye(size: int = 100) -> tuple[float, float]:
    return (size / 2 + 0.5, size / 2 + 0.5)
