"""Before an encounter is shown: the pictures it names from outside its folder (the map
picture, token art), which the GM has not allowed for this file yet, are asked about in one
question. Yes shows them in both windows from now on (remembered for this encounter file);
no opens the encounter without them, the status bar saying so in one sentence. Saved under a
new name, an encounter keeps showing what it showed (`keep_showing`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from battlemap.engine.files.picture_consent import allow_this_run, may_show, remember_consent
from battlemap.io.picture_folder import encounter_pictures, outside_pictures, resolved
from battlemap.text import Message


def ask_outside_pictures(window: Any, session: Any) -> Message | None:
    """The sentence to show when the GM declined, else None (nothing to ask, or allowed)."""
    path = getattr(session, "path", None)
    waiting = [p for p in outside_pictures(session.encounter, path) if not may_show(p, path)]
    if not waiting:
        return None
    assert path is not None  # an encounter without a file has nothing outside its folder
    from battlemap.ui.dialogs import prompts

    named = ", ".join(str(p) for p in waiting)
    if prompts.ask_outside_pictures(window, Path(path).name, named):
        try:
            remember_consent(path, waiting)
        except OSError:  # a read-only data folder: shown now, asked again at the next open
            allow_this_run(path, waiting)
        return None
    return Message.of("picture.outside_declined", name=Path(path).name, pictures=named)


def shown_pictures(session: Any) -> list[Path]:
    """The pictures the windows may show for the session as it is (resolved)."""
    path = getattr(session, "path", None)
    return [resolved(p) for p in encounter_pictures(session.encounter, path) if may_show(p, path)]


def keep_showing(session: Any, shown: list[Path]) -> None:
    """After the GM saved the encounter under a new name: what the windows showed before is
    the GM's own to show under that name (an unsaved import's picture, kept beside the
    export, is outside the folder the GM saves into), so it is not asked about again."""
    path = getattr(session, "path", None)
    if path is None:
        return
    outside = [p for p in outside_pictures(session.encounter, path) if p in shown]
    if not outside:
        return
    try:
        remember_consent(path, outside)
    except OSError:  # a read-only data folder: shown this run, asked at the next open
        allow_this_run(path, outside)
