"""The RuleSystem protocol and the registry of systems.

The registry is open: the shipped systems are listed here (`SHIPPED`, so that a frozen app,
which has no entry-point metadata, finds them), a program or a test adds one with
`register_system`, and a third-party plugin declares itself in the entry-point group
`battlemap.systems`. Everything outside rules/ names systems only through this module
(`system_ids`, `default_system_id`, `get_system`, `known_systems`).

Every operation takes plain data (core.combat) and the session's Dice, and returns a result
that says why: each die, each modifier with its source, each dropped modifier with a reason.
A system never touches the map or Qt; the engine builds Situations from geometry."""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from pydantic import BaseModel

from battlemap.model import Condition, KnownSystems, Size
from battlemap.rules.core.choices import AttackChoice
from battlemap.rules.core.combat import (
    AreaEffectRequest,
    AreaEffectResult,
    AttackRequest,
    AttackResult,
    Combatant,
    ConditionInfo,
    DamagePart,
    HPChange,
    InitiativeEntry,
    ManoeuvreRequest,
    ManoeuvreResult,
    SaveRequest,
    SaveResult,
    TurnBudget,
    TurnEvent,
)
from battlemap.rules.core.dice import Dice, Roll
from battlemap.rules.core.economy import Cost, Economy
from battlemap.rules.core.presets import AreaPreset
from battlemap.rules.core.senses import Senses
from battlemap.rules.core.surprise import SurpriseRule
from battlemap.rules.core.waiting import WaitRule

if TYPE_CHECKING:
    from battlemap.geometry.policy import GeometryPolicy
    from battlemap.text import Message

ENTRY_POINT_GROUP = "battlemap.systems"
# The systems this package ships, in the order every list shows them (`import --system`, the
# New-encounter dialog), each its package's `SYSTEM`. pyproject.toml registers the same as
# entry points (a test keeps the two equal): opening a file finds its system without reading
# every installed distribution's metadata (a few ms at start-up); any other name is looked up
# among the systems registered by `register_system`, then among the entry points.
SHIPPED = {
    "breche35": "battlemap.rules.breche35:SYSTEM",
    "adnd2bis": "battlemap.rules.adnd2bis:SYSTEM",
    "dnd2024": "battlemap.rules.dnd2024:SYSTEM",
    "pmt": "battlemap.rules.pmt:SYSTEM",
}
# A new encounter's and an import's system when none is asked for.
DEFAULT_SYSTEM = "dnd2024"
# Systems added by `register_system` (a test's toy system, a program's own).
_REGISTERED: dict[str, RuleSystem] = {}


