"""Every save path of a session (Save, autosave) reports an encounter that cannot be written
in one sentence (`SaveError`), the same whatever made it fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from battlemap.engine import Session
from battlemap.io import SaveError
from battlemap.model import Condition, Encounter, Grid, Token


def _unsavable() -> Session:
    enc = Encounter(name="Crypt", system="breche35", grid=Grid(cols=6, rows=6),
                    tokens=[Token(id="a", name="Ash", col=1, row=1,
                                  conditions=[Condition(name="prone", source="\ud800")])])
    return Session(enc, seed=1)


def test_save_and_autosave_of_an_unsavable_encounter_raise_one_sentence(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BATTLEMAP_DATA_DIR", str(tmp_path / "data"))
    session = _unsavable()
    with pytest.raises(SaveError, match=r"^crypt\.json: cannot be saved \(some text is not "):
        session.save(tmp_path / "crypt.json")
    assert not (tmp_path / "crypt.json").exists()
    session.damage("a", 1)
    with pytest.raises(SaveError, match="cannot be saved"):
        session.autosave_now()
    assert session.dirty
