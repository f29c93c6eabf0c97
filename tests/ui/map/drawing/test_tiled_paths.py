"""The batch build of the walls' tiled paths gives exactly what adding line by line gives."""

import random

from battlemap.ui.map.drawing.items.tiled_paths import TILE, TiledPaths
from battlemap.ui.map.units import PX


def _lines(n: int, seed: int = 5) -> list[tuple[str, list[tuple[float, float]]]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        x, y = rng.uniform(0, 6400), rng.uniform(0, 6400)
        pts = [(x, y)]
        for _ in range(rng.randint(1, 4)):  # some long enough to reach a neighbour tile
            x, y = x + rng.uniform(-TILE, TILE), y + rng.choice([0.0, rng.uniform(-99, 99)])
            pts.append((x, y))
        out.append((rng.choice(["wall", "door_closed", "window"]), pts))
    return out


def test_batch_equals_one_by_one() -> None:
    lines = [(key, [(x / PX, y / PX) for x, y in pts]) for key, pts in _lines(600)]
    one = TiledPaths(margin=4.5)
    for key, pts in lines:  # how walls were added before: scaled to scene pixels one by one
        one.add_polyline(key, [(x * PX, y * PX) for x, y in pts])
    batch = TiledPaths(margin=4.5)
    batch.add_polylines(lines, scale=PX)
    assert list(batch._buckets) == list(one._buckets)  # same tiles, made in the same order
    for cell, bucket in one._buckets.items():
        other = batch._buckets[cell]
        assert other.bounds == bucket.bounds
        assert list(other.paths) == list(bucket.paths)
        for key, path in bucket.paths.items():
            assert other.paths[key] == path  # same elements in the same order
    assert batch.bounds() == one.bounds()


def test_batch_adds_to_what_is_there() -> None:
    lines = _lines(50, seed=9)
    one = TiledPaths()
    for key, pts in lines:
        one.add_polyline(key, pts)
    mixed = TiledPaths()
    for key, pts in lines[:20]:
        mixed.add_polyline(key, pts)
    mixed.add_polylines(lines[20:])
    for key in ("wall", "door_closed", "window"):
        assert mixed.whole(key).boundingRect() == one.whole(key).boundingRect()
        assert mixed.whole(key).elementCount() == one.whole(key).elementCount()
