"""The map as a picture (Export PNG, `battlemap render`): a view of its own, never the window's,
so a picture carries no selection, no drag, no GM tool; the players' picture carries only what
the players' window shows (no hidden token, with fog none the party does not see)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QImage

# Pixels per square of a picture nobody chose the size of, and its bounds (a 20 × 15 map:
# 1280 × 960; a 300-square cave stays under 4096 pixels a side).
SQUARE_PIXELS, MIN_SQUARE_PIXELS, MAX_SIDE = 64, 8, 4096


def default_size(cols: int, rows: int, smallest: int = MIN_SQUARE_PIXELS) -> tuple[int, int]:
    """The size a picture of the whole grid takes by default, in pixels (`smallest`: the
    fewest pixels a square gets on a huge map)."""
    scale = max(smallest, min(SQUARE_PIXELS, MAX_SIDE // max(cols, rows, 1)))
    return cols * scale, rows * scale


def map_picture(session: Any, w: int, h: int, players: bool = False, fog: bool = False,
                player_hp: str = "bloodied", areas: bool = True,
                on_missing: Callable[[str], Any] | None = None) -> QImage:
    """The whole grid in a w × h picture, as the GM's map shows it (hidden tokens as ghosts)
    or as the players' window does; `areas`: the templates in play, as both windows show
    them. The map picture, decoded off the GUI thread, is waited for; where it cannot be
    shown, `on_missing` is told why and the map is drawn without it."""
    from battlemap.ui.window.map_host import create_map_view

    view = create_map_view(session, "player" if players else "gm", player_hp=player_hp)
    try:
        view.resize(w, h)
        _wait_for_backdrop(view, session, on_missing)
        if fog and players:
            view.set_fog(True)
        scene = getattr(view, "map_scene", None)
        if areas and scene is not None and session.encounter.templates:
            from battlemap.ui.map.drawing.overlays.placed_areas import PlacedAreasLayer

            layer = PlacedAreasLayer()
            scene.addItem(layer)
            layer.refresh(session, None,
                          shown_tokens=set(scene.tokens) if players else None)
        return view.render_to_image(w, h)  # type: ignore[no-any-return]
    finally:
        if hasattr(view, "shutdown"):
            view.shutdown()
        view.deleteLater()


def _wait_for_backdrop(view: Any, session: Any, on_missing: Callable[[str], Any] | None) -> None:
    backdrop = getattr(getattr(view, "map_scene", None), "backdrop", None)
    if backdrop is None:
        return
    backdrop.wait()
    if not backdrop.loaded and on_missing is not None:
        from battlemap.io.picture_check import picture_problem, unreadable_picture

        enc, path = session.encounter, session.path
        on_missing(picture_problem(enc, path) or unreadable_picture(enc, path))
