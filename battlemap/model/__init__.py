"""Pydantic models of an encounter. No Qt, no rules, no geometry."""

from battlemap.model.area import AreaMethod, AreaShape, AreaTemplate
from battlemap.model.common import MAX_COORD, SQUARE_M, Size, StrictModel
from battlemap.model.encounter import (
    FORMAT,
    VERSION,
    Encounter,
    EncounterOptions,
    Grid,
    KnownSystems,
    Light,
    MapImage,
)
from battlemap.model.token import Condition, Token
from battlemap.model.walls import Terrain, TerrainKind, Wall, WallKind

__all__ = [
    "FORMAT",
    "MAX_COORD",
    "SQUARE_M",
    "VERSION",
    "AreaMethod",
    "AreaShape",
    "AreaTemplate",
    "Condition",
    "Encounter",
    "EncounterOptions",
    "Grid",
    "KnownSystems",
    "Light",
    "MapImage",
    "Size",
    "StrictModel",
    "Terrain",
    "TerrainKind",
    "Token",
    "Wall",
    "WallKind",
]
