"""The Undo and Redo buttons name the step in the interface's language: the French window
read « Annuler Roll initiative », « Rétablir Edit Goule »."""

from __future__ import annotations

from typing import Any

from battlemap.ui import i18n


def _tips(window: Any) -> tuple[str, str]:
    a = window.actions_by_name
    return a["undo"].toolTip(), a["redo"].toolTip()


def test_undo_and_redo_say_the_step_in_french_then_english(window: Any) -> None:
    window.set_language("fr")
    s = window.session
    s.roll_initiative()
    assert _tips(window)[0] == "Annuler : jet d'initiative"
    s.add_condition("ghoul", "prone", rounds=2)
    assert _tips(window)[0] == "Annuler : À terre sur Goule"
    s.update_token("ogre", hidden=False)
    s.undo()
    assert _tips(window) == ("Annuler : À terre sur Goule", "Rétablir : modifier Ogre")
    window.set_language("en")
    assert _tips(window) == ("Undo: Prone on Goule", "Redo: Edit Ogre")
    assert s.undo_text == "Prone on Goule"  # the engine's text stays English
    i18n.set_language("en")
