"""`moved_placement_ok`: after one token moved in an encounter that passed `check_placement`,
it answers as the whole check does (on the grid, no shared space where the system forbids
it), looking only at the tokens near the mover."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from battlemap.model import Encounter, Grid, Token
from battlemap.model.encounter import PlacementError, check_placement, moved_placement_ok

SIZES = ["tiny", "small", "medium", "large", "huge", "gargantuan"]
half = st.integers(-2, 22).map(lambda v: v / 2)


def _passes(enc: Encounter, shares: bool | None) -> bool:
    try:
        check_placement(enc, shares)
    except (PlacementError, ValueError):
        return False
    return True


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8), st.sampled_from(SIZES)),
                min_size=1, max_size=4),
       st.integers(0, 9), half, half, st.sampled_from([False, True, None]))
def test_a_moved_token_is_judged_as_the_whole_check_does(places, which, col, row, shares):
    # Half squares put tiny tokens in quarters of a square and spaces edge to edge.
    tokens = [Token(id=f"t{i}", name=f"T{i}", col=c, row=r, size=size)
              for i, (c, r, size) in enumerate(places)]
    enc = Encounter.model_construct(system="dnd2024", grid=Grid(cols=10, rows=10),
                                    tokens=tokens, walls=[], templates=[])
    if not _passes(enc, shares):
        return  # only moves from a valid encounter are asked
    mover = tokens[which % len(tokens)]
    moved = mover.model_copy(update={"col": col, "row": row})
    enc.tokens[which % len(tokens)] = moved
    assert moved_placement_ok(enc, moved.id, shares) == _passes(enc, shares)
    assert moved_placement_ok(enc, moved.id, shares, moved) == _passes(enc, shares)


@pytest.mark.parametrize(("col", "row", "ok"), [(3.5, 3.5, False), (4, 1, True), (1, 4, True),
                                                (3, 0, False), (4, 4, True)])
def test_a_gargantuan_space_reaches_four_squares(col, row, ok):
    # A gargantuan creature at (0, 0) holds the squares 0–3 both ways (000 "Taille").
    enc = Encounter(system="dnd2024", grid=Grid(cols=10, rows=10), tokens=[
        Token(id="big", name="Tarasque", col=0, row=0, size="gargantuan"),
        Token(id="me", name="Lou", col=8, row=8)])
    enc.tokens[1] = enc.tokens[1].model_copy(update={"col": col, "row": row})
    assert moved_placement_ok(enc, "me", False) is ok
    assert _passes(enc, False) is ok
