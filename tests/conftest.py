"""For the whole suite: Qt draws offscreen. Set before any test module imports Qt, and in
the environment, so the subprocesses the tests start (a window's first frame, the CLI's
render) inherit it too. A test that needs another platform passes its own to its subprocess
(the Xvfb drag: QT_QPA_PLATFORM=xcb)."""

import os

os.environ["QT_QPA_PLATFORM"] = "offscreen"
