"""A token on the map: disc (or its picture, cropped to the disc or filling the square, ringed
in its side's colour) with initials, name, HP bar, badges. A thin view: it draws a TokenLook
and moves only when the model says so (drags are previewed by the tool)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QTransform,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QStyleOptionGraphicsItem,
    QWidget,
)

from battlemap.engine.files.picture_consent import may_show
from battlemap.io.picture_check import art_sentence
from battlemap.model import Token
from battlemap.text import Message
from battlemap.ui.i18n import language, say
from battlemap.ui.map.drawing.items.token_art import Art, load_art, scaled_art
from battlemap.ui.map.drawing.items.token_look import DEAD_STATES, TokenLook
from battlemap.ui.map.drawing.items.token_marks import (
    BADGE_PX,
    WHITE,
    badge_rects,
    badges_box,
    font,
    paint_badges,
    paint_hp,
)
from battlemap.ui.map.drawing.sprites import draw_cached
from battlemap.ui.map.units import PX

PLAYER_HP_MODES = ("none", "bar", "bloodied")
TOKEN_Z = 10
# A token whose name stays under it over another token (the squares above and below both
# taken) stacks above the plain tokens, so its name is read over the lower disc; the higher
# on the map, the higher still (a column of such tokens: each name over the disc below it).
RAISED_Z = TOKEN_Z + 1
# How far the name label may reach beyond the footprint on each side, in scene pixels at any
# zoom (a grown font elides sooner)…
NAME_SPILL = 38.0
# …when no token's label stands beside it. With a neighbour on its row, the two labels share
# the gap between the squares and keep NAME_GAP clear of its middle: side by side tokens show
# two shortened names ("Yanis, m…", "Lou, ch…") rather than one printed over the other. The
# tooltip has the whole name.
NAME_GAP = 1.0
# How far the painting (disc rim, badges, widest label) may reach beyond the footprint.
PAINT_SPILL = NAME_SPILL
# A name put above its token (a token stands right below it: the scene decides, see
# MapScene._share_name_room) ends NAME_ABOVE_GAP over the top of the square, clear of the
# initiative and elevation badges there (their top is 5 above the square).
NAME_ABOVE_GAP = 6.0
NAME_PX = 10.0  # name label font size in scene pixels at zoom 1…
NAME_MIN_SCREEN_PX = 8.0  # …grown when zoomed out so it stays readable on screen…
NAME_MAX_GROWTH = 2.0  # …up to this factor (then the map is too small for names anyway)
# Level of detail: text smaller than this on screen is unreadable, so it is not drawn at all
# (a zoomed-out map of 300 tokens then costs discs only).
MIN_TEXT_SCREEN_PX = 5.0
SELECTED_PEN = QPen(QColor("#ffd400"), 3, Qt.PenStyle.DashLine)
HIDDEN_PEN = QPen(QColor("#444444"), 2, Qt.PenStyle.DotLine)
NAME_BG = QColor(20, 20, 20, 180)


def screen_scale(t: QTransform) -> float:
    """Screen pixels per scene pixel: the smaller axis, since a squashed label is as
    unreadable as a small one (views zoom evenly; a stretched export need not)."""
    return max(1e-6, min(abs(t.m11()), abs(t.m22())))


class TokenItem(QGraphicsRectItem):
    """Z 10. `token_id` is the model key; the scene refreshes the item from the model.

    A rect item whose rect is the paint bounds: the view asks for bounds several times per
    token and repaint, and the C++ answer costs no call into Python."""

    in_background = False  # painted by the scene's background, not as an item

    def __init__(self, token: Token, look: TokenLook, role: str = "gm",
                 player_hp: str = "bar", art_dir: Path | None = None,
                 encounter_path: Path | str | None = None) -> None:
        super().__init__()
        self.token_id = token.id
        self.role = role
        self.player_hp = player_hp
        self._art_dir = art_dir
        self._encounter_path = encounter_path  # whose folder the art may come from unasked
        self._art: Art | None = None  # the picture shown, when it can be
        self._art_for: tuple[str | None, str] | None = None  # (art, fit) it was loaded for
        self._art_fit = token.art_fit
        self.art_problem: Message | None = None  # why the token's picture is not shown
        self._side = token.size.squares * PX
        self._name_for: tuple[tuple[float, str, float, float, bool], Any] | None = None
        self._name_spill = NAME_SPILL  # set by the scene from the neighbours (set_name_spill)
        self._name_above = False  # set by the scene too (set_name_place)
        self.setPen(Qt.PenStyle.NoPen)  # the bounds are the rect, not grown by a pen
        self.setZValue(TOKEN_Z)
        # Moving a token, or repainting the map around it, blits cached pixels; the disc,
        # text and badges are drawn again only when the look or the zoom changes.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, role == "gm")
        self.setAcceptHoverEvents(True)
        self._shown: tuple[Any, ...] | None = None  # what update_from last showed
        self.update_from(token, look)

    # -- level of detail: painted by the background or by the item -----------------------
    def set_in_background(self, on: bool) -> None:
        """In the background the item keeps its geometry (hits, hover, selection) but Qt
        draws nothing for it: the scene's background has its picture."""
        self.in_background = on
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, on)

    def lift(self) -> None:
        """Out of the background before a change: the background loses the old picture,
        the item paints the new one."""
        if not self.in_background:
            return
        self.set_in_background(False)
        scene = self.scene()
        if scene is not None:
            scene.invalidate(self.sceneBoundingRect(), QGraphicsScene.SceneLayer.BackgroundLayer)

    # Changes of the picture made from Python lift the token first. (Not an itemChange
    # override: Qt would call into Python ~15 times per token while building the scene;
    # selection, which Qt also changes itself, is watched by background_tokens.)
    def setPos(self, *args: Any) -> None:  # type: ignore[override]  # noqa: N802
        self.lift()
        super().setPos(*args)

    def setOpacity(self, opacity: float) -> None:  # noqa: N802
        self.lift()
        super().setOpacity(opacity)

    def setVisible(self, visible: bool) -> None:  # noqa: N802
        self.lift()
        super().setVisible(visible)

    # -- model → view ------------------------------------------------------------------
    def update_from(self, token: Token, look: TokenLook) -> None:
        # The language too: the elevation badge writes « 1,5 m » in French, "1.5 m" in English.
        shown = (look, token.size, token.col, token.row, token.art, token.art_fit, language())
        if shown == self._shown:
            return  # a refresh of every token repaints only those that changed
        self._shown = shown
        self.lift()
        self.prepareGeometryChange()
        self.look = look
        self._side = token.size.squares * PX
        self.setRect(self._paint_bounds())
        self.setPos(token.col * PX, token.row * PX)
        if self._art_for != (token.art, token.art_fit):  # read once, not at each new look
            self._art_for = (token.art, token.art_fit)
            self._art_fit = token.art_fit
            self._load_art(token)
        # The GM sees hidden tokens as ghosts.
        self.setOpacity(0.45 if look.hidden else 1.0)
        self.setToolTip(self._tooltip())
        self.update()

    def _load_art(self, token: Token) -> None:
        """The token's picture (from the cache of decoded pictures), or None and the sentence
        saying why when it cannot be shown."""
        self._art, self.art_problem = None, None
        if not token.art:
            return
        path = Path(token.art)
        if not path.is_absolute() and self._art_dir is not None:
            path = self._art_dir / path
        if not may_show(path, self._encounter_path):
            return  # from outside the encounter's folder, and the GM has not said yes
        art = load_art(path)
        if art.image is not None:
            self._art = art
        else:
            assert art.problem is not None
            self.art_problem = art_sentence(token, self._encounter_path, art.problem)

    def _tooltip(self) -> str:
        lk = self.look
        parts = [lk.name]
        if self._shows_numbers() and lk.hp is not None:
            parts.append(f"PV {lk.hp}" + (f"/{lk.hp_max}" if lk.hp_max else ""))
        if lk.conditions:
            parts.append(", ".join(lk.conditions))
        text = " — ".join(parts)
        if self.art_problem is not None and self.role == "gm":
            text += "\n" + say(self.art_problem)
        return text

    def _shows_numbers(self) -> bool:
        return self.role == "gm"

    # -- geometry ------------------------------------------------------------------------
    def footprint(self) -> QRectF:
        return QRectF(0, 0, self._side, self._side)

    def _paint_bounds(self) -> QRectF:
        # Room for the name label under the footprint (taller when zoomed out), the disc's rim
        # and badges above it; for the name above it when the scene puts it there.
        top = -(NAME_ABOVE_GAP + 14 * NAME_MAX_GROWTH) if self._name_above else -12.0
        return QRectF(-PAINT_SPILL, top, self._side + 2 * PAINT_SPILL,
                      self._side + 6 + 16 * NAME_MAX_GROWTH - top)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(self.footprint())
        return path

    # -- painting ------------------------------------------------------------------------
    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        lk = self.look
        s = self._side
        zoom = screen_scale(p.worldTransform())
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        marks = _Marks(
            initials=_initials_px(s) * zoom >= MIN_TEXT_SCREEN_PX,
            badges=BADGE_PX * zoom >= MIN_TEXT_SCREEN_PX,
            hp_bar=self.role == "gm" or self.player_hp == "bar",
            hp_mark=self.role == "gm" or self.player_hp in ("bar", "bloodied"))
        # Tokens of one side and size at the same health look alike (the stress map's 90
        # in view are a few dozen pictures): the disc (or picture) and its marks are drawn
        # once per look and zoom into a pixmap, then copied; only the name differs per token.
        box = QRectF(-2, -2, s + 4, s + 4)
        if marks.badges:
            badges = badges_box(lk, s)
            box = box if badges.isNull() else box.united(badges)
        key = ("token", s, lk.colour.rgba(), lk.state, lk.hidden, marks, language(),
               lk.initials if marks.initials and self._art is None else "",
               (lk.hp, lk.hp_max) if marks.hp_bar else None,
               (lk.initiative, lk.elevation_m, *lk.conditions[:4]) if marks.badges else None,
               None if self._art is None else (self._art.key, self._art_fit))

        def draw(q: QPainter, at: QRectF) -> None:
            q.translate(at.left() - box.left(), at.top() - box.top())
            self._paint_body(q, marks)

        draw_cached(p, box, key, draw)
        self._paint_name(p, zoom)
        if self.isSelected():
            p.setPen(SELECTED_PEN)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(self.footprint().adjusted(1, 1, -1, -1))

    def _paint_body(self, p: QPainter, marks: _Marks) -> None:
        """The disc (or art) and the marks on it, in token coordinates: everything but the
        name and the selection."""
        lk = self.look
        s = self._side
        disc = _disc_box(s)
        dead = lk.state in DEAD_STATES
        colour = QColor("#777777") if dead else lk.colour
        # Disc with a side-coloured rim; art inside when there is some.
        square = self._art is not None and self._art_fit == "square"
        if self._art is not None:
            ring = max(2.0, s * 0.07)
            frame = QRectF(ring / 2, ring / 2, s - ring, s - ring) if square else disc
            _paint_art(p, self._art, frame, square)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(QPen(colour, ring))
            if square:
                p.drawRect(frame)
            else:
                p.drawEllipse(disc)
        else:
            p.setPen(QPen(colour.darker(160), max(1.5, s * 0.05)))
            p.setBrush(colour)
            p.drawEllipse(disc)
            if marks.initials:
                p.setPen(WHITE)
                p.setFont(font(_initials_fit(s, disc.width(), lk.initials), bold=True))
                p.drawText(disc, Qt.AlignmentFlag.AlignCenter, lk.initials)
        if dead:
            p.setPen(QPen(QColor("#222222"), max(2.0, s * 0.06)))
            p.drawLine(disc.topLeft(), disc.bottomRight())
            p.drawLine(disc.topRight(), disc.bottomLeft())
        paint_hp(p, lk, s, disc, show_bar=marks.hp_bar, show_mark=marks.hp_mark)
        if marks.badges:
            paint_badges(p, lk, s)
        if lk.hidden:
            p.setPen(HIDDEN_PEN)
            p.setBrush(Qt.BrushStyle.NoBrush)
            if square:
                p.drawRect(QRectF(1, 1, s - 2, s - 2))
            else:
                p.drawEllipse(disc.adjusted(-2, -2, 2, 2))

    def _name_layout(self, zoom: float) -> tuple[float, str, QRectF] | None:
        """(growth, elided text, pill in item coordinates), or None when too small to read.
        Remembered for the last font size, name and size: a drag's labels ask for the names
        near the path at every new square, and zooming at play zoom keeps the size."""
        grow = min(NAME_MAX_GROWTH, max(1.0, NAME_MIN_SCREEN_PX / (NAME_PX * zoom)))
        if NAME_PX * grow * zoom < MIN_TEXT_SCREEN_PX:
            return None
        key = (grow, self.look.name, self._side, self._name_spill, self._name_above)
        if self._name_for is None or self._name_for[0] != key:
            self._name_for = (key, self._measure_name(grow))
        return self._name_for[1]

    def _measure_name(self, grow: float) -> tuple[float, str, QRectF]:
        metrics = QFontMetricsF(font(round(NAME_PX * grow)))
        room = self._side + 2 * self._name_spill - 8 * grow
        text = metrics.elidedText(self.look.name, Qt.TextElideMode.ElideRight, room)
        w = metrics.horizontalAdvance(text) + 8 * grow
        h = 14 * grow
        top = -NAME_ABOVE_GAP - h if self._name_above else self._side + 2
        return grow, text, QRectF(self._side / 2 - w / 2, top, w, h)

    def set_name_spill(self, spill: float) -> None:
        """How far the name may reach beyond each side of the square (the scene shares the
        room between neighbours); repaints only when it changes."""
        spill = min(NAME_SPILL, spill)
        if spill == self._name_spill:
            return
        self.lift()
        self._name_spill = spill
        self.update()

    def set_name_place(self, above: bool, z: float = TOKEN_Z) -> None:
        """The name above the token rather than under it, and the token's z (RAISED_Z… when
        its name stays under it over another token); decided by the scene from the squares
        around, repaints only when it changes."""
        if above == self._name_above and z == self.zValue():
            return
        self.lift()
        if above != self._name_above:
            self.prepareGeometryChange()
            self._name_above = above
            self.setRect(self._paint_bounds())
        self.setZValue(z)
        self.update()

    def name_rect(self, zoom: float = 1.0) -> QRectF:
        """Where the name label is drawn at this zoom, in scene coordinates (labels of the
        overlays keep clear of it); empty when no name is drawn."""
        layout = self._name_layout(zoom)
        return QRectF() if layout is None else layout[2].translated(self.pos())

    def disc_rect(self) -> QRectF:
        """The disc's box in scene coordinates (the map's labels keep off it)."""
        return _disc_box(self._side).translated(self.pos())

    def badge_rects(self, conditions_only: bool = False) -> list[QRectF]:
        """Where the badges (initiative, elevation, conditions) are drawn, in scene
        coordinates, whether or not this zoom shows them."""
        return [r.translated(self.pos())
                for r in badge_rects(self.look, self._side, conditions_only)]

    def _paint_name(self, p: QPainter, zoom: float) -> None:
        layout = self._name_layout(zoom)
        if layout is None:
            return
        grow, text, pill = layout
        p.setFont(font(round(NAME_PX * grow)))
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(NAME_BG)
        p.drawRoundedRect(pill, 4 * grow, 4 * grow)
        p.setPen(WHITE)
        p.drawText(pill, Qt.AlignmentFlag.AlignCenter, text)


