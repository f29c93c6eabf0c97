"""Fixtures: a 7th-level fighter and an orc."""

from __future__ import annotations

import pytest
from adnd2bis_fixtures import ORC, make  # type: ignore[import-not-found]

from battlemap.rules.adnd2bis.stats import SAMPLE_FIGHTER
from battlemap.rules.core.combat import Combatant


@pytest.fixture
def fighter() -> Combatant:
    return make("fighter", SAMPLE_FIGHTER, side="party")


@pytest.fixture
def orc() -> Combatant:
    return make("orc", ORC)
