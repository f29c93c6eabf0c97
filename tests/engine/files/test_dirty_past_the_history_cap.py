"""The unsaved-changes flag stays right past the history's cap (2,000 steps): undoing to the
bottom of a capped history is not the saved state, so closing asks and autosave writes."""

from __future__ import annotations

from pathlib import Path

from battlemap.engine import Session
from battlemap.model import Encounter, Grid, Token


def _session(limit: int) -> Session:
    enc = Encounter(name="Soak", system="breche35", grid=Grid(cols=6, rows=6),
                    tokens=[Token(id="a", name="Ash", col=1, row=1, hp=10_000)])
    session = Session(enc, seed=1)
    session.history.limit = limit
    return session


def test_undo_to_the_bottom_of_a_capped_history_is_still_unsaved() -> None:
    session = _session(limit=2000)
    for _ in range(2005):
        session.damage("a", 1)
    while session.undo():
        pass
    assert len(session.history.redo_stack) == 2000
    assert session.dirty  # five steps from the opened state are beyond undo
    assert session.autosave_now() is not None


def test_saved_at_the_bottom_of_a_capped_history_is_clean_there(tmp_path: Path) -> None:
    session = _session(limit=3)
    for _ in range(4):
        session.damage("a", 1)
    session.save(tmp_path / "soak.json")
    assert not session.dirty
    for _ in range(3):
        session.damage("a", 1)  # the saved step falls off the bottom
    while session.undo():
        pass
    assert not session.dirty  # back at the saved state, though its step is gone
    session.redo()
    assert session.dirty
