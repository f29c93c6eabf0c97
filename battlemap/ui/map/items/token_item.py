"""A token on the map: disc (or art) with initials, name, HP bar, badges. A thin view: it
draws a TokenLook and moves only when the model says so (drags are previewed by the tool)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsRectItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from battlemap.model import Token
from battlemap.ui.map.items.token_look import BLOODIED_STATES, DEAD_STATES, DOWN_STATES, TokenLook
from battlemap.ui.map.units import PX

PLAYER_HP_MODES = ("none", "bar", "bloodied")
# How far the name label may reach beyond the footprint on each side, in scene pixels at any
# zoom (a grown font elides sooner rather than running into the neighbours' labels).
NAME_SPILL = 38.0
NAME_PX = 10.0  # name label font size in scene pixels at zoom 1…
NAME_MIN_SCREEN_PX = 8.0  # …grown when zoomed out so it stays readable on screen…
NAME_MAX_GROWTH = 2.0  # …up to this factor (then the map is too small for names anyway)
# Level of detail: text smaller than this on screen is unreadable, so it is not drawn at all
# (a zoomed-out map of 300 tokens then costs discs only).
MIN_TEXT_SCREEN_PX = 5.0
BADGE_PX = 9
WHITE = QColor("white")
SELECTED_PEN = QPen(QColor("#ffd400"), 3, Qt.PenStyle.DashLine)
HIDDEN_PEN = QPen(QColor("#444444"), 2, Qt.PenStyle.DotLine)
NAME_BG = QColor(20, 20, 20, 180)
HP_BG = QColor(0, 0, 0, 170)


@lru_cache(maxsize=64)
def font(pixel_size: int, bold: bool = False) -> QFont:
    """Fonts are built once per size: a paint allocates none."""
    f = QFont("Sans Serif")
    f.setPixelSize(max(1, pixel_size))
    f.setBold(bold)
    return f


class TokenItem(QGraphicsRectItem):
    """Z 10. `token_id` is the model key; the scene refreshes the item from the model.

    A rect item whose rect is the paint bounds: the view asks for bounds several times per
    token and repaint, and the C++ answer costs no call into Python."""

    def __init__(self, token: Token, look: TokenLook, role: str = "gm",
                 player_hp: str = "bar", art_dir: Path | None = None) -> None:
        super().__init__()
        self.token_id = token.id
        self.role = role
        self.player_hp = player_hp
        self._art_dir = art_dir
        self._pixmap: QPixmap | None = None
        self._side = token.size.squares * PX
        self.setPen(Qt.PenStyle.NoPen)  # the bounds are the rect, not grown by a pen
        self.setZValue(10)
        # Moving a token, or repainting the map around it, blits cached pixels; the disc,
        # text and badges are drawn again only when the look or the zoom changes.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, role == "gm")
        self.setAcceptHoverEvents(True)
        self.update_from(token, look)

    # -- model → view ------------------------------------------------------------------
    def update_from(self, token: Token, look: TokenLook) -> None:
        self.prepareGeometryChange()
        self.look = look
        self._side = token.size.squares * PX
        self.setRect(self._paint_bounds())
        self.setPos(token.col * PX, token.row * PX)
        self._pixmap = self._load_art(token.art)
        # The GM sees hidden tokens as ghosts.
        self.setOpacity(0.45 if look.hidden else 1.0)
        self.setToolTip(self._tooltip())
        self.update()

    def _load_art(self, art: str | None) -> QPixmap | None:
        if not art:
            return None
        path = Path(art)
        if not path.is_absolute() and self._art_dir is not None:
            path = self._art_dir / path
        pix = QPixmap(str(path))
        return None if pix.isNull() else pix

    def _tooltip(self) -> str:
        lk = self.look
        parts = [lk.name]
        if self._shows_numbers() and lk.hp is not None:
            parts.append(f"PV {lk.hp}" + (f"/{lk.hp_max}" if lk.hp_max else ""))
        if lk.conditions:
            parts.append(", ".join(lk.conditions))
        return " — ".join(parts)

    def _shows_numbers(self) -> bool:
        return self.role == "gm"

    # -- geometry ------------------------------------------------------------------------
    def footprint(self) -> QRectF:
        return QRectF(0, 0, self._side, self._side)

    def _paint_bounds(self) -> QRectF:
        # Room for the name label under the footprint (wider than it, taller when zoomed out)
        # and badges above it.
        return QRectF(-NAME_SPILL, -12, self._side + 2 * NAME_SPILL,
                      self._side + 6 + 16 * NAME_MAX_GROWTH)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(self.footprint())
        return path

    # -- painting ------------------------------------------------------------------------
    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        lk = self.look
        s = self._side
        zoom = max(1e-6, abs(p.worldTransform().m11()))
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        inset = max(2.0, s * 0.06)
        disc = QRectF(inset, inset, s - 2 * inset, s - 2 * inset)
        dead = lk.state in DEAD_STATES
        colour = QColor("#777777") if dead else lk.colour
        # Disc with a side-coloured rim; art inside when there is some.
        p.setPen(QPen(colour.darker(160), max(1.5, s * 0.05)))
        initials_px = max(6, int(disc.height() * 0.38))
        if self._pixmap is not None:
            clip = QPainterPath()
            clip.addEllipse(disc)
            p.save()
            p.setClipPath(clip)
            p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            p.drawPixmap(disc.toRect(), self._pixmap)
            p.restore()
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(QPen(colour, max(2.0, s * 0.07)))
            p.drawEllipse(disc)
        else:
            p.setBrush(colour)
            p.drawEllipse(disc)
            if initials_px * zoom >= MIN_TEXT_SCREEN_PX:
                p.setPen(WHITE)
                p.setFont(font(initials_px, bold=True))
                p.drawText(disc, Qt.AlignmentFlag.AlignCenter, lk.initials)
        if dead:
            p.setPen(QPen(QColor("#222222"), max(2.0, s * 0.06)))
            p.drawLine(disc.topLeft(), disc.bottomRight())
            p.drawLine(disc.topRight(), disc.bottomLeft())
        self._paint_hp(p, disc)
        if BADGE_PX * zoom >= MIN_TEXT_SCREEN_PX:
            self._paint_badges(p, disc)
        self._paint_name(p, zoom)
        if self.isSelected():
            p.setPen(SELECTED_PEN)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(self.footprint().adjusted(1, 1, -1, -1))
        if lk.hidden:
            p.setPen(HIDDEN_PEN)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(disc.adjusted(-2, -2, 2, 2))

    def _paint_hp(self, p: QPainter, disc: QRectF) -> None:
        lk = self.look
        bloodied = lk.state in BLOODIED_STATES or lk.state in DOWN_STATES
        show_bar = self.role == "gm" or self.player_hp == "bar"
        show_mark = self.role == "gm" or self.player_hp in ("bar", "bloodied")
        if show_bar and lk.hp is not None and lk.hp_max:
            frac = max(0.0, min(1.0, lk.hp / lk.hp_max))
            bar = QRectF(disc.left() + disc.width() * 0.1, self._side - 7,
                         disc.width() * 0.8, 5)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(HP_BG)
            p.drawRect(bar)
            fill = QColor("#3cb043") if frac > 0.5 else QColor("#e0a400") if frac > 0.25 \
                else QColor("#d12f2f")
            p.setBrush(fill)
            p.drawRect(QRectF(bar.left(), bar.top(), bar.width() * frac, bar.height()))
        if show_mark and bloodied:
            # A red drop on the upper left: bloodied / down, as the engine says.
            r = max(5.0, self._side * 0.11)
            c = QPointF(disc.left() + r * 0.6, disc.top() + r * 1.2)
            drop = QPainterPath()
            drop.moveTo(c.x(), c.y() - r * 1.3)
            drop.quadTo(c.x() + r, c.y(), c.x(), c.y() + r * 0.8)
            drop.quadTo(c.x() - r, c.y(), c.x(), c.y() - r * 1.3)
            p.setPen(QPen(QColor("white"), 1))
            p.setBrush(QColor("#b00000"))
            p.drawPath(drop)

    def _badge(self, p: QPainter, centre: QPointF, text: str, bg: QColor) -> None:
        p.setFont(font(BADGE_PX, bold=True))
        w = max(14.0, 6.0 * len(text) + 6)
        rect = QRectF(centre.x() - w / 2, centre.y() - 7, w, 14)
        p.setPen(WHITE)
        p.setBrush(bg)
        p.drawRoundedRect(rect, 6, 6)
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)

    def _paint_badges(self, p: QPainter, disc: QRectF) -> None:
        lk = self.look
        if lk.initiative:
            self._badge(p, QPointF(2, 2), lk.initiative, QColor("#333333"))
        if lk.elevation_m:
            sign = "↑" if lk.elevation_m > 0 else "↓"
            self._badge(p, QPointF(self._side - 4, 2), f"{sign}{abs(lk.elevation_m):g} m",
                        QColor("#5b3fa0"))
        # Condition badges along the bottom-right edge, two letters each.
        x = self._side - 6
        for name in lk.conditions[:4]:
            self._badge(p, QPointF(x, self._side - 16), name[:2].upper(), QColor("#9c5a00"))
            x -= 16

    def _name_layout(self, zoom: float) -> tuple[float, str, QRectF] | None:
        """(growth, elided text, pill in item coordinates), or None when too small to read."""
        grow = min(NAME_MAX_GROWTH, max(1.0, NAME_MIN_SCREEN_PX / (NAME_PX * zoom)))
        if NAME_PX * grow * zoom < MIN_TEXT_SCREEN_PX:
            return None
        metrics = QFontMetricsF(font(round(NAME_PX * grow)))
        room = self._side + 2 * NAME_SPILL - 8 * grow
        text = metrics.elidedText(self.look.name, Qt.TextElideMode.ElideRight, room)
        w = metrics.horizontalAdvance(text) + 8 * grow
        return grow, text, QRectF(self._side / 2 - w / 2, self._side + 2, w, 14 * grow)

    def name_rect(self, zoom: float = 1.0) -> QRectF:
        """Where the name label is drawn at this zoom, in scene coordinates (labels of the
        overlays keep clear of it); empty when no name is drawn."""
        layout = self._name_layout(zoom)
        return QRectF() if layout is None else layout[2].translated(self.pos())

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
