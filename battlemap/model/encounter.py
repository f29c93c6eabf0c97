"""The encounter: what a save file holds (format + version envelope, docs/rules/README.md, docs/architecture.md#layers)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Annotated, Any, Literal

from pydantic import (
    Field,
    SerializerFunctionWrapHandler,
    ValidationInfo,
    field_validator,
    model_serializer,
    model_validator,
)
from pydantic_core import PydanticCustomError

from battlemap.model.area import AreaMethod, AreaTemplate
from battlemap.model.common import MAX_COORD, MapPoint, Size, StrictModel
from battlemap.model.token import Token
from battlemap.model.walls import Terrain, Wall
from battlemap.text import Message

FORMAT = "battlemap-encounter"
VERSION = 1

# The validation context key under which a loader that knows the rule systems passes them.
SYSTEMS = "systems"


@dataclass(frozen=True)
class KnownSystems:
    """What a loader that knows the rule systems (the rules registry, through the engine's
    loader) tells a file's validation, as `Encounter.model_validate(data, context={SYSTEMS:
    …})`: whether an id names a system, the ids to list when it does not, and whether a system
    lets several creatures end in one square (docs/rules/README.md#geometry-by-system "several creatures in one square").
    Without it the model checks what needs no system: a non-empty id, no overlap rule."""

    exists: Callable[[str], bool]
    listing: Callable[[], Sequence[str]]
    shares_squares: Callable[[str], bool]


# A picture's offset, in pixels: as far as the farthest coordinate at the densest picture.
PixelOffset = Annotated[float, Field(ge=-MAX_COORD * 2000, le=MAX_COORD * 2000)]


class PlacementError(ValueError):
    """A placement rule broken (`Encounter._placement`): the message, and its id and values,
    so that a command can say it by the creatures' names rather than the file's entries."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(Message.of(key, **params))
        self.key, self.params = key, params


class MapImage(StrictModel):
    """A picture under the grid. `path` is relative to the encounter file."""

    path: str = Field(min_length=1, max_length=1024)
    pixels_per_square: float = Field(gt=1, le=2000)
    offset_px: tuple[PixelOffset, PixelOffset] = (0.0, 0.0)  # where grid intersection (0,0) falls


class Grid(StrictModel):
    cols: int = Field(ge=1, le=1000)
    rows: int = Field(ge=1, le=1000)
    image: MapImage | None = None


class Light(StrictModel):
    position: MapPoint
    range: float = Field(ge=0, le=10_000)  # grid units
    intensity: float = Field(default=1.0, ge=0, le=100)
    color: str = Field(default="ffffffff", pattern=r"^[0-9A-Fa-f]{6,8}$")  # AARRGGBB as UVTT
    shadows: bool = True


Ambient = Literal["bright", "dim", "dark"]
UNSET_LEFT_OUT = ("keep_defeated", "ambient")
# The squares the party has seen, remembered for the fog (engine/queries/sight.py): at most
# every square of the largest grid.
MAX_EXPLORED = 1000 * 1000


class EncounterOptions(StrictModel):
    """Per-encounter choices (docs/rules/README.md#defaults: every default is switchable). None = system default."""

    diagonals: Literal["d35", "chebyshev"] | None = None
    aoe_method: AreaMethod | None = None
    flanking: bool | None = None  # 003: advantage; 004: +2 (both off by default)
    opportunity_attacks: bool | None = None  # 004's option "leaving melee provokes"
    # Options of the rule system itself, validated by its options model.
    rules: dict[str, Any] = Field(default_factory=dict)
    # Defeated creatures (dead, a PMT minion out) keep their turns; None: they are skipped.
    keep_defeated: bool | None = None
    # The light everywhere no lamp reaches (geometry/vision/light.py); None: bright, the map as
    # drawn, every square lit.
    ambient: Ambient | None = None

    @model_serializer(mode="wrap")
    def _unset_left_out(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """A file written before `keep_defeated` or `ambient` existed reads back byte for byte:
        an option is written only once the GM sets it."""
        out: dict[str, Any] = handler(self)
        for name in UNSET_LEFT_OUT:
            if out.get(name) is None:
                out.pop(name, None)
        return out


class Encounter(StrictModel):
    format: Literal["battlemap-encounter"] = "battlemap-encounter"
    version: int = Field(default=VERSION, ge=1, le=VERSION)
    name: str = Field(default="Encounter", max_length=200)
    system: str = Field(min_length=1, max_length=100)  # a rule system's id (the rules registry's)
    grid: Grid
    tokens: list[Token] = Field(default_factory=list, max_length=5000)
    walls: list[Wall] = Field(default_factory=list, max_length=200_000)
    terrain: list[Terrain] = Field(default_factory=list, max_length=10_000)
    lights: list[Light] = Field(default_factory=list, max_length=10_000)
    templates: list[AreaTemplate] = Field(default_factory=list, max_length=1000)
    options: EncounterOptions = Field(default_factory=EncounterOptions)
    # Engine state (event log, turn order) kept in the file; typed by battlemap.engine.
    log: list[dict[str, Any]] = Field(default_factory=list)
    turn: dict[str, Any] | None = None
    # What the party has seen of the map (whole squares, [col, row]): the players' window
    # draws it dimmer, without creatures, once they have left it. Kept in the file, so the
    # memory lasts between sessions; the GM clears it (`reset_explored`).
    explored: list[tuple[int, int]] = Field(default_factory=list, max_length=MAX_EXPLORED)

    @model_serializer(mode="wrap")
    def _unexplored_left_out(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """A file whose party has seen nothing yet reads back byte for byte as before."""
        out: dict[str, Any] = handler(self)
        if not out.get("explored"):
            out.pop("explored", None)
        return out

    @field_validator("system", mode="before")
    @classmethod
    def _known_system(cls, value: Any, info: ValidationInfo) -> Any:
        known = _known(info)
        if known is not None and not (isinstance(value, str) and known.exists(value)):
            # The sentence pydantic says for a closed choice: "Input should be 'a' or 'b'".
            raise PydanticCustomError("enum", "Input should be {expected}",
                                      {"expected": _one_of(known.listing())})
        return value

    @model_validator(mode="after")
    def _placement(self, info: ValidationInfo) -> Encounter:
        known = _known(info)
        check_placement(self, shares_squares=None if known is None else
                        known.shares_squares(self.system))
        return self

    def token(self, token_id: str) -> Token:
        for t in self.tokens:
            if t.id == token_id:
                return t
        raise KeyError(token_id)

    def difficult_squares(self) -> set[tuple[int, int]]:
        return {tuple(sq) for t in self.terrain for sq in t.squares}  # type: ignore[misc]


def check_placement(enc: Encounter, shares_squares: bool | None) -> None:
    """Raise the first placement rule `enc` breaks: an id twice, a token off the grid, two
    tokens in one space where the system forbids it (`shares_squares` False; None: the
    system's rule is not known here), a non-finite wall point, a template riding no token."""
    seen: dict[str, int] = {}
    occupied: dict[tuple[int, int], str] = {}
    for i, t in enumerate(enc.tokens):
        if t.id in seen:
            raise PlacementError("placement.twice", i=i, id=t.id)
        seen[t.id] = i
        x0, y0, x1, y1 = t.footprint_bounds()
        if x0 < 0 or y0 < 0 or x1 > enc.grid.cols or y1 > enc.grid.rows:
            raise PlacementError("placement.off_grid", i=i, id=t.id, cols=enc.grid.cols,
                                 rows=enc.grid.rows)
        if shares_squares is not False:
            continue
        for cell in _half_cells(t):
            other = occupied.get(cell)
            if other is not None:
                raise PlacementError("placement.overlap", i=i, id=t.id, other=other,
                                     system=enc.system)
            occupied[cell] = t.id
    for i, w in enumerate(enc.walls):
        for x, y in w.points:
            if not (math.isfinite(x) and math.isfinite(y)):
                raise ValueError(Message.of("placement.non_finite", i=i))
    for i, tpl in enumerate(enc.templates):
        if tpl.token is not None and tpl.token not in seen:
            raise ValueError(Message.of("placement.rides", i=i, id=tpl.id, token=tpl.token))


def moved_placement_ok(enc: Encounter, token_id: str, shares_squares: bool | None,
                       token: Token | None = None) -> bool:
    """Whether `check_placement` can only pass after `token_id` alone moved in an encounter
    that passed it before: the token is on the grid and, where creatures may not share,
    its space meets no other's. Ids, walls and templates are untouched by a move, and the
    others' places were checked already; so a move among 3,000 tokens walks their squares
    only near the mover (the whole check: ~12 ms there). False is no verdict: the caller
    runs the whole check, which says which rule breaks. `token`: the moved token, when the
    caller has it (else it is looked for in the list)."""
    t = token if token is not None else enc.token(token_id)
    x0, y0, x1, y1 = t.footprint_bounds()
    if x0 < 0 or y0 < 0 or x1 > enc.grid.cols or y1 > enc.grid.rows:
        return False
    if shares_squares is not False:
        return True
    mine = set(_half_cells(t))
    reach = _LARGEST_SIDE  # a token whose corner is farther off cannot meet the mover
    lo_c, lo_r = x0 - reach, y0 - reach
    for o in enc.tokens:
        if (lo_c < o.col < x1 and lo_r < o.row < y1 and o.id != token_id
                and not mine.isdisjoint(_half_cells(o))):
            return False
    return True


_LARGEST_SIDE = max(size.squares for size in Size)


def _known(info: ValidationInfo) -> KnownSystems | None:
    context = info.context
    known = context.get(SYSTEMS) if isinstance(context, dict) else None
    return known if isinstance(known, KnownSystems) else None


def _one_of(ids: Sequence[str]) -> str:
    quoted = [f"'{i}'" for i in ids]
    return quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} or {quoted[-1]}"


def _half_cells(t: Token) -> tuple[tuple[int, int], ...]:
    """The token's space in half-square cells, so four tiny creatures fit in one square."""
    return _cells_at(t.col, t.row, t.size)


@lru_cache(maxsize=16_384)
def _cells_at(col: float, row: float, size: Size) -> tuple[tuple[int, int], ...]:
    # Remembered: every command checks every token's place again, and most stand still.
    s = size.squares
    if size is Size.TINY:
        return ((round(col * 2), round(row * 2)),)
    return tuple((c, r) for r in range(round(row * 2), round((row + s) * 2))
                 for c in range(round(col * 2), round((col + s) * 2)))
