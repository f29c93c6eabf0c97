"""Combat speeds by race and load, and their modifiers (001 "Vitesses de déplacement en
combat"): run ×2, full move ×3 (×4 with no gear), difficult terrain and poor visibility −50 %
each, obstacle −10' (3 m); monk/barbarian +10' after everything; and the kinds of move the
text has (charge.py: what a charge leaves on the charger)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from battlemap.model import Condition
from battlemap.rules.adnd2bis.charge import charge_effects
from battlemap.rules.adnd2bis.stats import Adnd2bisStats
from battlemap.rules.adnd2bis.tables import src
from battlemap.rules.adnd2bis.words import note
from battlemap.text import Text

SECTION = "Vitesses de déplacement en combat"
Mode = Literal["normal", "run", "full"]

# race: (normal, encumbered) in metres per round (30' = 9 m, 20' = 6 m, 15' = 4.5 m)
RACE_SPEED_M: dict[str, tuple[float, float]] = {
    "human": (9.0, 6.0), "elf": (9.0, 6.0), "half_elf": (9.0, 6.0), "half_orc": (9.0, 6.0),
    "dwarf": (6.0, 6.0), "gnome": (6.0, 4.5), "halfling": (6.0, 4.5), "other": (9.0, 6.0),
}
OBSTACLE_M = 3.0



def move_conditions(kind: str) -> list[Condition]:
    """A move dragged as a charge leaves what the "charge" manoeuvre leaves (001 "Charge"):
    one function for both, `charge_effects`."""
    return charge_effects().conditions if kind == "charge" else []


class Speed(BaseModel):
    metres: float
    steps: list[Text] = Field(default_factory=list)  # how it was computed, for the GM
    allowed: bool = True
    why_not: Text = ""
    source: str = src(SECTION)


def base_speed(s: Adnd2bisStats) -> float:
    if s.speed_m is not None:
        return s.speed_m
    normal, loaded = RACE_SPEED_M[s.race]
    return loaded if s.encumbered else normal


def speed(s: Adnd2bisStats, mode: Mode = "normal", difficult: bool = False,
          poor_visibility: bool = False, obstacles: int = 0, bonus_after_m: float = 0.0,
          exhausted: bool = False, underwater: bool = False, swimmer: bool = False) -> Speed:
    """`bonus_after_m`: monk/barbarian bonus (3 m) added after every multiplier."""
    v = base_speed(s)
    out = Speed(metres=v, steps=[note("speed_base_loaded" if s.encumbered else "speed_base", m=float(v))])
    if mode != "normal" and difficult:
        return Speed(metres=0, allowed=False, steps=out.steps,
                     why_not=note("no_run_difficult"))
    if mode == "full" and s.encumbered:
        return Speed(metres=0, allowed=False, steps=out.steps,
                     why_not=note("no_full_loaded"))
    if mode == "run":
        v *= 2
        out.steps.append(note("run_x2"))
    elif mode == "full":
        factor = 4 if s.unencumbered else 3
        v *= factor
        out.steps.append(note("full_move", factor=factor))
    if difficult:
        v /= 2
        out.steps.append(note("difficult_half"))
    if poor_visibility:
        v /= 2
        out.steps.append(note("poor_visibility"))
    if obstacles:
        v = max(v - OBSTACLE_M * obstacles, 0)
        out.steps.append(note("obstacles", n=obstacles))
    if exhausted:
        v /= 2
        out.steps.append(note("exhausted_half"))
    if underwater:
        v = v / 2 if swimmer else v / 4
        out.steps.append(note("underwater_swimmer" if swimmer else "underwater_walker"))
    if bonus_after_m:
        v += bonus_after_m
        out.steps.append(note("speed_bonus", m=float(bonus_after_m)))
    out.metres = v
    return out
