"""The marks on a token's disc: HP bar, bloodied drop, initiative / elevation / condition
badges, and the fonts of every token text (TokenItem paints the disc and the name)."""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen

from battlemap.ui.i18n import measure
from battlemap.ui.map.drawing.items.token_look import (
    BLOODIED_STATES,
    DOWN_STATES,
    TokenLook,
    initials,
)

BADGE_PX = 9
BADGE_H = 14.0
BADGE_GAP = 1.0  # between two condition badges side by side
WHITE = QColor("white")
HP_BG = QColor(0, 0, 0, 170)


@lru_cache(maxsize=64)
def font(pixel_size: int, bold: bool = False) -> QFont:
    """Fonts are built once per size: a paint allocates none."""
    f = QFont("Sans Serif")
    f.setPixelSize(max(1, pixel_size))
    f.setBold(bold)
    return f


def paint_hp(p: QPainter, lk: TokenLook, side: float, disc: QRectF, show_bar: bool,
             show_mark: bool) -> None:
    """The HP bar along the bottom of the disc and the bloodied drop (as the role shows)."""
    bloodied = lk.state in BLOODIED_STATES or lk.state in DOWN_STATES
    if show_bar and lk.hp is not None and lk.hp_max:
        frac = max(0.0, min(1.0, lk.hp / lk.hp_max))
        bar = QRectF(disc.left() + disc.width() * 0.1, side - 7, disc.width() * 0.8, 5)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(HP_BG)
        p.drawRect(bar)
        fill = QColor("#3cb043") if frac > 0.5 else QColor("#e0a400") if frac > 0.25 \
            else QColor("#d12f2f")
        p.setBrush(fill)
        p.drawRect(QRectF(bar.left(), bar.top(), bar.width() * frac, bar.height()))
    if show_mark and bloodied:
        # A red drop on the upper left: bloodied / down, as the engine says.
        r = max(5.0, side * 0.11)
        c = QPointF(disc.left() + r * 0.6, disc.top() + r * 1.2)
        drop = QPainterPath()
        drop.moveTo(c.x(), c.y() - r * 1.3)
        drop.quadTo(c.x() + r, c.y(), c.x(), c.y() + r * 0.8)
        drop.quadTo(c.x() - r, c.y(), c.x(), c.y() - r * 1.3)
        p.setPen(QPen(QColor("white"), 1))
        p.setBrush(QColor("#b00000"))
        p.drawPath(drop)


def _badges(lk: TokenLook, side: float) -> list[tuple[QRectF, str, QColor]]:
    """(plate, text, background) of each badge: initiative top left, elevation top right, up
    to four conditions bottom right (above the token's name plate), in this order."""
    out: list[tuple[QRectF, str, QColor]] = []

    def width(text: str) -> float:
        return max(14.0, 6.0 * len(text) + 6)

    def add(cx: float, cy: float, text: str, bg: QColor) -> None:
        w = width(text)
        out.append((QRectF(cx - w / 2, cy - BADGE_H / 2, w, BADGE_H), text, bg))

    # Within the square's sides, half a pixel in: a token's elevation no longer covers the
    # initiative of its neighbour on the right.
    if lk.initiative:
        add(0.5 + width(lk.initiative) / 2, 2, lk.initiative, QColor("#333333"))
    if lk.elevation_m:
        sign = "↑" if lk.elevation_m > 0 else "↓"
        text = f"{sign}{measure(abs(lk.elevation_m))} m"  # « ↑1,5 m » in French
        add(side - 0.5 - width(text) / 2, 2, text, QColor("#5b3fa0"))
    # Condition badges along the bottom-right edge, two letters each: the initials of the
    # condition's name as the interface says it ("Pris au dépourvu" PD, "Flat-footed" FF),
    # side by side from the right, BADGE_GAP apart (a fixed step let « HÉ » cover « AT »).
    right = side + 3
    for name in lk.conditions[:4]:
        text = initials(name).upper()
        w = width(text)
        add(right - w / 2, side - 16, text, QColor("#9c5a00"))
        right -= w + BADGE_GAP
    return out


def badge_rects(lk: TokenLook, side: float, conditions_only: bool = False) -> list[QRectF]:
    """Each badge's plate (or only the conditions'), in token coordinates."""
    rects = [rect for rect, _, _ in _badges(lk, side)]
    return rects[len(rects) - len(lk.conditions[:4]):] if conditions_only else rects


def badges_box(lk: TokenLook, side: float) -> QRectF:
    """What the badges cover, in token coordinates (null without badges)."""
    box = QRectF()
    for rect, _, _ in _badges(lk, side):
        box = rect if box.isNull() else box.united(rect)
    return box


def paint_badges(p: QPainter, lk: TokenLook, side: float) -> None:
    p.setFont(font(BADGE_PX, bold=True))
    for rect, text, bg in _badges(lk, side):
        p.setPen(WHITE)
        p.setBrush(bg)
        p.drawRoundedRect(rect, 6, 6)
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
