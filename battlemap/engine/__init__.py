"""The encounter engine, no Qt. `Session` is a thin front over its `State` (state.py: the
encounter, system, dice, history, log, change hub, dirty markers and the derived caches);
its methods are the registered commands (commands/__init__.py: what a GM can do, by id),
the queries (queries/: previews, geometry for the rules, budgets; situations.py) and the
files (files/: load with migration, save, autosave).

Asking the GM: a command that needs a decision before it may change anything (a move, an
attack or a manoeuvre with `oa="ask"` that provokes opportunity attacks; a manoeuvre with
`defender_choice="ask"` whose defender chooses) returns a `Decision` instead of its outcome:
who would attack and why (`provokes`) or the roll to choose on (`result`), the sentence
(`reason`, a message), and the plan it computed. Nothing changed. The caller asks the GM
and calls the same command again with the answer (`oa_choices`, or `defender_choice`) and
`decision=`: the carried plan is used again while the encounter is the one it was asked
on. Not calling again is cancelling. See decision.py."""

from battlemap.engine.changes import Change
from battlemap.engine.decision import Decision
from battlemap.engine.errors import EngineError, Refused
from battlemap.engine.log import EventLog, LogEntry
from battlemap.engine.results import (
    AreaOutcome,
    AttackOutcome,
    AttackPreview,
    MoveOutcome,
    MovePreview,
)
from battlemap.engine.session import Session
from battlemap.engine.state import State
from battlemap.engine.turn_state import TurnState

__all__ = [
    "AreaOutcome",
    "AttackOutcome",
    "AttackPreview",
    "Change",
    "Decision",
    "EngineError",
    "EventLog",
    "LogEntry",
    "MoveOutcome",
    "MovePreview",
    "Refused",
    "Session",
    "State",
    "TurnState",
]
