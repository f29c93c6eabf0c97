"""The name plates laid out again after a change are only those the change can reach, and they
end where a full layout puts them: above or under the square, the stacking, the spill; the
disc initials stay those of the whole list."""

import random

import pytest

from battlemap.engine.errors import EngineError
from battlemap.ui.map.drawing.items.token_look import disc_initials
from battlemap.ui.map.scene import MapScene

from .conftest import make_encounter, make_session

SIZES = ("small", "medium", "medium", "medium", "large")


def _crowd(n: int, cols: int, rows: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    return [dict(id=f"t{i}", name=f"Gobelin des marais {i}", size=rng.choice(SIZES),
                 col=rng.randrange(cols - 2), row=rng.randrange(rows - 2),
                 hidden=rng.random() < 0.2, side=rng.choice(("party", "foe")))
            for i in range(n)]


def _plates(scene: MapScene) -> dict[str, tuple[bool, float, float]]:
    return {tid: (it._name_above, it.zValue(), it._name_spill)
            for tid, it in scene.tokens.items()}


def _full_layout(scene: MapScene) -> dict[str, tuple[bool, float, float]]:
    """The plates of a full layout of the same scene (its items in their order: two names at
    one spot of a line share it in that order)."""
    scene.refresh_tokens(None)
    return _plates(scene)


def _random_edit(s, rng: random.Random, cols: int, rows: int) -> None:
    ids = [t.id for t in s.encounter.tokens]
    roll = rng.random()
    tid = rng.choice(ids)
    try:
        if roll < 0.45:
            s.update_token(tid, col=rng.randrange(cols - 2), row=rng.randrange(rows - 2))
        elif roll < 0.55:
            s.update_token(tid, size=rng.choice(SIZES))
        elif roll < 0.62:
            s.update_token(tid, hidden=not s.encounter.token(tid).hidden)
        elif roll < 0.67:
            s.remove_token(tid)
        elif roll < 0.72:  # two names alike: numbered « GD1 », « GD2 »
            s.update_token(tid, name=rng.choice(("Gobelin des marais", "Garde du pont")))
        elif roll < 0.82:
            s.undo()
        else:
            s.redo()
    except EngineError:
        pass  # refused (nothing to undo, a square off the map): the plates stay


@pytest.mark.parametrize("role", ["gm", "player"])
def test_plates_after_random_edits_are_those_of_a_full_layout(qtbot, role):
    cols = rows = 14
    s = make_session(make_encounter(system="breche35", cols=cols, rows=rows,
                                    tokens=_crowd(70, cols, rows, seed=7)))
    scene = MapScene(s, role=role)
    s.subscribe(scene.on_change)
    rng = random.Random(11)
    for step in range(120):
        _random_edit(s, rng, cols, rows)
        # The initials too, numbered among the tokens this window shows: a move reads no
        # name, a rename, a removal, hiding or showing a token renumbers.
        shown = [t for t in s.encounter.tokens if t.id in scene.tokens]
        assert scene._initials == disc_initials(shown), step
        if step % 10 == 9:
            assert _plates(scene) == _full_layout(scene), step
    assert _plates(scene) == _full_layout(scene)


def test_a_drop_among_300_tokens_lays_out_a_handful_of_plates(qtbot):
    """A full layout places all 300 plates; a move, its undo and its redo place the moved
    token's, its neighbours' above and below, and those of the lines it leaves and joins."""
    tokens = [dict(id=f"t{c}-{r}", name=f"Gobelin {c}-{r}", col=c * 3, row=r * 2)
              for c in range(20) for r in range(15)]
    s = make_session(make_encounter(system="breche35", cols=60, rows=32, tokens=tokens))
    scene = MapScene(s)
    s.subscribe(scene.on_change)
    assert scene.name_room.laid_out >= 300  # the first layout: every plate
    before = scene.name_room.laid_out
    s.move("t5-5", [(16, 10)], gm_override=True)
    moved = scene.name_room.laid_out - before
    s.undo()
    s.redo()
    per_command = (scene.name_room.laid_out - before) / 3
    assert 2 <= moved <= 50, moved
    assert per_command <= 50, per_command
    assert _plates(scene) == _full_layout(scene)


def test_a_change_of_look_lays_out_no_plate(qtbot):
    s = make_session(make_encounter(system="breche35", cols=10, rows=10, tokens=[
        dict(id="a", name="Lou", col=2, row=2),
        dict(id="b", name="Yanis", col=3, row=3)]))
    scene = MapScene(s)
    s.subscribe(scene.on_change)
    before = scene.name_room.laid_out
    s.update_token("a", initiative=17)
    assert scene.name_room.laid_out == before


def test_a_rename_renumbers_the_discs_and_a_move_keeps_them(qtbot):
    s = make_session(make_encounter(system="breche35", cols=10, rows=10, tokens=[
        dict(id="a", name="Gobelin", col=2, row=2), dict(id="b", name="Orque", col=5, row=5)]))
    scene = MapScene(s)
    s.subscribe(scene.on_change)
    alone = dict(scene._initials)
    s.update_token("b", name="Gobelin")
    assert scene._initials == disc_initials(s.encounter.tokens) != alone
    s.move("a", [(3, 3)], gm_override=True)
    assert scene._initials == disc_initials(s.encounter.tokens)
    s.undo()
    s.undo()
    assert scene._initials == alone


def _items(scene: MapScene) -> dict[str, tuple]:
    return {tid: (it.pos().x(), it.pos().y(), it.look.initials, it.look.name, it.look.hidden,
                  it.opacity(), it.isVisible()) for tid, it in scene.tokens.items()}


@pytest.mark.parametrize("role", ["gm", "player"])
def test_items_after_random_edits_are_those_of_a_fresh_scene(qtbot, role):
    """A refresh reads the tokens a change names only (`refresh_tokens`), and the others'
    items stay: the scene ends as one built afresh from the encounter."""
    cols = rows = 14
    s = make_session(make_encounter(system="breche35", cols=cols, rows=rows,
                                    tokens=_crowd(70, cols, rows, seed=3)))
    scene = MapScene(s, role=role)
    s.subscribe(scene.on_change)
    rng = random.Random(4)
    for step in range(120):
        _random_edit(s, rng, cols, rows)
        if step % 10 == 9:
            assert _items(scene) == _items(MapScene(s, role=role)), step
