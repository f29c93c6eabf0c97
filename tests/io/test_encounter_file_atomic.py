"""Saves are atomic: a failure at any point leaves the old file whole (issue 5, docs/architecture.md#conventions)."""

from __future__ import annotations

import os

import pytest

from battlemap.io import encounter_file, load_encounter, save_encounter
from battlemap.model import Encounter, Grid


def _enc(name: str) -> Encounter:
    return Encounter(name=name, system="dnd2024", grid=Grid(cols=4, rows=4))


def test_backup_holds_previous_version(tmp_path):
    path = tmp_path / "e.json"
    save_encounter(_enc("first"), path)
    save_encounter(_enc("second"), path)
    assert load_encounter(path).name == "second"
    assert load_encounter(tmp_path / "e.json.bak").name == "first"


@pytest.mark.parametrize("fail_at", ["fsync", "copy2", "replace"])
def test_failed_save_leaves_old_file_loadable(tmp_path, monkeypatch, fail_at):
    path = tmp_path / "e.json"
    save_encounter(_enc("good"), path)

    def boom(*a, **k):
        raise OSError("disk full")

    target = {"fsync": (encounter_file.os, "fsync"), "copy2": (encounter_file.shutil, "copy2"),
              "replace": (encounter_file.os, "replace")}[fail_at]
    monkeypatch.setattr(*target, boom)
    with pytest.raises(OSError):
        save_encounter(_enc("bad"), path)
    monkeypatch.undo()
    assert load_encounter(path).name == "good"
    assert sorted(os.listdir(tmp_path)) == ["e.json"]  # no temporary file left behind
