"""Saving through a symbolic link writes through to its target (the link stays a link), and
a new file's mode follows the user's umask instead of a fixed 0644."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from battlemap.io import load_encounter, save_encounter
from battlemap.model import Encounter, Grid

posix = pytest.mark.skipif(sys.platform == "win32", reason="links and modes are POSIX here")


def _enc(name: str) -> Encounter:
    return Encounter(name=name, system="breche35", grid=Grid(cols=4, rows=4))


@posix
def test_a_save_through_a_link_writes_the_target_and_keeps_the_link(tmp_path: Path) -> None:
    real = tmp_path / "campaign" / "crypt.json"
    real.parent.mkdir()
    save_encounter(_enc("first"), real)
    link = tmp_path / "crypt.json"
    link.symlink_to(real)
    save_encounter(_enc("second"), link)
    assert link.is_symlink() and link.resolve() == real
    assert load_encounter(real).name == "second"
    assert load_encounter(real.with_name("crypt.json.bak")).name == "first"
    assert not (tmp_path / "crypt.json.bak").exists()


CHILD = r"""
import os, sys
os.umask(int(sys.argv[2], 8))
from battlemap.io import save_encounter
from battlemap.model import Encounter, Grid
save_encounter(Encounter(name="A", system="breche35", grid=Grid(cols=4, rows=4)), sys.argv[1])
"""


@posix
@pytest.mark.parametrize(("umask", "mode"), [("077", 0o600), ("027", 0o640), ("002", 0o664)])
def test_a_new_file_follows_the_umask(tmp_path: Path, umask: str, mode: int) -> None:
    path = tmp_path / f"u{umask}.json"
    subprocess.run([sys.executable, "-c", CHILD, str(path), umask], check=True, timeout=60)
    assert stat.S_IMODE(path.stat().st_mode) == mode


@posix
def test_an_existing_file_keeps_its_mode(tmp_path: Path) -> None:
    path = tmp_path / "kept.json"
    save_encounter(_enc("first"), path)
    os.chmod(path, 0o604)
    save_encounter(_enc("second"), path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o604
