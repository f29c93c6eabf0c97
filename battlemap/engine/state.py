"""The explicit state of one session: the encounter, its rule system, dice, history, event
log, change hub and dirty markers, the derived caches (`Caches`, each answer named with its
key and what makes it stale), and the few primitives every command and query is built on
(reading a token, the turn state, writing the log, the command wrapper that turns every
change into one undo step and notifies subscribers)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError

from battlemap.engine._memo import MISS, Memo
from battlemap.engine.changes import Change, ChangeHub
from battlemap.engine.errors import EngineError
from battlemap.engine.files import autosave
from battlemap.engine.history import History, Snapshot, Step
from battlemap.engine.log import EventLog, LogEntry
from battlemap.engine.shared_options import merged_rules
from battlemap.engine.turn_state import TurnState
from battlemap.engine.words import said
from battlemap.io.errors import first_problem
from battlemap.model import Condition, Encounter, Token
from battlemap.model.encounter import PlacementError, check_placement, moved_placement_ok
from battlemap.rules.core.combat import Combatant, HPChange
from battlemap.rules.core.dice import Dice
from battlemap.rules.core.notation import NotationError
from battlemap.rules.core.system import RuleSystem, get_system

if TYPE_CHECKING:  # the geometry core loads numpy and shapely: not on the start path
    from battlemap.geometry.reach import Reach

PER_TOKEN = 100_000  # per-token answers: one per creature on the biggest maps, and then some
PREVIEWS = 256  # a few hovers' worth of previews; the oldest answers go first
SENTENCES = 4096  # preview lines written with the same words at every drag square


@dataclass
class Caches:
    """Every answer the engine derives from the encounter and keeps, in one place. Per-token
    answers are stamped with the token object (commands replace a token when it changes);
    whole-encounter answers with the section they read."""

    # token id → its stats as the system's model; stamp: the token.
    stats: Memo[Any] = field(default_factory=lambda: Memo(PER_TOKEN))
    # token id → (reach, threatens at all, a move inside its zone provokes); stamp: the token.
    threat: Memo[tuple[Reach, bool, bool]] = field(default_factory=lambda: Memo(PER_TOKEN))
    # token id → opportunity attacks per round; stamp: the token and the system.
    oa_cap: Memo[int] = field(default_factory=lambda: Memo(PER_TOKEN))
    # token id → the system's full turn budget; stamp: token, options, turn and system.
    base_budget: Memo[Any] = field(default_factory=lambda: Memo(PER_TOKEN))
    # None → the system's options with the shared toggles merged; stamp: encounter.options.
    options: Memo[Any] = field(default_factory=lambda: Memo(1))
    # None → the parsed turn state (shared, read-only); stamp: encounter.turn.
    turn: Memo[TurnState] = field(default_factory=lambda: Memo(1))
    # None → the geometry policy; stamp: encounter.options.
    policy: Memo[Any] = field(default_factory=lambda: Memo(1))
    # None → each token's side in the geometry's token order; stamp: that order's id list.
    sides: Memo[Any] = field(default_factory=lambda: Memo(1))
    # (kind, history marker, arguments) → a preview; the marker moves with every command.
    previews: Memo[Any] = field(default_factory=lambda: Memo(PREVIEWS, lru=True))
    # (message key, typed parameters) → the preview line said with them; never stale.
    sentences: Memo[Any] = field(default_factory=lambda: Memo(SENTENCES))
    # token id → its slot in encounter.tokens; checked against the slot's id at each use.
    token_pos: dict[str, int] = field(default_factory=dict)
    # The prepared map; dropped when walls, terrain, grid or options change, updated in place
    # when tokens do (`State.invalidate`).
    geo: Any = None
    # The explored squares as a set, beside the list it was read from (queries/sight.py).
    explored: tuple[list[Any], set[Any]] | None = None
    # The rule callables geometry is given (reach, threatens, provoked within), made once so
    # geometry's own memos, which compare them, keep hitting.
    geometry_rules: Any = None


class State:
    autosave_keep = autosave.KEEP
    suggested_path: Path | None = None  # where "Save as" proposes (an imported map's name)

    def __init__(self, encounter: Encounter, seed: int | None = None,
                 path: Path | str | None = None, *, system: RuleSystem | None = None) -> None:
        self.encounter = encounter
        self.system: RuleSystem = system if system is not None else get_system(
            encounter.system)
        # A session always has a seed, so any evening can be replayed from its log.
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**32)
        self.dice = Dice(self.seed)
        self.path: Path | None = Path(path) if path is not None else None
        self.history = History()
        self.log = EventLog(encounter.log)
        self.clock: Callable[[], float] = time.monotonic
        self.hub = ChangeHub()
        self.saved_marker = 0
        self.autosaved_marker = 0
        self.in_command = False
        self.caches = Caches()

    # -- read access --------------------------------------------------------------------
    @property
    def options(self) -> Any:
        """The system's options model, validated once per options object, with the
        encounter's shared toggles on top (see `shared_options`)."""
        raw = self.encounter.options
        memo = self.caches.options
        hit = memo.lookup(None, raw)
        if hit is MISS:
            hit = memo.store(None, merged_rules(raw, self.system.options_model), raw)
        return hit

    def token(self, token_id: str) -> Token:
        # Commands swap tokens in their list slots, add and remove them: a position index
        # checked against the slot's id stays O(1) and rebuilds itself when anything moved.
        tokens = self.encounter.tokens
        pos = self.caches.token_pos.get(token_id)
        if pos is None or pos >= len(tokens) or tokens[pos].id != token_id:
            self.caches.token_pos = {t.id: i for i, t in enumerate(tokens)}
            pos = self.caches.token_pos.get(token_id)
        if pos is not None:
            return tokens[pos]
        ids = ", ".join(t.id for t in self.encounter.tokens) or said("error.none")
        raise EngineError(said("error.no_token", id=token_id, ids=ids))

    def stats(self, token_id: str) -> Any:
        tok = self.token(token_id)
        memo = self.caches.stats
        hit = memo.lookup(token_id, tok)
        if hit is MISS:
            hit = memo.store(token_id, self.validate_stats(tok), tok)
        return hit

    def validate_stats(self, tok: Token) -> Any:
        """The token's stats as the system's model, or one sentence naming the problem."""
        try:
            return self.system.stats_model.model_validate(tok.stats or {})
        except ValidationError as err:
            where, msg = first_problem(err)
            raise EngineError(said("error.token_field", id=tok.id, where=f"stats.{where}",
                                   msg=msg), problem=err.errors()[0]) from None

    def combatant(self, token_id: str) -> Combatant:
        t = self.token(token_id)
        st = self.stats(token_id)
        hp = t.hp if t.hp is not None else getattr(st, "max_hp", None)
        return Combatant(id=t.id, name=t.name, side=t.side, size=t.size, stats=st, hp=hp,
                         temp_hp=t.temp_hp, nonlethal=t.nonlethal, conditions=list(t.conditions),
                         elevation_m=t.elevation_m)

    def condition_immunity(self, token_id: str, name: str) -> str | None:
        """Why the token's creature is immune to the condition `name` (its system's ruling,
        naming the immunity and its source), None when the condition takes hold."""
        check = getattr(self.system, "condition_immunity", None)  # a plugin may lack it
        return check(self.combatant(token_id), name) if callable(check) else None

    @property
    def turn_state(self) -> TurnState:
        """A copy the caller may change and store back with `_set_turn`."""
        return self.turn_view().independent_copy()

    def turn_view(self) -> TurnState:
        """The parsed turn state, shared: read it, never change it."""
        raw = self.encounter.turn
        memo = self.caches.turn
        hit = memo.lookup(None, raw)
        if hit is MISS:
            hit = memo.store(None, TurnState.load(raw), raw)
        return hit

    def set_turn(self, state: TurnState) -> None:
        raw = self.encounter.__dict__["turn"] = state.model_dump(mode="json")
        # What parsing `raw` again would give (~0.7 ms with 300 tokens): a copy, as the
        # caller may go on changing its own.
        self.caches.turn.store(None, state.independent_copy(), raw)

    @property
    def round(self) -> int:
        return self.turn_view().round

    @property
    def order(self) -> list[str]:
        return self.turn_view().ids()

    @property
    def current_token_id(self) -> str | None:
        return self.turn_view().current

    # -- subscribers, history -----------------------------------------------------------
    def subscribe(self, callback: Callable[..., None], whole: bool = False
                  ) -> Callable[[], None]:
        """`callback(change)` for each change of every command, or with `whole`,
        `callback(changes)` once per command (`ChangeHub`)."""
        return self.hub.subscribe(callback, whole)

    @property
    def can_undo(self) -> bool:
        return bool(self.history.undo_stack)

    @property
    def can_redo(self) -> bool:
        return bool(self.history.redo_stack)

    @property
    def undo_text(self) -> str:
        return self.history.undo_stack[-1].label if self.can_undo else ""

    @property
    def redo_text(self) -> str:
        return self.history.redo_stack[-1].label if self.can_redo else ""

    @property
    def dirty(self) -> bool:
        return self.history.marker != self.saved_marker

    def undo(self) -> bool:
        if not self.can_undo:
            return False
        step = self.history.undo_stack.pop()
        self.history.redo_stack.append(step)
        self._after(step.undo(self.encounter, self.dice))
        return True

    def redo(self) -> bool:
        if not self.can_redo:
            return False
        step = self.history.redo_stack.pop()
        self.history.undo_stack.append(step)
        self._after(step.redo(self.encounter, self.dice))
        return True

    def _after(self, changes: list[Change]) -> None:
        self.invalidate(changes)
        self.hub.emit(changes)

    def invalidate(self, changes: list[Change]) -> None:
        """Drop the prepared map when what it is built from changed; moved tokens are put
        into it in place (the other caches are stamped and check themselves)."""
        kinds = {c.kind for c in changes}
        if kinds & {"walls", "terrain", "grid", "all", "options"}:
            self.caches.geo = None
        elif "tokens" in kinds:
            self._geo_tokens_changed([i for c in changes if c.kind == "tokens" for i in c.ids])

    def _geo_tokens_changed(self, ids: list[str]) -> None:
        geo = self.caches.geo
        if geo is None:
            return
        update = getattr(geo, "update_token", None)
        tokens = getattr(geo, "tokens", None)
        if update is None or not isinstance(tokens, dict):
            self.caches.geo = None
            return
        present = {t.id: t for t in self.encounter.tokens}
        if set(tokens) != set(present):  # added or removed: rebuild the token part
            self.caches.geo = None
            return
        for token_id in ids:
            tokens[token_id] = present[token_id]
            update(token_id)  # no field change: just drops the token index

    @contextmanager
    def command(self, label: str, **meta: Any) -> Iterator[None]:
        """Run the body as one undo step; on error, restore everything and re-raise."""
        if self.in_command:  # a command called by another joins its step
            yield
            return
        snap = Snapshot.take(self.encounter, self.dice)
        self.in_command = True
        try:
            yield
        except BaseException as exc:
            failed = Step.between(label, snap, self.encounter, self.dice)
            self.invalidate(failed.undo(self.encounter, self.dice))
            if isinstance(exc, NotationError):  # a damage typed in a dialog, "1d8/0"…
                raise EngineError(said("error.dice", problem=exc.args[0]),
                                  problem={"type": "value_error", "msg": str(exc)}) from None
            raise
        finally:
            self.in_command = False
        # Physical dice typed for this command and not needed by it (the damage die of a
        # miss) are dropped: left in the queue they became the next command's d20.
        self.dice.forced.clear()
        step = Step.between(label, snap, self.encounter, self.dice)
        if step.empty:
            return
        step.meta.update(meta)
        self.history.push(step)
        self._after(step.changes())

    # -- helpers for commands -----------------------------------------------------------
    def index_of(self, token_id: str) -> int:
        for i, t in enumerate(self.encounter.tokens):
            if t.id == token_id:
                return i
        self.token(token_id)  # raises the sentence
        raise AssertionError

    def replace_token(self, token_id: str, **fields: Any) -> Token:
        """Put a new Token in the slot (never mutate: history shares the old object)."""
        i = self.index_of(token_id)
        new = self.encounter.tokens[i].model_copy(update=fields)
        self.encounter.tokens[i] = new
        return new

    def apply_hp(self, change: HPChange) -> None:
        """The change on its token; a condition it brings that the creature is immune to
        (a 2024 stat block's) is left off, and its notes say why."""
        tok = self.token(change.token)
        conds = [c for c in tok.conditions if c.name not in set(change.conditions_removed)]
        immune = {c.name: why for c in change.conditions_added
                  if (why := self.condition_immunity(change.token, c.name)) is not None}
        if immune:
            change.conditions_added = [c for c in change.conditions_added if c.name not in immune]
            change.notes += list(immune.values())
        for c in change.conditions_added:
            conds = [x for x in conds if x.name != c.name] + [Condition.model_validate(c)]
        self.replace_token(change.token, hp=change.after, nonlethal=change.nonlethal_after,
                            temp_hp=change.temp_hp_after, conditions=conds)

    def write_log(self, kind: str, summary: str, actor: str | None = None,
             targets: list[str] | tuple[str, ...] = (),
             details: dict[str, Any] | None = None) -> int:
        details = _jsonable(details or {})
        # The names of the creatures the details speak of, as they are now: the log reads
        # "Goule: PV 22 → 0", not "goule", even once the token is renamed or removed.
        ids = {actor, *targets} | {row.get("token") for key in ("hp", "saves", "entries")
                                   for row in details.get(key) or () if isinstance(row, dict)}
        present = {tok.id: tok.name for tok in self.encounter.tokens}
        names = {i: present[i] for i in sorted(i for i in ids if i in present)}
        if names:
            details["names"] = names
        entry = LogEntry(id=self.log.next_id(), kind=kind, actor=actor, targets=list(targets),
                         round=self.round, summary=summary, details=details)
        self.encounter.log.append(entry.model_dump(mode="json"))
        return entry.id

    def check_placement(self, moved: str | None = None) -> None:
        """Re-run the encounter's own checks (grid bounds, overlaps, unique ids). `moved`:
        that token alone changed place since the last check, so only its place is looked at
        unless it breaks a rule (then the whole check names the rule)."""
        enc = self.encounter
        if moved is not None and moved_placement_ok(enc, moved,
                                                    self.system.creatures_share_squares):
            return
        fields = {**enc.__dict__, "walls": []}  # every field given: no default factories run
        probe = Encounter.model_construct(**fields)
        try:
            # The model's own check, with the system's rule and without copying the walls.
            check_placement(probe, shares_squares=self.system.creatures_share_squares)
        except PlacementError as err:
            raise EngineError(said("error.not_allowed", problem=self._placement_words(err))
                              ) from None
        except ValueError as err:
            raise EngineError(said("error.not_allowed", problem=err.args[0])) from None

    def _placement_words(self, err: PlacementError) -> str:
        """A broken placement rule said by the creatures' names (the file's own sentence
        names entries: "tokens[2] ('ghoul') overlaps 'hero'")."""
        p = err.params
        if err.key == "placement.overlap":
            return said("problem.overlap", name=self.name_of(p["id"]),
                        other=self.name_of(p["other"]), system=self.system.name)
        if err.key == "placement.off_grid":
            return said("problem.off_grid", name=self.name_of(p["id"]), cols=p["cols"],
                        rows=p["rows"])
        return str(err.args[0])

    def name_of(self, token_id: str) -> str:
        try:
            return self.token(token_id).name
        except EngineError:
            return token_id


def _jsonable(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value
