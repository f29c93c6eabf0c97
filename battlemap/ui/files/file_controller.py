"""File commands of the main window: New, Open (menu, recent list, drag-and-drop), Save,
Save As, export PNG, the unsaved-changes question, autosave and recovery.

A file that cannot be opened shows its one-sentence error and leaves the current encounter.
The dialogs and the background loader are imported when first used: PySide6 builds each Qt
class (and its enums) on first touch, and none of them is needed for the window's first frame."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer

from battlemap.io import LoadError, SaveError
from battlemap.model import Encounter, Grid
from battlemap.ui.files import recent_files
from battlemap.ui.files.file_kinds import ALL_SUFFIXES, kind_of, open_session
from battlemap.ui.files.outside_pictures import keep_showing, shown_pictures
from battlemap.ui.i18n import refusal, tr, trf
from battlemap.ui.window.autosave_status import AutosaveStatus

if TYPE_CHECKING:
    from battlemap.ui.files.loader import BackgroundLoad

AUTOSAVE_MS = 60_000
# Files above this size load in a worker thread (battlemap.ui.files.loader); smaller ones at once.
BACKGROUND_BYTES = 2_000_000


def open_filter() -> str:
    pattern = " ".join(f"*{s}" for s in ALL_SUFFIXES)
    return f"{tr('Encounters, Universal VTT maps and pictures')} ({pattern})"


class FileController(QObject):
    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window = window
        self.loading: BackgroundLoad | None = None
        self.autosave_status = AutosaveStatus(window)
        self.autosave_timer = QTimer(self)
        self.autosave_timer.setInterval(AUTOSAVE_MS)
        self.autosave_timer.timeout.connect(self.autosave)
        self.autosave_timer.start()
        QTimer.singleShot(0, _clean_autosave_folder)  # after the first frame

    @property
    def session(self) -> Any:
        return self.window.session

    # -- asking before losing work -------------------------------------------------------
    def confirm_discard(self) -> bool:
        """True when the current encounter may be replaced or closed."""
        if self.session is None or not self.session.dirty:
            return True
        from battlemap.ui.dialogs import prompts

        answer = prompts.ask_unsaved(self.window, self.session.encounter.name)
        if answer == "save":
            return self.save()
        return answer == "discard"

    # -- new / open ----------------------------------------------------------------------
    def new(self) -> bool:
        if not self.confirm_discard():
            return False

        from battlemap.rules.core.system import default_system_id

        current = self.session.encounter.system if self.session else default_system_id()
        system = self._ask_system(tr("New encounter"), current)
        if system is None:
            return False
        from battlemap.engine import Session

        enc = Encounter(name=tr("New encounter"), system=system,
                        grid=Grid(cols=20, rows=15))
        return bool(self.window.set_session(Session(enc)))

    def open_dialog(self) -> bool:
        if not self.confirm_discard():
            return False
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getOpenFileName(self.window, tr("Open"), self._start_dir(),
                                              open_filter())
        return bool(path) and self.open_path(path, confirmed=True)

    def open_path(self, path: str | Path, confirmed: bool = False) -> bool:
        """Open any supported file; False (and a dialog) if it could not be opened."""
        from battlemap.ui.dialogs import prompts
        from battlemap.ui.files.loader import BackgroundLoad

        p = Path(path)
        if not confirmed and not self.confirm_discard():
            return False
        try:
            kwargs = self._open_options(p)
        except LoadError as err:
            prompts.show_error(self.window, refusal(err))
            return False
        if kwargs is None:
            return False
        if p.exists() and p.stat().st_size > BACKGROUND_BYTES:
            self.loading = BackgroundLoad(p, self.window, **kwargs)
            self.loading.loaded.connect(lambda s: self._opened(s, p))
            self.loading.failed.connect(lambda msg: prompts.show_error(self.window, msg))
            self.loading.start()
            return True
        try:
            session = open_session(p, **kwargs)
        except LoadError as err:
            prompts.show_error(self.window, refusal(err))
            return False
        return self._opened(session, p)

    def _open_options(self, p: Path) -> dict[str, Any] | None:
        kind = kind_of(p)
        if kind == "encounter":
            return {}
        from PySide6.QtWidgets import QInputDialog

        from battlemap.rules.core.system import default_system_id

        system = self._ask_system(tr("Open"), default_system_id())
        if system is None:
            return None
        if kind == "uvtt":
            return {"system": system}
        pps, ok = QInputDialog.getInt(self.window, tr("Open"), tr("Pixels per square"), 70, 2,
                                      2000)
        return {"system": system, "pixels_per_square": float(pps)} if ok else None

    def _ask_system(self, title: str, current: str) -> str | None:
        """The rule system, picked by its name ("Brèche (D&D 3.5)"), not its id."""
        from PySide6.QtWidgets import QInputDialog

        from battlemap.rules.core.system import get_system, system_ids

        ids = system_ids()
        names = [get_system(i).name for i in ids]
        picked, ok = QInputDialog.getItem(self.window, title, tr("Rule system"), names,
                                          ids.index(current), False)
        if not ok:
            return None
        return ids[names.index(picked)] if picked in names else str(picked)

    def _opened(self, session: Any, path: Path) -> bool:
        if not self.window.set_session(session):
            return False  # the window said why and still shows the previous encounter
        if kind_of(path) == "encounter":
            recent_files.remember(path)
            self.window.refresh_recent_menu()
            self.offer_recovery(path)
        return True

    def offer_recovery(self, path: Path) -> bool:
        """If an autosave newer than the file exists, ask; on yes, load it (unsaved, same
        path, so Save writes the recovered state over the file)."""
        try:
            from battlemap.engine.files.autosave import find_recovery
        except ImportError:
            return False
        found = find_recovery(path)
        if found is None:
            return False
        from battlemap.ui.dialogs import prompts

        if not prompts.ask_recover(self.window, Path(path).name, Path(found)):
            return False
        return self._recover(Path(found), Path(path))

    def offer_untitled_recovery(self) -> bool:
        """At a start without a file: if an encounter that had no file (New, an unsaved
        import) left an autosave, ask; on yes, load the newest (unsaved, no path, so Save
        asks where); on no, it stays in the autosave folder and is not offered again."""
        try:
            from battlemap.engine.files.autosave import (
                decline_untitled_recovery,
                find_untitled_recovery,
            )
        except ImportError:
            return False
        found = find_untitled_recovery()
        if found is None:
            return False
        from battlemap.ui.dialogs import prompts

        if not prompts.ask_recover_untitled(self.window, Path(found)):
            with contextlib.suppress(OSError):  # a read-only data folder: asking again loses nothing
                decline_untitled_recovery(Path(found))
            return False
        return self._recover(Path(found), None)

    def _recover(self, autosave: Path, path: Path | None) -> bool:
        """The autosave opened as `path`'s encounter, unsaved."""
        from battlemap.ui.dialogs import prompts

        try:
            recovered = open_session(autosave)
        except LoadError as err:
            prompts.show_error(self.window, refusal(err))
            return False
        recovered.path = path
        _mark_dirty(recovered)
        return bool(self.window.set_session(recovered))

    # -- save ----------------------------------------------------------------------------
    def save(self) -> bool:
        if self.session.path is None:
            return self.save_as()
        return self._save_to(None)

    def save_as(self) -> bool:
        suggested = getattr(self.session, "suggested_path", None) or self.session.path
        start = str(suggested) if suggested else self._start_dir()
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getSaveFileName(self.window, tr("Save As"), start,
                                              f"{tr('Encounters')} (*.json)")
        if not path:
            return False
        if not path.lower().endswith(".json"):
            path += ".json"
        return self._save_to(Path(path))

    def _save_to(self, path: Path | None) -> bool:
        before, shown = self.session.path, shown_pictures(self.session)
        try:
            self.session.save(path)
        except OSError as err:
            from battlemap.ui.dialogs import prompts

            prompts.show_save_error(self.window, trf("{name}: {problem}.",
                                                     name=(path or self.session.path).name,
                                                     problem=err.strerror or err))
            return False
        except SaveError as err:  # the encounter's data cannot be a file: nothing was written
            from battlemap.ui.dialogs import prompts

            prompts.show_save_error(self.window, refusal(err))
            return False
        if self.session.path != before:
            keep_showing(self.session, shown)
        recent_files.remember(self.session.path)
        self.window.refresh_recent_menu()
        self.window.refresh_title()
        return True

    def autosave(self) -> None:
        if self.session is None or not self.session.dirty:
            return
        try:
            self.session.autosave_now()
        except (OSError, SaveError) as err:
            from battlemap.engine.files.autosave import autosave_dir

            self.autosave_status.failed(autosave_dir(), err)  # said once, kept in view
            return
        self.autosave_status.worked()

    def export_png(self) -> bool:
        """Ask the picture's size and view (`export_dialog`), then where to write it. The
        picture is drawn by a view of its own: no selection, drag or GM tool of the window."""
        from PySide6.QtWidgets import QFileDialog

        from battlemap.ui.dialogs import export_dialog
        from battlemap.ui.map.picture import default_size, map_picture

        grid = self.session.encounter.grid
        choice = export_dialog.ask_export(default_size(grid.cols, grid.rows), self.window)
        if choice is None:
            return False
        path, _ = QFileDialog.getSaveFileName(self.window, tr("Export map as PNG"),
                                              self._start_dir(), "PNG (*.png)")
        if not path:
            return False
        player = getattr(self.window, "player", None)
        image = map_picture(self.session, choice.width, choice.height, players=choice.players,
                            fog=choice.fog, player_hp=getattr(player, "player_hp", "bloodied"))
        target = Path(path if path.lower().endswith(".png") else path + ".png")
        from battlemap.ui.png_file import write_png

        try:
            write_png(image, target)  # atomic: a full disk leaves the previous PNG whole
        except (OSError, ValueError) as err:
            from battlemap.ui.dialogs import prompts

            prompts.show_save_error(self.window, trf("{name}: {problem}.", name=target.name,
                                                     problem=getattr(err, "strerror", None)
                                                     or err))
            return False
        return True

    def _start_dir(self) -> str:
        path = self.session.path if self.session is not None else None
        return str(Path(path).parent) if path else str(Path.home())


def _clean_autosave_folder() -> None:
    """The temporaries of autosaves killed mid-way, from earlier runs."""
    from battlemap.engine.files.autosave import autosave_dir
    from battlemap.io.leftovers import remove_leftovers

    remove_leftovers(autosave_dir())


def _mark_dirty(session: Any) -> None:
    """A recovered session differs from its file: it must ask before closing."""
    session.mark_dirty()