@runtime_checkable
class RuleSystem(Protocol):
    id: str
    name: str
    seed: str  # seed file name, e.g. "000_d623f1b22a06cede.txt"
    stats_model: type[BaseModel]
    options_model: type[BaseModel]
    # The members below have their documented defaults on `core.base.BaseSystem`.
    economy: Economy  # the round's slots and which of them pays for each act
    surprise: SurpriseRule  # who acts in the surprise round; how a side's surprise is rolled
    initiative_high_first: bool  # False: the lowest initiative acts first (2bis d10)
    waiting: WaitRule  # how a creature waits and acts later (3.5 delay, 2bis hold), if it may
    defeated_conditions: frozenset[str]  # out of the fight for good: their turns are skipped
    area_presets: tuple[AreaPreset, ...]  # the area effects its text names, with their numbers
    presets_missing: Message | None  # why it has none, naming its seed; None when it has some
    creatures_share_squares: bool  # several creatures may end in one square (2bis)
    attack_reads_invisible: bool  # resolve_attack reads `invisible` itself (no target_unseen)
    ranged_attacks_flank: bool  # flanking helps ranged attacks too (2bis)
    cover_effects: Mapping[str, str]  # each cover level's effect, in English
    flanking_effect: str  # what flanking gives, in English ("none" without it)
    gm_advantage_source: str  # where its text gives advantage ("": it has none)
    gm_circumstance: int  # the GM's one-click circumstance bonus (0: none)
    gm_circumstance_source: str

    def rerolls_initiative(self, options: Any) -> bool:
        """True when initiative is rolled again at each new round (2bis; pmt's side
        initiative option)."""
        ...

    def combat_start_conditions(self) -> list[str]:
        """The conditions put on everyone when combat begins (3.5: flat-footed)."""
        ...

    def condition_added(self, before: Combatant, cond: Condition, dice: Dice,
                        options: Any) -> HPChange | None:
        """What gaining `cond` costs at once (2bis Exhausted: 50 % of max hp), or None."""
        ...

    def manoeuvre_cost(self, name: str, actor: Combatant, options: Mapping[str, Any]
                       ) -> Cost | None:
        """The slots a manoeuvre spends (2bis: full actions take the round), or None for one
        attack."""
        ...

    def move_barred_by(self, combatant: Combatant, kind: str) -> str | None:
        """The condition that forbids this kind of move (3.5 fatigued: no run, no charge)."""
        ...

    def move_conditions(self, combatant: Combatant, kind: str) -> list[Condition]:
        """The states a move of this kind leaves on its creature (a charger's −2 AC)."""
        ...

    def area_cover(self, corners_blocked: int) -> str:
        """The cover level of an area's target with 1 to 3 of its corners cut off."""
        ...

    @property
    def geometry(self) -> GeometryPolicy:
        """How the geometry core measures this system's encounters: cover, flanking,
        opportunity attacks, diagonals… (declared in rules/<system>/geometry.py)."""
        ...

    def geometry_for(self, options: Any) -> GeometryPolicy:
        """`geometry` as the system's own options change it (2bis: creatures' cover capped);
        the encounter's map-wide options go on top (`policy_for`)."""
        ...

    def default_reach_m(self, size: Size, stats: Any) -> float: ...

    def foreign_creature(self, data: Any) -> dict[str, Any] | None:
        """A creature written in another program's layout that this system reads (dnd2024:
        the 5e monster JSON of 5e-database and Open5e), as a stat-block entry of ours
        (`name`, `size`, `side`, `speed_m`, `stats`), which the caller validates; None when
        `data` is in no such layout. A ValueError whose message is one sentence when it is,
        but a field cannot be read."""
        ...

    def senses(self, stats: Any) -> Senses:
        """How the creature sees in the dark (core/senses.py); BaseSystem: by light alone."""
        ...

    def resolve_attack(self, req: AttackRequest, dice: Dice, options: Any) -> AttackResult: ...

    def attack_choices(self, attacker: Combatant, target: Combatant, weapon: str | None,
                       options: Any) -> list[AttackChoice]:
        """The per-attack choices (`AttackRequest.options`) open to this attacker with this
        weapon against this target: the map and the CLI ask the GM for these."""
        ...

    def resolve_save(self, req: SaveRequest, dice: Dice, options: Any) -> SaveResult: ...

    def damage(self, target: Combatant, amount: int, dice: Dice, options: Any,
               kind: str = "lethal", critical: bool = False, melee: bool = False,
               parts: Sequence[DamagePart] | None = None) -> HPChange:
        """`amount` of damage of `kind` (a type, or "lethal"/"nonlethal"); `parts`, when
        the blow comes in typed parts (an attack's `DamageResult.parts`), each met by the
        target's own defence against its type; the HPChange lists them as met (`parts`)."""
        ...

    def condition_immunity(self, combatant: Combatant, condition: str) -> Message | None:
        """Why the creature is immune to `condition` (its stat block, its state), naming
        the immunity and its source; None when the condition takes hold."""
        ...

    def heal(self, target: Combatant, amount: int, options: Any) -> HPChange: ...

    def hp_state(self, target: Combatant) -> str: ...

    def initiative(self, combatants: Sequence[Combatant], dice: Dice, options: Any,
                   round_number: int = 1) -> list[InitiativeEntry]: ...

    def conditions(self) -> dict[str, ConditionInfo]: ...

    def ac_display(self, stats: Any, options: Any) -> Message:
        """'AC 16' / « CA 16 », or pmt's descending form: every screen shows AC through this."""
        ...

    def threatens(self, combatant: Combatant) -> bool:
        """False when the creature's condition stops it threatening (helpless…)."""
        ...

    def threat_refusal(self, combatant: Combatant) -> Message | None:
        """Why the creature threatens no square now (its condition, with the section that
        says so), None while it threatens: a flanking refused for it names this."""
        ...

    def moves_within_provoke(self, combatant: Combatant) -> bool:
        """True when moving inside the creature's threatened zone provokes its opportunity
        attack, where the system's rule is otherwise to leave the zone (2bis: Offensive
        Reflexes)."""
        ...

    def opportunity_attacks_per_round(self, combatant: Combatant) -> int: ...

    def action_provokes(self, actor: Combatant, action: str, by: Combatant,
                        weapon: str | None = None, kind: str | None = None) -> str | None:
        """Why `action` ("attack", or a manoeuvre's name) provokes an opportunity attack from
        `by`, a foe that threatens the actor's space: a reason citing the seed (a two-language
        `Message`), or None. `kind` is the attack's (melee, ranged, …). Movement is apart
        (geometry's paths)."""
        ...

    def area_effect(self, req: AreaEffectRequest, dice: Dice, options: Any) -> AreaEffectResult: ...

    def falling(self, combatant: Combatant, height_m: float, dice: Dice,
                options: Any) -> Any | None:
        """The damage and state a fall leaves (dnd2024 003 "Chute"); None: no such rule."""
        ...

    def spell_failure(self, combatant: Combatant, dice: Dice, options: Any) -> Any | None:
        """An armoured arcane caster's roll to cast (pmt); None: no such rule."""
        ...

    def concentration(self, caster: Combatant, damage: int, spell_level: int, dice: Dice,
                      options: Any, ranks: int = 0) -> Any | None:
        """A hurt caster's check to keep its spell (3.5); None: no such rule."""
        ...

    def disengage(self, mover: Combatant, opponents: Sequence[Combatant], dice: Dice, *,
                  ally_in_place: bool, ally_unopposed: bool, ally_attacks: int,
                  opponent_attacks: int) -> Any | None:
        """Leaving a melee without an opportunity attack (2bis); None: no such rule."""
        ...

    def attacks_per_round(self, combatant: Combatant) -> int: ...

    def manoeuvres(self) -> list[str]: ...

    def manoeuvre_label(self, name: str) -> str:
        """A manoeuvre's id ("bull_rush") as the system's text names it: a message ("bull
        rush" / « bousculade »)."""
        ...

    def move_kinds(self) -> list[str]:
        """The kinds of move the system's text has ("normal", "step", "withdraw", "charge",
        "run": core/economy.MOVE_KINDS), "normal" first: the map's "Next move" menu offers
        these, and the engine refuses any other."""
        ...

    def move_kind_label(self, kind: str) -> str:
        """A move kind's name in the system's own words: a message ("step" → "5-foot step" /
        « pas de placement »)."""
        ...

    def save_kinds(self) -> dict[str, str]:
        """The saves `resolve_save` takes: id → the name the system's French text gives it
        (3.5 "reflex" → "Réflexes", 2bis "breath" → "Souffle"…), for the GM's pickers."""
        ...

    def table_saves(self) -> frozenset[str]:
        """The saves (ids of `save_kinds`) rolled against each creature's own number (its
        table: PMT and 2bis categories), for which a DC the GM gives means nothing."""
        ...

    def damage_kinds(self) -> dict[str, str]:
        """The damage types `damage(kind=…)` reads (resistances, DR…): id → the name the
        system's French text gives it (2024 "fire" → "feu"), for the GM's pickers."""
        ...

    def resolve_manoeuvre(self, req: ManoeuvreRequest, dice: Dice, options: Any) -> ManoeuvreResult: ...

    def turn_budget(self, combatant: Combatant, options: Any) -> TurnBudget: ...

    def start_of_turn(self, combatant: Combatant, dice: Dice, options: Any) -> list[TurnEvent]: ...

    def end_of_turn(self, combatant: Combatant, dice: Dice, options: Any) -> list[TurnEvent]: ...

    def end_of_round(self, combatants: Sequence[Combatant], dice: Dice,
                     options: Any) -> list[TurnEvent]:
        """What ends with the round, whoever's turn it was (2bis: a fumble)."""
        ...

    def default_duration(self, name: str, dice: Dice) -> Roll | None:
        """The roll of a condition's default duration in rounds, for a condition put on with
        none (2bis "ETATS": "lorsque la règle ou l'origine du dommage ne l'indique pas"), or
        None when it lasts until removed."""
        ...


