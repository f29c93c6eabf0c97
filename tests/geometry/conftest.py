"""Fixtures of the geometry tests; the builders are in tests/helpers/geometry.py."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.helpers.geometry import Scene, build_scene


@pytest.fixture(scope="session")
def scene() -> Callable[..., Scene]:
    return build_scene
