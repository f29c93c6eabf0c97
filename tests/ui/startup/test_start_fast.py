"""The window's start-up path does only what its first frame needs: `battlemap FILE` parses
with the gui parser alone (no sub-command module, so no numpy, shapely or Pillow), and the
same arguments mean the same thing as through the full parser."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

import battlemap.cli as cli

ROOT = Path(__file__).resolve().parents[3]
HEAVY = ("numpy", "shapely", "PIL", "battlemap.geometry", "battlemap.io.uvtt")


def test_the_known_command_names_are_the_full_parsers() -> None:
    assert cli._command_names(cli.build_parser()) == set(cli.COMMAND_NAMES)


@pytest.mark.parametrize("argv", [["gui"], ["gui", "a.json"], ["gui", "b.dd2vtt", "--player"]])
def test_the_gui_parser_reads_arguments_as_the_full_parser_does(argv: list[str]) -> None:
    assert vars(cli.gui_parser().parse_args(argv)) == vars(cli.build_parser().parse_args(argv))


def _modules_seen_by_gui_run(argv: list[str]) -> list[str]:
    """In a fresh interpreter: run `battlemap ARGV` with the window replaced by a probe that
    prints which heavy modules are loaded and the file it was given."""
    probe = (
        "import sys, battlemap.cli.gui as g\n"
        f"heavy = {HEAVY!r}\n"
        "g.run = lambda a: print(a.file, [m for m in heavy if m in sys.modules]) or 0\n"
        "from battlemap.cli import main\n"
        f"sys.exit(main({argv!r}))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                         text=True, timeout=60, check=True)
    return out.stdout.split()


@pytest.mark.parametrize("argv", [["enc.json"], ["gui", "enc.json"]])
def test_opening_a_file_imports_no_sub_command_module(argv: list[str]) -> None:
    assert _modules_seen_by_gui_run(argv) == ["enc.json", "[]"]


def test_a_sub_command_still_gets_the_full_parser() -> None:
    args = cli.build_parser().parse_args(["check", "enc.json"])
    assert args.command == "check"
    # and `main` routes it there: a missing file is the check command's one sentence.
    assert cli.main(["check", str(ROOT / "no-such-file.json")]) == 2


# Qt classes only the docks' bodies and the file dialogs use: PySide6 creates a class and its
# enums on first touch, so none of them should exist when the map's first frame is painted.
LATER_CLASSES = ("QCheckBox", "QComboBox", "QDoubleSpinBox", "QFileDialog", "QFormLayout",
                 "QGroupBox", "QInputDialog", "QLineEdit", "QListWidget", "QMessageBox",
                 "QProgressDialog", "QPushButton", "QScrollArea", "QSpinBox", "QStackedWidget",
                 "QTreeWidget")
FIRST_FRAME_PROBE = """
import sys
from battlemap.ui.files.file_kinds import open_session
session = open_session(sys.argv[1])
from battlemap.ui.app import get_app
app = get_app([sys.argv[0]])
from PySide6 import QtWidgets
from PySide6.QtCore import QEvent, QObject, QTimer
from battlemap.ui.window.main_window import MainWindow
window = MainWindow(session)
class FirstPaint(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and not hasattr(self, "made"):
            self.made = [n for n in sys.argv[2:] if n in vars(QtWidgets)]
            self.built = [n for n, d in window.docks.items() if d.built]
            QTimer.singleShot(0, app.quit)
        return False
probe = FirstPaint()
window.map_view.viewport().installEventFilter(probe)
window.show()
app.exec()
print("made", *probe.made)
print("built", *probe.built)
print("lazy", "QCalendarWidget" not in vars(QtWidgets))
"""


def test_the_first_frame_creates_no_dock_body_or_dialog_class() -> None:
    demo = ROOT / "assets" / "demo" / "dnd2024-crypt.json"
    out = subprocess.run([sys.executable, "-c", FIRST_FRAME_PROBE, str(demo), *LATER_CLASSES],
                         cwd=ROOT, capture_output=True, text=True, timeout=120, check=True)
    lines = dict(line.partition(" ")[::2] for line in out.stdout.splitlines())
    if lines["lazy"] != "True":
        pytest.skip("this PySide6 creates every class at import: nothing to defer")
    assert lines["made"] == ""
    assert lines["built"] == ""


AT_FIRST_FRAME = ("numpy", "shapely", "PIL", "d20", "lark", "battlemap.geometry",
                  "battlemap.ui.map.gestures.move_controller")
EXIT_AT_PAINT_PROBE = """
import sys
import battlemap.cli.gui as g
said = g._painted
def painted(window):
    print("loaded", *[m for m in sys.argv[2:] if m in sys.modules], flush=True)
    said(window)
g._painted = painted
from battlemap.cli import main
main([sys.argv[1]])
"""


def test_exit_at_paint_reports_and_leaves_at_the_first_frame_before_the_deferred_work() -> None:
    # What `EXIT_AT_PAINT=1 battlemap FILE` times (and `farm-bench` around it) is the start to
    # the first frame: the tools, the geometry and the dice grammar load after it.
    import os

    from battlemap.ui.dialogs.bestiary import load_bestiary

    demo = ROOT / "assets" / "demo" / "dnd2024-crypt.json"
    env = {**os.environ, "EXIT_AT_PAINT": "1", "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run([sys.executable, "-c", EXIT_AT_PAINT_PROBE, str(demo), *AT_FIRST_FRAME],
                         cwd=ROOT, capture_output=True, text=True, timeout=120, check=True, env=env)
    loaded, line = out.stdout.splitlines()
    assert loaded == "loaded"
    blocks = len(load_bestiary("dnd2024"))  # what Add token lists for the crypt's system
    assert re.fullmatch(r"painted in \d+ ms \(CPU \d+ ms since the process started\); "
                        rf"menus: &File, &Edit, &View, &Help; stat blocks: {blocks}", line), line