def undeclared_move_kind(system: Any, kind: str) -> Message | None:
    """Why `system` has no move of this `kind`, in one sentence, naming its seed and the
    moves it has; None when the system declares the kind."""
    kinds = list(system.move_kinds())
    if kind in kinds:
        return None
    from battlemap.text import Message

    declare_words(system)
    word = Message.or_text(f"kind_word.{kind}", Message.of("kind_word.other", kind=kind))
    has = [Message.or_text(f"{system.id}.move_kind.{k}", k) for k in kinds]
    return Message.of("problem.undeclared_kind", system=system.name, seed=system.seed,
                      kind=word, has=has)


class UnknownSystem(KeyError):
    pass


@cache
def _entry_points() -> dict[str, EntryPoint]:
    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


@cache
def _load_one(system_id: str) -> RuleSystem:
    # One system at a time: a plugin that fails to import breaks only itself.
    target = SHIPPED.get(system_id)
    if target is None:
        plugin: RuleSystem = _entry_points()[system_id].load()
        _declare_words(plugin)
        return plugin
    module, _, name = target.partition(":")
    system: RuleSystem = getattr(importlib.import_module(module), name)
    _declare_words(system)
    return system


_DECLARED: dict[str, int] = {}  # system id → id() of the object whose words are known


def declare_words(system: Any) -> None:
    """Make sure the catalogues hold this system object's own words (a test's system may
    reuse a shipped id with other names): declared again when another object speaks."""
    if _DECLARED.get(system.id) != id(system):
        _declare_words(system, now=True)


