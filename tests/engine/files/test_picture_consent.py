"""The consent to show pictures from outside an encounter's folder: kept per encounter file
and picture (both resolved), read safely (a broken or odd consent file means "ask again")."""

from __future__ import annotations

import os
from pathlib import Path

from battlemap.engine.files.autosave import data_dir
from battlemap.engine.files.picture_consent import allow_this_run, may_show, remember_consent


def _files(tmp_path: Path) -> tuple[Path, Path]:
    (tmp_path / "maps").mkdir()
    return tmp_path / "maps" / "crypt.json", tmp_path / "secret.png"


def test_inside_the_folder_and_the_bundled_assets_need_no_consent(tmp_path: Path) -> None:
    from battlemap import assets

    enc, _ = _files(tmp_path)
    assert may_show(tmp_path / "maps" / "sub" / "map.png", enc)
    assert may_show(assets.icon_file(64), enc)
    assert may_show(tmp_path / "secret.png", None)  # no file, no folder: the GM's own pick


def test_a_remembered_consent_is_for_that_file_and_that_picture(tmp_path: Path) -> None:
    enc, secret = _files(tmp_path)
    assert not may_show(secret, enc)
    remember_consent(enc, [secret])
    assert may_show(tmp_path / "maps" / ".." / "secret.png", enc)  # the same, resolved
    assert not may_show(tmp_path / "other.png", enc)
    assert not may_show(secret, tmp_path / "maps" / "copy.json")


def test_a_consent_for_this_run_is_not_written(tmp_path: Path) -> None:
    enc, secret = _files(tmp_path)
    allow_this_run(enc, [secret])
    assert may_show(secret, enc)
    assert not (data_dir() / "picture-consent.json").exists()


def test_a_broken_consent_file_means_ask_again(tmp_path: Path) -> None:
    enc, secret = _files(tmp_path)
    remember_consent(enc, [secret])
    store = data_dir() / "picture-consent.json"
    for broken in (b"{", b'{"format": "other", "consents": []}', b'{"format": "battlemap-picture-consent", "consents": [1, [2]]}',
                   b"\xff\xfe", b"[" * 100_000):
        store.write_bytes(broken)
        assert not may_show(secret, enc)
    store.unlink()
    os.mkfifo(store)  # a pipe in its place: never waited on
    assert not may_show(secret, enc)
