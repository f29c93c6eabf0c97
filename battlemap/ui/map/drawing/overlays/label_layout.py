"""Where a map label goes so that it hides no other label and no token: the first free spot
among above / below / right / left of what it points at, then higher up, then lower down.
Scene pixels. `token_discs` lists the discs a label must keep off (path cost, cover and
flanking labels were drawn over the tokens of a crowded fight)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QPointF, QRectF

GAP = 3.0


def candidates(anchor: QRectF, w: float, h: float) -> list[QRectF]:
    cx, cy = anchor.center().x(), anchor.center().y()
    spots = [
        QPointF(cx - w / 2, anchor.top() - GAP - h),  # above
        QPointF(cx - w / 2, anchor.bottom() + GAP),  # below
        QPointF(anchor.right() + GAP, cy - h / 2),  # right
        QPointF(anchor.left() - GAP - w, cy - h / 2),  # left
    ]
    # Then stacked higher above, for crowded spots, then lower below (a name put above its
    # token, as one with a token right under it has, may take the highest of those above).
    spots += [QPointF(cx - w / 2, anchor.top() - (GAP + h) * (k + 1)) for k in range(1, 4)]
    spots += [QPointF(cx - w / 2, anchor.bottom() + GAP + (GAP + h) * k) for k in range(1, 4)]
    return [QRectF(p.x(), p.y(), w, h) for p in spots]


def place_label(anchor: QRectF, w: float, h: float, taken: Iterable[QRectF]) -> QRectF:
    """The first candidate spot that meets none of `taken` (the first spot when none is
    free: a crowded label still points at its square)."""
    busy = list(taken)
    spots = candidates(anchor, w, h)
    for spot in spots:
        if not any(spot.intersects(t) for t in busy):
            return spot
    return spots[0]


def off_discs(rect: QRectF, anchor: QRectF, taken: Iterable[QRectF]) -> QRectF:
    """`rect` where it is when it meets none of `taken`, else the first free spot beside
    `anchor` (what the label points at)."""
    busy = list(taken)
    if not any(rect.intersects(t) for t in busy):
        return rect
    return place_label(anchor, rect.width(), rect.height(), busy)


def token_discs(scene: Any, near: QRectF) -> list[QRectF]:
    """The token discs of `scene` that meet `near` (scene pixels)."""
    if scene is None:
        return []
    return [item.disc_rect() for item in scene.items(near) if hasattr(item, "disc_rect")]
