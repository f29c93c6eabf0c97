"""Where a test's files go: its own data folder, so autosaves never reach the user's."""

from __future__ import annotations

from pathlib import Path

import pytest


def isolate_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Autosaves of the test go to a `data` folder inside its temporary folder."""
    monkeypatch.setenv("BATTLEMAP_DATA_DIR", str(tmp_path / "data"))
