"""A command touches only what it changed (engine/history.py `_changed_ids`, state.py
`slot`, `tokens_by_id`, the prepared map's tokens): the ids a step names, the tokens looked
up by id and the map's own copy of the tokens are those a walk of the whole list gives."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from battlemap.engine import EngineError, Session
from battlemap.engine.history import _changed_ids
from battlemap.model import Token
from tests.helpers.engine import encounter, tok


def every_id(before: list[Token], after: list[Token]) -> list[str]:
    """The ids whose object differs, from the whole of both lists."""
    old = {t.id: t for t in before}
    new = {t.id: t for t in after}
    return sorted(i for i in old.keys() | new.keys() if old.get(i) is not new.get(i))


edits = st.lists(st.tuples(st.sampled_from(["replace", "swap", "add", "remove", "rename_slot"]),
                           st.integers(0, 30), st.integers(0, 30)), max_size=6)


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 12), edits)
def test_the_ids_a_step_names_are_those_of_the_whole_lists(n: int, steps: list) -> None:
    before = [tok(f"t{i}", i, 0) for i in range(n)]
    after = list(before)
    fresh = iter(range(100, 200))
    for kind, a, b in steps:
        if not after and kind != "add":
            continue
        i, j = a % max(len(after), 1), b % max(len(after), 1)
        if kind == "replace":  # a command's new object in the slot, same id
            after[i] = after[i].model_copy(update={"col": after[i].col + 1})
        elif kind == "swap":
            after[i], after[j] = after[j], after[i]
        elif kind == "add":
            after.insert(i, tok(f"t{next(fresh)}", 0, 1))
        elif kind == "remove":
            del after[i]
        else:  # another token in the slot: same length, another id there
            after[i] = tok(f"t{next(fresh)}", 0, 2)
    assert _changed_ids(before, after) == every_id(before, after)


def _session(n: int = 40) -> Session:
    tokens = [tok(f"t{i}", i % 10, i // 10, side="party" if i % 7 == 0 else "foe")
              for i in range(n)]
    return Session(encounter(tokens, system="dnd2024", cols=12, rows=10), seed=1)


def test_tokens_by_id_are_those_on_the_map_in_its_order() -> None:
    s = _session()
    tokens = s.encounter.tokens
    got = s.tokens_by_id(["t17", "t3", "nobody", "t3", "t39"])
    assert list(got) == ["t3", "t17", "t39"]
    assert all(got[i] is tokens[int(i[1:])] for i in got)
    assert [s.slot(t.id) for t in tokens] == list(range(len(tokens)))
    s.remove_token("t3")
    assert s.slot("t3") is None and s.slot("t4") == 3
    assert list(s.tokens_by_id(["t4", "t3"])) == ["t4"]
    s.undo()
    assert s.slot("t3") == 3 and s.tokens_by_id(["t3"])["t3"] is s.encounter.tokens[3]


def test_the_prepared_map_keeps_the_tokens_of_the_encounter_through_any_command() -> None:
    """Moves update the map's tokens in place; additions and removals rebuild them: at every
    step they are the encounter's, field for field."""
    s = _session()
    rng = random.Random(5)
    _ = s.geo
    for step in range(150):
        ids = [t.id for t in s.encounter.tokens]
        roll = rng.random()
        with _quiet():
            if roll < 0.5:
                tid = rng.choice(ids)
                s.move(tid, [(rng.randrange(12), rng.randrange(10))], gm_override=True)
            elif roll < 0.6:
                s.remove_token(rng.choice(ids))
            elif roll < 0.7:
                s.add_token(Token(id=f"n{step}", name="New", col=rng.randrange(12),
                                  row=rng.randrange(10)))
            elif roll < 0.85:
                s.undo()
            else:
                s.redo()
        geo = s.geo
        assert geo.tokens.keys() == {t.id for t in s.encounter.tokens}, step
        assert all(geo.tokens[t.id] == t for t in s.encounter.tokens), step


class _quiet:
    """Refused commands (a square taken, nothing to undo) change nothing: carry on."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: object, exc: object, tb: object) -> bool:
        return kind is not None and issubclass(kind, EngineError)  # type: ignore[arg-type]


def test_a_token_refused_on_a_taken_square_is_said_and_leaves_the_map_as_it_was() -> None:
    # It was a KeyError from the prepared map, which had never held the token the failed
    # command put in and took back.
    s = _session()
    _ = s.geo
    with pytest.raises(EngineError, match="share a square"):
        s.add_token(Token(id="n", name="New", col=1, row=1))
    assert s.slot("n") is None and "n" not in s.geo.tokens
    s.add_token(Token(id="n", name="New", col=11, row=9))
    assert s.geo.tokens["n"] == s.token("n")
