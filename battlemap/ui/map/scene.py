"""The map scene: grid in drawBackground, one item per token, one item for all walls, one for
terrain, the map image under it all. Kept in sync with the session through `subscribe`."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from PySide6.QtCore import QLineF, QRectF
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsScene

from battlemap.model import Encounter, Token, Wall
from battlemap.ui.map import registry
from battlemap.ui.map.items.map_image_item import MapBackdrop
from battlemap.ui.map.items.terrain_item import TerrainItem
from battlemap.ui.map.items.token_item import TokenItem
from battlemap.ui.map.items.token_look import look_of
from battlemap.ui.map.units import PX

OUTSIDE = QColor("#3a3d42")
PAPER = QColor("#efe8d8")
GRID_PEN = QColor(40, 40, 40, 90)


class _WallList(list):  # type: ignore[type-arg]
    """Marker type so the registry can map 'all the walls' to one item."""


def _make_token(token: Token, session: Any, role: str = "gm", player_hp: str = "bar") -> TokenItem:
    path = getattr(session, "path", None)
    art_dir = Path(path).parent if path else None
    return TokenItem(token, look_of(session, token), role=role, player_hp=player_hp,
                     art_dir=art_dir)


def _make_walls(walls: list[Wall], **_: Any) -> Any:
    from battlemap.ui.map.items.walls_item import WallsItem

    return WallsItem(list(walls))


registry.register_item(Token, _make_token)
registry.register_item(_WallList, _make_walls)


class MapScene(QGraphicsScene):
    def __init__(self, session: Any, role: str = "gm", player_hp: str = "bar",
                 parent: Any = None) -> None:
        super().__init__(parent)
        self.session = session
        self.role = role
        self.player_hp = player_hp
        self.tokens: dict[str, TokenItem] = {}
        self.walls_item: Any = None
        self.terrain_item: TerrainItem | None = None
        self.backdrop: MapBackdrop | None = None
        self.rebuild()

    @property
    def encounter(self) -> Encounter:
        return self.session.encounter  # type: ignore[no-any-return]

    # -- sync ----------------------------------------------------------------------------
    def on_change(self, change: Any) -> None:
        kind = getattr(change, "kind", "all")
        ids = list(getattr(change, "ids", []) or [])
        if kind == "tokens" and ids:
            self.refresh_tokens(ids)
        elif kind in ("tokens", "turn", "log"):
            self.refresh_tokens(None)
        elif kind == "walls":
            self.walls_item.set_walls(self.encounter.walls)
        elif kind == "terrain":
            self.terrain_item.set_squares(self.encounter.difficult_squares())
        elif kind in ("grid", "all", "options"):
            self.rebuild()

    def rebuild(self) -> None:
        for item in list(self.tokens.values()):
            self.removeItem(item)
        self.tokens.clear()
        for part in (self.walls_item, self.terrain_item):
            if part is not None:
                self.removeItem(part)
        enc = self.encounter
        self.setSceneRect(self.grid_rect().adjusted(-3 * PX, -3 * PX, 3 * PX, 3 * PX))
        self.backdrop = None
        if enc.grid.image is not None:
            self.backdrop = MapBackdrop(enc.grid.image, getattr(self.session, "path", None))
        self.terrain_item = TerrainItem(enc.difficult_squares())
        self.addItem(self.terrain_item)
        self.walls_item = registry.make_item(_WallList(enc.walls))
        self.addItem(self.walls_item)
        self.refresh_tokens(None)

    def refresh_tokens(self, ids: list[str] | None) -> None:
        by_id = {t.id: t for t in self.encounter.tokens}
        wanted = set(by_id) if ids is None else set(ids)
        if ids is None:
            wanted |= set(self.tokens)
        for tid in wanted:
            token = by_id.get(tid)
            item = self.tokens.get(tid)
            visible = token is not None and (self.role == "gm" or not token.hidden)
            if not visible:
                if item is not None:
                    self.removeItem(item)
                    del self.tokens[tid]
                continue
            assert token is not None
            if item is None:
                made: Any = registry.make_item(token, session=self.session, role=self.role,
                                               player_hp=self.player_hp)
                self.addItem(made)
                self.tokens[tid] = made
            else:
                item.update_from(token, look_of(self.session, token))

    # -- background ----------------------------------------------------------------------
    def grid_rect(self) -> QRectF:
        g = self.encounter.grid
        return QRectF(0, 0, g.cols * PX, g.rows * PX)

    def drawBackground(self, p: QPainter, rect: QRectF) -> None:
        p.fillRect(rect, OUTSIDE)
        grid = self.grid_rect()
        if self.backdrop is not None and self.backdrop.loaded:
            p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            p.drawPixmap(self.backdrop.target, self.backdrop.pixmap,
                         QRectF(self.backdrop.pixmap.rect()))
        else:
            p.fillRect(rect.intersected(grid), PAPER)
        # Grid lines: only those in the exposed rect, cosmetic pen (one device pixel).
        area = rect.intersected(grid)
        if area.isEmpty():
            return
        p.setPen(QPen(GRID_PEN, 0))
        c0, c1 = math.ceil(area.left() / PX), math.floor(area.right() / PX)
        r0, r1 = math.ceil(area.top() / PX), math.floor(area.bottom() / PX)
        lines = [QLineF(c * PX, area.top(), c * PX, area.bottom()) for c in range(c0, c1 + 1)]
        lines += [QLineF(area.left(), r * PX, area.right(), r * PX) for r in range(r0, r1 + 1)]
        p.drawLines(lines)
