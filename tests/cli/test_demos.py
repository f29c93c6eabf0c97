"""`battlemap demos`: one line per bundled demo — name, system, path — and each path is one
that `battlemap check` opens from any folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from battlemap import assets
from battlemap.cli import main


def test_every_demo_is_listed_with_its_system_and_a_path_that_checks(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert main(["demos"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(assets.demo_files()) == 4
    monkeypatch.chdir(tmp_path)  # nothing of the checkout around
    for line in lines:
        name, system, path = line.split("\t")
        assert (name, system) == assets.demo_summary(Path(path))
        assert Path(path).is_absolute()
        assert main(["check", path]) == 0
        assert capsys.readouterr().out.startswith(f"{path}: ok — {system}, ")


def test_no_demo_is_one_sentence_and_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(assets, "_root", lambda: tmp_path)
    assert main(["demos"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("battlemap: demo: ") and "reinstall battlemap" in err
