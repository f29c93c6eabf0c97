"""Fixtures for the dnd2024 tests."""

from __future__ import annotations

import pytest

from battlemap.rules.dnd2024.options import Dnd2024Options
from battlemap.rules.dnd2024.system import Dnd2024System


@pytest.fixture
def system() -> Dnd2024System:
    return Dnd2024System()


@pytest.fixture
def options() -> Dnd2024Options:
    return Dnd2024Options()
