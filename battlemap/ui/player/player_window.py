"""The window the players see, on a second screen: the map with role="player" (no hidden
tokens, no GM overlays or stats), its own zoom and pan, the GM's choice of HP display and fog,
full screen on demand. The GM's view shows this window's frame and can push "look here"."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QKeySequence, QPen, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGraphicsRectItem,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from battlemap.ui import i18n
from battlemap.ui.app import app_icon
from battlemap.ui.i18n import tr
from battlemap.ui.i18n.texts import Texts
from battlemap.ui.window.map_host import create_map_view

HP_MODES = (("none", "No HP"), ("bar", "HP bar"), ("bloodied", "Bloodied only"))
FRAME_PEN = QColor(0, 160, 255)
FOG_KEY = "player/fog"  # the GM's last choice of fog on the players' screen


NOTHING_REVEALED = "Nothing revealed yet"
# The GM's status bar while the players' screen is all fog (StatusWarning).
PLAYERS_BLIND = "Players' window: black screen, no party token sees the map (fog of war on)."


class PlayerWindow(QWidget):
    closed = Signal()
    blind_changed = Signal(bool)  # the players' screen is all fog (nobody to see from), or not

    def __init__(self, session: Any, gm_view: Any = None, player_hp: str = "bloodied") -> None:
        super().__init__(None, Qt.WindowType.Window)
        self.setObjectName("player_window")
        self.setWindowIcon(app_icon())  # a window of its own, on the players' screen
        self.texts = Texts()
        self.texts.bind(self, "Players' view", "setWindowTitle")
        self.session = session
        self.gm_view = gm_view
        self.player_hp = player_hp
        self.frame_item: QGraphicsRectItem | None = None
        lay = self.box = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.controls = QWidget()
        row = QHBoxLayout(self.controls)
        row.setContentsMargins(6, 2, 6, 2)
        self.hp_label = QLabel()
        self.texts.bind(self.hp_label, "Hit points shown")
        self.hp_box = QComboBox()
        self.hp_box.setObjectName("player_hp_mode")
        self.fog = QCheckBox()
        self.fog.setObjectName("player_fog")
        self.texts.bind(self.fog, "Fog of war")
        # On unless the GM turned it off last time: off by default, the players' screen
        # showed the rooms the party has not seen and the creatures waiting there.
        self.fog.setChecked(QSettings().value(FOG_KEY, True, type=bool))
        self.fog.toggled.connect(self._set_fog)
        self.fog.toggled.connect(lambda on: QSettings().setValue(FOG_KEY, on))
        # The templates in play (a fireball, a lasting cloud), as the GM's map shows them.
        self.areas = QCheckBox()
        self.areas.setObjectName("player_areas")
        self.texts.bind(self.areas, "Areas of effect")
        self.areas.setChecked(True)
        self.areas.toggled.connect(lambda _on: self._refresh_areas())
        self.area_layer: Any = None
        # The GM's ruler, shown here only when the GM says so (View menu), and pings, always.
        self.show_ruler = False
        self.ruler_item: Any = None
        self._measure: Any = None
        self._marks: Any = None
        self._unsubscribe: Any = None
        # The turn order the party can see, over the map (ui/player/turn_order.py).
        from battlemap.ui.player.turn_order import TurnOrderPanel

        self.turn_panel = TurnOrderPanel(self)
        self.turns = QCheckBox()
        self.turns.setObjectName("player_turns")
        self.texts.bind(self.turns, "Turn order")
        self.turns.setChecked(self.turn_panel.enabled)
        self.turns.toggled.connect(self.turn_panel.set_enabled)
        self.full = QPushButton()
        self.texts.bind(self.full, "Full screen")
        self.full.clicked.connect(self.toggle_full_screen)
        for w in (self.hp_label, self.hp_box, self.fog, self.areas, self.turns):
            row.addWidget(w)
        row.addStretch(1)
        row.addWidget(self.full)
        lay.addWidget(self.controls)
        self.view: Any = None
        # All fog, nobody to see from: a discreet line instead of a mute black screen.
        self.blind = False
        self.nothing = QLabel()
        self.nothing.setObjectName("player_nothing_revealed")
        self.texts.bind(self.nothing, NOTHING_REVEALED)
        self.nothing.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.nothing.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.nothing.setStyleSheet("color: rgb(150, 150, 158); background: transparent;"
                                   "font-size: 16px; font-style: italic;")
        self.nothing.hide()
        self._fill_hp_modes()
        self.hp_box.activated.connect(lambda _i: self.set_player_hp(self.hp_box.currentData()))
        QShortcut(QKeySequence("F11"), self, self.toggle_full_screen)
        QShortcut(QKeySequence("Escape"), self, self.showNormal)
        self.frame_timer = QTimer(self)  # the frame follows the players' zoom/pan cheaply
        self.frame_timer.setInterval(250)
        self.frame_timer.timeout.connect(self.update_gm_frame)
        self.set_session(session)
        self.resize(1024, 720)

    def _fill_hp_modes(self) -> None:
        self.hp_box.clear()
        for value, label in HP_MODES:
            self.hp_box.addItem(tr(label), value)
        self.hp_box.setCurrentIndex(self.hp_box.findData(self.player_hp))

    def set_session(self, session: Any, gm_view: Any = None) -> None:
        self.session = session
        if gm_view is not None:
            self.gm_view = gm_view
        if self._unsubscribe is not None:
            self._unsubscribe()
        self._unsubscribe = session.subscribe(self._on_change)
        self._rebuild_view()
        self._hear_marks()

    def _hear_marks(self) -> None:
        """The GM view's ruler and pings (`view.marks`): a new GM view after a switch of
        encounter has its own."""
        marks = getattr(self.gm_view, "marks", None)
        if marks is self._marks:
            return
        if self._marks is not None:
            self._marks.ruler_changed.disconnect(self._on_ruler)
            self._marks.pinged.disconnect(self.ping)
        self._marks = marks
        self._measure = None
        self._show_measure()
        if marks is not None:
            marks.ruler_changed.connect(self._on_ruler)
            marks.pinged.connect(self.ping)

    def _on_ruler(self, measure: Any) -> None:
        self._measure = measure
        self._show_measure()

    def set_show_ruler(self, on: bool) -> None:
        self.show_ruler = on
        self._show_measure()

    def _show_measure(self) -> None:
        if self.ruler_item is not None:
            self.ruler_item.set_measure(self._measure if self.show_ruler else None)

    def ping(self, col: int, row: int) -> None:
        """A ping of the GM's, even where the party sees nothing: it is the GM's act."""
        scene = getattr(self.view, "map_scene", None)
        if scene is not None:
            from battlemap.ui.map.drawing.overlays.ping import PingItem

            scene.addItem(PingItem((col, row)))

    def _on_change(self, change: Any) -> None:
        kind = getattr(change, "kind", "")
        # A creature hidden, shown or moved takes its emanations with it.
        riders = kind == "tokens" and any(t.token for t in self.session.encounter.templates)
        if riders or kind in ("templates", "walls", "all", "options"):
            self._refresh_areas()
        if kind in ("tokens", "turn", "walls", "grid", "all", "options"):
            self.turn_panel.refresh_later()

    def _refresh_areas(self) -> None:
        """Every template in play, or none when the GM keeps them off the players' screen."""
        if self.area_layer is None:
            return
        if self.areas.isChecked():
            self.area_layer.refresh(self.session, None,
                                    shown_tokens=set(self.view.map_scene.tokens))
        else:
            self.area_layer.clear()

    def _rebuild_view(self) -> None:
        """A new player MapView (the HP choice is a constructor setting of MapView)."""
        centre = self.view.visibleSceneRect().center() if self.view is not None else None
        old = self.view
        self.view = create_map_view(self.session, "player", self, player_hp=self.player_hp)
        self.box.addWidget(self.view, 1)
        if old is not None:
            if hasattr(old, "shutdown"):
                old.shutdown()
            old.setParent(None)
            old.deleteLater()
        if centre is not None:
            self.view.centerOn(centre)
        self.nothing.setParent(self.view)
        self.view.installEventFilter(self)
        self.fog.setEnabled(hasattr(self.view, "set_fog"))
        self.turn_panel.attach(self.view)
        self._set_fog(self.fog.isChecked())
        scene = getattr(self.view, "map_scene", None)
        self.area_layer = None
        if scene is not None:
            from battlemap.ui.map.drawing.overlays.placed_areas import PlacedAreasLayer

            self.area_layer = PlacedAreasLayer()
            scene.addItem(self.area_layer)
            scene.on_shown = self._refresh_areas  # a token gone takes its emanations
            self._areas_follow_fog()
            self._refresh_areas()
            from battlemap.ui.map.drawing.overlays.ruler_overlay import RulerItem

            # Under the fog (50): the measure shows only where the party sees.
            self.ruler_item = RulerItem(z=45)
            scene.addItem(self.ruler_item)
            self._show_measure()
        self._ensure_frame_item()

    def set_player_hp(self, mode: str) -> None:
        self.player_hp = mode
        self.hp_box.setCurrentIndex(self.hp_box.findData(mode))
        self._rebuild_view()

    def _set_fog(self, on: bool) -> None:
        if self.view is not None and hasattr(self.view, "set_fog"):
            self.view.set_fog(on)
            fog = getattr(self.view, "fog", None)
            if fog is not None:
                fog.on_refresh = self._update_blind
                # The GM's window never waits for the players' fog (`drawing._fog_worker`).
                fog.in_background()
        self._areas_follow_fog()
        self._update_blind()

    def _areas_follow_fog(self) -> None:
        """Under the fog, the areas of effect no party eye sees are not drawn."""
        if self.area_layer is not None:
            fog = getattr(self.view, "fog", None)
            self.area_layer.shown_to = fog.sees if fog is not None else None
            self.area_layer.update()

    def _update_blind(self) -> None:
        """Show « Le MJ n'a encore rien révélé » while the fog is on and nobody sees, and tell
        the GM's window when that starts or stops."""
        fog = getattr(self.view, "fog", None)
        blind = fog is not None and fog.blind
        if self.area_layer is not None:
            self.area_layer.update()  # what the party sees of the areas changed
        self.turn_panel.refresh()  # what the party sees changed, or the fog came or went
        self.nothing.setVisible(blind)
        if blind:
            self._place_nothing()
        if blind != self.blind:
            self.blind = blind
            self.blind_changed.emit(blind)

    def _place_nothing(self) -> None:
        if self.view is not None:
            self.nothing.adjustSize()
            self.nothing.setGeometry(0, 0, self.view.width(), self.view.height())
            self.nothing.raise_()

    def eventFilter(self, watched: Any, event: Any) -> bool:  # noqa: N802 (Qt's name)
        from PySide6.QtCore import QEvent

        if watched is self.view and event.type() == QEvent.Type.Resize:
            self._place_nothing()
            self.turn_panel.place()
        return super().eventFilter(watched, event)

    def toggle_full_screen(self) -> None:
        self.controls.setVisible(self.isFullScreen())
        self.showNormal() if self.isFullScreen() else self.showFullScreen()

    # -- the GM's side: frame and "look here" --------------------------------------------
    def look_at_scene_point(self, point: QPointF) -> None:
        self.view.centerOn(point)
        self.update_gm_frame()

    def _ensure_frame_item(self) -> None:
        if self.gm_view is None:
            return
        scene = self.gm_view.scene()
        if self.frame_item is None or self.frame_item.scene() is not scene:
            self.frame_item = QGraphicsRectItem()
            pen = QPen(FRAME_PEN, 3, Qt.PenStyle.DashLine)
            pen.setCosmetic(True)  # same thickness at any zoom
            self.frame_item.setPen(pen)
            self.frame_item.setZValue(2000)
            self.frame_item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            scene.addItem(self.frame_item)
        self.update_gm_frame()

    def update_gm_frame(self) -> None:
        if self.frame_item is not None and self.view is not None:
            self.frame_item.setRect(self.view.visibleSceneRect())
            self.frame_item.setVisible(self.isVisible())

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        self.frame_timer.start()
        self.update_gm_frame()

    def hideEvent(self, event: Any) -> None:
        super().hideEvent(event)
        self.frame_timer.stop()
        self.update_gm_frame()

    def closeEvent(self, event: Any) -> None:
        super().closeEvent(event)
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self.closed.emit()

    def retranslate(self) -> None:
        self.texts.retranslate()
        self._fill_hp_modes()
        self.view.set_language(i18n.language())
        if self.ruler_item is not None:
            self.ruler_item.relabel()
        self.turn_panel.refresh()
