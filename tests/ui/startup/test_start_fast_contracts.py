"""The import rules the start-up work relies on: the layer contracts of pyproject.toml hold,
and what runs before Qt on `battlemap FILE` (reading the file, the start-up helpers) imports
no Qt at all, so the whole encounter loads before PySide6's import hook exists."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_the_import_contracts_hold() -> None:
    lint = Path(sys.executable).with_name("lint-imports")
    out = subprocess.run([str(lint)], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout[-2000:]
    assert "0 broken" in out.stdout


def test_the_contracts_are_the_ones_the_readme_states() -> None:
    # README "Architecture": cli → ui → engine → rules → geometry → model → text, and io →
    # model → text only ("knows nothing of geometry, rules or engine"); the core never
    # imports Qt.
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    layers = [c for c in contracts if c["type"] == "layers"]
    assert [c["layers"] for c in layers] == [[f"battlemap.{p}" for p in (
        "cli", "ui", "engine", "rules", "geometry", "model", "text")]]
    io_rule = next(c for c in contracts if c.get("source_modules") == ["battlemap.io"])
    assert set(io_rule["forbidden_modules"]) == {f"battlemap.{p}" for p in (
        "ui", "engine", "rules", "geometry", "cli")}
    qt_rule = next(c for c in contracts if "PySide6" in c.get("forbidden_modules", []))
    assert set(qt_rule["source_modules"]) == {f"battlemap.{p}" for p in (
        "text", "model", "geometry", "rules", "engine", "io")}


def test_reading_a_file_and_the_start_helpers_import_no_qt() -> None:
    probe = (
        "import sys\n"
        "import battlemap._tricks.pyside_hook, battlemap._tricks.start_gc\n"
        "from battlemap.ui.files.file_kinds import open_session\n"
        f"open_session({str(ROOT / 'assets' / 'demo' / 'dnd2024-crypt.json')!r})\n"
        "print(sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken6'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                         text=True, timeout=120, check=True)
    assert out.stdout.strip() == "[]"


def test_opening_any_systems_demo_builds_no_dice_grammar() -> None:
    # The dice notation's parser (d20, a lark grammar) costs ~0.25 s to build: it is loaded
    # after the first frame (ui/_tricks/first_gestures.py), never by opening an encounter. AD&D 2bis and
    # PMT loaded it with their rules, and started that much later than the other two.
    demos = sorted((ROOT / "assets" / "demo").glob("*.json"))
    assert len(demos) == 4
    probe = (
        "import sys\n"
        "from battlemap.ui.files.file_kinds import open_session\n"
        f"for path in {[str(d) for d in demos]!r}:\n"
        "    s = open_session(path)\n"
        "    [s.hp_state(t.id) for t in s.encounter.tokens]  # as the first frame shows\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('d20', 'lark')))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                         text=True, timeout=120, check=True)
    assert out.stdout.strip() == "[]"