def _declare_words(system: RuleSystem, now: bool = False) -> None:
    """A system's words (`words()`) join the catalogues when it is loaded (once some key is
    looked up: its tables are built on first use) or registered (at once: a system
    registered again under the same id brings its own words)."""
    from battlemap.text import catalogue

    words = getattr(system, "words", None)
    if callable(words):
        _DECLARED[system.id] = id(system)
        if now:
            kinds = ("move_kind", "manoeuvre", "condition")
            catalogue.add(words(), replacing=tuple(f"{system.id}.{k}." for k in kinds))
        else:
            catalogue.add_later(words)


def register_system(system: RuleSystem) -> None:
    """Make `system` known by its id, as a shipped one is: adding a system is writing its
    package and registering it here (or as an entry point). A shipped id cannot be taken."""
    if not system.id or system.id in SHIPPED:
        raise ValueError(f"cannot register a rule system as '{system.id}'")
    _declare_words(system, now=True)
    _REGISTERED[system.id] = system


def unregister_system(system_id: str) -> None:
    _REGISTERED.pop(system_id, None)


def is_system(system_id: str) -> bool:
    return system_id in SHIPPED or system_id in _REGISTERED or system_id in _entry_points()


def get_system(system_id: str) -> RuleSystem:
    registered = _REGISTERED.get(system_id)
    if registered is not None:
        return registered
    if system_id not in SHIPPED and system_id not in _entry_points():
        raise UnknownSystem(
            f"no rule system '{system_id}' (known: {', '.join(available_systems())})")
    return _load_one(system_id)


def system_ids() -> list[str]:
    """Every known system's id: the shipped ones in their order, then those registered, then
    the plugins' (alphabetical)."""
    extra = sorted(set(_entry_points()) - set(SHIPPED) - set(_REGISTERED))
    return [*SHIPPED, *_REGISTERED, *extra]


def available_systems() -> list[str]:
    return sorted(system_ids())


def default_system_id() -> str:
    return DEFAULT_SYSTEM


def known_systems() -> KnownSystems:
    """The registry as a file's validation reads it (model.KnownSystems): the model cannot
    import the rules, so the loader hands it this."""
    return KnownSystems(exists=is_system, listing=system_ids,
                        shares_squares=lambda sid: get_system(sid).creatures_share_squares)


def tick_conditions(conditions: list[Condition]) -> tuple[list[Condition], list[str]]:
    """Count one round off each timed condition; return what remains and what expired."""
    kept: list[Condition] = []
    expired: list[str] = []
    for c in conditions:
        if c.rounds_left is None:
            kept.append(c)
        elif c.rounds_left <= 1:
            expired.append(c.name)
        else:
            kept.append(c.model_copy(update={"rounds_left": c.rounds_left - 1}))
    return kept, expired
