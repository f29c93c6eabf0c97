"""The registry is the list of what a GM can do: each command reachable on Session under its
name, as the very function registered, with an id and a line saying what it does."""

from __future__ import annotations

from typing import Any

import pytest

from battlemap.engine import Session
from battlemap.engine.commands import BY_ID, COMMANDS
from battlemap.engine.decision import Decision
from battlemap.engine.queries import previews

from ..conftest import tok


def test_every_command_is_the_sessions_method_of_its_name() -> None:
    assert len(BY_ID) == len(COMMANDS)  # ids are unique
    for command in COMMANDS:
        assert getattr(Session, command.method) is command.run, command.id
        assert command.about and command.about[0].isupper()


def test_the_registry_names_what_a_gm_does() -> None:
    assert {"move", "attack", "manoeuvre", "area.apply", "damage", "heal", "condition.add",
            "condition.remove", "turn.initiative", "turn.next", "map.wall.add", "map.door",
            "map.terrain", "map.token.add", "area.place", "options", "undo",
            "redo"} <= set(BY_ID)


def test_session_has_at_most_three_bases() -> None:
    ours = [c for c in Session.__mro__ if c.__module__.startswith("battlemap.")]
    assert len(ours) <= 3


def _count_plans(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Each path planned from now on (its arguments)."""
    planned: list[Any] = []
    real = previews._plan
    monkeypatch.setattr(previews, "_plan", lambda *a, **k: planned.append(a) or real(*a, **k))
    return planned


def test_an_answered_decision_uses_its_planned_path(skirmish: Session,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    s = skirmish
    asked = s.move("ana", [(2, 2), (1, 3)])
    assert isinstance(asked, Decision)
    planned = _count_plans(monkeypatch)
    out = s.move("ana", [(2, 2), (1, 3)], oa_choices={"gob": "skip"}, decision=asked)
    assert planned == [] and not isinstance(out, Decision) and out.moved_to == (1.0, 3.0)


def test_a_decision_for_another_path_or_state_is_not_reused(skirmish: Session,
                                                            monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    s = skirmish
    asked = s.move("ana", [(2, 2), (1, 3)])
    assert isinstance(asked, Decision)
    planned = _count_plans(monkeypatch)
    s.add_token(tok("new", 9, 9))  # the state moved on: the plan is computed again
    s.move("ana", [(2, 2), (1, 3)], oa_choices={"gob": "skip"}, decision=asked)
    assert len(planned) == 1
