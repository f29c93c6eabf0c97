"""The map scene: one item per token over a background of map image, terrain, grid and walls
(the static layers, cached by the views as one pixmap). Kept in sync with the session through
`subscribe`."""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRectF, Signal
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from battlemap.engine.files.picture_consent import may_show
from battlemap.io.picture_check import picture_file
from battlemap.model import Encounter, Token, Wall
from battlemap.ui.map import registry
from battlemap.ui.map._name_room import NameRoom
from battlemap.ui.map.drawing.exposed_parts import draw_parts, exposed_parts
from battlemap.ui.map.drawing.items.background_tokens import BackgroundTokens
from battlemap.ui.map.drawing.items.grid_lines import draw_grid_lines
from battlemap.ui.map.drawing.items.lights_layer import LightsLayer
from battlemap.ui.map.drawing.items.map_image_item import MapBackdrop
from battlemap.ui.map.drawing.items.terrain_layer import TerrainLayer
from battlemap.ui.map.drawing.items.token_item import (
    NAME_GAP,
    NAME_SPILL,
    RAISED_Z,
    TOKEN_Z,
    TokenItem,
)
from battlemap.ui.map.drawing.items.token_look import disc_initials, look_of
from battlemap.ui.map.drawing.items.turn_ring import TurnRing, ring_box
from battlemap.ui.map.drawing.items.wait_marks import WaitMarks
from battlemap.ui.map.units import PX

OUTSIDE = QColor("#3a3d42")
PAPER = QColor("#efe8d8")
GRID_PEN = QColor(40, 40, 40, 90)
# The same ink blended over the paper beforehand: opaque fills are several times cheaper.
_A = GRID_PEN.alphaF()
GRID_ON_PAPER = QColor.fromRgbF(*(g * _A + b * (1 - _A) for g, b in (
    (GRID_PEN.redF(), PAPER.redF()), (GRID_PEN.greenF(), PAPER.greenF()),
    (GRID_PEN.blueF(), PAPER.blueF()))))
# The part of the square under (or over) a token that its name takes, in squares: a token
# there puts the name elsewhere (MapScene._share_name_room).
NAME_BAND = 0.5


def _square_box(t: Token) -> tuple[float, float, float]:
    return float(t.col), float(t.row), float(t.size.squares)


class _Shown:
    """The ids a token refresh leaves shown, without a set of them all: those asked about
    that show, and the others already shown."""

    __slots__ = ("_asked", "_items", "_wanted")

    def __init__(self, asked: set[str], items: Mapping[str, Any], wanted: set[str]) -> None:
        self._asked, self._items, self._wanted = asked, items, wanted

    def __contains__(self, tid: object) -> bool:
        return tid in self._asked or (tid in self._items and tid not in self._wanted)


class _WallList(list):  # type: ignore[type-arg]
    """Marker type so the registry can map 'all the walls' to one item."""


def _make_token(token: Token, session: Any, role: str = "gm", player_hp: str = "bar",
                initials: str | None = None) -> TokenItem:
    path = getattr(session, "path", None)
    art_dir = Path(path).parent if path else None
    look = look_of(session, token)
    if initials is not None:
        look.initials = initials
    return TokenItem(token, look, role=role, player_hp=player_hp, art_dir=art_dir, encounter_path=path)


def _make_walls(walls: list[Wall], **_: Any) -> Any:
    from battlemap.ui.map.drawing.items.walls_layer import WallsLayer

    return WallsLayer(list(walls))


registry.register_item(Token, _make_token)
registry.register_item(_WallList, _make_walls)


