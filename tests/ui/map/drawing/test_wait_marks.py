"""A creature waiting to act (the 3.5 delay) is marked on the map — a dashed ring with a
« ‖ » badge — not only in the initiative dock, and the mark goes when it acts now. The
players' map marks it only when the party sees it: a hidden waiting creature changes no
pixel of their screen."""

from typing import Any

from PySide6.QtGui import QImage, QPainter

from battlemap.ui.map.drawing.items.turn_ring import ring_box

from ..conftest import make_encounter, make_session


def _waiting(hidden: bool = False) -> tuple[Any, str]:
    """A 3.5 fight in which a creature delays (the ogre, when hidden): (session, the waiting
    creature)."""
    enc = make_encounter(system="breche35", tokens=[
        dict(id="hero", name="Aelis", side="party", col=1, row=1),
        dict(id="thug", name="Thug", side="foe", col=4, row=2),
        dict(id="ogre", name="Ogre", side="foe", col=7, row=3, size="large", hidden=hidden)])
    s = make_session(enc, seed=2)  # thug, ogre, hero
    s.roll_initiative()
    if hidden:  # the ogre acts before the last of the round, so it may delay
        while s.current_token_id != "ogre":
            s.next_turn()
        assert s.turn_view().index < len(s.order) - 1
    first = s.current_token_id
    s.delay(first)
    return s, first


def _pixels(view: Any) -> QImage:
    scene = view.map_scene
    image = QImage(scene.sceneRect().size().toSize(), QImage.Format.Format_ARGB32)
    image.fill(0)
    p = QPainter(image)
    scene.render(p)
    p.end()
    return image


def test_a_waiting_creature_is_marked_until_it_acts_now(map_view: Any) -> None:
    s, first = _waiting()
    view = map_view(s)
    scene = view.map_scene
    assert scene.waiting_marked == [first]
    marks = scene.wait_marks
    assert marks.sceneBoundingRect().contains(ring_box(scene.tokens[first]))
    assert scene.ringed_token == s.current_token_id != first  # the acting one keeps its ring
    s.act_now(first)
    assert scene.waiting_marked == []
    assert not marks.boundingRect().isValid()  # nothing left to paint
    s.undo()  # waiting again
    assert scene.waiting_marked == [first]


def test_the_mark_follows_the_waiting_creature(map_view: Any) -> None:
    s, first = _waiting()
    view = map_view(s)
    s.update_token(first, col=9, row=6)
    assert view.map_scene.wait_marks.sceneBoundingRect().contains(
        ring_box(view.map_scene.tokens[first]))


def test_the_players_map_never_marks_a_hidden_waiting_creature(map_view: Any) -> None:
    s, first = _waiting(hidden=True)
    assert first == "ogre"
    gm = map_view(s)
    assert gm.map_scene.waiting_marked == ["ogre"]  # the GM sees who waits
    view = map_view(s, role="player")
    view.map_scene.refresh_turn_ring()
    assert view.map_scene.waiting_marked == []
    shown = _pixels(view)
    s.remove_token("ogre")  # the same screen with no ogre at all, and no one waiting
    assert s.turn_view().waiting_ids() == [] and view.map_scene.waiting_marked == []
    assert _pixels(view) == shown


def test_the_players_map_marks_a_waiting_creature_only_in_the_partys_sight(
        map_view: Any) -> None:
    """The players' window lends its scene the party's sight (`ring_shown`, from its fog):
    a waiting creature in the fog is not marked, and is once the party sees it."""
    s, first = _waiting()
    view = map_view(s, role="player")
    scene = view.map_scene
    sees = {first: False}
    scene.ring_shown = lambda token: sees.get(token.id, True)
    scene.refresh_turn_ring()
    assert scene.waiting_marked == []
    sees[first] = True
    scene.refresh_turn_ring()
    assert scene.waiting_marked == [first]
