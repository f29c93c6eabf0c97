"""The players' fog is worked out off the GUI thread: the GM's commands return while the
views are being swept, and the players' window meanwhile shows nothing the party may not see
(the views not yet known count as seeing nothing but the eye's own square)."""

import threading
from typing import Any

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor

from battlemap.geometry.vision import visible
from battlemap.ui.map.drawing.fog import FOG
from battlemap.ui.map.units import PX


def _pixel(view: Any, x: float, y: float) -> QColor:
    """What the players' view shows at a point in grid units (grabbed from the screen)."""
    image = view.viewport().grab().toImage()
    at = view.mapFromScene(QPointF(x * PX, y * PX))
    return image.pixelColor(at.x(), at.y())


class SlowKernel:
    """`seen_from` that blocks on an event until the test releases it, counting its calls."""

    def __init__(self) -> None:
        self.real = visible.seen_from
        self.entered = 0
        self.finished = 0
        self.inside = threading.Event()
        self.release = threading.Event()

    def __call__(self, *args: Any) -> Any:
        self.entered += 1
        self.inside.set()
        assert self.release.wait(60), "the test never released the kernel"
        self.finished += 1
        return self.real(*args)


@pytest.fixture
def slow() -> Any:
    """The slow kernel, put in by `install` once the players' window is open (its first
    fog is worked out before it shows)."""
    kernel = SlowKernel()
    yield kernel
    kernel.release.set()  # never leave the worker thread blocked
    visible.seen_from = kernel.real


def install(kernel: SlowKernel) -> None:
    visible.seen_from = kernel


def _players(window: Any, qtbot: Any) -> tuple[Any, Any, Any, Any]:
    """The players' window opened with its fog: (window, session, view, fog item)."""
    window.show_player_window(True)
    player = window.player
    qtbot.waitExposed(player)
    return player, window.session, player.view, player.view.fog


def test_the_gm_commands_return_while_the_players_fog_is_swept(window: Any, qtbot: Any,
                                                                slow: Any) -> None:
    player, session, view, fog = _players(window, qtbot)
    session.update_token("ghoul", col=10, row=1)  # behind the wall x = 7: no view changes
    qtbot.waitUntil(lambda: fog.settled, timeout=20000)
    assert "ghoul" not in view.map_scene.tokens
    assert _pixel(view, 10.5, 1.5) == FOG
    install(slow)

    # The GM drops the hero in the ghoul's room: the command returns, the sweep of the
    # hero's new view starts on the worker and blocks there.
    session.update_token("hero", col=9, row=1)
    qtbot.waitUntil(slow.inside.is_set, timeout=20000)
    assert slow.finished == 0 and not fog.settled
    # Meanwhile the players see the cleric's view only: the ghoul, whom only the hero's
    # new view may show, is off their map and under the fog; the hero stands on it.
    assert "ghoul" not in view.map_scene.tokens and "hero" in view.map_scene.tokens
    assert _pixel(view, 10.5, 1.5) == FOG
    assert _pixel(view, 11.5, 0.5) == FOG  # the room the hero's new view will show
    assert _pixel(view, 3.5, 6.5) != FOG  # the cleric's room stays clear
    assert not player.blind  # a view on its way is not "nothing revealed"

    # More GM commands return while the kernel still blocks.
    assert session.undo()
    assert session.redo()
    assert slow.finished == 0
    assert "ghoul" not in view.map_scene.tokens
    assert _pixel(view, 10.5, 1.5) == FOG

    slow.release.set()
    qtbot.waitUntil(lambda: fog.settled and "ghoul" in view.map_scene.tokens, timeout=20000)
    assert _pixel(view, 10.5, 1.5) != FOG
    assert _pixel(view, 11.5, 0.5) != FOG
    # One sweep for the hero's one new place: the undo's view was remembered, the redo's
    # request waited for the running job instead of starting its own sweep.
    assert slow.entered == 1
    player.close()


def test_a_burst_of_moves_sweeps_only_the_latest_place(window: Any, qtbot: Any,
                                                       slow: Any) -> None:
    player, session, view, fog = _players(window, qtbot)
    install(slow)
    session.update_token("hero", col=2, row=1)
    qtbot.waitUntil(slow.inside.is_set, timeout=20000)  # the first move's sweep blocks
    for col in (3, 4, 5):  # three more moves while it runs: only the last one is asked
        session.update_token("hero", col=col, row=1)
        view.viewport().repaint()
    slow.release.set()
    qtbot.waitUntil(lambda: fog.settled, timeout=20000)
    assert slow.entered == 2  # (2, 1), then (5, 1); (3, 1) and (4, 1) were dropped
    assert fog.worker.jobs == 2
    assert (5.5, 1.5, 12, 8) in session.geo.walls.seen_cache
    assert not any(k[:2] in ((3.5, 1.5), (4.5, 1.5)) for k in session.geo.walls.seen_cache)
    player.close()


def test_views_of_a_state_left_behind_change_nothing_when_they_arrive(
        window: Any, qtbot: Any, slow: Any) -> None:
    player, session, view, fog = _players(window, qtbot)
    session.update_token("ghoul", col=10, row=1)  # behind the wall x = 7: no view changes
    qtbot.waitUntil(lambda: fog.settled, timeout=20000)
    install(slow)
    session.update_token("hero", col=9, row=1)  # into the ghoul's room: its sweep blocks
    qtbot.waitUntil(slow.inside.is_set, timeout=20000)
    assert session.undo()  # back to views the memo has: the fog shows its state whole
    view.viewport().repaint()
    assert fog.settled
    shown, computed = view.viewport().grab().toImage(), fog.computations
    slow.release.set()
    qtbot.waitUntil(lambda: not fog.worker.busy, timeout=20000)
    qtbot.waitUntil(lambda: slow.finished == 1, timeout=20000)
    view.viewport().repaint()
    assert fog.computations == computed  # the arrival was not shown again
    assert view.viewport().grab().toImage() == shown
    assert "ghoul" not in view.map_scene.tokens and _pixel(view, 10.5, 1.5) == FOG
    assert session.redo()  # the arrived view serves the redo at once: nothing to sweep
    view.viewport().repaint()
    assert fog.settled and slow.entered == 1
    assert "ghoul" in view.map_scene.tokens and _pixel(view, 10.5, 1.5) != FOG
    player.close()
