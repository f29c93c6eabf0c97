"""What the party sees under the encounter's light, through the Session, and the memory of
what it saw (`party_sight`, `reset_explored`, the ambient option)."""

from __future__ import annotations

import json

import shapely

from battlemap.engine import Session
from battlemap.io.encounter_file import save_encounter
from battlemap.model import Encounter, Light
from tests.helpers.engine import encounter, tok


def _session(**stats: object) -> Session:
    enc = encounter([tok("ana", 1, 4, side="party", stats=dict(stats)), tok("gob", 9, 4)],
                    cols=12, rows=10)
    enc.lights.append(Light(position=(9.5, 4.5), range=2))
    return Session(enc, seed=1)


def test_in_the_dark_the_party_sees_the_lamp_and_its_darkvision_range() -> None:
    s = _session(darkvision_m=3)  # 000 "Capacités spéciales": Vision dans le noir (3 m) = 2 squares
    s.set_options(ambient="dark")
    seen = s.party_sight().seen[0]
    assert shapely.intersects(seen, shapely.Point(9.5, 4.5))  # under the lamp
    assert shapely.intersects(seen, shapely.Point(3.4, 4.5))  # 1.9 squares: darkvision
    assert not shapely.intersects(seen, shapely.Point(5.5, 4.5))  # unlit, beyond it


def test_the_party_remembers_what_it_saw_and_the_gm_resets_it_undoably() -> None:
    s = _session()
    s.set_options(ambient="dark")
    s.party_sight()
    lamp = {(c, r) for c, r in s.encounter.explored}
    assert (9, 4) in lamp and (5, 4) not in lamp and (1, 4) not in lamp  # ana herself is unlit
    s.move("ana", [(2, 4)])
    s.set_options(ambient="bright")
    s.party_sight()
    assert len(s.encounter.explored) == 12 * 10  # an open room, all lit: every square
    s.undo()  # the ambient light back to dark: the party does not forget
    assert len(s.encounter.explored) == 120
    s.reset_explored()
    assert s.encounter.explored == []
    s.undo()
    assert len(s.encounter.explored) == 120


def test_explored_squares_and_ambient_are_saved_and_old_files_read_back_byte_for_byte(
        tmp_path) -> None:
    s = _session()
    before = s.encounter.model_dump(mode="json")
    assert "explored" not in before and "ambient" not in before["options"]
    s.set_options(ambient="dim")
    s.party_sight()
    path = tmp_path / "e.json"
    save_encounter(s.encounter, path)
    data = json.loads(path.read_text())
    assert data["options"]["ambient"] == "dim" and [9, 4] in data["explored"]
    again = Encounter.model_validate(data)
    assert again.explored == s.encounter.explored and again.options.ambient == "dim"


def test_one_party_move_cuts_one_view_by_the_light_again() -> None:
    from battlemap.geometry.vision.light import memo_of

    tokens = [tok(f"p{i}", 1 + 2 * i, 1, side="party") for i in range(5)]
    enc = encounter(tokens, cols=12, rows=10)
    enc.lights.append(Light(position=(5.5, 5.5), range=6))
    s = Session(enc, seed=1)
    s.set_options(ambient="dark")
    s.party_sight()
    memo = memo_of(s.geo)
    before = memo.work
    s.move("p0", [(1, 2)])
    s.party_sight()
    # The mover's view: cut by the light once and read into squares once; the other four
    # eyes' answers come back as they were.
    assert memo.work - before == 2


def test_the_memory_unites_only_the_views_it_does_not_hold_and_keeps_the_same_list(
        monkeypatch) -> None:
    """Each look adds the squares of the views not yet remembered (queries/sight.py
    `remember_views`); the memory is the very list uniting every view at each look gives:
    the old squares in their order, then the new ones sorted."""
    from battlemap.geometry.vision import light
    from battlemap.model import Wall

    whole = light.seen_squares
    asked: list[int] = []

    def counted(views, cols, rows, geo=None):
        asked.append(len(views))
        return whole(views, cols, rows, geo)

    monkeypatch.setattr(light, "seen_squares", counted)
    tokens = [tok("p0", 1, 1, side="party"), tok("p1", 1, 7, side="party"),
              tok("p2", 13, 4, side="party")]
    walls = [Wall(points=[(6, 0), (6, 4)]), Wall(points=[(6, 6), (6, 10)]),
             Wall(points=[(11, 0), (11, 10)])]
    s = Session(encounter(tokens, walls, cols=16, rows=10), seed=1)
    expected: list[tuple[int, int]] = []
    for mover, square in [(None, None), ("p0", (3, 3)), ("p0", (3, 3)), ("p1", (5, 5)),
                          ("p1", (8, 5)), ("p2", (13, 8)), ("p0", (9, 2))]:
        if mover is not None:
            s.move(mover, [square], gm_override=True)
        sight = s.party_sight()
        every = whole(sight.seen, 16, 10)  # all the views, no memo
        expected = [*expected, *sorted(every - set(expected))]
        assert s.encounter.explored == expected
    # The first look reads the three views; a move of one eye, its view alone; a move to
    # the square it stands on, none.
    assert asked == [3, 1, 1, 1, 1, 1]
    s.reset_explored()
    s.party_sight()
    assert asked[-1] == 3  # the memory forgotten: every view read again
    assert set(s.encounter.explored) == whole(s.party_sight().seen, 16, 10)