class MapScene(QGraphicsScene):
    pictureReady = Signal()  # the map picture can be drawn now, or never (backdrop.loaded)

    def __init__(self, session: Any, role: str = "gm", player_hp: str = "bar",
                 parent: Any = None) -> None:
        super().__init__(parent)
        self.session = session
        self.role = role
        self.player_hp = player_hp
        self.tokens: dict[str, TokenItem] = {}
        # The disc initials of the tokens this window shows, numbered among those only (a
        # hidden « Assassin gris » must not turn the players' « AG » into « AG1 »), and the
        # names they were read from.
        self._initials: dict[str, str] = {}
        self._initials_of: tuple[tuple[str, str], ...] = ()
        # Players' window with fog: the ids of the tokens the party sees among those given
        # (FogItem.seen_ids); None shows every token the GM has not hidden.
        self.sees: Callable[[list[Token]], set[str]] | None = None
        # Told when the tokens shown change (the players' window drops the templates riding
        # a token it no longer shows).
        self.on_shown: Callable[[], None] | None = None
        self._names: dict[str, str] = {}  # the names of the tokens shown, by id
        self.walls_layer: Any = None  # a WallsLayer, made through the registry
        self.terrain_layer = TerrainLayer(set())
        self.lights_layer = LightsLayer()  # shown on the GM's map by the View menu (set_lights)
        self.backdrop: MapBackdrop | None = None
        # Zoomed far out, tokens are painted into the cached background (the view switches).
        self.background_tokens = BackgroundTokens(self)
        self.name_room = NameRoom(NAME_BAND, NAME_SPILL, NAME_GAP, TOKEN_Z, RAISED_Z)
        # The ring round the acting creature, made when a turn first needs it; on the
        # players' map, `ring_shown` (set by the players' window, from its fog) says whether
        # the party sees a creature.
        self.turn_ring: TurnRing | None = None
        self.wait_marks: WaitMarks | None = None  # the creatures waiting to act, the same way
        self.ring_shown: Callable[[Token], bool] | None = None
        self.rebuild()
        if role == "gm":  # the players' window rings once it lends its sight (turn_order.py)
            self.refresh_turn_ring()  # a file saved in combat opens with its turn ringed

    def addItem(self, item: QGraphicsItem) -> None:  # noqa: N802 (Qt's name)
        super().addItem(item)
        self.background_tokens.track(item)

    def removeItem(self, item: QGraphicsItem) -> None:  # noqa: N802 (Qt's name)
        if isinstance(item, TokenItem):
            item.lift()  # its picture leaves the background too
        super().removeItem(item)
        self.background_tokens.forget(item)

    @property
    def encounter(self) -> Encounter:
        return self.session.encounter  # type: ignore[no-any-return]

    # -- sync ----------------------------------------------------------------------------
    def on_change(self, change: Any) -> None:
        kind = getattr(change, "kind", "all")
        ids = list(getattr(change, "ids", []) or [])
        # A "log" or "turn" change alone changes no token's look (`look_of` reads the token
        # and its stats): a command that changes a token says which, in a "tokens" change.
        # Refreshing all 300 looks at every move, undo and attack cost ~13 ms each on the
        # stress map.
        if kind == "tokens":
            self.refresh_tokens(ids or None)
        elif kind == "walls":
            self.walls_layer.set_walls(self.encounter.walls)
            self.invalidate_background()
        elif kind == "terrain":
            self.terrain_layer.set_squares(self.encounter.difficult_squares())
            self.invalidate_background()
        elif kind in ("grid", "all", "options"):
            self.rebuild()
        if kind in ("tokens", "turn", "grid", "all", "options"):
            if self.role == "gm" or self.ring_shown is None:
                self.refresh_turn_ring()
            else:  # rung again once the players' fog has it
                if self.turn_ring is not None:
                    self.turn_ring.show_at(None, None)
                if self.wait_marks is not None:
                    self.wait_marks.show_at({})

    @property
    def ringed_token(self) -> str | None:
        """The creature this map rings as the one acting, if any."""
        return self.turn_ring.token_id if self.turn_ring is not None else None

    @property
    def waiting_marked(self) -> list[str]:
        """The creatures this map marks as waiting to act."""
        return self.wait_marks.token_ids if self.wait_marks is not None else []

    def refresh_turn_ring(self) -> None:
        """Ring the acting creature, and mark those waiting to act, where this map shows
        them: the GM's always, the players' only when one is not hidden and the party sees
        it."""
        cur = getattr(self.session, "current_token_id", None)
        item = self._ringable(cur)
        if self.turn_ring is None and item is not None:
            self.turn_ring = TurnRing()
            super().addItem(self.turn_ring)
        if self.turn_ring is not None:
            self.turn_ring.show_at(cur, ring_box(item) if item is not None else None)
        self._refresh_wait_marks()

    def _ringable(self, token_id: str | None) -> TokenItem | None:
        """The item of a creature this map may mark, None when it shows no such creature."""
        item = self.tokens.get(token_id or "")
        if item is None or self.role == "gm":
            return item
        token = next((t for t in self.encounter.tokens if t.id == token_id), None)
        if token is None or token.hidden or (
                self.ring_shown is not None and not self.ring_shown(token)):
            return None
        return item

    def _refresh_wait_marks(self) -> None:
        view = getattr(self.session, "turn_view", None)
        waiting = view().waiting_ids() if view is not None else []
        boxes = {tid: ring_box(item) for tid in waiting
                 if (item := self._ringable(tid)) is not None}
        if self.wait_marks is None:
            if not boxes:
                return
            self.wait_marks = WaitMarks()
            super().addItem(self.wait_marks)
        self.wait_marks.show_at(boxes)

    def rebuild(self) -> None:
        for item in list(self.tokens.values()):
            self.removeItem(item)
        self.tokens.clear()
        self.background_tokens.active = False  # new items paint themselves until the next paint
        enc = self.encounter
        self.setSceneRect(self.grid_rect().adjusted(-3 * PX, -3 * PX, 3 * PX, 3 * PX))
        # The new backdrop is made while the old one still holds its picture: a rebuild (an
        # option changed) finds the same tiles, already made, instead of reading them again.
        # A picture from outside the encounter's folder waits for the GM's yes.
        backdrop = None
        path = getattr(self.session, "path", None)
        if enc.grid.image is not None and may_show(picture_file(enc.grid.image, path), path):
            backdrop = MapBackdrop(enc.grid.image, path)
            if backdrop.pending:
                backdrop.on_ready(self._picture_ready)
        self.backdrop = backdrop
        self.terrain_layer = TerrainLayer(enc.difficult_squares())
        self.lights_layer.set_lights(enc.lights)
        self.walls_layer = registry.make_item(_WallList(enc.walls))
        self.refresh_tokens(None)
        self.invalidate_background()

    def refresh_tokens(self, ids: list[str] | None) -> None:
        # Only the tokens asked about are read (a move among 3,000 tokens reads one), in
        # the encounter's order; all of them when `ids` is None.
        if ids is None:
            by_id = {t.id: t for t in self.encounter.tokens}
            wanted = set(by_id) | set(self.tokens)
        else:
            wanted = set(ids)
            by_id = self.session.tokens_by_id(wanted)
        # The tokens this window shows once this refresh is done: those asked about as they
        # are now, the others as they are shown already.
        shown = _Shown(self._shown(list(by_id.values())), self.tokens, wanted)
        # A token added, renamed, removed, hidden or shown may number or unnumber others:
        # they are redrawn.
        renumbered = self._refresh_initials(shown, None if ids is None else (by_id, wanted))
        if renumbered - wanted:
            wanted = wanted | renumbered  # a new set: `shown` keeps the ids asked about
            by_id = self.session.tokens_by_id(wanted)
        # In the encounter's order (tokens gone last): items made in this order stack the
        # same way at every start, the later token of two that overlap on top.
        came_or_went = False
        for tid in [*(i for i in by_id if i in wanted), *(wanted - by_id.keys())]:
            token = by_id.get(tid)
            item = self.tokens.get(tid)
            if token is None or tid not in shown:
                if item is not None:
                    self.removeItem(item)
                    del self.tokens[tid]
                    came_or_went = True
                continue
            if item is None:
                made: Any = registry.make_item(token, session=self.session, role=self.role,
                                               player_hp=self.player_hp,
                                               initials=self._initials.get(tid))
                self.addItem(made)
                self.tokens[tid] = made
                came_or_went = True
            else:
                look = look_of(self.session, token)
                look.initials = self._initials.get(tid, look.initials)
                item.update_from(token, look)
        self._share_name_room(by_id, None if ids is None else wanted)
        if came_or_went and self.on_shown is not None:
            self.on_shown()

    def _shown(self, tokens: list[Token]) -> set[str]:
        """The ids of those tokens this window shows: all on the GM's; on the players', the
        ones the GM has not hidden and, with fog, the party sees."""
        if self.role == "gm":
            return {t.id for t in tokens}
        out = [t for t in tokens if not t.hidden]
        if self.sees is not None:
            return self.sees(out)
        return {t.id for t in out}

    def refilter(self) -> None:
        """What the party sees changed (the fog's views): show and drop the tokens whose
        turn it is, and only those."""
        tokens = self.encounter.tokens
        shown = self._shown(list(tokens))
        changed = [t.id for t in tokens if (t.id in shown) != (t.id in self.tokens)]
        changed += [tid for tid in self.tokens if tid not in shown and tid not in changed]
        if changed:
            self.refresh_tokens(changed)

    def _refresh_initials(self, shown: Container[str],
                          changed: tuple[dict[str, Token], set[str]] | None = None) -> set[str]:
        """Recompute the disc initials when a name or the list of tokens shown changed; the
        ids of the tokens whose initials changed. `changed` (the tokens by id, the ids a
        change names): the other tokens kept their names, their places in the list and
        whether this window shows them, so the list is read only when one of those came,
        went, was renamed, or was shown or dropped."""
        if changed is not None and self._names_kept(shown, *changed):
            return set()
        names = tuple((t.id, t.name) for t in self.encounter.tokens if t.id in shown)
        if names == self._initials_of:
            return set()
        old = self._initials
        self._initials = disc_initials(t for t in self.encounter.tokens if t.id in shown)
        self._initials_of = names
        self._names = dict(names)
        return {tid for tid, text in self._initials.items() if old.get(tid) != text}

    def _names_kept(self, shown: Container[str], by_id: dict[str, Token],
                    ids: set[str]) -> bool:
        """Each token a change names is shown as it was, under the same name (and those
        not shown stay unshown): the initials last read still hold."""
        known = self._names
        for tid in ids:
            if (tid in shown) != (tid in known):
                return False
            if tid in shown and (tid not in by_id or known[tid] != by_id[tid].name):
                return False
        return True

    def _share_name_room(self, by_id: dict[str, Token], changed: set[str] | None) -> None:
        """Name labels hang under their squares, on the same line for tokens of one bottom
        row: each may spill sideways at most to the middle of the gap to its nearest
        neighbour on that line (NAME_GAP short of it), so no name is printed over another.
        A token standing right under another would cover its name: that name goes above its
        token when nothing stands right above (and shares that line with the names above on
        it), else stays under it and its token stacks higher: at RAISED_Z, more the higher
        up. From the squares only (a hash of the tokens by square), and only for the plates
        the tokens `changed` can reach (`_name_room`); all of them when None."""
        shown = self.tokens
        ids = shown if changed is None else changed
        boxes = {tid: _square_box(by_id[tid]) for tid in ids if tid in shown}
        self.name_room.lay_out(shown, boxes, changed)

    # -- background ----------------------------------------------------------------------
    def grid_rect(self) -> QRectF:
        g = self.encounter.grid
        return QRectF(0, 0, g.cols * PX, g.rows * PX)

    def drawBackground(self, p: QPainter, rect: QRectF) -> None:
        """The static layers: paper or map image, terrain, grid, walls, and the tokens when
        zoomed far out (background_tokens). The views cache this as one pixmap
        (CacheBackground), redrawn on zoom, scroll and invalidate_background; a few small
        parts exposed far apart are drawn part by part (`exposed_parts`)."""
        parts = exposed_parts(p, rect)
        if parts is None:
            self._draw_background(p, rect)
        else:
            draw_parts(p, parts, self._draw_background)

    def _draw_background(self, p: QPainter, rect: QRectF) -> None:
        p.fillRect(rect, OUTSIDE)
        grid = self.grid_rect()
        on_image = self.backdrop is not None and self.backdrop.loaded
        if self.backdrop is not None and self.backdrop.loaded:
            self.backdrop.paint(p, rect)  # only the tiles `rect` shows, at the zoom's detail
        else:
            p.fillRect(rect.intersected(grid), PAPER)
        area = rect.intersected(grid)
        if not area.isEmpty():
            self.terrain_layer.paint_layer(p, rect)
            self.lights_layer.paint_layer(p, rect)
            draw_grid_lines(p, area, GRID_PEN if on_image else GRID_ON_PAPER)
        self.walls_layer.paint_layer(p, rect)
        self.background_tokens.paint(p, rect)

    def _picture_ready(self) -> None:
        """The map picture's tiles are made (or failed): the paper gives way to them."""
        self.invalidate_background()
        self.pictureReady.emit()

    def set_lights(self, on: bool) -> None:
        """Show or hide the lights' discs (the GM's map only: the players see light as fog)."""
        on = on and self.role == "gm"
        if on != self.lights_layer.shown:
            self.lights_layer.shown = on
            self.invalidate_background()

    def invalidate_background(self) -> None:
        """The map image or the grid changed: the views' cached background is stale."""
        self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)
