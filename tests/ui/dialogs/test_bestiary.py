"""Turning a bestiary entry into a token: a unique id, a free place, a copy beside it. The
bundled entries themselves (how many, valid for their system, placed and attacked on each
demo) are tested in tests/assets/test_statblocks.py."""

import pytest

from battlemap.model import Encounter, Grid, Size, Token
from battlemap.ui.dialogs.bestiary import duplicate, free_spot, load_bestiary, new_token, unique_id


def test_new_tokens_get_unique_ids_and_free_places() -> None:
    enc = Encounter(system="dnd2024", grid=Grid(cols=4, rows=3),  # type: ignore[arg-type]
                    tokens=[Token(id="ogre-1", name="Ogre", size="large", col=0, row=0)])  # type: ignore[arg-type]
    assert unique_id(enc, "Ogre") == "ogre-2"
    # The large ogre holds columns 0-1, rows 0-1: the nearest free 2x2 place starts at (2, 0).
    assert free_spot(enc, Size.LARGE) == (2, 0)
    tok = new_token(enc, None, "Torche", "neutral")
    assert (tok.col, tok.row, tok.stats) == (2, 0, None)
    copy = duplicate(enc, enc.tokens[0])
    assert copy.id == "ogre-2" and (copy.col, copy.row) == (2, 0)


def test_no_room_left_is_one_sentence() -> None:
    enc = Encounter(system="dnd2024", grid=Grid(cols=2, rows=2),  # type: ignore[arg-type]
                    tokens=[Token(id="ogre-1", name="Ogre", size="large", col=0, row=0)])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no free place"):
        free_spot(enc, Size.MEDIUM)


def test_a_shipped_bestiary_that_is_missing_is_an_error(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # A broken installation says so: Add token never shows an empty list in silence.
    from battlemap import assets

    monkeypatch.setattr(assets, "_root", lambda: tmp_path)
    load_bestiary.cache_clear()
    try:
        with pytest.raises(assets.MissingResource, match="statblocks/dnd2024.json"):
            load_bestiary("dnd2024")
    finally:
        load_bestiary.cache_clear()
    assert load_bestiary("toy") == ()  # a system that ships no bestiary has no entries
