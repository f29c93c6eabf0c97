"""The log's exports are atomic and say a failure in one sentence: a full disk left half a
file, and its OSError escaped the dock."""

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QFileDialog

from battlemap.io import encounter_file
from battlemap.ui.dialogs import prompts


def test_a_failed_log_export_keeps_the_old_file_and_says_why(window: Any, tmp_path: Path,
                                                             monkeypatch: Any) -> None:
    window.session.damage("ghoul", 2)
    dock = window.docks["log"]
    target = tmp_path / "log.json"
    target.write_text("previous", encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    shown: list[str] = []
    monkeypatch.setattr(prompts, "show_save_error", lambda _w, sentence: shown.append(sentence))

    def full(*_a: Any, **_k: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(encounter_file.os, "fsync", full)
    assert dock.export_json() is False
    assert dock.export_markdown() is False
    assert target.read_text(encoding="utf-8") == "previous"
    assert shown[0] == "log.json: No space left on device."
    assert [p.name for p in tmp_path.iterdir()] == ["log.json"]
