"""Who provokes an opportunity attack, how many attacks it holds, and disengagement (001
"Opportunity Attacks et Désengagement", "Désengagements dérogatoires", "Positionnement")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, Field

from battlemap.rules.adnd2bis.checks import CheckResult, ability_check, check_bonus
from battlemap.rules.adnd2bis.stats import Adnd2bisStats
from battlemap.rules.adnd2bis.tables import src
from battlemap.rules.adnd2bis.words import note
from battlemap.rules.core.combat import Combatant
from battlemap.rules.core.dice import Dice
from battlemap.text import Text

SECTION = "Opportunity Attacks et Désengagement"
Action = Literal["leave_zone", "five_foot_step", "enter_square", "move_within", "act_within",
                 "grapple", "trip", "charge", "flyby", "combat_casting_step", "archery_step",
                 "hasted_disengage"]


def provokes(action: Action, observer: Adnd2bisStats) -> tuple[bool, str]:
    """(provokes?, why) for an action seen by one opponent."""
    if action in ("leave_zone", "five_foot_step"):
        return True, src(SECTION)
    if action == "enter_square":
        return True, src("Positionnement en combat")
    if action in ("grapple", "trip"):
        return True, src("Grapple" if action == "grapple" else "Trip")
    if action in ("move_within", "act_within"):
        if observer.has("offensive_reflexes"):
            return True, note("offensive_reflexes", src=src(SECTION))
        return False, src(SECTION)
    if action == "charge":
        return False, note("but_counter_charge", src=src("Charge"))
    if action == "flyby":
        return False, src("Flyby (Hit & Run)")
    # The derogatory disengagements leave a single action afterwards.
    return False, src("Désengagements dérogatoires")


def oa_attacks(observer: Adnd2bisStats, attacks_per_round: int) -> int:
    """Attacks in one OA: all of them with Multiattack, up to 3 with Offensive Reflexes."""
    if observer.has("multiattack"):
        return attacks_per_round
    if observer.has("offensive_reflexes"):
        return 3
    return 1


class Disengagement(BaseModel):
    free: bool
    reasons: list[Text] = Field(default_factory=list)
    checks: list[CheckResult] = Field(default_factory=list)
    success: bool = True
    note: Text = ""


def disengage(mover: Combatant, opponents: Sequence[Combatant], dice: Dice, *,
              ally_in_place: bool, ally_unopposed: bool, ally_attacks: int,
              opponent_attacks: int) -> Disengagement:
    """Free when a) an ally takes the place or already fights the same opponent, b) that ally
    has no other opponent, c) the opponent has no more attacks than the ally. Otherwise one
    Tumbling / Escape Artist check DC 15 + HD per opponent, and nothing else this round."""
    missing = []
    if not ally_in_place:
        missing.append(note("no_ally_takes_place"))
    if not ally_unopposed:
        missing.append(note("ally_has_foe"))
    if opponent_attacks > ally_attacks:
        missing.append(note("foe_more_attacks"))
    if not missing:
        return Disengagement(free=True, note=note("free_disengage"))
    s = mover.stats if isinstance(mover.stats, Adnd2bisStats) else Adnd2bisStats.model_validate(
        mover.stats or {})
    skill = max(("tumbling", "escape_artist"), key=lambda k: check_bonus(s, "dex", k))
    out = Disengagement(free=False, reasons=missing, note=note("only_that"))
    for opp in opponents:
        hd = opp.stats.hd if isinstance(opp.stats, Adnd2bisStats) else (
            Adnd2bisStats.model_validate(opp.stats or {}).hd)
        dc = 15 + int(hd)
        chk = ability_check(mover, s, "dex", dice, dc=dc, skill=skill)
        out.checks.append(chk)
        out.success = out.success and bool(chk.success)
    return out
