"""Editing commands of the main window: add (bestiary or blank), duplicate and remove tokens,
the mouse tools for walls/doors/windows/terrain, and the grid size. Everything goes through
the engine, so every edit is undoable; a refusal shows its sentence in the status bar."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject

from battlemap.ui.i18n import refusal
from battlemap.ui.window.window_actions import EDIT_TOOLS

if TYPE_CHECKING:  # imported where used: the window's first frame needs none of them
    from battlemap.ui.dialogs.add_token_dialog import AddTokenDialog
    from battlemap.ui.dialogs.grid_dialog import GridDialog
    from battlemap.ui.window.edit_tools import EditTool


class Editing(QObject):
    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window = window
        self.session: Any = None
        self.tool: EditTool | None = None

    def set_session(self, session: Any) -> None:
        self.session = session
        self._drop_tool()
        for name in EDIT_TOOLS:
            act = self.window.actions_by_name.get(name)
            if act is not None and act.isChecked():
                act.setChecked(False)

    def _run(self, command: Any, *args: Any, **kwargs: Any) -> Any:
        from battlemap.engine.errors import EngineError

        try:
            return command(*args, **kwargs)
        except (EngineError, ValueError) as err:
            self.window.statusBar().showMessage(refusal(err), 8000)
            return None

    # -- tokens --------------------------------------------------------------------------
    def _view_square(self) -> tuple[int, int]:
        rect = self.window.map_view.visibleSceneRect()
        return (int(rect.center().x() // 64), int(rect.center().y() // 64))

    def add_token(self, dialog: AddTokenDialog | None = None) -> Any:
        from PySide6.QtWidgets import QDialog

        from battlemap.ui.dialogs.add_token_dialog import AddTokenDialog
        from battlemap.ui.dialogs.bestiary import new_token

        dlg = dialog or AddTokenDialog(self.session.encounter.system, self.window,
                                       encounter_path=self.session.path)
        if dialog is None and dlg.exec() != QDialog.DialogCode.Accepted:
            return None
        entry, name, side, hidden = dlg.choice()
        token = self._run(new_token, self.session.encounter, entry, name, side,
                          self._view_square(), hidden)
        if token is None:
            return None
        art, fit = dlg.art()
        if art is not None:  # added with its picture: one undo step
            from battlemap.io.picture_folder import art_name

            token = token.model_copy(update={"art": art_name(art, self.session.path),
                                             "art_fit": fit})
        added = self._run(self.session.add_token, token)
        if added is not None:
            self.window.select_token(added.id)
        return added

    def duplicate_token(self) -> Any:
        from battlemap.ui.dialogs.bestiary import duplicate

        tid = self.window.selected_token
        if not tid:
            return None
        copy = self._run(duplicate, self.session.encounter, self.session.token(tid))
        added = copy and self._run(self.session.add_token, copy)
        if added is not None:
            self.window.select_token(added.id)
        return added

    def remove_token(self) -> None:
        tid = self.window.selected_token
        if tid:
            self._run(self.session.remove_token, tid)
            self.window.select_token("")

    def grid_size(self, dialog: GridDialog | None = None) -> None:
        from PySide6.QtWidgets import QDialog

        from battlemap.ui.dialogs.grid_dialog import GridDialog

        g = self.session.encounter.grid
        dlg = dialog or GridDialog(g.cols, g.rows, self.window)
        if dialog is None and dlg.exec() != QDialog.DialogCode.Accepted:
            return
        cols, rows = dlg.grid_size()
        if (cols, rows) != (g.cols, g.rows):
            self._run(self.session.set_grid, cols, rows, g.image)

    # -- mouse tools ---------------------------------------------------------------------
    def set_tool(self, name: str, on: bool) -> None:
        if not on:
            if self.tool is not None and self.tool.tool == name:
                self._drop_tool()
            return
        for other in EDIT_TOOLS:
            if other != name:
                self.window.actions_by_name[other].setChecked(False)
        self._drop_tool()
        self.drop_map_tools()
        from battlemap.ui.window.edit_tools import EditTool

        self.tool = EditTool(_Guarded(self), self.window.map_view, name,
                             on_escape=lambda: self.window.actions_by_name[name].setChecked(False))

    def drop_map_tools(self) -> None:
        """One tool in hand: taking an edit tool puts down an armed template shape and an
        attack being aimed (they stayed armed, and took the next click once Escape had put
        the edit tool down)."""
        view = self.window.map_view
        group = getattr(view, "template_actions", None)
        checked = group.checkedAction() if group is not None else None
        if checked is not None:
            checked.setChecked(False)
        attack = view.built_controllers().get("attack") if view is not None else None
        if attack is not None and attack.targeting:
            attack.stop()

    def drop_edit_tools(self) -> None:
        """The other way round: arming a template shape puts the edit tool down."""
        for name in EDIT_TOOLS:
            act = self.window.actions_by_name.get(name)
            if act is not None and act.isChecked():
                act.setChecked(False)

    def _drop_tool(self) -> None:
        if self.tool is not None:
            self.tool.finish()
            self.tool.remove()
            self.tool = None


class _Guarded:
    """The session as the edit tool sees it: commands that the engine refuses show their
    sentence instead of raising inside a Qt event handler."""

    def __init__(self, editing: Editing) -> None:
        self._editing = editing

    def __getattr__(self, name: str) -> Any:
        target = getattr(self._editing.session, name)
        if callable(target):
            return lambda *a, **k: self._editing._run(target, *a, **k)
        return target
