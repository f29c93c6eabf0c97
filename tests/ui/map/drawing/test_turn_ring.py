"""The ring round the acting creature: on the GM's map from the first frame of an encounter
opened in combat, following the turn; never on the players' map for a hidden creature."""

from typing import Any

from battlemap.ui.map.drawing.items.turn_ring import ring_box

from ..conftest import make_encounter, make_session


def _in_combat(hidden: bool = False) -> Any:
    enc = make_encounter(tokens=[
        dict(id="hero", name="Aelis", side="party", col=1, row=1),
        dict(id="ogre", name="Ogre", side="foe", col=5, row=3, size="large", hidden=hidden)])
    s = make_session(enc)
    s.roll_initiative()
    return s


def test_an_encounter_opened_in_combat_rings_the_acting_creature(map_view: Any) -> None:
    s = _in_combat()
    view = map_view(s)
    cur = s.current_token_id
    assert view.map_scene.ringed_token == cur
    ring = view.map_scene.turn_ring
    assert ring.sceneBoundingRect().contains(ring_box(view.map_scene.tokens[cur]))
    s.next_turn()
    assert view.map_scene.ringed_token == s.current_token_id != cur


def test_the_players_map_never_rings_a_hidden_creature(map_view: Any) -> None:
    s = _in_combat(hidden=True)
    view = map_view(s, role="player")
    for _ in range(2):
        view.map_scene.refresh_turn_ring()
        expected = None if s.current_token_id == "ogre" else s.current_token_id
        assert view.map_scene.ringed_token == expected
        s.next_turn()
