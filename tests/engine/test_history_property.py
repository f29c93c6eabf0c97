"""Property: any sequence of commands, then undo until nothing is left, gives back the start
byte for byte; redo all gives back the end."""

from __future__ import annotations

import contextlib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from battlemap.engine import EngineError, Session
from battlemap.io.encounter_file import encounter_to_json
from battlemap.model import AreaShape, AreaTemplate, Wall
from tests.helpers.engine import encounter, tok, toy_session

IDS = ["ana", "bo", "gob"]

command = st.one_of(
    st.tuples(st.just("damage"), st.sampled_from(IDS), st.integers(0, 8)),
    st.tuples(st.just("heal"), st.sampled_from(IDS), st.integers(0, 8)),
    st.tuples(st.just("cond"), st.sampled_from(IDS), st.sampled_from(["prone", "stunned"])),
    st.tuples(st.just("uncond"), st.sampled_from(IDS), st.sampled_from(["prone", "stunned"])),
    st.tuples(st.just("move"), st.sampled_from(IDS), st.sampled_from(
        [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1)]), st.sampled_from(["skip", "resolve"])),
    st.tuples(st.just("attack"), st.sampled_from(IDS), st.sampled_from(IDS)),
    st.tuples(st.just("door"), st.booleans()),
    st.tuples(st.just("wall"), st.integers(0, 9)),
    st.tuples(st.just("area"), st.integers(1, 8)),
    st.tuples(st.just("unarea"),),
    st.tuples(st.just("init"),),
    st.tuples(st.just("next"),),
    st.tuples(st.just("rename"), st.sampled_from(IDS), st.text("xyz", min_size=1, max_size=3)),
    st.tuples(st.just("diag"), st.sampled_from(["d35", "chebyshev"])),
)


def _fresh() -> Session:
    enc = encounter([tok("ana", 1, 1, "party", stats={"max_hp": 12, "ac": 14}),
                     tok("bo", 2, 4, "party"), tok("gob", 3, 1)],
                    walls=[Wall(points=[(6, 0), (6, 3)]),
                           Wall(points=[(6, 3), (6, 4)], kind="door")], cols=8, rows=6)
    return toy_session(enc, seed=3)


def _run(s: Session, cmd: tuple) -> None:  # type: ignore[type-arg]
    kind = cmd[0]
    if kind == "damage":
        s.damage(cmd[1], cmd[2])
    elif kind == "heal":
        s.heal(cmd[1], cmd[2])
    elif kind == "cond":
        s.add_condition(cmd[1], cmd[2], rounds=2)
    elif kind == "uncond":
        s.remove_condition(cmd[1], cmd[2])
    elif kind == "move":
        t = s.token(cmd[1])
        s.move(cmd[1], [(int(t.col) + cmd[2][0], int(t.row) + cmd[2][1])], oa=cmd[3],
               gm_override=True)
    elif kind == "attack":
        s.attack(cmd[1], cmd[2], gm_override=True)
    elif kind == "door":
        s.set_door(1, cmd[1])
    elif kind == "wall":
        s.add_wall(Wall(points=[(cmd[1] % 8, 0), (cmd[1] % 8, 1)]))
    elif kind == "area":
        placed = s.place_area(AreaTemplate(shape=AreaShape.SPHERE, origin=(3.0, 3.0),
                                           size_m=1.5 * cmd[1]))
        s.apply_area(placed.id, save_ability="reflex", dc=12, damage="1d6")
    elif kind == "unarea" and s.encounter.templates:
        s.remove_area(s.encounter.templates[0].id)
    elif kind == "init":
        s.roll_initiative()
    elif kind == "next":
        s.next_turn()
    elif kind == "rename":
        s.update_token(cmd[1], name=cmd[2])
    elif kind == "diag":
        s.set_options(diagonals=cmd[1])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(command, min_size=1, max_size=12))
def test_undo_all_restores_the_start_and_redo_all_the_end(cmds: list[tuple]) -> None:  # type: ignore[type-arg]
    s = _fresh()
    start = encounter_to_json(s.encounter)
    for cmd in cmds:
        # Refused or impossible commands must change nothing (the undo below checks it).
        with contextlib.suppress(EngineError):
            _run(s, cmd)
    end = encounter_to_json(s.encounter)
    while s.undo():
        pass
    assert encounter_to_json(s.encounter) == start
    assert not s.dirty
    while s.redo():
        pass
    assert encounter_to_json(s.encounter) == end
