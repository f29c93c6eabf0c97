"""An imported map's walls, as the geometry uses them: the encounter built without
validating the bulk walls twice equals the validated one, and the wall index (array-built,
trees shared between properties) equals a plain per-segment reading."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import shapely

from battlemap.geometry.walls.index import WallIndex
from battlemap.io import uvtt
from battlemap.io.uvtt import parse_uvtt
from battlemap.model import Encounter, Wall

Make = Callable[..., dict[str, Any]]
Write = Callable[..., Path]


def cave(seed: int, walls: int, cols: int = 4, rows: int = 3) -> list[list[dict[str, float]]]:
    rng = random.Random(seed)
    lines = []
    for _ in range(walls):
        x, y = rng.uniform(0, cols), rng.uniform(0, rows)
        pts = [{"x": x, "y": y}]
        for _ in range(rng.randrange(1, 5)):
            x, y = x + rng.uniform(-1, 1), y + rng.choice([0.0, 0.004, rng.uniform(-1, 1)])
            pts.append({"x": round(x, 3), "y": round(y, 3)})
        lines.append(pts)
    return lines


def portals() -> list[dict[str, Any]]:
    def portal(x: float, closed: bool) -> dict[str, Any]:
        return {"position": {"x": x + 0.5, "y": 2}, "bounds": [{"x": x, "y": 2}, {"x": x + 1, "y": 2}],
                "rotation": 0, "closed": closed}
    return [portal(0, True), portal(1, False), portal(2, True)]


def test_encounter_without_second_validation_equals_the_validated_one(
    make_uvtt: Make, write_uvtt: Write, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_uvtt(make_uvtt(line_of_sight=cave(1, 300), portals=portals()))
    trusted = parse_uvtt(path, decode_image=False, system="dnd2024").encounter
    monkeypatch.setattr(uvtt, "MAX_ENCOUNTER_WALLS", 0)  # every import over it: validated
    validated = parse_uvtt(path, decode_image=False, system="dnd2024").encounter
    assert trusted == validated
    assert trusted.model_fields_set == validated.model_fields_set
    assert trusted == Encounter.model_validate(trusted.model_dump())
    assert [w.kind.value for w in trusted.walls[-3:]] == ["door", "window", "door"]
    assert len(trusted.walls) > 250


def test_trusted_bound_is_the_models_own() -> None:
    from pydantic import ValidationError

    from battlemap.io.wall_models import MAX_ENCOUNTER_WALLS
    from battlemap.model import Grid

    wall = Wall(points=[(0, 0), (1, 0)])
    grid = Grid(cols=4, rows=3)
    with pytest.raises(ValidationError) as err:  # one more: the importer validates
        Encounter(system="pmt", grid=grid, walls=[wall] * (MAX_ENCOUNTER_WALLS + 1))
    assert [(e["loc"], e["type"]) for e in err.value.errors()] == [(("walls",), "too_long")]
    assert err.value.errors()[0]["ctx"]["max_length"] == MAX_ENCOUNTER_WALLS


def naive_index(walls: list[Wall]) -> tuple[list[list[float]], list[str], dict[str, list[int]]]:
    """One segment at a time, each wall's properties read for each of its segments."""
    coords: list[list[float]] = []
    kinds: list[str] = []
    ids: dict[str, list[int]] = {"movement": [], "effect": [], "sight": []}
    for w in walls:
        for a, b in zip(w.points, w.points[1:], strict=False):
            if a == b:
                continue
            for name, blocks in (("movement", w.blocks_movement), ("effect", w.blocks_effect),
                                 ("sight", w.blocks_sight)):
                if blocks:
                    ids[name].append(len(coords))
            coords.append([*a, *b])
            kinds.append(w.kind.value)
    return coords, kinds, ids


@pytest.mark.parametrize("open_door", [False, True])
def test_wall_index_of_an_import_equals_a_per_segment_reading(
    make_uvtt: Make, write_uvtt: Write, open_door: bool
) -> None:
    walls = list(parse_uvtt(write_uvtt(make_uvtt(line_of_sight=cave(2, 200), portals=portals())),
                            decode_image=False, system="dnd2024").encounter.walls)
    if open_door:
        walls[-1] = walls[-1].model_copy(update={"open": True})
    index = WallIndex(walls)
    coords, kinds, ids = naive_index(walls)
    assert index.coords.tolist() == coords
    assert index.kinds.tolist() == kinds
    rng = np.random.default_rng(3)
    probes = shapely.linestrings(rng.uniform(-0.5, 4.5, (400, 2, 2)))
    segments = shapely.linestrings(np.array(coords).reshape(-1, 2, 2))
    for name in ("movement", "effect", "sight"):
        tree, tree_ids = index.tree(name)  # type: ignore[arg-type]
        assert tree_ids.tolist() == ids[name]
        li, si = index.hits(probes, name)  # type: ignore[arg-type]
        found = sorted(zip(li.tolist(), si.tolist(), strict=True))
        every = shapely.intersects(probes[:, None], segments[None, ids[name]])
        expected = sorted((int(i), ids[name][int(j)]) for i, j in zip(*np.nonzero(every), strict=True))
        assert found == expected
    # Movement and effect stop at the same segments: one tree serves both.
    assert index.tree("movement")[0] is index.tree("effect")[0]
    assert index.tree("sight")[0] is not index.tree("movement")[0]  # windows let sight through
