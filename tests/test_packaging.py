"""What the distributions carry: `uv build` makes an sdist, then the wheel from it (as pip
and uv do from PyPI); both must hold every file the program reads at run time, i.e. every
file of the package that is not Python source, and the licence."""

import shutil
import subprocess
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _package_data() -> set[str]:
    out = subprocess.run(["git", "ls-files", "battlemap"], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout.split()
    return {p for p in out if not p.endswith(".py")}


@pytest.mark.slow
def test_the_sdist_and_the_wheel_built_from_it_carry_every_resource(tmp_path: Path) -> None:
    uv = shutil.which("uv")
    assert uv, "uv is the project's build front-end (README): it must be on PATH"
    subprocess.run([uv, "build", "--quiet", "-o", str(tmp_path)], cwd=ROOT, check=True,
                   timeout=300)
    data = _package_data()
    assert {"battlemap/assets/demo/dnd2024-crypt.json", "battlemap/assets/icons/battlemap.svg",
            "battlemap/assets/statblocks/pmt.json"} <= data
    (wheel,) = tmp_path.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert data <= names, sorted(data - names)
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
    assert "License-Expression: MIT" in zipfile.ZipFile(wheel).read(metadata).decode()
    (sdist,) = tmp_path.glob("*.tar.gz")
    with tarfile.open(sdist) as tar:
        inside = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    assert data <= inside, sorted(data - inside)


def test_the_desktop_entry_runs_battlemap_with_its_icon() -> None:
    entry = dict(line.split("=", 1) for line in
                 (ROOT / "packaging" / "battlemap.desktop").read_text(encoding="utf-8").splitlines()
                 if "=" in line)
    assert entry["Type"] == "Application" and entry["Exec"].split()[0] == "battlemap"
    assert entry["Icon"] == "battlemap"  # packaging/install-desktop installs battlemap.png/svg
    assert entry["Name[fr]"] and entry["Terminal"] == "false"


def test_the_app_spec_sees_every_sub_command_and_system() -> None:
    # A frozen app has no entry points: the sub-commands are imported in the code, and the
    # spec lists every battlemap module for the systems SHIPPED names by module.
    commands = (ROOT / "battlemap" / "cli" / "commands.py").read_text(encoding="utf-8")
    assert "importlib" not in commands
    spec = (ROOT / "packaging" / "battlemap.spec").read_text(encoding="utf-8")
    assert 'collect_submodules("battlemap")' in spec and 'collect_data_files("d20")' in spec
