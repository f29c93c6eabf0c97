"""How the geometry core measures a D&D 2024 encounter (003_04e386f09d3dfd89.txt)."""

from battlemap.geometry.policy import GeometryPolicy
from battlemap.model import AreaMethod
from battlemap.rules.dnd2024.words import PREFIX

GEOMETRY = GeometryPolicy(
    words=PREFIX,
    diagonals="chebyshev",
    cover_method="blocked_line_count",  # "L'abri"
    flanking="off",  # an optional rule: the encounter's option turns it on
    aoe_method=AreaMethod.HALF,
    oa_rule="leave_reach",
    sharing_allowed=False,
    enemy_squares="size_gap_2",
    disengage_safe=True,  # a "withdraw" is the Disengage action
    creature_cover_max="half",
)
