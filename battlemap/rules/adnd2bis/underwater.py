"""Fighting underwater ("MILIEU SUB-AQUATIQUE"), an encounter option."""

from __future__ import annotations

from pydantic import BaseModel, Field

from battlemap.rules.adnd2bis.stats import Adnd2bisStats, Weapon
from battlemap.rules.adnd2bis.tables import src
from battlemap.rules.adnd2bis.words import named, note
from battlemap.rules.core.modifiers import Modifier
from battlemap.text import Text

SECTION = "MILIEU SUB-AQUATIQUE"
MAX_RANGE_M = 15.0  # 50'
HALF_DAMAGE_BEYOND_M = 6.0  # 20'


class UnderwaterEffect(BaseModel):
    modifiers: list[Modifier] = Field(default_factory=list)
    disadvantage: Text | None = None
    damage_pct: int = 100
    impossible: Text | None = None  # why the attack cannot be made at all


def underwater_attack(att: Adnd2bisStats, weapon: Weapon, distance_m: float) -> UnderwaterEffect:
    out = UnderwaterEffect()
    free = att.has("free_action")
    trained = att.has("underwater_combat")
    if not (free or trained):
        out.disadvantage = note("underwater")
    if weapon.kind == "melee":
        if weapon.damage_type in ("slashing", "blunt") and not free:
            # Underwater Combat halves the penalties: −2 and ×75 %.
            out.modifiers.append(Modifier(name=named("underwater"),
                                          value=-2 if trained else -4, source=src(SECTION)))
            out.damage_pct = 75 if trained else 50
        return out
    # Ranged: these limits stay even with Free Action or Underwater Combat.
    if weapon.bow:
        out.impossible = note("no_bow_underwater")
    elif distance_m > MAX_RANGE_M:
        out.impossible = note("underwater_range")
    elif distance_m > HALF_DAMAGE_BEYOND_M:
        out.damage_pct = 50
    return out
