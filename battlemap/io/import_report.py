"""What an import did: counts before and after, and every repair, for the GM to read."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class ImportReport:
    source: str
    format_version: float = 0.0
    cols: int = 0
    rows: int = 0
    origin: tuple[float, float] = (0.0, 0.0)  # subtracted from every coordinate
    walls_before: int = 0  # polylines in line_of_sight + objects_line_of_sight
    walls_after: int = 0  # after joining and simplifying
    segments_before: int = 0
    segments_after: int = 0
    doors: int = 0
    windows: int = 0
    lights: int = 0
    picture: str | None = None  # file name of the picture beside the encounter
    picture_format: str | None = None
    picture_size: tuple[int, int] | None = None
    pixels_per_square: float | None = None
    repairs: list[str] = field(default_factory=list)

    def repaired(self, sentence: str) -> None:
        self.repairs.append(sentence)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def lines(self) -> list[str]:
        """The report as the CLI prints it."""
        out = [
            f"{self.source}: Universal VTT {self.format_version:g}, {self.cols}x{self.rows} squares"
            + (f", origin ({self.origin[0]:g}, {self.origin[1]:g}) subtracted" if any(self.origin) else ""),
            f"walls: {self.walls_before} polylines / {self.segments_before} segments before, "
            f"{self.walls_after} / {self.segments_after} after simplification",
            f"doors: {self.doors}, windows: {self.windows}, lights: {self.lights}",
        ]
        if self.picture_size:
            w, h = self.picture_size
            out.append(
                f"picture: {self.picture or 'not saved'} ({self.picture_format}, {w}x{h} px, "
                f"{self.pixels_per_square:g} px per square)"
            )
        else:
            out.append("picture: none")
        out += [f"repaired: {r}" for r in self.repairs]
        return out
