"""The shapely geometry core: measures the map and says why (DESIGN.md §4). No Qt, no rules.

One subpackage per question: `walls` (where the walls are), `lines` (is a line clear, what
stops it), `cover`, `areas` (areas of effect), `reach` (threatened squares, flanking),
`movement` (paths and the opportunity attacks they provoke), `vision` (fog of war). Beside
them: the squares and distances (`grid`), the rules chosen (`policy`), the prepared map
(`map_geometry`), the answers (`results`) and their words (`words`).

Importing it loads numpy and shapely (~0.2 s): code on the window's start path imports it
where it measures, not at module level. `cover` here is the subpackage; its one-pair function
is `battlemap.geometry.cover.cover`.
"""

from battlemap.geometry.areas import area_squares
from battlemap.geometry.cover import cover_levels, cover_many, pair_levels
from battlemap.geometry.grid import distance_m, footprint_squares, path_cost_squares
from battlemap.geometry.lines import any_clear_line, line_of_effect, line_of_sight
from battlemap.geometry.map_geometry import MapGeometry
from battlemap.geometry.movement import MOVE_KINDS, MoveKind, plan_path
from battlemap.geometry.policy import GeometryPolicy, policy_for
from battlemap.geometry.reach import (
    ThreatMap,
    default_can_threaten,
    default_reach,
    flanking,
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
    "cover_levels",
    "cover_many",
    "default_can_threaten",
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
