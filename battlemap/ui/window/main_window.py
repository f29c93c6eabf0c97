"""The GM's window: the map in the middle, docks around it, menus, toolbar and status bar.

It holds one engine Session at a time; opening a file swaps the session and every dock follows
(`set_session`). The window computes no rule: docks and tools call the engine."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QActionGroup
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QMenu, QToolBar, QToolButton

from battlemap.model import SQUARE_M
from battlemap.ui import i18n
from battlemap.ui._tricks.first_gestures import warm_up
from battlemap.ui.docks import build_docks, fill_docks
from battlemap.ui.files import recent_files
from battlemap.ui.files.bestiary_files import BestiaryFiles
from battlemap.ui.files.file_controller import FileController
from battlemap.ui.files.outside_pictures import ask_outside_pictures
from battlemap.ui.i18n import labelled, qt_words, refusal, say, tr, trf
from battlemap.ui.i18n.texts import Texts
from battlemap.ui.theme import THEMES, apply_theme
from battlemap.ui.window.dock_sizes import dock_sizes, restore_dock_sizes
from battlemap.ui.window.editing import Editing
from battlemap.ui.window.map_host import create_map_view
from battlemap.ui.window.status_warning import StatusWarning
from battlemap.ui.window.window_actions import build_actions


class MainWindow(QMainWindow):
    sessionChanged = Signal(object)
    tokenSelected = Signal(str)

    def __init__(self, session: Any) -> None:
        super().__init__()
        qt_words.follow(i18n.language())  # Qt's own buttons (OK, Cancel…) in our language
        self.session: Any = None
        self.map_view: Any = None
        self.selected_token: str | None = None
        self._unsubscribe: Any = None
        self.texts = Texts()
        self._menus: list[tuple[QMenu | QToolButton, str]] = []
        self.files = FileController(self)
        self.editing = Editing(self)
        self.bestiary = BestiaryFiles(self)
        self.player: Any = None
        self.actions_by_name = build_actions(self, self.texts, self._handlers())
        theme = str(QSettings().value("theme", "system"))
        for name in (f"lang_{i18n.language()}", f"theme_{theme if theme in THEMES else 'system'}"):
            act = self.actions_by_name[name]
            act.blockSignals(True)  # showing the current choice, not making one
            act.setChecked(True)
            act.blockSignals(False)
        # Grouped once checked: a group learns its checked action when it is added (the
        # blocked signal above would not tell it), else picking English left Français
        # checked too, and Français could then not be picked again.
        self._group(("lang_fr", "lang_en"))
        self._group(("theme_system", "theme_light", "theme_dark"))
        self.docks = build_docks(self)
        self.toolbar = QToolBar(self)
        self.toolbar.setObjectName("main_toolbar")
        self.texts.bind(self.toolbar, "Tools", "setWindowTitle")
        self.addToolBar(self.toolbar)
        self.map_toolbar = QToolBar(self)
        self.map_toolbar.setObjectName("map_toolbar")
        self.texts.bind(self.map_toolbar, "Map", "setWindowTitle")
        self.addToolBarBreak()
        self.addToolBar(self.map_toolbar)
        # Status bar: the encounter's system and size on the left, the hovered square right.
        self.map_label = QLabel()
        self.map_label.setObjectName("map_label")
        self.statusBar().addWidget(self.map_label)
        self.square_label = QLabel()
        self.square_label.setObjectName("square_label")
        self.statusBar().addPermanentWidget(self.square_label)
        self.picture_warning = StatusWarning(self, "picture_warning")
        self.players_warning = StatusWarning(self, "players_warning")
        self.setAcceptDrops(True)
        self.resize(1400, 900)
        self.set_session(session)
        # The map gets the room: a short log, narrow side panels (all resizable).
        self.resizeDocks([self.docks["log"]], [160], Qt.Orientation.Vertical)
        # 310: the initiative dock's narrowest (its buttons' row: 302 px in French, 282 in
        # English), so its body, built after the first frame, does not push the map aside.
        self.resizeDocks([self.docks["inspector"], self.docks["initiative"]], [340, 310],
                         Qt.Orientation.Horizontal)

    def _handlers(self) -> dict[str, Any]:
        f, e = self.files, self.editing
        return {
            "new": f.new, "open": f.open_dialog, "save": f.save, "save_as": f.save_as,
            "export_png": f.export_png, "quit": self.close,
            "undo": lambda: self.session.undo(), "redo": lambda: self.session.redo(),
            "add_token": e.add_token, "duplicate_token": e.duplicate_token,
            "remove_token": e.remove_token, "grid_size": e.grid_size,
            "save_statblock": lambda: self.bestiary.save_token(),
            "import_bestiary": lambda: self.bestiary.import_dialog(),
            "export_bestiary": lambda: self.bestiary.export_dialog(),
            "draw_wall": lambda on: e.set_tool("draw_wall", on),
            "draw_door": lambda on: e.set_tool("draw_door", on),
            "draw_window": lambda on: e.set_tool("draw_window", on),
            "paint_terrain": lambda on: e.set_tool("paint_terrain", on),
            "toggle_doors": lambda on: e.set_tool("toggle_doors", on),
            "player_window": self.show_player_window, "push_view": self.push_view,
            "players_ruler": self.set_players_ruler,
            "reset_explored": lambda: self.session.reset_explored(),  # one undo step
            "lang_fr": lambda on: self._if_on(on, self.set_language, "fr"),
            "lang_en": lambda on: self._if_on(on, self.set_language, "en"),
            "theme_system": lambda on: self._if_on(on, self.set_theme, "system"),
            "theme_light": lambda on: self._if_on(on, self.set_theme, "light"),
            "theme_dark": lambda on: self._if_on(on, self.set_theme, "dark"),
            "about": self.show_about,
        }

    @staticmethod
    def _if_on(on: bool, fn: Any, value: str) -> None:
        """Radio-style actions: act on the one being checked, ignore the one unchecked."""
        if on:
            fn(value)

    def _group(self, names: tuple[str, ...]) -> None:
        group = QActionGroup(self)
        for n in names:
            group.addAction(self.actions_by_name[n])

    # -- session -------------------------------------------------------------------------
    def set_session(self, session: Any) -> bool:
        """Show `session` everywhere, or nowhere: if the map or a dock cannot show it, the
        previous encounter comes back whole in every part of the window (edits made later
        would otherwise go to an encounter the map no longer shows), the GM reads one
        sentence, and the answer is False. The first session has nothing to fall back on."""
        previous, old_view, old_selected = self.session, self.map_view, self.selected_token
        declined_before = getattr(self, "_declined_pictures", None)
        self._declined_pictures = ask_outside_pictures(self, session)
        if previous is not None:
            for dock in self.docks.values():
                dock.ensure_built()  # a body built later would show the session unchecked
        view = None
        try:
            view = create_map_view(session, "gm", self)  # before anything is switched
            view.hoveredSquare.connect(self._show_square)
            view.tokenSelected.connect(self.select_token)
            self._show_session(session, view)
        except Exception as err:
            if previous is None:
                raise
            self._show_session(previous, old_view)  # it was shown a moment ago: it still can
            self._declined_pictures = declined_before
            if old_selected:
                self.select_token(old_selected)  # the docks show the GM's selection again
            if view is not None:
                _dispose(view)
            from battlemap.ui.dialogs import prompts

            prompts.show_error(self, _sentence(session, err))
            return False
        if old_view is not None:
            _dispose(old_view)
        self._check_picture(session)
        self.sessionChanged.emit(session)
        return True

    def _check_picture(self, session: Any) -> None:
        """The encounter opens without a picture it cannot show; the GM is told why."""
        if self._declined_pictures is not None:
            self.picture_warning.show(say(self._declined_pictures))
            return
        scene = getattr(self.map_view, "map_scene", None)
        backdrop = getattr(scene, "backdrop", None)
        if backdrop is None or backdrop.loaded or backdrop.pending:
            self.picture_warning.clear()
            if backdrop is not None and backdrop.pending:  # decoded off this thread: later
                scene.pictureReady.connect(self._picture_arrived)
            return
        from battlemap.io.picture_check import picture_problem, unreadable_picture

        enc, path = session.encounter, session.path
        self.picture_warning.show(say(picture_problem(enc, path)
                                         or unreadable_picture(enc, path)))

    def _picture_arrived(self) -> None:
        if self.session is not None:
            self._check_picture(self.session)

    def _show_session(self, session: Any, view: Any) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self.session = session
        self.selected_token = None
        if self.map_view is not view:
            # Without a central widget for a moment, Qt hands its room to the docks and they
            # keep it: the next map showed as a strip 70 px wide. The docks' sizes come back.
            sizes = dock_sizes(self)
            self.takeCentralWidget()  # kept alive: set_session may need it back
            self.map_view = view
            self.setCentralWidget(view)
            QTimer.singleShot(0, self, lambda: restore_dock_sizes(self, sizes))
        self._unsubscribe = session.subscribe(self._on_change, whole=True)
        for dock in self.docks.values():
            dock.set_session(session)
        if not all(d.built for d in self.docks.values()):
            # Frames are placed; their bodies wait until the map's first frame is drawn.
            self._after_first_frame(lambda: fill_docks(self.docks))
        self.warmed = False  # the first gestures' code loaded and run once (`warm_up`)
        self._after_first_frame(lambda: warm_up(
            self, session, lambda: self.session is session, self._set_warmed))
        self.editing.set_session(session)
        if self.player is not None:
            self.player.set_session(session, gm_view=view)
        self._build_menus()
        self._on_change(None)

    def _set_warmed(self) -> None:
        self.warmed = True

    def _after_first_frame(self, fn: Any) -> None:
        hook = getattr(self.map_view, "after_first_frame", None)
        if hook is not None:
            hook(fn)
        else:  # the placeholder view: no first-frame signal, the next turn will do
            QTimer.singleShot(0, self, fn)

    def select_token(self, token_id: str) -> None:
        self.selected_token = token_id or None
        view = self.map_view
        if token_id and view is not None and list(view.selected_token_ids()) != [token_id]:
            view.select_token(token_id)  # chosen from a dock: show it on the map too
            if list(view.selected_token_ids()) == [token_id]:
                return  # the map's selection came back here and told the docks already
        self.tokenSelected.emit(token_id)

    def _on_change(self, _change: Any) -> None:
        s = self.session
        a = self.actions_by_name
        a["undo"].setEnabled(bool(s.can_undo))
        a["redo"].setEnabled(bool(s.can_redo))
        for name, text in (("undo", s.undo_text), ("redo", s.redo_text)):
            a[name].setToolTip(labelled(tr(name.capitalize()), say(text)) if text
                               else tr(name.capitalize()))
        self.refresh_title()

    def refresh_title(self) -> None:
        s = self.session
        name = Path(s.path).name if s.path else s.encounter.name
        self.setWindowTitle(f"{name}{' *' if s.dirty else ''} — {tr('Battle map')}")
        g = s.encounter.grid
        size = trf("{cols} × {rows} squares ({w:g} × {h:g} m)",
                   cols=g.cols, rows=g.rows, w=g.cols * SQUARE_M, h=g.rows * SQUARE_M)
        self.map_label.setText(f"{s.system.name} — {size}")

    def _show_square(self, col: int, row: int) -> None:
        self.square_label.setText(tr("Square {col}, {row}").format(col=col, row=row))

    # -- menus and toolbar ---------------------------------------------------------------
    def _build_menus(self) -> None:
        a = self.actions_by_name
        bar = self.menuBar()
        bar.clear()
        self._menus = []
        file_menu = self._menu(bar, "&File")
        file_menu.addActions([a["new"], a["open"]])
        self.recent_menu = self._menu(file_menu, "Open recent")
        # Filled when the File menu opens (reading the settings need not delay the first
        # frame, and another window may have added a file since).
        file_menu.aboutToShow.connect(self.refresh_recent_menu)
        file_menu.addActions([a["save"], a["save_as"], a["export_png"]])
        own = self._menu(file_menu, "Your bestiary")
        own.addActions([a["import_bestiary"], a["export_bestiary"]])
        file_menu.addSeparator()
        file_menu.addAction(a["quit"])
        edit = self._menu(bar, "&Edit")
        edit.addActions([a["undo"], a["redo"]])
        edit.addSeparator()
        edit.addActions([a["add_token"], a["duplicate_token"], a["remove_token"],
                         a["save_statblock"]])
        edit.addSeparator()
        edit.addActions([a[n] for n in ("draw_wall", "draw_door", "draw_window",
                                         "paint_terrain", "toggle_doors", "grid_size")])
        view = self._menu(bar, "&View")
        view.addActions(list(self.map_view.actions()))
        view.addSeparator()
        view.addActions([a["player_window"], a["push_view"], a["players_ruler"],
                         a["reset_explored"]])
        docks_menu = self._menu(view, "Panels")
        docks_menu.addActions([d.toggleViewAction() for d in self.docks.values()])
        lang = self._menu(view, "Language")
        lang.addActions([a["lang_fr"], a["lang_en"]])
        theme = self._menu(view, "Theme")
        theme.addActions([a["theme_system"], a["theme_light"], a["theme_dark"]])
        self._menu(bar, "&Help").addAction(a["about"])
        self.toolbar.clear()
        self.toolbar.addActions([a["undo"], a["redo"]])
        self._fill_map_toolbar()
        self.toolbar.addSeparator()
        self.toolbar.addActions([a[n] for n in ("add_token", "draw_wall", "draw_door",
                                                "draw_window", "paint_terrain", "toggle_doors",
                                                "player_window")])

    def _fill_map_toolbar(self) -> None:
        """Zoom, then the overlay toggles folded into one drop-down (five long labels would
        push the template tools off a 1400-pixel toolbar in French), then templates, attack."""
        self.map_toolbar.clear()
        acts = list(self.map_view.actions())
        overlays = [a for a in acts if a.objectName().startswith("map.overlay.")]
        first_other = next((i for i, a in enumerate(acts) if a in overlays), len(acts))
        self.map_toolbar.addActions([a for a in acts[:first_other] if a not in overlays])
        if overlays:
            button = QToolButton(self.map_toolbar)
            button.setObjectName("overlays_button")
            button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
            menu = self._menu(button, "Overlays")
            menu.addActions(overlays)
            button.setMenu(menu)
            button.setText(menu.title())
            self._menus.append((button, "Overlays"))
            self.map_toolbar.addSeparator()
            self.map_toolbar.addWidget(button)
            self.map_toolbar.addSeparator()
        for act in acts:  # a template shape taken up puts the edit tool down
            if act.objectName().startswith("map.template."):
                act.toggled.connect(self._template_toggled)
        kinds = [a for a in acts if a.objectName().startswith("map.move.")]
        self.map_toolbar.addActions([a for a in acts[first_other:]
                                     if a not in overlays and a not in kinds])
        if kinds:  # the kind of the next move, shown on the button: "Move: Charge"
            self.move_kind_button = button = QToolButton(self.map_toolbar)
            button.setObjectName("move_kind_button")
            button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
            menu = QMenu(button)
            menu.addActions(kinds)
            button.setMenu(menu)
            for act in kinds:
                act.toggled.connect(lambda _on: self._show_move_kind())
            self.map_toolbar.addSeparator()
            self.map_toolbar.addWidget(button)
            self._show_move_kind()

    def _template_toggled(self, on: bool) -> None:
        if on:
            self.editing.drop_edit_tools()

    def _show_move_kind(self) -> None:
        button = getattr(self, "move_kind_button", None)
        kinds = getattr(self.map_view, "move_kind_actions", None) or []
        chosen = next((a.text() for a in kinds if a.isChecked()), "")
        if button is not None:
            button.setText(labelled(tr('Next move'), chosen))

    def _menu(self, parent: Any, key: str) -> QMenu:
        if isinstance(parent, QToolButton):
            menu = QMenu(tr(key), parent)
            self._menus.append((menu, key))
            return menu
        menu = parent.addMenu(tr(key))
        self._menus.append((menu, key))
        return menu

    def refresh_recent_menu(self) -> None:
        self.recent_menu.clear()
        for path in recent_files.recent_files():
            act = self.recent_menu.addAction(path)
            act.triggered.connect(lambda _c=False, p=path: self.files.open_path(p))
        self.recent_menu.setEnabled(not self.recent_menu.isEmpty())

    # -- language and theme --------------------------------------------------------------
    def set_language(self, lang: str) -> None:
        i18n.set_language(lang)
        qt_words.follow(lang)
        if self.session is None:  # still being built: texts are bound in this language
            return
        QSettings().setValue("language", lang)
        self.texts.retranslate()
        for menu, key in self._menus:
            if isinstance(menu, QToolButton):
                menu.setText(tr(key))
            else:
                menu.setTitle(tr(key))
        for dock in self.docks.values():
            dock.retranslate()
        self.map_view.set_language(lang)
        self._show_move_kind()
        self.files.autosave_status.retranslate()
        if self.player is not None:
            self.player.retranslate()
            self._players_blind()
        self.square_label.clear()
        self._on_change(None)

    def set_theme(self, theme: str) -> None:
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, theme)
            QSettings().setValue("theme", theme)

    def show_about(self) -> None:
        from battlemap.ui.dialogs.about import show_about

        self.about_box = show_about(self)

    # -- player window -------------------------------------------------------------------
    def show_player_window(self, on: bool = True) -> None:
        from battlemap.ui.player.player_window import PlayerWindow

        if on and self.player is None:
            self.player = PlayerWindow(self.session, gm_view=self.map_view)
            self.player.closed.connect(
                lambda: self.actions_by_name["player_window"].setChecked(False))
            self.player.blind_changed.connect(lambda _blind: self._players_blind())
            self.player.set_show_ruler(self.actions_by_name["players_ruler"].isChecked())
        if self.player is not None:
            self.player.setVisible(on)
        self._players_blind()

    def _players_blind(self) -> None:
        """A sentence in the status bar while the players' window is open with the fog on and
        nobody to see from (their screen is all black)."""
        from battlemap.ui.player.player_window import PLAYERS_BLIND

        if self.player is not None and self.player.isVisible() and self.player.blind:
            self.players_warning.show(tr(PLAYERS_BLIND))
        else:
            self.players_warning.clear()

    def set_players_ruler(self, on: bool) -> None:
        """View ▸ Ruler on the players' window: they see the GM's measure (off: the GM's own)."""
        if self.player is not None:
            self.player.set_show_ruler(on)

    def push_view(self) -> None:
        """Show the players what the GM's view is centred on."""
        if self.player is None:
            self.actions_by_name["player_window"].setChecked(True)
        rect = self.map_view.visibleSceneRect()
        self.player.look_at_scene_point(rect.center())

    # -- closing and dropping files ------------------------------------------------------
    def closeEvent(self, event: Any) -> None:
        if self.files.confirm_discard():
            if self.player is not None:
                self.player.close()
            event.accept()
        else:
            event.ignore()

    def dragEnterEvent(self, event: Any) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event: Any) -> None:
        urls = [u for u in event.mimeData().urls() if u.isLocalFile()]
        if urls:
            event.acceptProposedAction()
            self.files.open_path(urls[0].toLocalFile())




def _dispose(view: Any) -> None:
    if hasattr(view, "shutdown"):
        view.shutdown()
    view.deleteLater()


def _sentence(session: Any, err: Exception) -> str:
    """One sentence naming the file: the engine's own sentences already are one."""
    path = getattr(session, "path", None) or getattr(session, "suggested_path", None)
    name = Path(path).name if path else session.encounter.name
    from battlemap.engine.errors import EngineError

    if isinstance(err, EngineError):
        return trf("{name}: {problem}.", name=name, problem=refusal(err).rstrip("."))
    return trf("{name}: cannot be shown ({error}: {problem}).", name=name,
               error=type(err).__name__, problem=err)
