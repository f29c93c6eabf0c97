"""The session core: the encounter, its rule system, dice, caches, and the command wrapper
that turns every change into one undo step and notifies subscribers."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError

from battlemap.engine.changes import Change, ChangeHub
from battlemap.engine.errors import EngineError
from battlemap.engine.history import History, Snapshot, Step
from battlemap.engine.log import EventLog, LogEntry
from battlemap.engine.preview_memo import PreviewMemo
from battlemap.engine.shared_options import merged_rules
from battlemap.engine.turn_state import TurnState
from battlemap.engine.words import said
from battlemap.io.errors import first_problem
from battlemap.model import Condition, Encounter, EncounterOptions, Token
from battlemap.model.encounter import PlacementError
from battlemap.rules.core.combat import Combatant, HPChange
from battlemap.rules.core.dice import Dice
from battlemap.rules.core.notation import NotationError
from battlemap.rules.core.system import RuleSystem, get_system

if TYPE_CHECKING:  # the geometry core loads numpy and shapely: imported where it measures
    from battlemap.geometry import GeometryPolicy, MapGeometry


class SessionCore:
    def __init__(self, encounter: Encounter, seed: int | None = None,
                 path: Path | str | None = None, *, system: RuleSystem | None = None) -> None:
        self.encounter = encounter
        self.system: RuleSystem = system if system is not None else get_system(
            encounter.system.value)
        # A session always has a seed, so any evening can be replayed from its log.
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**32)
        self.dice = Dice(self.seed)
        self.path: Path | None = Path(path) if path is not None else None
        self.history = History()
        self.log = EventLog(encounter.log)
        self.clock: Callable[[], float] = time.monotonic
        self._hub = ChangeHub()
        self._saved_marker = 0
        self._autosaved_marker = 0
        self._in_command = False
        self._stats_cache: dict[str, tuple[Token, Any]] = {}
        self._token_pos: dict[str, int] = {}
        self._threat_memo: dict[str, tuple[Token, float, bool, bool]] = {}
        self._options_cache: tuple[Any, Any] | None = None
        self._turn_cache: tuple[Any, TurnState] | None = None
        self._geo_cache: MapGeometry | None = None
        self._policy_cache: tuple[EncounterOptions, GeometryPolicy] | None = None
        self._previews = PreviewMemo()

    # -- read access --------------------------------------------------------------------
    @property
    def options(self) -> Any:
        """The system's options model, validated once per options object, with the
        encounter's shared toggles on top (see `shared_options`)."""
        raw = self.encounter.options
        if self._options_cache is None or self._options_cache[0] is not raw:
            self._options_cache = (raw, merged_rules(raw, self.system.options_model))
        return self._options_cache[1]

    def token(self, token_id: str) -> Token:
        # Commands swap tokens in their list slots, add and remove them: a position index
        # checked against the slot's id stays O(1) and rebuilds itself when anything moved.
        tokens = self.encounter.tokens
        pos = self._token_pos.get(token_id)
        if pos is None or pos >= len(tokens) or tokens[pos].id != token_id:
            self._token_pos = {t.id: i for i, t in enumerate(tokens)}
            pos = self._token_pos.get(token_id)
        if pos is not None:
            return tokens[pos]
        ids = ", ".join(t.id for t in self.encounter.tokens) or said("error.none")
        raise EngineError(said("error.no_token", id=token_id, ids=ids))

    def stats(self, token_id: str) -> Any:
        tok = self.token(token_id)
        hit = self._stats_cache.get(token_id)
        if hit is None or hit[0] is not tok:
            hit = (tok, self.validate_stats(tok))
            self._stats_cache[token_id] = hit
        return hit[1]

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

    @property
    def turn_state(self) -> TurnState:
        """A copy the caller may change and store back with `_set_turn`."""
        return self._turn_view().independent_copy()

    def _turn_view(self) -> TurnState:
        """The parsed turn state, shared: read it, never change it."""
        raw = self.encounter.turn
        if self._turn_cache is None or self._turn_cache[0] is not raw:
            self._turn_cache = (raw, TurnState.load(raw))
        return self._turn_cache[1]

    def _set_turn(self, state: TurnState) -> None:
        raw = self.encounter.__dict__["turn"] = state.model_dump(mode="json")
        # What parsing `raw` again would give (~0.7 ms with 300 tokens): a copy, as the
        # caller may go on changing its own.
        self._turn_cache = (raw, state.independent_copy())

    @property
    def round(self) -> int:
        return self._turn_view().round

    @property
    def order(self) -> list[str]:
        return self._turn_view().ids()

    @property
    def current_token_id(self) -> str | None:
        return self._turn_view().current

    # -- subscribers, history -----------------------------------------------------------
    def subscribe(self, callback: Callable[..., None], whole: bool = False
                  ) -> Callable[[], None]:
        """`callback(change)` for each change of every command, or with `whole`,
        `callback(changes)` once per command (`ChangeHub`)."""
        return self._hub.subscribe(callback, whole)

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
        return self.history.marker != self._saved_marker

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
        self._invalidate(changes)
        self._hub.emit(changes)

    def _invalidate(self, changes: list[Change]) -> None:
        kinds = {c.kind for c in changes}
        if kinds & {"walls", "terrain", "grid", "all", "options"}:
            self._geo_cache = None
        elif "tokens" in kinds:
            self._geo_tokens_changed([i for c in changes if c.kind == "tokens" for i in c.ids])

    def _geo_tokens_changed(self, ids: list[str]) -> None:
        self._geo_cache = None  # refined by the geometry bridge when it can update in place

    @contextmanager
    def _command(self, label: str, **meta: Any) -> Iterator[None]:
        """Run the body as one undo step; on error, restore everything and re-raise."""
        if self._in_command:  # a command called by another joins its step
            yield
            return
        snap = Snapshot.take(self.encounter, self.dice)
        self._in_command = True
        try:
            yield
        except BaseException as exc:
            failed = Step.between(label, snap, self.encounter, self.dice)
            self._invalidate(failed.undo(self.encounter, self.dice))
            if isinstance(exc, NotationError):  # a damage typed in a dialog, "1d8/0"…
                raise EngineError(said("error.dice", problem=str(exc)),
                                  problem={"type": "value_error", "msg": str(exc)}) from None
            raise
        finally:
            self._in_command = False
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
    def _index(self, token_id: str) -> int:
        for i, t in enumerate(self.encounter.tokens):
            if t.id == token_id:
                return i
        self.token(token_id)  # raises the sentence
        raise AssertionError

    def _replace_token(self, token_id: str, **fields: Any) -> Token:
        """Put a new Token in the slot (never mutate: history shares the old object)."""
        i = self._index(token_id)
        new = self.encounter.tokens[i].model_copy(update=fields)
        self.encounter.tokens[i] = new
        return new

    def _apply_hp(self, change: HPChange) -> None:
        tok = self.token(change.token)
        conds = [c for c in tok.conditions if c.name not in set(change.conditions_removed)]
        for c in change.conditions_added:
            conds = [x for x in conds if x.name != c.name] + [Condition.model_validate(c)]
        self._replace_token(change.token, hp=change.after, nonlethal=change.nonlethal_after,
                            temp_hp=change.temp_hp_after, conditions=conds)

    def _log(self, kind: str, fr: str, en: str, actor: str | None = None,
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
                         round=self.round, summary_fr=fr, summary_en=en, details=details)
        self.encounter.log.append(entry.model_dump(mode="json"))
        return entry.id

    def _check_placement(self) -> None:
        """Re-run the encounter's own checks (grid bounds, overlaps, unique ids)."""
        enc = self.encounter
        fields = {**enc.__dict__, "walls": []}  # every field given: no default factories run
        probe = Encounter.model_construct(**fields)
        try:
            probe._placement()  # type: ignore[operator]  # the model's own validator, without copying the walls
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
