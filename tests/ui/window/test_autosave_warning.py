"""A failing autosave (full disk, read-only folder) is said once in the status bar, in one
sentence, without a dialog or a traceback, and the sentence leaves when autosave works again."""

import os
from pathlib import Path
from typing import Any

import pytest

from battlemap.engine.files import autosave

FULL = ("Autosave cannot write to {folder} (No space left on device): save the encounter "
        "yourself until it works again.")


def _failing_writer(monkeypatch: Any) -> list[int]:
    tries: list[int] = []

    def disk_full(*_a: Any, **_k: Any) -> Path:
        tries.append(1)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(autosave, "write_autosave", disk_full)
    return tries


def _tick(window: Any) -> None:
    window.files.autosave_timer.timeout.emit()  # as the one-minute timer does


def test_a_failing_autosave_is_said_once_then_cleared(
        window: Any, capfd: Any) -> None:
    status = window.files.autosave_status
    shown: list[str] = []
    real_show = status._show
    # Its own patches, undone alone: `monkeypatch.undo()` would also drop the test's own data
    # folder (tests/ui/conftest.py) and the next autosave would go to the user's real one.
    with pytest.MonkeyPatch.context() as failing:
        failing.setattr(status, "_show", lambda: (real_show(), shown.append(status.text)))
        window.session.damage("ghoul", 2)
        tries = _failing_writer(failing)
        for _ in range(3):
            _tick(window)
        sentence = FULL.format(folder=autosave.autosave_dir())
        assert len(tries) == 3  # it keeps trying each minute ...
        assert shown == [sentence]  # ... but says it once
        assert status.label.isVisibleTo(window) and status.label.text() == sentence
        assert capfd.readouterr().err == ""
    _tick(window)
    assert autosave.autosaves_for(autosave.stem_for(None, f"untitled-{id(window.session):x}"))
    assert status.text == "" and not status.label.isVisibleTo(window)


def test_the_warning_follows_the_language(window: Any, monkeypatch: Any) -> None:
    window.session.damage("ghoul", 2)
    _failing_writer(monkeypatch)
    _tick(window)
    window.set_language("fr")
    assert window.files.autosave_status.text == (
        f"La sauvegarde automatique ne peut pas écrire dans {autosave.autosave_dir()} "
        "(No space left on device) : enregistrez la rencontre vous-même jusqu'à ce "
        "qu'elle fonctionne de nouveau.")


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0,
                    reason="a read-only folder needs POSIX permissions and a user that is not root")
def test_a_read_only_autosave_folder(window: Any, capfd: Any) -> None:
    folder = autosave.autosave_dir()
    folder.mkdir(parents=True)
    folder.chmod(0o500)
    try:
        window.session.damage("ghoul", 2)
        _tick(window)
        _tick(window)
        assert window.files.autosave_status.text == (
            f"Autosave cannot write to {folder} (Permission denied): save the encounter "
            "yourself until it works again.")
        assert capfd.readouterr().err == ""
    finally:
        folder.chmod(0o700)
    _tick(window)
    assert window.files.autosave_status.text == ""


def test_an_autosave_folder_that_is_a_file(window: Any, capfd: Any) -> None:
    # Blocked for every user, root included (unlike permissions).
    folder = autosave.autosave_dir()
    folder.parent.mkdir(parents=True)
    folder.write_text("not a folder")
    window.session.damage("ghoul", 2)
    _tick(window)
    assert window.files.autosave_status.text == (
        f"Autosave cannot write to {folder} (File exists): save the encounter "
        "yourself until it works again.")
    assert capfd.readouterr().err == ""
    folder.unlink()
    _tick(window)
    assert window.files.autosave_status.text == ""
    assert len(autosave.autosaves_for(autosave.stem_for(
        None, f"untitled-{id(window.session):x}"))) == 1
