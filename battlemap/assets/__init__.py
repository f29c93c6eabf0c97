"""Where each resource the program reads at run time is: the demo encounters, the per-system
stat blocks and the application icon, all inside this package so that a wheel, `uv tool
install`, `pipx install` and a frozen app carry them as a source checkout does.

Every path comes from `importlib.resources`, never from `__file__`'s parents (those exist only
in a checkout). A missing resource is an error naming it (`MissingResource`), never an empty
fallback; `missing()` lists them all, and the window checks it before it opens."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib.resources import files
from pathlib import Path

DEFAULT_DEMO = "dnd2024-crypt.json"  # what `battlemap` opens with no file
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)  # the PNGs packaging/make-icons renders
# The systems that ship a bestiary (rules/core/system.py SHIPPED lists the same four).
STATBLOCK_SYSTEMS = ("breche35", "adnd2bis", "dnd2024", "pmt")


class MissingResource(FileNotFoundError):
    """A file this package ships is absent: the installation is broken (one sentence)."""


def _root() -> Path:
    root = files(__name__)
    if not isinstance(root, Path):  # a zipped install: Qt and the loaders need real files
        raise MissingResource(f"battlemap's resources are not files on disk ({root}); "
                              "install it unzipped (pip, uv or pipx do).")
    return root


def _existing(*parts: str) -> Path:
    path = _root().joinpath(*parts)
    if not path.is_file():
        raise MissingResource(f"{'/'.join(parts)}: this installation of battlemap lacks it "
                              f"(looked in {path.parent}); reinstall battlemap.")
    return path


def demo_files() -> list[Path]:
    """The bundled demo encounters, by file name."""
    folder = _root() / "demo"
    found = sorted(folder.glob("*.json")) if folder.is_dir() else []
    if not found:
        raise MissingResource(f"demo: this installation of battlemap has no demo encounter "
                              f"(looked in {folder}); reinstall battlemap.")
    return found


def demo_file(name: str = DEFAULT_DEMO) -> Path:
    return _existing("demo", name)


def demo_summary(path: Path) -> tuple[str, str]:
    """A demo's (encounter name, system id), read from its JSON without validating it."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return str(data.get("name", path.stem)), str(data.get("system", "?"))


def statblock_file(system: str) -> Path:
    """The system's bestiary (`statblocks/<system>.json`, our own stat blocks)."""
    return _existing("statblocks", f"{system}.json")


def icon_file(size: int | None = None) -> Path:
    """The application icon: the PNG of `size` pixels, or the SVG when no size is given."""
    if size is None:
        return _existing("icons", "battlemap.svg")
    if size not in ICON_SIZES:
        raise ValueError(f"no {size} px icon (sizes: {', '.join(map(str, ICON_SIZES))})")
    return _existing("icons", f"battlemap-{size}.png")


def missing() -> list[str]:
    """One sentence per resource this installation lacks (none in a good one)."""
    checks: list[Callable[[], object]] = [demo_files, demo_file, icon_file,
                                          *(lambda s=s: icon_file(s) for s in ICON_SIZES),
                                          *(lambda s=s: statblock_file(s)
                                            for s in STATBLOCK_SYSTEMS)]
    problems: list[str] = []
    for check in checks:
        try:
            check()
        except MissingResource as err:
            problems.append(str(err))
    return problems


__all__ = ["DEFAULT_DEMO", "ICON_SIZES", "STATBLOCK_SYSTEMS", "MissingResource", "demo_file",
           "demo_files", "demo_summary", "icon_file", "missing", "statblock_file"]
