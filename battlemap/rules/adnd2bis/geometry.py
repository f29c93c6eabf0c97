"""How the geometry core measures an AD&D 2bis encounter (001_dd346e63a171f715.txt)."""

from battlemap.geometry.policy import GeometryPolicy
from battlemap.model import AreaMethod
from battlemap.rules.adnd2bis.words import PREFIX

GEOMETRY = GeometryPolicy(
    words=PREFIX,
    diagonals="d35",
    cover_method="hidden_fraction",  # "Modificateurs de Couverture"
    flanking="opposite_pair_beside",  # "Flanking"
    aoe_method=AreaMethod.HALF,
    oa_rule="leave_zone_or_enter",  # "Opportunity Attacks et Désengagement"
    sharing_allowed=True,  # "Positionnement en combat"
    enemy_squares="enter_smaller_provokes",
    five_foot_step=True,
    step_provokes=True,  # « un « 5′ step » […] déclenche une OA »
    run_multiplier=2.0,
    run_in_difficult=False,  # "Terrain difficile"
    charge_min_m=6.0,  # "au moins 20′ en ligne droite (case de réception comprise)"
    step_source='001 "Opportunity Attacks et Désengagement": "5′ step"',
    step_terrain_source='001 "Vitesses de déplacement en combat": "Terrain Difficile : -50%"',
)
