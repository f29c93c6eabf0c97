"""The encounter engine: Session, commands, undo/redo, event log, turns, autosave. No Qt."""

from battlemap.engine.changes import Change
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
from battlemap.engine.turn_state import TurnState

__all__ = [
    "AreaOutcome",
    "AttackOutcome",
    "AttackPreview",
    "Change",
    "EngineError",
    "EventLog",
    "LogEntry",
    "MoveOutcome",
    "MovePreview",
    "Refused",
    "Session",
    "TurnState",
]
