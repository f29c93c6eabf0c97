"""Autosaves of files whose names hold glob characters (`[`, `]`, `*`, `?`) are found,
offered and rotated like any other: the stem went to `glob` unescaped, so recovery was never
offered and rotation never deleted (12 files after 12 autosaves, with a limit of 5)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from battlemap.engine import Session
from battlemap.engine.files import autosave


@pytest.mark.parametrize("name", ["fight [2].json", "a*b.json", "who?.json", "[x]-[y].json",
                                  "x].json"])
def test_autosaves_of_a_glob_like_name_rotate_and_are_offered(
        skirmish: Session, tmp_path: Path, name: str) -> None:
    target = tmp_path / name
    skirmish.save(target)
    skirmish.autosave_keep = 5
    written = []
    for _ in range(12):
        skirmish.damage("gob", 0)
        skirmish.damage("gob", 1)
        written.append(skirmish.autosave_now())
    folder = tmp_path / "data" / "autosave"
    assert len(list(folder.iterdir())) == 5
    assert autosave.autosaves_for(autosave.stem_for(target)) == written[-5:]
    newest = written[-1]
    assert newest is not None
    os.utime(target, (newest.stat().st_mtime - 10, newest.stat().st_mtime - 10))
    assert autosave.find_recovery(target) == newest


def test_a_stem_is_never_matched_by_another_files_autosaves(skirmish: Session,
                                                            tmp_path: Path) -> None:
    # "x" and "x*": with the stem as a pattern, the second's autosaves were the first's too.
    plain, star = tmp_path / "x.json", tmp_path / "x*.json"
    for target in (plain, star):
        skirmish.save(target)
        skirmish.damage("gob", 1)
        skirmish.autosave_now()
    for target in (plain, star):
        found = autosave.autosaves_for(autosave.stem_for(target))
        assert len(found) == 1 and found[0].name.startswith(autosave.stem_for(target) + ".")
