"""How the geometry core measures a Brèche encounter (D&D 3.5, 000_d623f1b22a06cede.txt)."""

from battlemap.geometry.policy import GeometryPolicy
from battlemap.model import AreaMethod
from battlemap.rules.breche35 import charge
from battlemap.rules.breche35.tables import NAME
from battlemap.rules.breche35.words import PREFIX
from battlemap.rules.core.citation import seed_quote

GEOMETRY = GeometryPolicy(
    words=PREFIX,
    diagonals="d35",
    cover_method="any_blocked_line",  # "Couverture"
    flanking="threatening_ally_opposite",  # "Tenaille"
    aoe_method=AreaMethod.DND35,  # "Cible, effet, zone"
    oa_rule="leave_threatened_square",  # "Attaques d'opportunité"
    sharing_allowed=False,
    enemy_squares="pass_allies",
    cone_shape="quarter_circle",
    reach_weapon_diagonal=True,
    reach_weapon_ring=True,  # the 3.5 rule; 000 "Attaques d'opportunité" is silent on weapons
    five_foot_step=True,
    step_provokes=False,  # "un pas de placement … ne provoque pas"
    withdraw_first_square_safe=True,  # "Retrait": "la première case quittée ne provoque pas"
    run_multiplier=4.0,
    run_straight=True,  # "Course (… en ligne droite)"
    charge_min_m=charge.MIN_M,  # "Le round de combat" (charge.py)
    token_area_origin="corner",  # a cone or line "starts from any corner of your square"
    step_source=seed_quote("000", NAME, "Le round de combat", "un pas de placement de 1,5 m"),
)
