"""The encounter's lights on the GM's map: a soft disc in each light's colour, strong out to
where its bright light ends and fading to nothing at its range (geometry/vision/light.py says
how far each reaches). Painted into the cached background, under the grid lines and walls'
pens, only near the exposed rectangle; the View menu's « Lights » shows or hides it."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QRadialGradient

from battlemap.model import Light
from battlemap.ui.map.units import PX

CORE_ALPHA = 90  # the disc's alpha where the bright light is
EDGE_ALPHA = 40  # where the dim light starts
BRIGHT_SHARE = 0.5  # as geometry/vision/light.py: bright out to half the range


def light_colour(light: Light) -> QColor:
    """The light's colour (Universal VTT's AARRGGBB or RRGGBB), its own alpha left out: the
    disc's alpha says bright and dim."""
    hexa = light.color[-6:]
    return QColor(int(hexa[0:2], 16), int(hexa[2:4], 16), int(hexa[4:6], 16))


class LightsLayer:
    """The lights as discs, painted by the scene's drawBackground when shown."""

    def __init__(self, lights: Sequence[Light] = ()) -> None:
        self.shown = False
        self.lights: list[Light] = []
        self.set_lights(lights)

    def set_lights(self, lights: Sequence[Light]) -> None:
        self.lights = [lt for lt in lights if lt.range > 0 and lt.intensity > 0]

    def discs(self) -> list[tuple[Light, QRectF]]:
        out = []
        for lt in self.lights:
            r = lt.range * PX
            x, y = lt.position[0] * PX, lt.position[1] * PX
            out.append((lt, QRectF(x - r, y - r, 2 * r, 2 * r)))
        return out

    def paint_layer(self, p: QPainter, exposed: QRectF) -> None:
        if not self.shown or not self.lights:
            return
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(Qt.PenStyle.NoPen)
        for lt, box in self.discs():
            if not exposed.isNull() and not box.intersects(exposed):
                continue
            colour = light_colour(lt)
            grad = QRadialGradient(QPointF(box.center()), box.width() / 2)
            for at, alpha in ((0.0, CORE_ALPHA), (BRIGHT_SHARE, EDGE_ALPHA), (1.0, 0)):
                c = QColor(colour)
                c.setAlpha(alpha)
                grad.setColorAt(at, c)
            p.setBrush(grad)
            p.drawEllipse(box)
        p.restore()
