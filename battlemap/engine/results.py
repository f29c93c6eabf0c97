"""What previews and commands return to the UI: pydantic, JSON-friendly."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from battlemap.rules.core.combat import (
    AreaEffectResult,
    AttackResult,
    HPChange,
    ManoeuvreResult,
    SaveResult,
    Situation,
    TurnBudget,
)
from battlemap.rules.core.modifiers import DroppedModifier, Modifier
from battlemap.text import Text


class MovePreview(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True, defer_build=True)

    token: str
    kind: str
    path: Any  # geometry PathResult: cost_m, legal, reason, steps, provokes
    speed_m: float
    allowance_m: float  # what this kind of move allows from here (speed × multiplier, left)
    budget: TurnBudget | None = None  # what is left this turn (None out of combat)
    legal: bool
    reason: Text = ""  # messages: English in the JSON, any language in the UI
    explanation: list[Text] = Field(default_factory=list)
    # The path's opportunity attacks that can still happen: each attacker with one left this
    # round (the map marks these; `path.provokes` is everyone whose zone the path leaves).
    provokes: list[Any] = Field(default_factory=list, exclude=True)


class Provoked(BaseModel):
    """What the opportunity attacks of one command came to (a move, or an action that
    provokes: see engine/commands/provoke.py)."""

    model_config = ConfigDict(arbitrary_types_allowed=True, defer_build=True)

    provokes: list[Any] = Field(default_factory=list)  # geometry Provocation: by, at, why
    opportunity_attacks: list[AttackResult] = Field(default_factory=list)
    stopped_early: bool = False  # an opportunity attack dropped the mover / the actor


class MoveOutcome(Provoked):
    token: str
    moved_to: tuple[float, float] | None = None
    hp_changes: list[HPChange] = Field(default_factory=list)
    cost_m: float = 0.0
    log_id: int | None = None
    override: bool = False


class AttackPreview(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True, defer_build=True)

    attacker: str
    target: str
    weapon: str = ""
    kind: str = "melee"
    situation: Situation
    cover: Any = None  # geometry CoverResult
    flanking: Any = None  # geometry FlankResult
    modifiers: list[Modifier] = Field(default_factory=list)
    dropped: list[DroppedModifier] = Field(default_factory=list)
    target_number: int = 0
    target_label: Text = ""  # a message: « CA 14 »
    advantage: str = "normal"
    advantage_why: Text = ""
    legal: bool = True
    reason: Text = ""
    explanation: list[Text] = Field(default_factory=list)


class AttackOutcome(Provoked):
    """With `stopped_early` no attack was made: `result` holds none."""

    result: AttackResult
    situation: Situation
    hp_changes: list[HPChange] = Field(default_factory=list)  # the opportunity attacks' too
    log_id: int | None = None
    override: bool = False
    # What the attack did to its target, as the log says it: rolled, taken, HP before → after.
    dealt: Text = ""
    damage_taken: int = 0  # the target's hit points lost (the damage rolled is `total_damage`)


class AreaOutcome(BaseModel):
    model_config = ConfigDict(defer_build=True)

    template: str
    tokens: list[str] = Field(default_factory=list)
    spared: list[str] = Field(default_factory=list)  # reached by the shape, not by the effect
    result: AreaEffectResult | None = None
    saves: list[SaveResult] = Field(default_factory=list)
    hp_changes: list[HPChange] = Field(default_factory=list)
    log_id: int | None = None


class ManoeuvreOutcome(BaseModel):
    model_config = ConfigDict(defer_build=True)

    result: ManoeuvreResult
    hp_changes: list[HPChange] = Field(default_factory=list)
    log_id: int | None = None


class RoutePreview(BaseModel):
    """The route a drag (or `query … route`) takes to a square, and its move's preview."""

    model_config = ConfigDict(arbitrary_types_allowed=True, defer_build=True)

    token: str
    target: tuple[int, int]
    via: list[tuple[int, int]] = Field(default_factory=list)
    found: bool
    squares: list[tuple[int, int]] = Field(default_factory=list)  # start excluded
    move: MovePreview | None = None  # the route's move preview (None when none is found)
    reason: Text = ""  # why there is no route
    # With fewest attacks asked: what that route saves and costs beside the cheapest one.
    fewer_oa: Text = ""
    extra_m: float = 0.0
