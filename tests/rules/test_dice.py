"""The dice framework: seeded replay, forced values, the roll tree, text, state."""

from __future__ import annotations

import json

import pytest

from battlemap.rules.core.dice import Dice, ForcedDieError, Roll


def test_same_seed_replays_the_same_rolls() -> None:
    first = Dice(seed=42)
    second = Dice(seed=42)
    a = [first.roll("1d20+5").total for _ in range(50)]
    b = [second.roll("1d20+5").total for _ in range(50)]
    assert a == b
    assert all(6 <= x <= 25 for x in a)
    # Another seed gives another sequence (50 d20s colliding everywhere is ~20^-50).
    assert a != [Dice(seed=43).roll("1d20+5").total for _ in range(50)]


def test_forced_values_are_used_first_in_order_then_the_generator() -> None:
    d = Dice(seed=1, forced=[17, 3])
    r1 = d.roll("1d20+4")
    r2 = d.roll("1d6")
    assert (r1.total, r1.natural) == (21, 17)
    assert r2.total == 3
    assert r1.tree.children[0].children[0].forced is True
    reference = Dice(seed=1)
    assert d.roll("1d20").total == reference.roll("1d20").total  # forced values used no RNG


def test_forced_value_too_big_for_its_die_is_an_error_and_changes_nothing() -> None:
    d = Dice(seed=5, forced=[4, 7])
    with pytest.raises(ForcedDieError, match="7 does not fit a d6"):
        d.roll("2d6")
    assert list(d.forced) == [4, 7]  # the GM can fix the value and roll again
    d.forced.clear()
    d.force([4, 6])
    assert d.roll("2d6").total == 10


def test_forced_zero_is_refused() -> None:
    with pytest.raises(ForcedDieError):
        Dice(forced=[0]).roll("1d8")


def _dice(roll: Roll) -> list[tuple[int, bool]]:
    out: list[tuple[int, bool]] = []

    def walk(node):  # type: ignore[no-untyped-def]
        if node.kind == "die":
            out.append((int(node.value), node.kept))
        for c in node.children:
            walk(c)

    walk(roll.tree)
    return out


def test_advantage_tree_keeps_the_dropped_die() -> None:
    r = Dice(forced=[6, 15]).roll("2d20kh1")
    assert r.total == 15
    assert _dice(r) == [(6, False), (15, True)]
    assert r.natural == 15
    assert r.faces(20, kept_only=False) == [6, 15]
    low = Dice(forced=[6, 15]).d20("disadvantage")
    assert (low.total, low.natural) == (6, 6)


def test_ability_roll_4d6kh3_drops_the_lowest() -> None:
    r = Dice(forced=[2, 5, 1, 6]).roll("4d6kh3")
    assert r.total == 13
    assert _dice(r) == [(2, True), (5, True), (1, False), (6, True)]


def test_render_marks_forced_and_dropped_dice() -> None:
    r = Dice(forced=[6, 15]).roll("2d20kh1+3")
    # The die kept out says so in words, in each language: no markup the log prints raw.
    assert r.render() == "2d20kh1+3 → (6! dropped, 15!) + 3 = 18"
    assert r.render("fr") == "2d20kh1+3 → (6! ignoré, 15!) + 3 = 18"
    plain = Dice(seed=0).roll("1d4")
    assert "!" not in plain.render()


def test_roll_is_serializable_and_round_trips() -> None:
    r = Dice(forced=[3, 4]).roll("2d6+1")
    again = Roll.model_validate(json.loads(r.model_dump_json()))
    assert again == r
    assert again.total == 8


def test_state_restores_the_sequence() -> None:
    d = Dice(seed=9)
    d.roll("3d6")
    state = json.loads(json.dumps(d.get_state()))  # the state survives JSON (undo, save)
    after = [d.roll("1d20").total for _ in range(10)]
    d.set_state(state)
    assert [d.roll("1d20").total for _ in range(10)] == after


def test_state_keeps_pending_forced_values() -> None:
    d = Dice(seed=9, forced=[12])
    state = d.get_state()
    assert d.roll("1d20").total == 12
    d.set_state(state)
    assert d.roll("1d20").total == 12


@pytest.mark.slow
def test_advantage_raises_the_mean_to_13_825() -> None:
    """2d20 keep highest: E = sum over k of k(2k−1)/400 = 13.825, against 10.5 for 1d20.
    20,000 rolls: standard error ≈ 0.033, so ±0.15 is 4.5 standard errors wide."""
    d = Dice(seed=2024)
    n = 20_000
    adv = sum(d.d20("advantage").total for _ in range(n)) / n
    plain = sum(d.d20().total for _ in range(5_000)) / 5_000  # s.e. ≈ 0.08
    assert abs(adv - 13.825) < 0.15
    assert abs(plain - 10.5) < 0.3
    exact = sum(k * (2 * k - 1) for k in range(1, 21)) / 400
    assert exact == 13.825
