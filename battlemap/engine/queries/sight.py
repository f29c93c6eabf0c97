"""What the party sees under the encounter's light (`party_sight`), and what it has seen:
each look is remembered in the encounter (`Encounter.explored`), so the players' fog can
show the explored rooms dimmer. Remembering is not an undo step: an undone move does not
make the players forget what they saw; the GM forgets it on purpose (`reset_explored`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from battlemap.engine.errors import EngineError
from battlemap.engine.queries.geometry import geometry
from battlemap.model import SQUARE_M
from battlemap.rules.core.senses import NONE, Senses

if TYPE_CHECKING:
    from battlemap.engine.state import State

PARTY = "party"


def senses(state: State, token_id: str) -> Senses:
    """The creature's senses from its stat block (its system's `senses`); a stat block the
    system refuses gives none, as the fog must still be drawn."""
    try:
        return state.system.senses(state.stats(token_id))
    except EngineError:
        return NONE


def party_sight(state: State, side: str = PARTY, remember: bool = True) -> Any:
    """What the visible tokens of `side` see (a `vision.light.Sight`, one entry per eye, in
    the tokens' order), and, with `remember`, the squares they see whole added to the
    encounter's explored squares."""
    from battlemap.geometry.vision.light import Eye
    from battlemap.geometry.vision.light import party_sight as sight_of

    enc = state.encounter
    eyes = []
    for t in enc.tokens:
        if t.side != side or t.hidden:
            continue
        half = t.size.squares / 2
        sense = senses(state, t.id)
        eyes.append(Eye(t.col + half, t.row + half, dark=sense.dark_m / SQUARE_M,
                        light_factor=sense.light_factor))
    ambient = enc.options.ambient or "bright"
    geo = geometry(state)
    sight = sight_of(geo, eyes, enc.lights, ambient)
    if remember and eyes:
        remember_views(state, sight.seen, geo)
    return sight


def remember_views(state: State, views: list[Any], geo: Any) -> None:
    """Add the squares these views see whole to the explored memory. A view already
    remembered into the memory as it is adds nothing: only the others' squares are worked out
    and united (uniting the 30 views of a party at every command cost ~3 ms on the stress
    map, for the one view a move changes)."""
    from battlemap.geometry.vision.light import seen_squares

    enc = state.encounter
    known = state.caches.explored
    done = known[2] if known is not None and known[0] is enc.explored else {}
    fresh = [view for view in views if done.get(id(view)) is not view]
    if fresh:
        remember_seen(state, seen_squares(fresh, enc.grid.cols, enc.grid.rows, geo))
    cached = state.caches.explored
    if cached is not None:
        state.caches.explored = (cached[0], cached[1], {id(view): view for view in views})


def remember_seen(state: State, squares: set[tuple[int, int]]) -> None:
    """Add squares to the explored memory; the file is then unsaved (autosave keeps it)."""
    enc = state.encounter
    known = state.caches.explored
    if known is None or known[0] is not enc.explored:
        known = (enc.explored, set(map(tuple, enc.explored)), {})
    new = squares - known[1]
    if not new:
        state.caches.explored = known
        return
    grown = [*enc.explored, *sorted(new)]
    # A new list, not an append: an undo step holding the old list keeps it as it was.
    enc.__dict__["explored"] = grown
    # The views remembered into the old list are in the new one too.
    state.caches.explored = (grown, known[1] | new, known[2])
    state.saved_marker = -1
