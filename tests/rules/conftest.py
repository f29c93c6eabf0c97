"""Fixtures of the rule scenarios: those that play a system through the engine's Session
keep their autosaves in the test's own folder, as the engine tests do."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.workspace import isolate_data_dir


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    isolate_data_dir(tmp_path, monkeypatch)
