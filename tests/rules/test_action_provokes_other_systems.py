"""Actions other than movement that provoke, in the systems other than breche35:
adnd2bis only grapple and trip (001_dd346e63a171f715.txt, "Opportunity Attacks et
Désengagement": acting inside a zone provokes nothing « sauf autre spécification »;
"Grapple" and "Trip": « Déclenche une OA »); 003 (dnd2024) and 004 (pmt) are silent."""

from __future__ import annotations

import pytest

from battlemap.rules.core.combat import Combatant
from battlemap.rules.core.system import get_system

A, B = Combatant(id="a", name="A"), Combatant(id="b", name="B")


@pytest.mark.parametrize(("name", "section"), [("grapple", "Grapple"), ("trip", "Trip")])
def test_adnd2bis_grapple_and_trip_provoke(name: str, section: str) -> None:
    why = get_system("adnd2bis").action_provokes(A, name, B)
    assert why == f'{name} in its zone of control, 001_dd346e63a171f715.txt, "{section}"'


@pytest.mark.parametrize("action", ["attack", "charge", "flyby", "escape"])
def test_adnd2bis_other_actions_do_not(action: str) -> None:
    assert get_system("adnd2bis").action_provokes(A, action, B, None, "ranged") is None


@pytest.mark.parametrize("system", ["dnd2024", "pmt"])
def test_silent_seeds_nothing_provokes(system: str) -> None:
    sys_ = get_system(system)
    for action in ["attack", *sys_.manoeuvres()]:
        assert sys_.action_provokes(A, action, B, None, "ranged") is None
