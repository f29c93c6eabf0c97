"""The 5' step a disoriented creature keeps (001_dd346e63a171f715.txt). Forced dice throughout."""

from __future__ import annotations

from adnd2bis_fixtures import make  # type: ignore[import-not-found]

from battlemap.rules.adnd2bis import SAMPLE_FIGHTER, SYSTEM, Adnd2bisOptions

OPTS = Adnd2bisOptions()


def test_a_disoriented_creature_keeps_only_its_5ft_step() -> None:
    # 001, "Fumbles (natural 1/d20 toHit)", 18: "lose next combat round (you can only execute
    # 5' step)".
    lost = make("d", SAMPLE_FIGHTER, side="party", conditions=("disoriented",))
    budget = SYSTEM.turn_budget(lost, OPTS)
    assert budget.slots == {"combat": 0, "move": 0, "five_foot_step": 1}
    assert budget.notes == ["désorienté : pas de 5' seulement"]
    assert not SYSTEM.threatens(lost)  # its round is lost: no opportunity attack either
    # Grappled as well: speed 0, "no bonus to it", so no step ("Grappled (Attrapé)").
    held = make("d", SAMPLE_FIGHTER, side="party", conditions=("disoriented", "grappled"))
    assert SYSTEM.turn_budget(held, OPTS).slots["five_foot_step"] == 0
