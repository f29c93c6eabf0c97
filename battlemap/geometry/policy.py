"""Which geometry rules an encounter uses (docs/rules/README.md#geometry-by-system, #areas-of-effect, docs/architecture.md#geometry-policies): a system declares its
own `GeometryPolicy` (battlemap/rules/<system>/geometry.py), the encounter's options go on
top. Geometry reads only this object: each strategy is named by what it measures, never by
the system that uses it."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from battlemap.model import AreaMethod, Encounter
from battlemap.text import Text

Diagonals = Literal["d35", "chebyshev"]
# How cover is measured (cover/levels.py):
# - "any_blocked_line": one line from the attacker's best corner to a corner of the target's
#   square through a wall or creature gives partial cover; in melee against an adjacent
#   foe only walls count (000_d623f1b22a06cede.txt, "Couverture");
# - "blocked_line_count": of the four lines from the best corner to the target square's
#   corners, 1–2 blocked give half cover, 3 three-quarters (003_04e386f09d3dfd89.txt,
#   "L'abri"; 004_49216c8abfe9f777.txt uses the same grid rule);
# - "hidden_fraction": the share of the target hidden from the attacker's best corner,
#   25 / 50 / 75 / 90 % (001_dd346e63a171f715.txt, "Modificateurs de Couverture").
CoverMethod = Literal["any_blocked_line", "blocked_line_count", "hidden_fraction"]
# Who flanks (reach/flanked.py):
# - "threatening_ally_opposite": an ally that threatens the target stands so that a line
#   between their centres crosses opposite sides of its space (000, "Tenaille");
# - "opposite_pair_beside": two foes of the target that threaten it from squares beside it,
#   diametrically opposite about its centre; every attacker then has the bonus (001,
#   "Flanking");
# - "adjacent_ally_opposite": an ally able to act, adjacent to the target, on the opposite
#   side (the 2024 optional rule, 003; the option of 004);
# - "off".
FlankRule = Literal["threatening_ally_opposite", "opposite_pair_beside",
                    "adjacent_ally_opposite", "off"]
# What provokes an opportunity attack along a path (movement/opportunity.py):
# - "leave_threatened_square": leaving a square the foe threatens (000, "Attaques
#   d'opportunité");
# - "leave_zone_or_enter": leaving the foe's zone of control entirely, entering its square,
#   a 5' step inside the zone (001, "Opportunity Attacks et Désengagement");
# - "leave_reach": leaving the foe's reach (003, the 2024 rule);
# - "none".
OARule = Literal["leave_threatened_square", "leave_zone_or_enter", "leave_reach", "none"]
EnemySquares = Literal["pass_allies", "enter_smaller_provokes", "size_gap_2"]


class GeometryPolicy(BaseModel):
    model_config = ConfigDict(frozen=True)

    diagonals: Diagonals
    cover_method: CoverMethod
    flanking: FlankRule
    aoe_method: AreaMethod
    oa_rule: OARule
    sharing_allowed: bool  # several creatures may end in one square (2bis "Positionnement")
    # How a moving creature may pass enemies (docs/rules/README.md#geometry-by-system "several creatures in one square").
    enemy_squares: EnemySquares = "pass_allies"
    cone_shape: Literal["quarter_circle", "triangle"] = "triangle"
    reach_weapon_diagonal: bool = False  # 3.5: a 3 m reach weapon threatens the 2nd diagonal
    # 3.5: a reach weapon strikes only beyond the creature's natural reach, so a creature
    # whose only melee weapons are reach weapons threatens a ring (docs/rules/breche35.md);
    # elsewhere a reach weapon threatens every square within its reach.
    reach_weapon_ring: bool = False
    five_foot_step: bool = False  # the system has a 1.5 m step at all
    step_provokes: bool = True  # 000 "pas de placement … ne provoque pas"; 001: it does
    withdraw_first_square_safe: bool = False  # 3.5 withdraw (000 actions table)
    disengage_safe: bool = False  # "withdraw" read as 2024 Disengage: the whole move is safe
    run_multiplier: float = 2.0
    run_straight: bool = False  # 000 actions table: "Course (… en ligne droite)"
    run_in_difficult: bool = True  # 001 "Terrain difficile": no running there
    charge_min_m: float = 0.0  # the shortest charge (000 "Charge": 3 m; 001 "Charge": 20')
    creature_cover_max: Literal["half", "none"] | None = None  # 2024: creatures give ≤ half
    # Where a cone, line or cube anchored on a creature starts (docs/architecture.md#areas-of-effect: an area's
    # origin is a grid intersection): "corner", the corner of its space nearest the aimed
    # direction (3.5: a cone or line "starts from any corner of your square"); "edge", the
    # intersection on its space's edge nearest where the direction leaves it (003 "Cône": a
    # point of origin, from the creature's space).
    token_area_origin: Literal["corner", "edge"] = "edge"
    # The system's own words for what geometry rules on (docs/rules/README.md#words-on-screen: its cover nouns, its
    # names for flanking and the step): the prefix of its keys in its words fragment
    # (rules/<system>/words.py); "" for the common words.
    words: str = ""
    # Where the step is one square, and why difficult terrain is out of its reach.
    # A seed citation (a message each system builds) or the rule's own words.
    step_source: Text = '000 "Le round de combat": "un pas de placement de 1,5 m"'
    step_terrain_source: Text = 'docs/rules/README.md#geometry-by-system "difficult terrain", the 3.5 rule; 000 is silent'


def policy_for(encounter: Encounter, base: GeometryPolicy) -> GeometryPolicy:
    """`base`, the system's own policy (`RuleSystem.geometry`), with the encounter's options
    applied (docs/rules/README.md#defaults: every default is switchable)."""
    opts = encounter.options
    changes: dict[str, object] = {}
    if opts.diagonals is not None:
        changes["diagonals"] = opts.diagonals
    if opts.aoe_method is not None:
        changes["aoe_method"] = AreaMethod(opts.aoe_method)
    if opts.flanking is not None:
        if not opts.flanking:
            changes["flanking"] = "off"
        elif base.flanking == "off":
            # 003 option "flanking gives advantage"; 004 option +2: both use the
            # adjacency test of the 2024 variant (docs/architecture.md#flanking).
            changes["flanking"] = "adjacent_ally_opposite"
    if opts.opportunity_attacks is not None:
        if not opts.opportunity_attacks:
            changes["oa_rule"] = "none"
        elif base.oa_rule == "none":
            # 004 option "leaving melee provokes": the leave-reach rule of 003.
            changes["oa_rule"] = "leave_reach"
    return base.model_copy(update=changes) if changes else base
