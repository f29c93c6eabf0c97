"""Where the walls are: the wall index (one STRtree per property a wall stops), merged wall
runs, the points where walls meet, the vectorised segment tests everything above uses, and
the bounded memo every cache of the geometry core is (`Memo`)."""

from battlemap.geometry.walls._cells import off_walls
from battlemap.geometry.walls._memo import Memo, shared
from battlemap.geometry.walls.index import Blocks, WallIndex, segment_lines
from battlemap.geometry.walls.joints import end_points, exact_touches, sealed_rays
from battlemap.geometry.walls.runs import WallRuns, build_runs
from battlemap.geometry.walls.separation import bridges, separated

__all__ = ["Blocks", "Memo", "WallIndex", "WallRuns", "bridges", "build_runs", "end_points",
           "exact_touches", "off_walls", "sealed_rays", "segment_lines", "separated", "shared"]
