"""Fog of war for the players' window: dark over what the party cannot see. The geometry core
computes what each party token sees (battlemap.geometry.vision.visible.seen_regions, one polygon per
token, remembered per token); this item unites them and grows them by the wall margin as a
picture, where it is cheap, instead of as polygons:

- each view is filled, antialiased, into an 8-bit coverage mask at the painter's device
  resolution (remembered per view: when one token moves, only its mask is filled again);
- the union is the per-pixel maximum of the masks, the margin a dilation of that union by the
  margin's width in device pixels (a square of pixels, as the mitre buffer keeps corners square);
- the fog is the grid minus that, in the fog colour, drawn as one image.

GEOS did the same with `union_all` and `buffer` (`visibility.visible_region`): ~0.5–1 s for five
views of a cave exported as a 20,000-point outline, where the masks cost a few milliseconds.

The views are recomputed only when what they depend on changes (a party token's position, size
or visibility, the walls and doors, the grid), and a burst of changes (an undo of ten moves)
costs one computation: the item is marked stale and a 0-ms single-shot timer does the work once
the burst is over. `fogged` (tests) and a paint (a grab, a render) bring a stale fog up to date
first.

The players' live window works the views out in the background (`in_background`,
`_fog_worker`): the GM's command returns, the fog shows at once the views already known (the
party members who did not move) and the others when the worker hands them over. Until then a
view on its way counts as seeing nothing but its eye's own square, so neither its area nor a
token only it may see reaches the players' screen. An export or a render keeps the exact,
synchronous fog."""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np
import shapely
from PySide6.QtCore import (
    QByteArray,
    QDataStream,
    QIODevice,
    QPointF,
    QRect,
    QRectF,
    QSize,
    Qt,
    QTimer,
)
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.model import Token
from battlemap.ui.map.drawing.fog_seen import SeenTokens
from battlemap.ui.map.units import PX

VIEWER_SIDE = "party"
# About half the wall pens (walls_layer.LOOKS, 5–7 px of 64): the walls around the party's room
# stay drawn instead of being cut in half by the fog.
WALL_MARGIN = 0.05
# How near a view a token's square must come for the party to see a part of it, in squares:
# the margin, and the fog's antialiased edge beyond it (a few device pixels at the smallest
# zoom a table screen uses). A token farther off is under opaque fog, disc and all.
SEEN_REACH = WALL_MARGIN + 0.15
FOG = QColor(18, 18, 22)
OPAQUE = QColor(255, 255, 255)
DIM_FOG = 110  # the fog's alpha over what the party sees in dim light (or without light)
EXPLORED_FOG = 190  # over what it has seen and sees no more: the map shows, dimmer
# Newly explored squares refill the explored coverage tile by tile of this many squares a side.
EXPLORED_TILE = 16
# Changes that can move a wall or resize the map: always recompute.
WORLD_CHANGES = ("walls", "grid", "all", "options")
# QPainterPath as QDataStream writes it: element count, then per element its type (0 move to,
# 1 line to) and x, y as doubles, then the index of the last subpath's start and the fill rule.
ELEMENT = np.dtype([("type", ">i4"), ("x", ">f8"), ("y", ">f8")])


def viewpoints(session: Any) -> list[tuple[float, float]]:
    from battlemap.geometry.vision.visible import party_viewpoints

    return party_viewpoints(session.encounter.tokens, VIEWER_SIDE)


def party_views(session: Any) -> list[Any]:
    """What each visible party token sees, in grid units (shapely geometries, not united)."""
    from battlemap.geometry.vision.visible import seen_regions

    return seen_regions(session.geo, viewpoints(session))


def party_sight(session: Any) -> tuple[list[Any], list[Any]]:
    """What each visible party token sees under the encounter's light, and the part of it in
    bright light (engine `party_sight`, which also remembers what they saw): with the ambient
    light bright, both are the line-of-sight views of `party_views`, the very objects."""
    sight = session.party_sight(VIEWER_SIDE)
    return list(sight.seen), list(sight.bright)


