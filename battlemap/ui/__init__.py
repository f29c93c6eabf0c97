"""The Qt interface: the GM's window, its docks and the map view."""

import sys

from battlemap._tricks.pyside_hook import quicken_pyside_import_hook

if "PySide6.QtCore" in sys.modules:  # else battlemap.ui.app does it once it imports Qt
    quicken_pyside_import_hook()
