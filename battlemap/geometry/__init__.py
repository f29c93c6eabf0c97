"""The shapely geometry core: measures the map and says why (DESIGN.md §4). No Qt, no rules."""

from battlemap.geometry.areas import area_squares
from battlemap.geometry.cover import cover, cover_many
from battlemap.geometry.flanking import flanking
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
    "cover_many",
    "default_can_threaten",
    "default_policy",
    "default_reach",
    "distance_m",
    "flanking",
    "footprint_squares",
    "line_of_effect",
    "line_of_sight",
    "path_cost_squares",
    "plan_path",
    "policy_for",
    "threat_set",
    "threatened_squares",
]
