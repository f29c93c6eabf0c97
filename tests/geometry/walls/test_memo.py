"""The geometry core's bounded memo (`walls._memo.Memo`): full, it drops its oldest answer to
keep a new one, so no single call pays for freeing every answer and the recent ones stay."""

from __future__ import annotations

from battlemap.geometry.walls import Memo


def test_a_full_memo_drops_only_its_oldest_answer() -> None:
    memo: Memo[int, str] = Memo(3)
    for k in range(3):
        memo.keep(k, str(k))
    assert memo.keep(3, "3") == "3"
    assert list(memo) == [1, 2, 3]
    memo.keep(4, "4")
    assert list(memo) == [2, 3, 4]


def test_a_call_s_own_bound_drops_down_to_it() -> None:
    # An area's masks scale with the grid: a call may bound the memo below what it holds.
    memo: Memo[int, int] = Memo(10)
    memo.keep_all((k, k) for k in range(6))
    memo.keep(6, 6, limit=4)
    assert list(memo) == [3, 4, 5, 6]
