"""Two creatures whose names give the same disc initials are numbered in the token list's
order (« VB1 », « VB2 »), on the GM's and the players' maps, and follow renames and
removals; a name of its own keeps its plain initials."""

from pathlib import Path

from battlemap.io import load_encounter
from battlemap.model import Token
from battlemap.ui.map.drawing.items.token_look import disc_initials

from ..conftest import make_encounter, make_session

DEMO = Path(__file__).resolve().parents[4] / "assets" / "demo" / "breche35-entrepot-pigalle.json"


def _discs(view):
    return {tid: item.look.initials for tid, item in view.map_scene.tokens.items()}


def test_the_breche_thugs_get_different_initials_and_unique_names_keep_theirs(map_view):
    s = make_session(load_encounter(DEMO))
    gm = map_view(s)
    players = map_view(s, role="player")
    for view in (gm, players):
        discs = _discs(view)
        assert discs["voyou-1"] == "VB1" and discs["voyou-2"] == "VB2"
        assert discs["ogre"] == "OC" and discs["mara"] == "MR"
    assert len(set(_discs(gm).values())) == len(s.encounter.tokens)


def test_numbers_follow_the_list_not_the_squares_and_renames_update(map_view):
    enc = make_encounter(tokens=[
        dict(id="a", name="Gobelin", col=1, row=1),
        dict(id="b", name="Gobelin", col=3, row=1),
        dict(id="c", name="Gobelin archer", col=5, row=1),
    ])
    s = make_session(enc)
    view = map_view(s)
    assert _discs(view) == {"a": "Go1", "b": "Go2", "c": "GA"}
    s.move("b", [(1, 2)], gm_override=True)  # moving never renumbers
    assert _discs(view) == {"a": "Go1", "b": "Go2", "c": "GA"}
    # Renaming the first: the second, alone now, reads plain again; the renamed one too.
    s.encounter.tokens[0] = s.encounter.tokens[0].model_copy(update={"name": "Grand archer"})
    view.map_scene.refresh_tokens(["a"])
    assert _discs(view) == {"a": "GA1", "b": "Go", "c": "GA2"}


def test_disc_initials_of_a_list():
    toks = [Token(id=i, name=n, col=0, row=0) for i, n in
            [("x", "Voyou au blouson"), ("y", "Lieutenant Vasseur"), ("z", "Voyou à la batte")]]
    assert disc_initials(toks) == {"x": "VB1", "y": "LV", "z": "VB2"}
    assert disc_initials(toks[:2]) == {"x": "VB", "y": "LV"}
