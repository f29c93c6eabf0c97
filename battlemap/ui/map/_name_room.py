"""Where each token's name plate goes (above or under its square, its stacking, how far it may
spill sideways), kept up to date by laying out again only the plates a change can reach: a
moved token, the tokens whose half-square bands it leaves or enters, and the lines of names
it leaves or joins. A full layout of 300 tokens costs ~7 ms per scene; a drop, an undo or a
redo lays out a handful of plates. The rules themselves are MapScene._share_name_room's
docstring; `lay_out(…, None)` and any sequence of `lay_out(…, changed)` give the same plates.
Squares are grid units, spills scene pixels."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping

from battlemap.ui.map.drawing.items.token_item import TokenItem

# (col, row, side) of a shown token, in squares.
Box = tuple[float, float, float]
# (name above, z) of a token.
Place = tuple[bool, float]
# A line of names: (above its tokens, scene y of that edge of the squares).
Line = tuple[bool, float]


class NameRoom:
    """The layout of one scene's name plates, and what it was built from."""

    def __init__(self, band: float, spill: float, gap: float, plain_z: float,
                 raised_z: float) -> None:
        self._band, self._spill, self._gap = band, spill, gap
        self._plain_z, self._raised_z = plain_z, raised_z
        self._boxes: dict[str, Box] = {}
        self._cells: dict[tuple[int, int], list[str]] = {}
        self._line_of: dict[str, Line] = {}
        self._lines: dict[Line, set[str]] = {}
        self._rank: dict[str, int] = {}  # the items' order: ties on a line keep it
        self.laid_out = 0  # plates placed so far (the tests count work, not time)

    def lay_out(self, items: Mapping[str, TokenItem], boxes: Mapping[str, Box],
                changed: Iterable[str] | None) -> None:
        """Place the plates of `items` (the shown tokens, squares in `boxes`) after the tokens
        `changed` were updated; every plate when `changed` is None."""
        if changed is None:
            self._reset(boxes)
            self._rank = {tid: i for i, tid in enumerate(items)}
            self._place(items, set(boxes), set())
            return
        moved = [tid for tid in changed if self._boxes.get(tid) != boxes.get(tid)]
        if not moved:
            return  # a look changed (hit points, a condition): every plate stays
        reach: set[str] = set()
        gone: set[str] = set()
        for tid in moved:
            old, new = self._boxes.get(tid), boxes.get(tid)
            if old is not None:
                self._unindex(tid, old)
                reach |= self._near(old)
            if new is None:
                gone.add(tid)
            else:
                self._index(tid, new)
                reach |= self._near(new)
                reach.add(tid)
        if any(tid not in self._rank or tid in gone for tid in moved):
            self._rank = {tid: i for i, tid in enumerate(items)}
        self._place(items, reach - gone, gone, set(moved))

    # -- the kernels -------------------------------------------------------------------
    def _place(self, items: Mapping[str, TokenItem], reach: set[str], gone: set[str],
               moved: set[str] | None = None) -> None:
        dirty: set[Line] = set()
        for tid in gone:
            line = self._line_of.pop(tid, None)
            if line is not None:
                self._lines[line].discard(tid)
                dirty.add(line)
        for tid in reach:
            item = items[tid]
            above, z = self._place_of(tid)
            item.set_name_place(above, z)
            pos, foot = item.pos(), item.footprint()
            line = (above, pos.y() if above else pos.y() + foot.height())
            old = self._line_of.get(tid)
            if old != line or moved is None or tid in moved:
                if old is not None:
                    self._lines[old].discard(tid)
                    dirty.add(old)
                self._line_of[tid] = line
                self._lines.setdefault(line, set()).add(tid)
                dirty.add(line)
        self.laid_out += len(reach)
        for line in dirty:
            members = self._lines.get(line)
            if not members:
                self._lines.pop(line, None)
                continue
            self._share_line(items, members)

    def _share_line(self, items: Mapping[str, TokenItem], members: set[str]) -> None:
        """Each name of one line spills at most to the middle of the gap to its neighbours."""
        line = [items[tid] for tid in sorted(
            members, key=lambda tid: (items[tid].pos().x(), self._rank[tid]))]
        self.laid_out += len(line)
        for i, item in enumerate(line):
            left = item.pos().x()
            width = item.footprint().width()
            right = left + width
            spill = self._spill
            if i > 0:
                prev = line[i - 1]
                spill = min(spill, (left - prev.pos().x() - prev.footprint().width()) / 2)
            if i + 1 < len(line):
                spill = min(spill, (line[i + 1].pos().x() - right) / 2)
            item.set_name_spill(max(-width / 2, spill) - self._gap)

    def _place_of(self, tid: str) -> Place:
        """Above when another token meets the half square right under it and none the half
        square right over it; under it, stacked higher (more the higher up), when both are."""
        x, y, s = self._boxes[tid]
        band = self._band
        if not self._taken(tid, x, y + s, s, band):
            return False, self._plain_z
        if not self._taken(tid, x, y - band, s, band):
            return True, self._plain_z
        return False, self._raised_z + 0.5 / (2.0 + max(0.0, y))

    def _taken(self, tid: str, x: float, y: float, w: float, h: float) -> bool:
        return any(other != tid for other in self._meeting(x, y, w, h))

    def _near(self, box: Box) -> set[str]:
        """The tokens whose plate `box` can move: those whose half-square band over or under
        their square meets it, a superset found as the tokens meeting it grown by a band."""
        x, y, s = box
        return set(self._meeting(x, y - self._band, s, s + 2 * self._band))

    def _meeting(self, x: float, y: float, w: float, h: float) -> Iterator[str]:
        """The tokens whose square meets the open rectangle (x, y, w, h)."""
        seen: set[str] = set()
        for c in range(math.floor(x), math.ceil(x + w)):
            for r in range(math.floor(y), math.ceil(y + h)):
                for other in self._cells.get((c, r), ()):
                    if other in seen:
                        continue
                    seen.add(other)
                    ox, oy, os_ = self._boxes[other]
                    if ox < x + w and x < ox + os_ and oy < y + h and y < oy + os_:
                        yield other

    def _reset(self, boxes: Mapping[str, Box]) -> None:
        self._boxes, self._cells = {}, {}
        self._line_of, self._lines = {}, {}
        for tid, box in boxes.items():
            self._index(tid, box)

    def _index(self, tid: str, box: Box) -> None:
        self._boxes[tid] = box
        for cell in _cells_of(box):
            self._cells.setdefault(cell, []).append(tid)

    def _unindex(self, tid: str, box: Box) -> None:
        del self._boxes[tid]
        for cell in _cells_of(box):
            here = self._cells[cell]
            here.remove(tid)
            if not here:
                del self._cells[cell]


def _cells_of(box: Box) -> Iterator[tuple[int, int]]:
    x, y, s = box
    for c in range(math.floor(x), math.ceil(x + s)):
        for r in range(math.floor(y), math.ceil(y + s)):
            yield c, r
