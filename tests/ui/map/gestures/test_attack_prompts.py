"""Attack (A, or the toolbar's "Attaquer") says what it needs: with no attacker selected it
did nothing at all, and the GM could not tell whether the key worked."""

from __future__ import annotations

from typing import Any

from battlemap.ui import i18n


def test_attack_without_an_attacker_says_so_then_prompts_for_the_target(window: Any) -> None:
    window.set_language("fr")
    view, bar = window.map_view, window.statusBar()
    attack = view.controllers["attack"]
    view.select_token("")
    attack.start_targeting()
    assert not attack.targeting
    assert bar.currentMessage() == "Choisissez d'abord l'attaquant (un seul pion), puis Attaquer."
    view.select_token("hero")
    attack.start_targeting()
    assert attack.targeting
    assert bar.currentMessage() == "Cliquez sur la cible (Échap : annuler)."
    attack.stop()
    assert bar.currentMessage() == ""
    i18n.set_language("en")
