"""The shapely geometry core: measures the map and says why (DESIGN.md §4). No Qt, no rules.

The names below load on first use (PEP 562): opening the GM window needs no numpy or shapely
until the first measurement, which keeps the cold start short.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from battlemap.geometry.areas import area_squares
    from battlemap.geometry.cover_measure import cover, cover_levels, cover_many, pair_levels
    from battlemap.geometry.flank_check import flanking
    from battlemap.geometry.grid import distance_m, footprint_squares, path_cost_squares
    from battlemap.geometry.lines import any_clear_line, line_of_effect, line_of_sight
    from battlemap.geometry.map_geometry import MapGeometry
    from battlemap.geometry.paths import MOVE_KINDS, MoveKind, plan_path
    from battlemap.geometry.policy import GeometryPolicy, default_policy, policy_for
    from battlemap.geometry.reach import (
        default_can_threaten,
        default_reach,
        threat_set,
        threatened_squares,
    )
    from battlemap.geometry.results import (
        AreaResult,
        AreaSquare,
        CoverLevel,
        CoverResult,
        FlankResult,
        PathResult,
        Provocation,
        SightLine,
        Step,
    )
    from battlemap.geometry.threats import ThreatMap

_WHERE = {
    "AreaResult": "battlemap.geometry.results",
    "AreaSquare": "battlemap.geometry.results",
    "CoverLevel": "battlemap.geometry.results",
    "CoverResult": "battlemap.geometry.results",
    "FlankResult": "battlemap.geometry.results",
    "GeometryPolicy": "battlemap.geometry.policy",
    "MOVE_KINDS": "battlemap.geometry.paths",
    "MapGeometry": "battlemap.geometry.map_geometry",
    "MoveKind": "battlemap.geometry.paths",
    "PathResult": "battlemap.geometry.results",
    "Provocation": "battlemap.geometry.results",
    "SightLine": "battlemap.geometry.results",
    "Step": "battlemap.geometry.results",
    "ThreatMap": "battlemap.geometry.threats",
    "any_clear_line": "battlemap.geometry.lines",
    "area_squares": "battlemap.geometry.areas",
    "cover": "battlemap.geometry.cover_measure",
    "cover_levels": "battlemap.geometry.cover_measure",
    "cover_many": "battlemap.geometry.cover_measure",
    "pair_levels": "battlemap.geometry.cover_measure",
    "default_can_threaten": "battlemap.geometry.reach",
    "default_policy": "battlemap.geometry.policy",
    "default_reach": "battlemap.geometry.reach",
    "distance_m": "battlemap.geometry.grid",
    "flanking": "battlemap.geometry.flank_check",
    "footprint_squares": "battlemap.geometry.grid",
    "line_of_effect": "battlemap.geometry.lines",
    "line_of_sight": "battlemap.geometry.lines",
    "path_cost_squares": "battlemap.geometry.grid",
    "plan_path": "battlemap.geometry.paths",
    "policy_for": "battlemap.geometry.policy",
    "threat_set": "battlemap.geometry.reach",
    "threatened_squares": "battlemap.geometry.reach",
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'battlemap.geometry' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "MOVE_KINDS",
    "AreaResult",
    "AreaSquare",
    "CoverLevel",
    "CoverResult",
    "FlankResult",
    "GeometryPolicy",
    "MapGeometry",
    "MoveKind",
    "PathResult",
    "Provocation",
    "SightLine",
    "Step",
    "ThreatMap",
    "any_clear_line",
    "area_squares",
    "cover",
    "cover_levels",
    "cover_many",
    "default_can_threaten",
    "default_policy",
    "default_reach",
    "distance_m",
    "flanking",
    "footprint_squares",
    "line_of_effect",
    "line_of_sight",
    "pair_levels",
    "path_cost_squares",
    "plan_path",
    "policy_for",
    "threat_set",
    "threatened_squares",
]
