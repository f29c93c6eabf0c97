"""Autosaves are ordered by their sequence number, not the local clock: after a time-zone
or daylight-saving change the newest autosave sorted oldest, and rotation deleted it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from battlemap.engine import Session
from battlemap.engine.files import autosave


@pytest.fixture
def zone(monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    if not hasattr(time, "tzset"):
        pytest.skip("time.tzset is POSIX")

    def move_to(tz: str) -> None:
        monkeypatch.setenv("TZ", tz)
        time.tzset()

    yield move_to
    monkeypatch.undo()
    time.tzset()


def test_the_newest_autosave_survives_a_clock_moved_back(
        skirmish: Session, tmp_path: Path, zone: object) -> None:
    move_to = zone
    assert callable(move_to)
    skirmish.save(tmp_path / "fight.json")
    skirmish.autosave_keep = 3
    written = []
    for tz in ("UTC-3", "UTC-3", "UTC-3", "UTC+5", "UTC+5"):  # the local clock goes back 8 h
        move_to(tz)
        skirmish.damage("gob", 0)
        skirmish.damage("gob", 1)
        written.append(skirmish.autosave_now())
    kept = autosave.autosaves_for(autosave.stem_for(skirmish.path))
    assert kept == written[-3:]
    assert autosave.autosaves_for(autosave.stem_for(skirmish.path))[-1] == written[-1]
