"""MapView: the battle map widget (contract in ui_common.md). Zoom, pan, hovered square, scale
bar; mouse gestures go to generator tools (battlemap.ui.map.gestures.tools) through controllers."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QImage,
    QPainter,
    QPaintEvent,
    QPixmapCache,
)
from PySide6.QtWidgets import QGraphicsView, QWidget

from battlemap.model import SQUARE_M
from battlemap.ui.map.drawing.items.token_item import screen_scale
from battlemap.ui.map.drawing.scale_bar import bar_length_m, draw_scale_bar
from battlemap.ui.map.gestures.shown_marks import ShownMarks
from battlemap.ui.map.gestures.view_input import GestureRouting
from battlemap.ui.map.gestures.zoom_burst import ZoomBurst
from battlemap.ui.map.scene import OUTSIDE, MapScene
from battlemap.ui.map.units import PX

ZOOM_STEP = 1.25
ZOOM_MIN, ZOOM_MAX = 0.05, 8.0
RENDER_MARGIN = PX / 2  # around the grid in exported images
PIXMAP_CACHE_KB = 48 * 1024
# The lower-left corner holding the scale bar, in viewport pixels: the bar's length plus
# its left offset and plate margins (~22 px), and the plate's height and bottom offset (38).
SCALE_BAR_MARGIN, SCALE_BAR_HEIGHT = 40, 48


class MapView(GestureRouting, QGraphicsView):
    tokenSelected = Signal(str)
    hoveredSquare = Signal(int, int)

    def __init__(self, session: Any, role: str = "gm", parent: QWidget | None = None,
                 player_hp: str = "bar") -> None:
        super().__init__(parent)
        # A viewport made here, not Qt's own: the first `viewport()` call on Qt's would make
        # PySide resolve its type by initialising every QtWidgets class (~40 ms, 74 enum
        # types) before the first frame; one Python already knows costs nothing.
        self.setViewport(QWidget())
        self.session = session
        self._shown_once = False
        # The zoom the last `fit` left, while the GM has not zoomed since (else None): a
        # resize then fits again. A map opened into a window still laying out was fitted
        # to a viewport 100 px wide and stayed at 60 m a bar once the viewport grew.
        self._fit_zoom: float | None = None
        self.role = role
        self.map_scene = MapScene(session, role=role, player_hp=player_hp, parent=self)
        self.setScene(self.map_scene)
        # No SmoothPixmapTransform here: it would send every cached item blit through the
        # filtering path; the map image and token art ask for it where they are scaled.
        self.setRenderHints(QPainter.RenderHint.Antialiasing)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        # Paper, map image and grid come from one cached pixmap; every item sets the painter
        # state it needs, so the view need not save and restore it around each one.
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setOptimizationFlags(QGraphicsView.OptimizationFlag.DontSavePainterState)
        # Walls, terrain and tokens are device-coordinate cached in QPixmapCache: a full-screen
        # layer is 8 MB at 1920×1080, beyond Qt's 10 MB default the caches would evict each
        # other on every repaint.
        QPixmapCache.setCacheLimit(max(QPixmapCache.cacheLimit(), PIXMAP_CACHE_KB))
        # The cached background covers every pixel: skip the palette fill before each paint.
        self.viewport().setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.setMouseTracking(True)
        # Pan is middle-drag / space-drag and the scale bar sits bottom-left: scroll bars
        # would only eat room and hint at a page the map is not.
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setDragMode(QGraphicsView.DragMode.RubberBandDrag if role == "gm"
                         else QGraphicsView.DragMode.NoDrag)
        self._pan_from: QPointF | None = None
        self._space = False
        self._hovered: tuple[int, int] | None = None
        self._tool_handler: Any = None  # object with .pointer(Pointer) -> bool (still busy)
        # Tools and overlays (wiring.install) are built on first use or right after the first
        # paint, whichever comes first: the map shows ~40 ms sooner at start-up. The actions
        # are built apart, on demand (actions()), without the tools.
        self._controllers: dict[str, Any] | None = None
        self._actions: list[QAction] = []
        self._actions_built = False
        self._painted_once = False
        # (perf_counter, process_time) when the first frame was drawn: what a start costs to
        # the map on screen, apart from the work deferred after it (tools, docks' bodies).
        self.first_frame_at: tuple[float, float] | None = None
        self._bar_exposed = True  # this paint reaches the scale bar's corner (paintEvent)
        self._bar_for = (0.0, 0.0)  # (zoom, right edge of the bar's plate)
        self._after_frame: list[Callable[[], Any]] = []
        self._at_frame: list[Callable[[], Any]] = []  # before the deferred work (at_first_frame)
        self.burst = ZoomBurst(self)  # wheel and key zoom: a scaled picture until it stops
        self.fog: Any = None
        self.marks = ShownMarks(self)  # the ruler and pings, for the players' window
        self._unsubscribe = session.subscribe(self._on_change)
        self.map_scene.selectionChanged.connect(self._on_selection)
        self.horizontalScrollBar().valueChanged.connect(self._view_moved)
        self.verticalScrollBar().valueChanged.connect(self._view_moved)

    # -- tools, built late -----------------------------------------------------------------
    @property
    def controllers(self) -> dict[str, Any]:
        """The tool controllers by name (wiring.install), built on first access."""
        if self._controllers is None:
            self._install()
        assert self._controllers is not None
        return self._controllers

    @controllers.setter
    def controllers(self, value: dict[str, Any]) -> None:
        self._controllers = value

    def _install(self) -> None:
        if self._controllers is not None:
            return
        from battlemap.ui.map.wiring import install

        self._controllers = {}  # what a controller sees of its peers while they are built
        install(self)
        self._build_actions()  # shortcuts and the template group, for a view with no window

    def built_controllers(self) -> dict[str, Any]:
        """The controllers built so far (none before the build): to notify, never to build."""
        return dict(self._controllers or {})

    def _build_actions(self) -> None:
        if self._actions_built:
            return
        from battlemap.ui.map.map_actions import build_actions

        self._actions_built = True
        self._actions = build_actions(self)

    # -- contract ------------------------------------------------------------------------
    def actions(self) -> list[QAction]:  # type: ignore[override]
        """Built without the tools: a window's menus do not delay the first frame."""
        self._build_actions()
        return list(self._actions)

    def set_language(self, lang: str) -> None:
        from battlemap.ui import i18n
        from battlemap.ui.map.map_actions import retranslate

        i18n.set_language(lang)
        retranslate(self._actions, self.session.encounter.system)
        self.map_scene.refresh_tokens(None)  # conditions' badges and tooltips name them
        for ctl in self.built_controllers().values():
            hook = getattr(ctl, "retranslate", None)
            if hook is not None:
                hook()
        self.viewport().update()

    def render_to_image(self, w: int, h: int) -> QImage:
        """The whole grid (GM or player view) rendered into a w×h image, centred, with a thin
        margin so the labels of tokens on the edge are not cut, and the scale bar."""
        self._fog_up_to_date()
        img = QImage(w, h, QImage.Format.Format_ARGB32)
        img.fill(OUTSIDE)
        p = QPainter(img)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        source = self.map_scene.grid_rect().adjusted(-RENDER_MARGIN, -RENDER_MARGIN,
                                                     RENDER_MARGIN, RENDER_MARGIN)
        zoom = min(w / source.width(), h / source.height())
        target = QRectF(0, 0, source.width() * zoom, source.height() * zoom)
        target.moveCenter(QPointF(w / 2, h / 2))
        self.map_scene.render(p, target, source, Qt.AspectRatioMode.IgnoreAspectRatio)
        draw_scale_bar(p, zoom, h)
        p.end()
        return img

    def center_on(self, x: float, y: float) -> None:
        """Centre the view on a point in grid units."""
        self.centerOn(QPointF(x * PX, y * PX))

    def centerOn(self, *args: Any) -> None:  # noqa: N802 (Qt's name)
        """A spot chosen (by the GM, or pushed to the players): a resize keeps it."""
        self._fit_zoom = None
        super().centerOn(*args)

    def visibleSceneRect(self) -> QRectF:  # noqa: N802 (Qt-style name in the contract)
        """The visible part of the scene, in scene pixels (PX per square)."""
        return self.mapToScene(self.viewport().rect()).boundingRect()

    def visible_grid_rect(self) -> QRectF:
        r = self.visibleSceneRect()
        return QRectF(r.x() / PX, r.y() / PX, r.width() / PX, r.height() / PX)

    def set_fog(self, on: bool) -> None:
        """Players' window: hide what the party cannot see (kept up to date by FogItem). The
        GM always sees the whole map: on a GM view this does nothing."""
        from battlemap.ui.map.drawing.fog import FogItem

        on = on and self.role == "player"
        scene = self.map_scene
        if on and self.fog is None:
            # The tokens under the fog leave the map whole (FogItem.seen_ids): their name
            # plates and badges stick out of the squares the fog covers.
            self.fog = FogItem(self.session, scene.grid_rect)
            scene.sees = self.fog.seen_ids
            self.fog.on_views = scene.refilter
            scene.addItem(self.fog)
            self.fog.refresh()
        elif not on and self.fog is not None:
            self.fog.stop()
            scene.removeItem(self.fog)
            self.fog = None
            scene.sees = None
            scene.refilter()

    def zoom(self) -> float:
        return self.transform().m11()

    def shutdown(self) -> None:
        """Stop listening to the session (call before dropping the widget)."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    # -- sync ----------------------------------------------------------------------------
    def _on_change(self, change: Any) -> None:
        self.map_scene.on_change(change)
        if self.fog is not None:
            self.fog.on_change(change)
        for ctl in self.built_controllers().values():
            hook = getattr(ctl, "on_change", None)
            if hook:
                hook(change)

    def _on_selection(self) -> None:
        ids = self.selected_token_ids()
        if ids:
            self.tokenSelected.emit(ids[0])
        for ctl in self.controllers.values():  # a selection is a use: build them
            hook = getattr(ctl, "on_selection", None)
            if hook:
                hook(ids)

    def _view_moved(self, *_: Any) -> None:
        """Scroll or zoom: widgets docked to things on the map follow them."""
        for ctl in self.built_controllers().values():
            hook = getattr(ctl, "view_moved", None)
            if hook is not None:
                hook()

    def selected_token_ids(self) -> list[str]:
        return [i.token_id for i in self.map_scene.selectedItems() if hasattr(i, "token_id")]

    def select_token(self, token_id: str | None) -> None:
        self.map_scene.clearSelection()
        item = self.map_scene.tokens.get(token_id or "")
        if item is not None:
            item.setSelected(True)
            self.ensureVisible(item)

    # -- zoom ----------------------------------------------------------------------------
    def zoom_by(self, factor: float) -> None:
        target = max(ZOOM_MIN, min(ZOOM_MAX, self.zoom() * factor))
        f = target / self.zoom()
        self.scale(f, f)
        self.viewport().update()
        self._view_moved()

    def zoom_in(self) -> None:
        """One step in, as a wheel notch or a key press (a burst: see `zoom_burst`)."""
        self.burst.step()
        self.zoom_by(ZOOM_STEP)

    def zoom_out(self) -> None:
        self.burst.step()
        self.zoom_by(1 / ZOOM_STEP)

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        if not self._shown_once:  # a GM opening a map sees all of it first
            self._shown_once = True
            self.fit()

    def fit(self) -> None:
        self.burst.settle()
        self.fitInView(self.map_scene.grid_rect().adjusted(-PX / 2, -PX / 2, PX / 2, PX / 2),
                       Qt.AspectRatioMode.KeepAspectRatio)
        self.viewport().update()
        self._view_moved()
        self._fit_zoom = self.zoom()

    def wheelEvent(self, event: Any) -> None:
        dy = event.angleDelta().y()
        if dy:
            self.burst.step()
            self.zoom_by(ZOOM_STEP ** (dy / 120))
        event.accept()

    def mousePressEvent(self, event: Any) -> None:
        self.burst.settle()  # a click acts on what the map really shows
        super().mousePressEvent(event)

    def resizeEvent(self, event: Any) -> None:
        self.burst.settle()
        super().resizeEvent(event)
        if self._shown_once and self._fit_zoom is not None and self.zoom() == self._fit_zoom:
            self.fit()  # still the whole map as it opened: all of it at the new size

    # -- painting ------------------------------------------------------------------------
    def _fog_up_to_date(self) -> None:
        """A stale fog is recomputed before a paint gathers the items, not in the fog's own
        paint: the tokens it uncovers or covers come and go before anything is drawn."""
        if self.fog is not None:
            self.fog.refresh_if_stale()

    def paintEvent(self, event: QPaintEvent) -> None:
        self._fog_up_to_date()
        if self.burst.active:
            p = QPainter(self.viewport())
            self.burst.paint(p)
            if self.role == "gm":
                draw_scale_bar(p, self.zoom(), self.viewport().height())
            p.end()
            return
        if self.fog is not None:  # the creatures the party no longer sees hidden before
            self.fog.refresh_if_stale()  # the scene paints them (drawing/fog.py, hide_unseen)
        t = self.transform()
        # Zoomed far out, the tokens go into the cached background (one copy per repaint
        # instead of 300 item blits); decided here, before Qt gathers the items to draw.
        self.map_scene.background_tokens.follow(screen_scale(t))
        # The scale bar sits in the lower-left corner: a repaint that misses it (a token
        # moved, an overlay redrawn) skips the bar, ~10 µs of a small update's ~40.
        r = event.rect()
        self._bar_exposed = (r.bottom() >= self.viewport().height() - SCALE_BAR_HEIGHT
                             and r.left() <= self._bar_right(t.m11()))
        super().paintEvent(event)

    def _bar_right(self, zoom: float) -> float:
        """The right edge of the scale bar's plate, in viewport pixels, at this zoom."""
        if self._bar_for[0] != zoom:
            self._bar_for = (zoom, bar_length_m(zoom) / SQUARE_M * PX * zoom + SCALE_BAR_MARGIN)
        return self._bar_for[1]

    # -- scale bar -----------------------------------------------------------------------
    def drawForeground(self, p: QPainter, rect: QRectF) -> None:
        if self.role == "gm" and self._bar_exposed and not self.burst.grabbing:  # paintEvent
            draw_scale_bar(p, self.zoom(), self.viewport().height())
        if not self._painted_once:
            self._painted_once = True  # once this frame is on screen: the deferred work
            self.first_frame_at = (time.perf_counter(), time.process_time())
            for fn in [*self._at_frame, self._install, *self._after_frame]:
                QTimer.singleShot(0, self, fn)  # dropped if the view is gone
            self._after_frame.clear()
            self._at_frame.clear()

    @property
    def painted_once(self) -> bool:
        """The first frame is on screen."""
        return self._painted_once

    def at_first_frame(self, fn: Callable[[], Any]) -> None:
        """Run fn right after the first frame, before the work deferred after it (the tools'
        build, `after_first_frame`): to see the start as it is at that frame."""
        if self._painted_once:
            QTimer.singleShot(0, self, fn)
        else:
            self._at_frame.append(fn)

    def after_first_frame(self, fn: Callable[[], Any]) -> None:
        """Run fn right after the first frame (after the tools' build); soon if it is past.
        For work a window wants on screen but not in the way of the map's first picture."""
        if self._painted_once:
            QTimer.singleShot(0, self, fn)
        else:
            self._after_frame.append(fn)
