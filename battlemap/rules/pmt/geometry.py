"""How the geometry core measures a PMT encounter (004_49216c8abfe9f777.txt): the grid rules
of the 2024 text, without flanking or opportunity attacks unless the encounter's options ask."""

from battlemap.geometry.policy import GeometryPolicy
from battlemap.model import AreaMethod
from battlemap.rules.pmt.words import PREFIX

GEOMETRY = GeometryPolicy(
    words=PREFIX,
    diagonals="chebyshev",
    cover_method="blocked_line_count",
    flanking="off",
    aoe_method=AreaMethod.HALF,
    oa_rule="none",  # the option "leaving melee provokes" switches it on
    sharing_allowed=False,
    enemy_squares="size_gap_2",
    disengage_safe=True,
    creature_cover_max="half",
)
