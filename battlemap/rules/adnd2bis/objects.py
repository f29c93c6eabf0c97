"""Attacking objects and materials (001 "Dommages aux objets et matériaux"): AC, hardness
(damage resistance), hit points by thickness, break DC; the size differential applies too."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from battlemap.rules.adnd2bis.tables import src

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
