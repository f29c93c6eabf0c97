"""The window says why a save or an autosave failed, whatever the reason (not only a disk
error), in one sentence, and keeps the encounter unsaved."""

from pathlib import Path
from typing import Any

from battlemap.io import SaveError
from battlemap.ui.dialogs import prompts


def _fail(*_a: Any, **_k: Any) -> Any:
    raise SaveError("crypt.json: cannot be saved (some text is not valid Unicode); the file on "
                    "disk is unchanged.")


def test_a_save_error_is_shown_in_one_sentence(window: Any, tmp_path: Path,
                                               monkeypatch: Any) -> None:
    shown: list[str] = []
    monkeypatch.setattr(prompts, "show_save_error", lambda _w, sentence: shown.append(sentence))
    window.session.damage("ghoul", 2)
    window.session.path = tmp_path / "crypt.json"
    monkeypatch.setattr(window.session, "save", _fail)
    assert window.files.save() is False
    assert shown == ["crypt.json: cannot be saved (some text is not valid Unicode); the file on "
                     "disk is unchanged."]
    assert window.session.dirty


def test_an_autosave_error_is_kept_in_the_status_bar(window: Any, monkeypatch: Any) -> None:
    window.session.damage("ghoul", 2)
    monkeypatch.setattr(window.session, "autosave_now", _fail)
    window.files.autosave_timer.timeout.emit()
    assert "cannot be saved (some text is not valid Unicode)" in window.files.autosave_status.text
