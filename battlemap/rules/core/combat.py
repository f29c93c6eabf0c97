"""What the rules core is asked and what it answers: pure data, built by the engine from the
map (geometry) and the tokens, rendered by the log."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from battlemap.model import Condition, Size
from battlemap.rules.core.dice import Roll
from battlemap.rules.core.modifiers import DroppedModifier, Modifier
from battlemap.text import Text

AttackKind = Literal["melee", "ranged", "melee_touch", "ranged_touch"]
# Cover vocabulary shared by all systems; each system reads the levels it knows:
# breche35 none/partial/total; dnd2024 & pmt none/half/three_quarters/total;
# adnd2bis none/25/50/75/90/total.
CoverLevel = Literal["none", "partial", "half", "three_quarters", "25", "50", "75", "90", "total"]


class _BuiltOnFirstUse(BaseModel):
    """Requests and results are validated only once the GM acts: their validators are built
    then rather than at import, so the window paints sooner (pydantic's defer_build)."""

    model_config = ConfigDict(defer_build=True)


class Combatant(BaseModel):
    """A token as the rules see it: stats already validated by the system's stats model."""

    id: str
    name: str
    side: str = "foe"
    size: Size = Size.MEDIUM
    stats: Any = None  # the system's stats model instance
    hp: int | None = None
    temp_hp: int = 0
    nonlethal: int = 0
    conditions: list[Condition] = Field(default_factory=list)
    elevation_m: float = 0.0

    def has(self, condition: str) -> bool:
        return any(c.name == condition for c in self.conditions)


class Situation(_BuiltOnFirstUse):
    """Everything the map says about one attack (or save), computed by geometry."""

    kind: AttackKind = "melee"
    distance_m: float = 1.5
    in_reach: bool = True
    cover: CoverLevel = "none"
    cover_from_creatures_only: bool = False  # soft cover (3.5: AC only, no Reflex)
    cover_detail: str = ""  # e.g. "corner (3,4): 2 of 4 lines blocked by wall"
    cover_obstacle_melee: bool = False  # adnd2bis: the cover is an obstacle's in melee (25 %)
    flanked: bool = False
    flank_partners: list[str] = Field(default_factory=list)
    higher_ground: bool = False  # attacker on higher ground (3.5 +1 melee)
    into_melee: bool = False  # ranged attack at a target engaged in melee with an ally
    range_increments: int = 0  # full increments beyond the first
    charging: bool = False
    concealment: int = 0  # miss chance % from concealment (20 / 50)
    surprised: bool = False
    attacker_unseen: bool = False  # invisible / target can't see attacker
    target_unseen: bool = False
    extra: list[Modifier] = Field(default_factory=list)  # added by the GM at the table
    disabled: list[str] = Field(default_factory=list)  # modifier names the GM switched off
    # A hostile, non-incapacitated creature within 1.5 m of the attacker (2024: ranged attacks
    # in close combat have disadvantage).
    adjacent_enemy: bool = False
    # Extra advantage / disadvantage sources named by the GM (systems using advantage).
    advantage: list[str] = Field(default_factory=list)
    disadvantage: list[str] = Field(default_factory=list)


class AttackRequest(_BuiltOnFirstUse):
    attacker: Combatant
    target: Combatant
    weapon: str | None = None  # a weapon name from the attacker's stats; None: the first
    situation: Situation = Field(default_factory=Situation)
    full_attack: bool = False  # 3.5 iteratives, 2bis attacks per round, extra attacks
    round_number: int = 1  # for 3/2 attacks per round (alternate rounds)
    options: dict[str, Any] = Field(default_factory=dict)  # per-attack choices (two-weapon…)


Outcome = Literal["hit", "miss", "critical", "fumble", "no_target", "auto_hit"]


class DamagePart(_BuiltOnFirstUse):
    """One part of a blow's damage with its own type (a ghoul's bite: piercing, then
    necrotic; a flaming sword's fire): what it rolled, and once the target's defences have
    met it (the system's `damage`), what it took of it and why."""

    type: str = ""  # the damage type as the system names it: slashing, fire… ("": untyped)
    expr: str = ""  # what was rolled for it: "1d6+2" ("" when no die was rolled)
    rolled: int = 0  # what it deals before the target's defences
    taken: int | None = None  # what the target takes of it: None until applied
    # What the blow counts as against a damage reduction (3.5 « RD x/type »: magic, silver).
    materials: list[str] = Field(default_factory=list)
    notes: list[Text] = Field(default_factory=list)  # each defence that changed it, cited


class DamageResult(_BuiltOnFirstUse):
    roll: Roll | None = None  # every part's dice, joined by " + "
    modifiers: list[Modifier] = Field(default_factory=list)
    total: int = 0
    kind: str = ""  # damage type: slashing, fire… (the weapon's own part)
    notes: list[Text] = Field(default_factory=list)  # "×2 critical", "maximum damage (nat 20)"
    parts: list[DamagePart] = Field(default_factory=list)  # each typed part, the weapon's first


class SingleAttack(_BuiltOnFirstUse):
    label: str = ""
    roll: Roll | None = None  # None when no roll is made (total cover, auto hit)
    advantage: str = "normal"
    advantage_why: Text = ""  # a message: English in the JSON, any language in the UI
    modifiers: list[Modifier] = Field(default_factory=list)
    dropped: list[DroppedModifier] = Field(default_factory=list)
    total: int = 0
    target_number: int = 0
    target_label: Text = ""  # a message: « CA 17 », « TAC0 18 − CA 7 = 11 »
    outcome: Outcome = "miss"
    natural: int | None = None
    confirm: Roll | None = None  # 3.5 critical confirmation
    miss_chance: Roll | None = None  # concealment d100
    damage: DamageResult | None = None
    # What the attack does to the attacker itself (2bis fumbles: falls prone, hurts itself).
    self_conditions: list[Condition] = Field(default_factory=list)
    self_damage: list[DamageResult] = Field(default_factory=list)
    notes: list[Text] = Field(default_factory=list)


class AttackResult(_BuiltOnFirstUse):
    attacker: str
    target: str
    weapon: str = ""
    attacks: list[SingleAttack] = Field(default_factory=list)
    notes: list[Text] = Field(default_factory=list)

    @property
    def total_damage(self) -> int:
        return sum(a.damage.total for a in self.attacks if a.damage)


class SaveRequest(_BuiltOnFirstUse):
    token: Combatant
    ability: str  # system vocabulary: "reflex"/"fortitude"/"will", "dex"…, "breath"…
    dc: int
    situation: Situation = Field(default_factory=Situation)  # cover bonus to Dex/Reflex saves
    extra: list[Modifier] = Field(default_factory=list)


class SaveResult(_BuiltOnFirstUse):
    token: str
    ability: str
    roll: Roll
    advantage: str = "normal"
    advantage_why: Text = ""  # a message: English in the JSON, any language in the UI
    modifiers: list[Modifier] = Field(default_factory=list)
    dropped: list[DroppedModifier] = Field(default_factory=list)
    total: int
    dc: int
    success: bool
    natural: int | None = None
    notes: list[Text] = Field(default_factory=list)


class HPChange(_BuiltOnFirstUse):
    token: str
    before: int | None
    after: int | None
    nonlethal_after: int = 0
    temp_hp_after: int = 0
    state_before: str
    state_after: str  # system words: "ok", "bloodied", "disabled", "dying", "dead", "unconscious"…
    conditions_added: list[Condition] = Field(default_factory=list)
    conditions_removed: list[str] = Field(default_factory=list)
    notes: list[Text] = Field(default_factory=list)
    # The typed parts of the damage as the target's defences met them (taken, and why).
    parts: list[DamagePart] = Field(default_factory=list)


class AreaEffectRequest(_BuiltOnFirstUse):
    targets: list[tuple[Combatant, Situation]]  # each token hit, with its cover from the origin
    save_ability: str | None = None
    dc: int | None = None
    damage: str | None = None  # dice notation, rolled once for all targets
    damage_kind: str = ""
    half_on_success: bool = True


class AreaTargetResult(_BuiltOnFirstUse):
    token: str
    save: SaveResult | None = None
    damage: int = 0
    notes: list[Text] = Field(default_factory=list)


class AreaEffectResult(_BuiltOnFirstUse):
    damage_roll: Roll | None = None
    targets: list[AreaTargetResult] = Field(default_factory=list)


class InitiativeEntry(_BuiltOnFirstUse):
    token: str
    roll: Roll | None = None
    modifiers: list[Modifier] = Field(default_factory=list)
    score: float
    group: str | None = None  # monsters rolling as a group (2bis), side (pmt)
    notes: list[Text] = Field(default_factory=list)


class ManoeuvreRequest(_BuiltOnFirstUse):
    name: str  # system vocabulary: "trip", "grapple", "bull_rush", "disarm"…
    attacker: Combatant
    target: Combatant
    situation: Situation = Field(default_factory=Situation)
    options: dict[str, Any] = Field(default_factory=dict)


class RollSide(_BuiltOnFirstUse):
    """One roll of a manoeuvre with its own modifiers, so each side reads apart: the touch
    attack against the AC, each side's opposed check, the target's save against the
    attacker's DC (a number, no die: `roll` None)."""

    label: Text  # who rolls what: « croc-en-jambe : Mara »
    roll: Roll | None = None
    modifiers: list[Modifier] = Field(default_factory=list)
    dropped: list[DroppedModifier] = Field(default_factory=list)
    total: int = 0
    against: Text = ""  # what it must reach, when that is a number: « CA 11 », « DD 13 »


class ManoeuvreResult(_BuiltOnFirstUse):
    name: str
    success: bool
    rolls: list[Roll] = Field(default_factory=list)
    modifiers: list[Modifier] = Field(default_factory=list)
    dropped: list[DroppedModifier] = Field(default_factory=list)  # e.g. switched off by the GM
    # The same rolls and modifiers side by side, each roll with its own (the log and the
    # panel read these when the rules give them); `effects` are what follows the rolls.
    sides: list[RollSide] = Field(default_factory=list)
    effects: list[Text] = Field(default_factory=list)  # "target prone", "pushed 3 m"…
    conditions_added: dict[str, list[Condition]] = Field(default_factory=dict)  # token → conds
    conditions_removed: dict[str, list[str]] = Field(default_factory=dict)  # token → names
    push_m: float | None = None  # bull rush: how far the target is pushed (3.5)
    damage: DamageResult | None = None
    notes: list[Text] = Field(default_factory=list)  # the rules' words, or messages
    # The defender chooses between the manoeuvre's effect (conditions_added, push) and the
    # damage (pmt, 004 "Manœuvres"): the rules fill both, the engine applies the one chosen
    # and records it in `defender_choice`.
    defender_chooses: bool = False
    defender_choice: Literal["effect", "damage"] | None = None
    # The actor's next attack in this turn is the blow of a charge (2bis "charge" declared as a
    # manoeuvre): the engine counts it as it counts a move dragged as a charge.
    charge_blow: bool = False


class ConditionInfo(_BuiltOnFirstUse):
    """A condition a system knows, with its effects in words (for the UI and the log)."""

    name: str
    label: Text  # a message of the system's words ("<id>.condition.<name>")
    effects: list[Text]
    default_rounds: int | None = None
    source: Text = ""


class TurnBudget(_BuiltOnFirstUse):
    """What a creature may do in a turn, per system (for the initiative dock)."""

    slots: dict[str, int]  # e.g. {"standard": 1, "move": 1, "five_foot_step": 1}
    movement_m: float
    notes: list[Text] = Field(default_factory=list)


class TurnEvent(_BuiltOnFirstUse):
    """Something that happens by itself at the start/end of a turn (burning, dying…)."""

    token: str
    what: Text  # the rules' words, or a message
    roll: Roll | None = None
    hp: HPChange | None = None
    conditions_removed: list[str] = Field(default_factory=list)
