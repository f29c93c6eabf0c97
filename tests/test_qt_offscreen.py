"""Qt draws offscreen for the whole suite (tests/conftest.py), in the test process and in
every subprocess a test starts with the inherited environment."""

import os
import subprocess
import sys


def test_the_suite_and_its_subprocesses_draw_offscreen() -> None:
    assert os.environ["QT_QPA_PLATFORM"] == "offscreen"
    out = subprocess.run([sys.executable, "-c",
                          "import os; print(os.environ.get('QT_QPA_PLATFORM'))"],
                         capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.strip() == "offscreen"
