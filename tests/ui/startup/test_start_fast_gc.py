"""The collector is relaxed only from start-up to the map's first frame: then the thresholds
are exactly what they were."""

import gc
from collections.abc import Iterator
from typing import Any

import pytest

from battlemap._tricks import start_gc


@pytest.fixture
def thresholds() -> Iterator[tuple[int, int, int]]:
    """Whatever state the test leaves, the process gets its own thresholds back."""
    start_gc.settle()
    before = gc.get_threshold()
    yield before
    start_gc.settle()
    gc.set_threshold(*before)


def test_relax_then_settle_restores_the_thresholds(thresholds: tuple[int, int, int]) -> None:
    gc.set_threshold(700, 11, 12)
    start_gc.relax()
    assert gc.get_threshold() == (start_gc.START_THRESHOLD, 11, 12)
    start_gc.relax()  # a second entry point (the CLI, then the app) changes nothing more
    start_gc.settle()
    assert gc.get_threshold() == (700, 11, 12)
    assert not start_gc.relaxed()
    start_gc.settle()  # twice is harmless
    assert gc.get_threshold() == (700, 11, 12)


def test_a_higher_threshold_is_left_alone(thresholds: tuple[int, int, int]) -> None:
    gc.set_threshold(250_000, 10, 10)
    start_gc.relax()
    assert gc.get_threshold() == (250_000, 10, 10)
    start_gc.settle()
    assert gc.get_threshold() == (250_000, 10, 10)


def test_a_disabled_collector_stays_as_it_is(thresholds: tuple[int, int, int]) -> None:
    gc.disable()
    try:
        start_gc.relax()
        assert not start_gc.relaxed()
        assert gc.get_threshold() == thresholds
    finally:
        gc.enable()


def test_the_first_frame_settles_it(qtbot: Any, session: Any,
                                    thresholds: tuple[int, int, int]) -> None:
    from battlemap.ui.window.main_window import MainWindow

    start_gc.relax()
    assert start_gc.relaxed()
    window = MainWindow(session)
    qtbot.addWidget(window)
    window.files.confirm_discard = lambda: True
    assert start_gc.relaxed()  # built, not yet painted
    window.show()
    qtbot.waitUntil(lambda: not start_gc.relaxed())
    assert gc.get_threshold() == thresholds
