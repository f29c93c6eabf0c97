"""Area-of-effect templates (RULES.md §3, 003 "Cône", "Cube", "Cylindre", "Émanation",
"Ligne", "Sphère")."""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field, model_validator

from battlemap.model.common import MapPoint, StrictModel
from battlemap.text import Message


class AreaShape(StrEnum):
    CONE = "cone"
    SPHERE = "sphere"
    CYLINDER = "cylinder"
    LINE = "line"
    CUBE = "cube"
    EMANATION = "emanation"


class AreaMethod(StrEnum):
    DND35 = "dnd35"  # far corner within range by the 1-2-1-2 count (000 "Cible, effet, zone")
    HALF = "half"  # at least half of the square covered
    TOUCH = "touch"  # any overlap
    CENTER = "center"  # square centre inside


class AreaTemplate(StrictModel):
    id: str = Field(default="area", min_length=1, max_length=64)
    shape: AreaShape
    # Origin in grid units (an intersection unless placed free), or a token for emanations.
    origin: MapPoint | None = None
    token: str | None = None
    size_m: float = Field(gt=0, le=1000)  # radius, length, or side
    direction_deg: float = Field(default=0.0, ge=-3600, le=3600)  # 0 = east, 90 = south
    width_m: float = Field(default=1.5, gt=0, le=1000)  # lines
    height_m: float | None = Field(default=None, gt=0, le=1000)  # cylinders, vs token elevation
    method: AreaMethod | None = None  # None: the system's default
    include_origin_token: bool = False  # emanations exclude their creature unless chosen
    flip: bool = False  # 3.5 line along a grid line: take the row on the other side

    @model_validator(mode="after")
    def _has_origin(self) -> AreaTemplate:
        if self.origin is None and self.token is None:
            raise ValueError(Message.of("model.area_origin"))
        return self