def lighting_on(session: Any) -> bool:
    """Whether light changes the fog: an ambient light other than bright."""
    return (session.encounter.options.ambient or "bright") != "bright"


def explored_path(squares: Any) -> QPainterPath:
    """The explored squares as one path in scene pixels (winding fill: touching squares make
    one area)."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    for c, r in squares:
        path.addRect(QRectF(c * PX, r * PX, PX, PX))
    return path


def shade(fog: np.ndarray, seen: np.ndarray, bright: np.ndarray | None,
          explored: np.ndarray | None) -> None:
    """Lighten the fog picture in place where the party sees dimly (seen, not in bright
    light: DIM_FOG) and where it has been (EXPLORED_FOG, the picture and walls only: the
    players' window hides every creature there, `hide_unseen`)."""
    if bright is not None:
        dim = seen.astype(np.uint16) * (255 - bright.astype(np.uint16)) // 255
        np.maximum(fog, (dim * DIM_FOG // 255).astype(np.uint8), out=fog)
    if explored is not None:
        np.minimum(fog, (255 - explored.astype(np.uint16) * (255 - EXPLORED_FOG) // 255)
                   .astype(np.uint8), out=fog)


def hide_unseen(scene: Any, views: list[Any], seen_by: SeenTokens | None = None) -> int:
    """Hide on the players' map every creature no party eye sees (its space farther than the
    wall margin from every view): under an explored area's thin fog it would show. Returns
    how many are hidden. `seen_by`: the answers kept from the last call (`fog_seen`)."""
    tokens = getattr(scene, "tokens", None)
    if not tokens:
        return 0
    by_id = {t.id: t for t in scene.session.encounter.tokens}
    items = [(item, by_id[tid]) for tid, item in tokens.items() if tid in by_id]
    if not items:
        return 0
    ask = seen_by if seen_by is not None else SeenTokens(WALL_MARGIN)
    _, seen = ask([t for _, t in items], views)
    for (item, _), shown in zip(items, seen.tolist(), strict=True):
        if item.isVisible() != shown:
            item.lift()
            item.setVisible(shown)
    return int((~seen).sum())


def party_region(session: Any) -> Any:
    """What the fog leaves seen as one exact geometry (grid units): the union of the views grown
    by the margin. Slow in a big cave (GEOS); the fog item paints the same from `party_views`."""
    from battlemap.geometry.vision.visible import visible_region

    return visible_region(session.geo, viewpoints(session), margin=WALL_MARGIN)


def view_path(geom: Any) -> QPainterPath:
    """A shapely (multi)polygon in grid units as a QPainterPath in scene pixels (odd-even fill:
    holes stay holes), its rings read in one go from the bytes QDataStream would write, not
    point by point (~3 ms instead of ~40 for a 14,000-point view)."""
    parts = shapely.get_parts(geom)
    parts = parts[shapely.get_type_id(parts) == 3]  # polygons (an intersection may add lines)
    rings = shapely.get_rings(parts)
    rings = rings[shapely.get_num_coordinates(rings) > 0]
    if len(rings) == 0:
        return QPainterPath()
    xy = shapely.get_coordinates(rings) * PX
    sizes = shapely.get_num_coordinates(rings)
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    els = np.empty(len(xy), dtype=ELEMENT)
    els["type"] = 1
    els["type"][starts] = 0
    els["x"], els["y"] = xy[:, 0], xy[:, 1]
    tail = np.array([starts[-1], 0], ">i4")  # last subpath's start, Qt.OddEvenFill
    data = QByteArray(np.array([len(els)], ">i4").tobytes() + els.tobytes() + tail.tobytes())
    path = QPainterPath()
    QDataStream(data, QIODevice.OpenModeFlag.ReadOnly) >> path
    if path.elementCount() != len(els):  # not the layout above: point by point
        path = QPainterPath()
        for start, size in zip(starts.tolist(), sizes.tolist(), strict=True):
            path.moveTo(QPointF(*xy[start]))
            for x, y in xy[start + 1:start + size].tolist():
                path.lineTo(QPointF(x, y))
            path.closeSubpath()
    return path


def grow(a: np.ndarray, r: int) -> np.ndarray:
    """Dilate `a` in place by about `r` pixels in every direction: the maximum over an octagon
    of pixels around each pixel (a square of half-side ~0.41 r, then a diamond of ~0.59 r). An
    edge moves by r along the axes and within 6 % of r in any direction from r = 2 on, as a
    buffer moves it by its distance (r = 1 is a cross: 0.71 on the diagonals)."""
    square = round(r * (math.sqrt(2) - 1))
    for axis in (0, 1):  # a square: runs along each axis whose reach at least doubles per step
        done = 0  # a holds the maximum over [i - done, i + done] along the axis
        while done < square:
            k = min(2 * done + 1, square - done)
            _spread(a, a.copy(), k, axis)
            done += k
    for _ in range(r - square):  # a diamond: the four neighbours, one pixel per step
        src = a.copy()
        _spread(a, src, 1, 0)
        _spread(a, src, 1, 1)
    return a


def _spread(a: np.ndarray, src: np.ndarray, k: int, axis: int) -> None:
    """a = max(a, src shifted by k and by -k along `axis`)."""
    if k >= a.shape[axis]:
        k = a.shape[axis] - 1
    if k <= 0:
        return
    lo, hi = [slice(None)] * 2, [slice(None)] * 2
    lo[axis], hi[axis] = slice(None, -k), slice(k, None)
    np.maximum(a[tuple(hi)], src[tuple(lo)], out=a[tuple(hi)])
    np.maximum(a[tuple(lo)], src[tuple(hi)], out=a[tuple(lo)])


def _margin_px(to_device: QTransform) -> int:
    """The wall margin in whole device pixels."""
    scale = math.sqrt(abs(to_device.determinant()))  # device pixels per scene pixel
    return round(WALL_MARGIN * PX * scale)


def _pixels(img: QImage) -> np.ndarray:
    """A writable (height, width) uint8 view of an 8-bit image's pixels."""
    rows = np.frombuffer(img.bits(), np.uint8, count=img.sizeInBytes())  # type: ignore[call-overload]
    return rows.reshape(img.height(), img.bytesPerLine())[:, :img.width()]


def _filled(path: QPainterPath | QRectF, size: QSize, to_device: QTransform) -> np.ndarray:
    """The antialiased coverage (0–255) of a path or rectangle (scene pixels) on an image of
    `size` device pixels."""
    img = QImage(size, QImage.Format.Format_Alpha8)
    img.fill(0)
    q = QPainter(img)
    q.setRenderHint(QPainter.RenderHint.Antialiasing)
    q.setTransform(to_device)
    if isinstance(path, QRectF):
        q.fillRect(path, OPAQUE)
    else:
        q.fillPath(path, OPAQUE)
    q.end()
    return _pixels(img).copy()


def _refill_explored(mask: np.ndarray, squares: Any, added: Any,
                     to_device: QTransform) -> None:
    """Bring in place the coverage `mask` of the explored squares `squares` but the last
    `added` up to all of them: only the pixels the added squares reach are filled again,
    from every explored square that touches them. They come out as a fill of all the squares
    gives them (`test_fog_explored_incremental`): a pixel's coverage depends only on the
    squares over it, and shifting the device by whole pixels moves no edge within its pixel.
    The added squares are taken tile by tile (EXPLORED_TILE), so two rooms seen at once far
    apart do not refill the screen between them."""
    h, w = mask.shape
    xy = np.array(squares, dtype=float).reshape(-1, 2)
    new = np.array(added, dtype=float).reshape(-1, 2)
    _, tile = np.unique(new // EXPLORED_TILE, axis=0, return_inverse=True)
    to_scene, _ = to_device.inverted()
    for i in range(int(tile.max()) + 1):
        part = new[tile.reshape(-1) == i]
        (c0, r0), (c1, r1) = part.min(axis=0), part.max(axis=0) + 1
        reach = QRectF(c0 * PX, r0 * PX, (c1 - c0) * PX, (r1 - r0) * PX)
        box = to_device.mapRect(reach).toAlignedRect().adjusted(-1, -1, 1, 1).intersected(
            QRect(0, 0, w, h))
        if box.isEmpty():
            continue  # off the device
        cut = to_scene.mapRect(QRectF(box.adjusted(-1, -1, 1, 1)))
        near = xy[(xy[:, 0] * PX < cut.right()) & ((xy[:, 0] + 1) * PX > cut.left())
                  & (xy[:, 1] * PX < cut.bottom()) & ((xy[:, 1] + 1) * PX > cut.top())]
        to_box = to_device * QTransform.fromTranslate(-box.x(), -box.y())
        mask[box.y():box.y() + box.height(), box.x():box.x() + box.width()] = _filled(
            explored_path(near.tolist()), box.size(), to_box)


def _view_mask(view: Any, path: QPainterPath, size: QSize,
               to_device: QTransform) -> tuple[tuple[int, int], np.ndarray]:
    """A view's coverage on a device of `size` pixels, over its bounding box only (a room's
    view is a small part of the screen): the box's top-left pixel and its mask. When the
    device shows a small part of the view (a strip a scroll exposed), the view is cut to it
    first: Qt's fill walks every edge of a path however little of it is drawn."""
    whole = to_device.mapRect(path.boundingRect()).toAlignedRect().adjusted(-1, -1, 1, 1)
    box = whole.intersected(QRect(0, 0, size.width(), size.height()))
    if box.isEmpty():
        return (0, 0), np.zeros((0, 0), np.uint8)
    to_box = to_device * QTransform.fromTranslate(-box.x(), -box.y())
    if box.width() * box.height() * 4 < whole.width() * whole.height():
        to_scene, _ = to_device.inverted()
        cut = to_scene.mapRect(QRectF(box.adjusted(-2, -2, 2, 2)))
        with contextlib.suppress(shapely.errors.GEOSException):  # else filled whole
            path = view_path(shapely.clip_by_rect(view, cut.left() / PX, cut.top() / PX,
                                                  cut.right() / PX, cut.bottom() / PX))
    return (box.x(), box.y()), _filled(path, box.size(), to_box)


class FogItem(QGraphicsItem):
    """Z 50: above everything on the players' map; opaque where the party cannot see."""

    def __init__(self, session: Any, grid_rect: Callable[[], QRectF]) -> None:
        super().__init__()
        self.setZValue(50)
        # The fog changes far less often than the view repaints: blit it from a cache.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.session = session
        self._grid_rect = grid_rect
        self._grid = QRectF()
        self._views: list[Any] = []  # shapely geometries (grid units), one per viewpoint
        self._brights: list[Any] = []  # the part of each in bright light (light.py)
        self._lit = False  # light changes the fog (`lighting_on`): dim parts shaded
        self._explored: Any = None  # the explored squares' list the fog shows
        self._light_masks: dict[int, tuple[Any, tuple[int, int], np.ndarray]] = {}
        # The explored squares (the list filled from) and their coverage on the device.
        self._explored_px: tuple[Any, np.ndarray] | None = None
        self._paths: dict[int, tuple[Any, QPainterPath]] = {}  # id(view): (view, its path)
        # Per device placement (transform, pixel rectangle): the grid's coverage, each view's
        # mask, and the last picture with the views it shows.
        self._device: tuple[Any, ...] | None = None
        self._to_device = QTransform()
        self._size = QSize()
        self._grid_mask: np.ndarray | None = None
        self._masks: dict[int, tuple[Any, tuple[int, int], np.ndarray]] = {}
        self._picture: tuple[list[Any], QImage] | None = None
        self._bounds = QRectF()
        self._seen: list[tuple[float, float]] | None = None
        self._stale = False
        # Which tokens the views reach, kept between looks (`fog_seen`): the map's tokens
        # shown (`seen_ids`) and those an explored room hides (`hide_unseen`).
        self._seen_near = SeenTokens(SEEN_REACH)
        self._seen_margin = SeenTokens(WALL_MARGIN)
        self._timer = QTimer()
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.refresh_if_stale)
        self.computations = 0  # how many times the views were computed (tests, profiling)
        self.on_refresh: Callable[[], None] | None = None  # the players' window's "nothing seen"
        # The map's scene: the tokens it shows follow what the party sees (`seen_ids`).
        self.on_views: Callable[[], None] | None = None
        # The players' live window works the views out on a worker thread (`in_background`);
        # meanwhile the eyes whose view is not known yet, the fog showing the others' only.
        self.worker: Any = None
        self._pending: list[tuple[float, float]] = []

    def in_background(self) -> None:
        """Work the views out away from the GUI thread from now on (`_fog_worker`): a change
        shows at once the views already known and the rest when they arrive."""
        from battlemap.ui.map.drawing._fog_worker import FogWorker

        if self.worker is None:
            self.worker = FogWorker(self._views_arrived)

    def refresh(self) -> None:
        """Recompute now (fog switched on, or a stale fog about to be shown)."""
        self._timer.stop()
        self._stale = False
        self._seen = viewpoints(self.session)
        self._pending = []
        views, brights = party_sight(self.session)  # remembers what the party saw
        self._lit = lighting_on(self.session)
        self._remember_explored()
        self._show(views, brights)

    def _views_arrived(self) -> None:
        """The worker handed views over (kept in the memo already): shown if the fog waits for
        some. A fog that shows its state whole already (an undo went back to views the memo
        had) has nothing to take from views of a state it left."""
        if not self.settled:
            self._show_known()

    def _show_known(self) -> None:
        """The fog of the views already known, the party's other eyes asked of the worker:
        until their views arrive, what only they see stays under the fog and the tokens only
        they may see are off the players' map (`seen_ids`), as the safe side of not knowing."""
        from battlemap.geometry.vision.visible import known_regions

        self._timer.stop()
        self._stale = False
        geo = self.session.geo
        seen = viewpoints(self.session)
        known = known_regions(geo, seen)
        if lighting_on(self.session) or all(view is not None for view in known):
            # Light cuts the views on this thread; and once every line of sight is known the
            # exact sight is cheap (its views remembered), and what the party saw is kept.
            self.refresh()
            return
        self._seen = seen
        self._pending = [eye for eye, view in zip(seen, known, strict=True) if view is None]
        self._lit = False
        shown = [view for view in known if view is not None]
        self._show(shown, shown)
        self.worker.request(geo, seen)

    def _show(self, views: list[Any], brights: list[Any]) -> None:
        """Paint these views (and their part in bright light) from now on, and tell the scene
        and the window."""
        self.prepareGeometryChange()
        grid = self._grid_rect()
        if grid != self._grid:
            self._grid, self._device = QRectF(grid), None
        self._views, self._brights = views, brights
        scene = self.scene()
        if scene is not None:
            hide_unseen(scene, self._views, self._seen_margin)
        paths = {}
        for view in [*self._views, *(self._brights if self._lit else [])]:
            known = self._paths.get(id(view))
            paths[id(view)] = known if known is not None and known[0] is view else (
                view, view_path(view))
        self._paths = paths
        self._bounds = grid.adjusted(-2, -2, 2, 2)
        if not self._pending:
            self.computations += 1
        self.update()
        if self.on_views is not None:
            self.on_views()
        if self.on_refresh is not None:
            self.on_refresh()

    def seen_ids(self, tokens: Iterable[Token]) -> set[str]:
        """The ids of the tokens the party sees a part of, from the views as they are (a
        stale fog is brought up to date before a paint, which calls `on_views`): a token
        under the fog is left off the players' map whole, its name plate, badges and HP
        bar with it, not only the part of it the fog covers."""
        tokens = list(tokens)
        views = [v for v in self._views if not v.is_empty]
        if not tokens or not (views or self._pending):
            return set()
        boxes, seen = self._seen_near(tokens, views)
        for x, y in self._pending:  # an eye whose view is on its way sees its own square
            seen |= shapely.intersects_xy(boxes, x, y)
        return {t.id for t, s in zip(tokens, seen.tolist(), strict=True) if s}

    def sees(self, shape: Any) -> bool:
        """Whether some party eye sees part of a shape (grid units, within the wall margin):
        what the players' map may draw of an area of effect (brings a stale fog up to date)."""
        self.refresh_if_stale()
        return any(not shapely.is_empty(v) and shapely.dwithin(v, shape, WALL_MARGIN)
                   for v in self._views)

    def _remember_explored(self) -> None:
        self._explored = self.session.encounter.explored

    def _explored_mask(self) -> np.ndarray | None:
        """The explored squares' coverage on the device, kept with the list it shows: filled
        again whole only when the device changed or the memory was not merely grown (a reset,
        its undo, another file). Filling the path of a party's explored rooms costs tens of
        milliseconds at a table screen's size: a move that explores nothing new (an undo, a
        foe's step) must not pay it, and one that does pays for the squares it adds."""
        squares = self._explored
        if not squares:
            return None
        known = self._explored_px
        if known is not None and known[0] is squares:
            return known[1]
        old = known[0] if known is not None else None
        if old and len(old) < len(squares) and squares[:len(old)] == old:
            # The engine only ever grows the memory by a new list: the old mask is not
            # shown again, so it is brought up to date in place.
            mask = known[1]  # type: ignore[index]
            _refill_explored(mask, squares, squares[len(old):], self._to_device)
        else:
            mask = _filled(explored_path(squares), self._size, self._to_device)
        self._explored_px = (squares, mask)
        return mask

    def _light_mask(self, view: Any) -> tuple[Any, tuple[int, int], np.ndarray]:
        known = self._light_masks.get(id(view))
        if known is None or known[0] is not view:
            known = (view, *_view_mask(view, self._paths[id(view)][1], self._size,
                                       self._to_device))
        return known

    @property
    def blind(self) -> bool:
        """Nobody to see from: no party token on the map, or none of them sees anything (the
        players' screen is all fog)."""
        return not self._pending and not any(not view.is_empty for view in self._views)

    @property
    def settled(self) -> bool:
        """Every view of the current state is known and shown."""
        return not self._stale and not self._pending

    def refresh_if_stale(self) -> None:
        """Bring a stale fog up to date: at once, or with the views known so far when they
        are worked out in the background (never waiting for the worker)."""
        if self._stale:
            if self.worker is not None:
                self._show_known()
            else:
                self.refresh()

    def settle(self) -> None:
        """Bring the fog up to date and wait for every view (tests, an exact picture)."""
        self.refresh_if_stale()
        if self.worker is not None:
            self.worker.wait()

    def fogged(self, point: QPointF) -> bool:
        """Whether the fog covers a point of the scene (scene pixels): inside the grid and
        farther than the margin from every view (brings a stale fog up to date first, and
        waits for the views on their way)."""
        self.settle()
        if not self._grid.contains(point):
            return False
        eye = shapely.Point(point.x() / PX, point.y() / PX)
        return not any(shapely.dwithin(view, eye, WALL_MARGIN) for view in self._views)

    def on_change(self, change: Any) -> None:
        """Mark the fog stale when the change can alter what the party sees."""
        kind = getattr(change, "kind", "all")
        if kind in WORLD_CHANGES or (kind == "tokens" and viewpoints(self.session) != self._seen):
            self._stale = True
            self._timer.start()
            self.update()  # a paint before the timer brings the fog up to date, never shows it stale
        if kind in ("tokens", "all", "options") and not self._stale and (
                self._lit or self._explored_shown()):
            # A creature walking into an explored area would show through its thin fog: its
            # item is hidden now, before any paint (a stale fog does it when the view paints).
            hide_unseen(self.scene(), self._views, self._seen_margin)

    def _explored_shown(self) -> bool:
        return bool(self.session.encounter.explored)

    def stop(self) -> None:
        self._timer.stop()
        self._stale = False
        if self.worker is not None:
            self.worker.stop()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        self.refresh_if_stale()
        placed = self._place(p)
        if placed is None:
            return
        target, dpr = placed
        image = self.picture()
        p.save()
        p.resetTransform()
        p.drawImage(QRectF(target.x() / dpr, target.y() / dpr,
                           target.width() / dpr, target.height() / dpr), image)
        p.restore()

    def _place(self, p: QPainter) -> tuple[QRect, float] | None:
        """Where the grid falls on the painter's device, in device pixels: the pixel rectangle
        of the fog picture (the grid's part on the device, within the painter's clip) and the
        device pixel ratio. Drops the masks when it moved."""
        dev = p.device()
        if dev is None:
            return None
        dpr = dev.devicePixelRatioF()
        world = p.worldTransform() * QTransform.fromScale(dpr, dpr)
        size = dev.deviceIndependentSize() * dpr
        # The part of the device shown (a scroll exposes a strip: the fog of that strip
        # only), with room around it for the margin's dilation to reach in from outside.
        shown = QRect(0, 0, math.ceil(size.width()), math.ceil(size.height()))
        if p.hasClipping():
            shown = shown.intersected(world.mapRect(p.clipBoundingRect()).toAlignedRect())
        pad = _margin_px(world) + 2
        target = world.mapRect(self._grid).toAlignedRect().intersected(
            shown.adjusted(-pad, -pad, pad, pad))
        if target.isEmpty():
            return None
        to_device = world * QTransform.fromTranslate(-target.x(), -target.y())
        key = (to_device.m11(), to_device.m12(), to_device.m21(), to_device.m22(),
               to_device.dx(), to_device.dy(), target.width(), target.height())
        if key != self._device:
            self._device, self._to_device, self._size = key, to_device, target.size()
            self._grid_mask, self._masks, self._picture = None, {}, None
            self._light_masks, self._explored_px = {}, None
        return target, dpr

    def picture(self) -> QImage:
        """The fog over the grid on the device placed by the last paint: the fog colour with
        an alpha of 255 minus the grown union of the views' coverage, inside the grid."""
        views = self._views
        looks = [*views, *(self._brights if self._lit else []), self._explored]
        if self._picture is not None and len(self._picture[0]) == len(looks) and all(
                a is b for a, b in zip(self._picture[0], looks, strict=True)):
            return self._picture[1]
        size, to_device = self._size, self._to_device
        if self._grid_mask is None:
            self._grid_mask = _filled(self._grid, size, to_device)
        masks = {}
        for view in views:
            known = self._masks.get(id(view))
            if known is None or known[0] is not view:
                known = (view, *_view_mask(view, self._paths[id(view)][1], size, to_device))
            masks[id(view)] = known
        self._masks = masks
        alpha = QImage(size, QImage.Format.Format_Alpha8)
        fog = _pixels(alpha)
        if masks:
            seen = np.zeros_like(self._grid_mask)
            for _, (x, y), mask in masks.values():
                if mask.size:
                    part = seen[y:y + mask.shape[0], x:x + mask.shape[1]]
                    np.maximum(part, mask, out=part)
            grow(seen, _margin_px(to_device))
            np.minimum(self._grid_mask, 255 - seen, out=fog)
            shade(fog, seen, self._bright_union(seen) if self._lit else None,
                  self._explored_mask())
        else:
            fog[:] = self._grid_mask  # nobody to remember from: all fog, explored or not
        image = alpha.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
        q = QPainter(image)
        q.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceIn)
        q.fillRect(image.rect(), FOG)
        q.end()
        self._picture = (looks, image)
        return image

    def _bright_union(self, seen: np.ndarray) -> np.ndarray:
        """The per-pixel union of the bright parts, grown by the wall margin like the views."""
        masks = {}
        bright = np.zeros_like(seen)
        for view in self._brights:
            known = self._light_mask(view)
            masks[id(view)] = known
            _, (x, y), mask = known
            if mask.size:
                part = bright[y:y + mask.shape[0], x:x + mask.shape[1]]
                np.maximum(part, mask, out=part)
        self._light_masks = masks
        return grow(bright, _margin_px(self._to_device))
