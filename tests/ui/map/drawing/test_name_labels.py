"""Name labels of tokens side by side stay legible: each shortens to its share of the gap
rather than printing over its neighbour's ('Yanis, mage de rue' over 'Lou, chamane urbaine'),
and a token with room around it still shows its whole name."""

from ..conftest import make_encounter, make_session

LONG_A = "Voyou au blouson de cuir"
LONG_B = "Mara, combattante des toits"


def pair(cols=(2, 3)):
    return make_session(make_encounter(tokens=[
        dict(id="a", name=LONG_A, side="foe", col=cols[0], row=3),
        dict(id="b", name=LONG_B, side="party", col=cols[1], row=3),
        dict(id="alone", name="Lieutenant Vasseur", side="foe", col=9, row=6),
    ]))


def test_adjacent_tokens_names_do_not_overlap(map_view):
    view = map_view(pair())
    a, b = view.map_scene.tokens["a"], view.map_scene.tokens["b"]
    ra, rb = a.name_rect(1.0), b.name_rect(1.0)
    assert not ra.isEmpty() and not rb.isEmpty()
    assert ra.right() < rb.left()
    # Shortened, with the whole name in the tooltip.
    assert a._name_layout(1.0)[1].endswith("…")
    assert LONG_A in a.toolTip() and LONG_B in b.toolTip()


def test_a_token_with_room_shows_its_whole_name(map_view):
    view = map_view(pair())
    alone = view.map_scene.tokens["alone"]
    assert alone._name_layout(1.0)[1] == "Lieutenant Vasseur"
    assert alone.name_rect(1.0).width() > 64


def test_moving_the_neighbour_away_gives_the_name_back(map_view):
    s = pair()
    view = map_view(s)
    a = view.map_scene.tokens["a"]
    short = a._name_layout(1.0)[1]
    r = s.move("b", [(3, 4)], gm_override=True)
    assert view.map_scene.tokens["b"].pos().y() == 4 * 64, r
    assert len(a._name_layout(1.0)[1]) > len(short)
    assert a.name_rect(1.0).width() > 100
