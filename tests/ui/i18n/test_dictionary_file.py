"""The interface's French is a file of the package, read with importlib.resources: a missing
file is an error, not an interface silently in English."""

from __future__ import annotations

from pathlib import Path

import pytest

from battlemap.ui.i18n import translator


def test_the_dictionary_is_read_from_the_package() -> None:
    assert translator.french()["&File"] == "&Fichier"


def test_a_missing_dictionary_is_a_loud_error(monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:
    monkeypatch.setattr(translator.resources, "files", lambda _package: tmp_path)
    translator.french.cache_clear()
    try:
        with pytest.raises(FileNotFoundError):
            translator.french()
    finally:
        monkeypatch.undo()
        translator.french.cache_clear()
    assert translator.french()["&File"] == "&Fichier"
