"""A token the party does not see — in a pillar's shadow with the fog on, or hidden by the GM —
changes no pixel of the players' window: not its disc, not the part of its name plate that
sticks out of the shadow, not its badges, not the emanation riding it. The players' window
renders the same with that token and without it. Initials are numbered on each window from
what that window shows."""

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QImage

from battlemap.io import load_encounter
from battlemap.model import AreaShape, AreaTemplate
from battlemap.ui.map.drawing.items.token_item import TokenItem
from tests.ui.map.gestures.test_map_keyboard_and_player import BRUTE

from .conftest import make_encounter, make_session

DEMOS = sorted((Path(__file__).resolve().parents[3] / "battlemap" / "assets" / "demo")
               .glob("*.json"))


def _pillar(with_lurker: bool = True, **lurker: Any) -> Any:
    """A hero north-west of a short wall (a pillar's face), a lurker behind it: the lurker's
    square is in the wall's shadow, but its name plate, wider than its square, reaches past
    the shadow's edge into the hero's sight."""
    tokens = [dict(id="hero", name="Hero", side="party", col=1, row=1, hp=20, stats=BRUTE)]
    if with_lurker:
        tokens.append(dict(id="lurker", name="Squelette archer", side="foe", col=7, row=5,
                           hp=5, stats=BRUTE, conditions=[{"name": "prone"}]) | lurker)
    return make_session(make_encounter(cols=12, rows=8, tokens=tokens,
                                       walls=[dict(points=[(5, 2.4), (5, 4.6)])]))


def _players(map_view: Any, session: Any, fog: bool) -> Any:
    view = map_view(session, role="player")
    view.set_fog(fog)
    return view


def _render(view: Any) -> QImage:
    return view.render_to_image(960, 640)


def _same(a: QImage, b: QImage) -> bool:
    return a.size() == b.size() and a.constBits().tobytes() == b.constBits().tobytes()


def test_a_token_in_a_pillars_shadow_leaves_no_pixel_its_plate_included(map_view):
    with_it = _players(map_view, _pillar(), fog=True)
    without = _players(map_view, _pillar(with_lurker=False), fog=True)
    # The shadow covers its square, not the left end of its plate.
    assert all(with_it.fog.fogged(_centre(x, y)) for x in (7.05, 7.95) for y in (5.05, 5.95))
    assert not with_it.fog.fogged(_centre(6.5, 6.2))
    assert "lurker" not in with_it.map_scene.tokens
    assert _same(_render(with_it), _render(without))


def test_the_lurker_stepping_out_of_the_shadow_is_drawn_and_back_in_is_gone(map_view, qtbot):
    s = _pillar()
    view = _players(map_view, s, fog=True)
    s.update_token("lurker", row=1)  # in the hero's sight now
    assert "lurker" in view.map_scene.tokens
    s.update_token("lurker", row=5)
    assert "lurker" not in view.map_scene.tokens
    # The hero walks round the pillar: the fog's views change, the lurker comes into sight.
    s.update_token("hero", col=9, row=3)
    qtbot.waitUntil(lambda: "lurker" in view.map_scene.tokens, timeout=20000)


def test_the_fog_switched_off_shows_the_lurker_and_on_again_drops_it(map_view):
    view = _players(map_view, _pillar(), fog=True)
    view.set_fog(False)
    assert "lurker" in view.map_scene.tokens
    view.set_fog(True)
    assert "lurker" not in view.map_scene.tokens


def _centre(x: float, y: float) -> Any:
    from PySide6.QtCore import QPointF

    from battlemap.ui.map.units import PX

    return QPointF(x * PX, y * PX)


@pytest.mark.parametrize("fog", [True, False])
@pytest.mark.parametrize("demo", DEMOS, ids=lambda p: p.stem)
def test_a_token_the_players_do_not_see_changes_no_pixel_on_each_demo(map_view, demo, fog):
    """Each foe in turn: hidden by the GM (fog on or off), and with the fog on every foe the
    party does not see, against the same map without them."""
    enc = load_encounter(demo)
    foes = [t.id for t in enc.tokens if t.side != "party"]
    probe = _players(map_view, make_session(enc), fog=fog)
    unseen = [t for t in foes if t not in probe.map_scene.tokens]
    assert not fog or unseen, "the demo has creatures out of the party's sight"
    for tid in [*foes[:2], *unseen[:1]]:
        hidden = enc.model_copy(deep=True)
        hidden.tokens = [t.model_copy(update={"hidden": True}) if t.id == tid else t
                         for t in hidden.tokens]
        gone = enc.model_copy(deep=True)
        gone.tokens = [t for t in gone.tokens if t.id != tid]
        a = _render(_players(map_view, make_session(hidden), fog=fog))
        b = _render(_players(map_view, make_session(gone), fog=fog))
        assert _same(a, b), f"{demo.stem}: {tid} hidden changes the players' window"
    if fog:
        gone = enc.model_copy(deep=True)
        gone.tokens = [t for t in gone.tokens if t.id not in unseen]
        assert _same(_render(probe), _render(_players(map_view, make_session(gone), fog=True)))


def test_an_emanation_riding_an_unseen_token_is_not_drawn_for_the_players(qtbot):
    from battlemap.ui.player.player_window import PlayerWindow

    s = _pillar()
    s.place_area(AreaTemplate(id="aura", shape=AreaShape.EMANATION, token="lurker", size_m=3))
    window = PlayerWindow(s)
    qtbot.addWidget(window)
    window.fog.setChecked(True)
    window.areas.setChecked(True)
    assert window.area_layer.placed == []
    s.update_token("lurker", row=1)  # out of the shadow: the party sees it and its aura
    assert [p.template.id for p in window.area_layer.placed] == ["aura"]
    window.close()


def test_a_hidden_namesake_does_not_number_the_players_initials(map_view):
    s = make_session(make_encounter(tokens=[
        dict(id="a", name="Hero", side="party", col=1, row=1),
        dict(id="b", name="Assassin gris", side="foe", col=3, row=1),
        dict(id="c", name="Assassin gris", side="foe", col=5, row=1, hidden=True),
    ]))
    gm, players = map_view(s), map_view(s, role="player")
    assert gm.map_scene.tokens["b"].look.initials == "AG1"
    assert gm.map_scene.tokens["c"].look.initials == "AG2"
    assert players.map_scene.tokens["b"].look.initials == "AG"
    s.update_token("c", hidden=False)  # revealed: both windows number them
    assert players.map_scene.tokens["b"].look.initials == "AG1"
    assert players.map_scene.tokens["c"].look.initials == "AG2"
    assert all(isinstance(i, TokenItem) for i in players.map_scene.tokens.values())
