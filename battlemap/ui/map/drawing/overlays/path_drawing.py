"""What the move overlay draws, read from the engine's MovePreview (no rule computed here)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from battlemap.ui.i18n import measure, say

Square = tuple[int, int]


@dataclass
class StepMark:
    to: Square
    legal: bool
    reason: str = ""


@dataclass
class OAMark:
    at: Square  # the square the mover leaves when the attack comes
    by_id: str
    by_name: str


@dataclass
class PathDrawing:
    token_id: str
    start: Square
    side: float  # footprint side in squares (path drawn through footprint centres)
    squares: list[Square]
    steps: list[StepMark] = field(default_factory=list)
    oas: list[OAMark] = field(default_factory=list)
    cost_m: float = 0.0
    allowance_m: float = 0.0
    legal: bool = True
    reason: str = ""
    waypoints: list[Square] = field(default_factory=list)  # pinned during the drag
    note: str = ""  # what the route chose (fewest attacks: what it costs more)

    @property
    def label(self) -> str:
        text = f"{measure(self.cost_m)} / {measure(self.allowance_m)} m"
        text = text if self.legal or not self.reason else f"{text} — {self.reason}"
        return f"{text} · {self.note}" if self.note else text


def drawing_from_preview(preview: Any, encounter: Any) -> PathDrawing:
    token = encounter.token(preview.token)
    path = preview.path
    # Only the attacks that can still happen: a foe who made its opportunity attack this
    # round is not marked again (the drop would not ask for it).
    provokes = preview.provokes
    # Names of the attackers only (a map-wide table at every square cost more than the rest).
    attackers = {p.by for p in provokes}
    names = {t.id: t.name for t in encounter.tokens if t.id in attackers} if attackers else {}
    steps = [StepMark(tuple(s.to), bool(s.legal), say(s.reason) or "")  # type: ignore[arg-type]
             for s in getattr(path, "steps", [])]
    oas = [OAMark(tuple(p.at), p.by, names.get(p.by, p.by))  # type: ignore[arg-type]
           for p in provokes]
    return PathDrawing(
        token_id=token.id,
        start=(int(token.col), int(token.row)),
        side=token.size.squares,
        squares=[tuple(s) for s in path.squares],  # type: ignore[misc]
        steps=steps,
        oas=oas,
        cost_m=float(getattr(path, "cost_m", 0.0)),
        allowance_m=float(getattr(preview, "allowance_m", preview.speed_m)),
        legal=bool(preview.legal),
        reason=say(preview.reason) or say(path.reason) or "",
    )
