"""The `battlemap` command itself: `--version`, `python -m battlemap`, the window's options
(`--lang`, `--player`) given without `gui`, and a broken installation refused in one
sentence before any window opens."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import battlemap
import battlemap.cli as cli
from battlemap import assets


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        cli.main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.startswith(f"battlemap {battlemap.__version__} (Python 3.")


def test_python_dash_m_runs_the_command(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "battlemap", "--version"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.startswith(f"battlemap {battlemap.__version__} ")


@pytest.mark.parametrize("argv", [["--lang", "fr"], ["--lang", "en", "a.json"],
                                  ["--player", "a.json"], ["a.json", "--lang", "fr"]])
def test_the_windows_options_need_no_gui_word(argv: list[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import battlemap.cli.gui as gui

    seen: list[object] = []
    monkeypatch.setattr(gui, "run", lambda args: seen.append(args) or 0)
    assert cli.main(argv) == 0
    (args,) = seen
    full = vars(cli.build_parser().parse_args(["gui", *argv]))
    assert {**vars(args), "func": None} == {**full, "func": None}


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(SystemExit) as done:
        cli.main(["--lang", "de"])
    assert done.value.code == 2


def test_a_broken_installation_is_one_sentence(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(assets, "_root", lambda: tmp_path)
    assert cli.main([]) == 2
    err = capsys.readouterr().err
    assert err.startswith("battlemap: ") and "statblocks/pmt.json" in err
    assert "\n" not in err.strip()
