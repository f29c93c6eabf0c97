"""Which geometry rules an encounter uses: per-system defaults (RULES.md §2–3, DESIGN.md §4),
then the encounter's options on top. Geometry reads only this object, never the system id."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict

from battlemap.model import AreaMethod, Encounter


class SystemId(StrEnum):
    """The systems this table has defaults for (the model names a system by a plain id)."""

    BRECHE35 = "breche35"
    ADND2BIS = "adnd2bis"
    DND2024 = "dnd2024"
    PMT = "pmt"

Diagonals = Literal["d35", "chebyshev"]
CoverMethod = Literal["breche35", "grid_lines", "area_fraction"]
FlankRule = Literal["breche35", "adnd2bis", "dnd2024", "off"]
OARule = Literal["breche35", "adnd2bis", "dnd2024", "none"]
EnemySquares = Literal["pass_allies", "enter_smaller_provokes", "size_gap_2"]


class GeometryPolicy(BaseModel):
    model_config = ConfigDict(frozen=True)

    system: SystemId
    diagonals: Diagonals
    cover_method: CoverMethod
    flanking: FlankRule
    aoe_method: AreaMethod
    oa_rule: OARule
    sharing_allowed: bool  # several creatures may end in one square (2bis "Positionnement")
    # How a moving creature may pass enemies (RULES.md §2 "several creatures in one square").
    enemy_squares: EnemySquares = "pass_allies"
    cone_shape: Literal["quarter_circle", "triangle"] = "triangle"
    reach_weapon_diagonal: bool = False  # 3.5: a 3 m reach weapon threatens the 2nd diagonal
    five_foot_step: bool = False  # the system has a 1.5 m step at all
    step_provokes: bool = True  # 000 "pas de placement … ne provoque pas"; 001: it does
    withdraw_first_square_safe: bool = False  # 3.5 withdraw (000 actions table)
    disengage_safe: bool = False  # "withdraw" read as 2024 Disengage: the whole move is safe
    run_multiplier: float = 2.0
    run_straight: bool = False  # 000 actions table: "Course (… en ligne droite)"
    charge_min_m: float = 0.0  # the shortest charge (000 "Charge": 3 m; 001 "Charge": 20')
    creature_cover_max: Literal["half", "none"] | None = None  # 2024: creatures give ≤ half
    # Where a cone, line or cube anchored on a creature starts (DESIGN.md §4.7: an area's
    # origin is a grid intersection): "corner", the corner of its space nearest the aimed
    # direction (3.5: a cone or line "starts from any corner of your square"); "edge", the
    # intersection on its space's edge nearest where the direction leaves it (003 "Cône": a
    # point of origin, from the creature's space).
    token_area_origin: Literal["corner", "edge"] = "edge"


_DEFAULTS: dict[SystemId, GeometryPolicy] = {
    SystemId.BRECHE35: GeometryPolicy(
        system=SystemId.BRECHE35,
        diagonals="d35",
        cover_method="breche35",
        flanking="breche35",
        aoe_method=AreaMethod.DND35,
        oa_rule="breche35",
        sharing_allowed=False,
        enemy_squares="pass_allies",
        cone_shape="quarter_circle",
        reach_weapon_diagonal=True,
        five_foot_step=True,
        step_provokes=False,
        withdraw_first_square_safe=True,
        run_multiplier=4.0,
        run_straight=True,
        charge_min_m=3.0,
        token_area_origin="corner",
    ),
    SystemId.ADND2BIS: GeometryPolicy(
        system=SystemId.ADND2BIS,
        diagonals="d35",
        cover_method="area_fraction",
        flanking="adnd2bis",
        aoe_method=AreaMethod.HALF,
        oa_rule="adnd2bis",
        sharing_allowed=True,
        enemy_squares="enter_smaller_provokes",
        five_foot_step=True,
        step_provokes=True,
        run_multiplier=2.0,
        charge_min_m=6.0,  # "au moins 20′ en ligne droite (case de réception comprise)"
    ),
    SystemId.DND2024: GeometryPolicy(
        system=SystemId.DND2024,
        diagonals="chebyshev",
        cover_method="grid_lines",
        flanking="off",
        aoe_method=AreaMethod.HALF,
        oa_rule="dnd2024",
        sharing_allowed=False,
        enemy_squares="size_gap_2",
        disengage_safe=True,
        creature_cover_max="half",
    ),
    SystemId.PMT: GeometryPolicy(
        system=SystemId.PMT,
        diagonals="chebyshev",
        cover_method="grid_lines",
        flanking="off",
        aoe_method=AreaMethod.HALF,
        oa_rule="none",
        sharing_allowed=False,
        enemy_squares="size_gap_2",
        disengage_safe=True,
        creature_cover_max="half",
    ),
}


def default_policy(system: SystemId | str) -> GeometryPolicy:
    return _DEFAULTS[SystemId(system)]


def policy_for(encounter: Encounter, defaults: GeometryPolicy | None = None) -> GeometryPolicy:
    """The system's defaults (`defaults`, the rule system's `geometry`; else this table's)
    with the encounter's options applied (RULES.md: every default is switchable)."""
    base = defaults if defaults is not None else default_policy(encounter.system)
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
            # 2024 option "flanking gives advantage"; pmt option +2: both use the
            # adjacency test of the 2024 variant (DESIGN.md §4.5).
            changes["flanking"] = "dnd2024"
    if opts.opportunity_attacks is not None:
        if not opts.opportunity_attacks:
            changes["oa_rule"] = "none"
        elif base.oa_rule == "none":
            # pmt option "leaving melee provokes": the 2024 leave-reach rule.
            changes["oa_rule"] = "dnd2024"
    return base.model_copy(update=changes) if changes else base