def _paint_art(p: QPainter, art: Art, frame: QRectF, square: bool) -> None:
    """The picture in `frame` (scene units), clipped to its disc unless it fills the square:
    scaled beforehand to the frame's size in device pixels, so drawing it is a copy."""
    scale = screen_scale(p.worldTransform()) * p.device().devicePixelRatioF()
    pix = scaled_art(art, max(1, round(frame.width() * scale)),
                     max(1, round(frame.height() * scale)))
    p.save()
    if not square:
        clip = QPainterPath()
        clip.addEllipse(frame)
        p.setClipPath(clip)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    p.drawPixmap(frame, pix, QRectF(pix.rect()))
    p.restore()


class _Marks(NamedTuple):
    """Which marks a paint shows: the level of detail at this zoom and what the role sees."""

    initials: bool
    badges: bool
    hp_bar: bool
    hp_mark: bool


def _disc_box(side: float) -> QRectF:
    """The disc of a token of `side`, in token coordinates: the footprint, inset a little."""
    inset = max(2.0, side * 0.06)
    return QRectF(inset, inset, side - 2 * inset, side - 2 * inset)


def _initials_px(side: float) -> int:
    """The initials' font size in scene pixels for a token of `side`."""
    return max(6, int(_disc_box(side).width() * 0.38))


def _initials_fit(side: float, width: float, text: str) -> int:
    """The initials' font size, smaller for a long text (« VB12 ») so it stays on the disc.
    Drawn into the token's cached picture: measured once per look."""
    px = _initials_px(side)
    room = width * 0.84
    wide = QFontMetricsF(font(px, bold=True)).horizontalAdvance(text)
    return px if wide <= room else max(6, int(px * room / wide))
