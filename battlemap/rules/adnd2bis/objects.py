"""Attacking objects and materials (001 "Dommages aux objets et matériaux"): AC, hardness
(damage resistance), hit points by thickness, break DC; the size differential applies too."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from battlemap.model import Condition
from battlemap.rules.adnd2bis.checks import author_check
from battlemap.rules.adnd2bis.hp import current_hp, stats_of
from battlemap.rules.adnd2bis.tables import src
from battlemap.rules.adnd2bis.words import note
from battlemap.rules.core.combat import Combatant, HPChange, ManoeuvreRequest, ManoeuvreResult
from battlemap.rules.core.dice import Dice

SECTION = "Dommages aux objets et matériaux"
Thickness = Literal["thin", "normal", "thick"]

# material: (AC, hardness, hp thin, hp normal, hp thick)
MATERIALS: dict[str, tuple[int, int, int, int, int]] = {
    "papier": (10, 0, 0, 1, 1),
    "corde, tissu solide, verre, glace": (9, 0, 1, 2, 3),
    "cuir": (8, 2, 3, 5, 8),
    "bois, os": (5, 5, 4, 10, 20),
    "pierre": (4, 8, 10, 20, 90),
    "métal (fer, acier, cuivre)": (3, 10, 5, 10, 30),
    "mithril": (0, 15, 25, 30, 50),
    "adamantine": (-5, 20, 35, 40, 80),
}

# object: (hardness, hit points, break DC)
OBJECTS: dict[str, tuple[int, int, int]] = {
    "rope (1 inch diam.)": (0, 2, 23),
    "simple wooden door": (5, 10, 13),
    "small chest": (5, 1, 17),
    "good wooden door": (5, 15, 18),
    "treasure chest": (5, 15, 23),
    "strong wooden door": (5, 20, 23),
    "masonry wall (1 ft. thick)": (8, 90, 35),
    "hewn stone (3 ft. thick)": (8, 540, 50),
    "chain": (10, 5, 26),
    "manacles": (10, 10, 26),
    "masterwork manacles": (10, 10, 28),
    "iron door (2 in. thick)": (10, 60, 28),
    "1 hand steel weapon": (10, 5, 24),
    "2 hand steel weapon": (10, 8, 26),
    "steel shield": (10, 12, 26),
    "wood shield": (5, 8, 23),
}


class ObjectTarget(BaseModel):
    name: str
    ac: int | None  # the standard-object table gives no AC: use its material's
    hardness: int
    hp: int
    break_dc: int | None = None
    source: str = src(SECTION)


def material(name: str, thickness: Thickness = "normal") -> ObjectTarget:
    ac, hardness, thin, normal, thick = MATERIALS[name]
    hp = {"thin": thin, "normal": normal, "thick": thick}[thickness]
    return ObjectTarget(name=f"{name} ({thickness})", ac=ac, hardness=hardness, hp=hp)


def standard_object(name: str, made_of: str | None = None) -> ObjectTarget:
    hardness, hp, dc = OBJECTS[name]
    ac = MATERIALS[made_of][0] if made_of else None
    return ObjectTarget(name=name, ac=ac, hardness=hardness, hp=hp, break_dc=dc)


def damage_object(obj: ObjectTarget, hp_left: int, damage: int) -> tuple[int, int]:
    """(damage that gets through, hp left): hardness is subtracted from each blow."""
    through = max(damage - obj.hardness, 0)
    return through, max(hp_left - through, 0)


# --- objects as tokens: attacked through resolve_attack (THAC0 − the object's AC, with the size
# differential, "Nota : le différentiel de taille s'applique pour les objets et matériaux").

def object_stats(obj: ObjectTarget) -> dict[str, object]:
    """Token stats for an object; with no material the standard object has AC 10."""
    return {"max_hp": obj.hp, "ac": obj.ac if obj.ac is not None else 10,
            "hardness": obj.hardness, "break_dc": obj.break_dc, "is_object": True,
            "weapons": []}


def object_state(c: Combatant) -> str:
    return "broken" if c.has("broken") or current_hp(c) <= 0 else "ok"


def damage_token(c: Combatant, amount: int) -> HPChange:
    """One blow on an object token: its hardness is taken off, then its hit points."""
    before = current_hp(c)
    through, after = damage_object(ObjectTarget(name=c.name, ac=None,
                                                hardness=stats_of(c).hardness, hp=before),
                                   before, amount)
    notes = [note("hardness", h=stats_of(c).hardness, n=through, of=amount)]
    added = [Condition(name="broken", source=src(SECTION))] if after == 0 and not c.has(
        "broken") else []
    return HPChange(token=c.id, before=before, after=after, state_before=object_state(c),
                    state_after="broken" if after == 0 else "ok", conditions_added=added,
                    notes=notes)


def repair_token(c: Combatant, amount: int) -> HPChange:
    """Hit points given back to an object (a repair); above 0 it is no longer broken."""
    before = current_hp(c)
    after = min(before + max(amount, 0), stats_of(c).max_hp)
    return HPChange(token=c.id, before=before, after=after, state_before=object_state(c),
                    state_after="ok" if after > 0 else "broken",
                    conditions_removed=["broken"] if after > 0 and c.has("broken") else [])


def break_object(req: ManoeuvreRequest, dice: Dice) -> ManoeuvreResult:
    """Break DC = the Strength check that breaks the object (req.target)."""
    dc = stats_of(req.target).break_dc
    if not stats_of(req.target).is_object or dc is None:
        return ManoeuvreResult(name="break", success=False,
                               notes=[note("no_break_dc", name=req.target.name)])
    chk = author_check(req, stats_of(req.attacker), "str", dice, dc)
    res = ManoeuvreResult(name="break", success=bool(chk.success), rolls=[chk.roll],
                          modifiers=chk.modifiers, dropped=chk.dropped,
                          notes=[note("break_check", total=chk.total, dc=dc)])
    if chk.success:
        res.conditions_added[req.target.id] = [Condition(name="broken", source=src(SECTION))]
        res.effects.append(note("broken", name=req.target.name))
    return res
