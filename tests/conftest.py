"""For the whole suite: Qt draws offscreen. Set before any test module imports Qt, and in
the environment, so the subprocesses the tests start (a window's first frame, the CLI's
render) inherit it too; the same for the folder where map pictures' tiles are kept. A test
that needs another platform passes its own to its subprocess (the Xvfb drag:
QT_QPA_PLATFORM=xcb)."""

import os
import tempfile

os.environ["QT_QPA_PLATFORM"] = "offscreen"
# Map pictures' tiles go to a folder of the run's own, never the user's cache.
os.environ["BATTLEMAP_CACHE_DIR"] = tempfile.mkdtemp(prefix="battlemap-test-cache-")
