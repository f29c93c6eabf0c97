"""Counting the calls a test cares about (a decode, a pyramid made) without changing them."""

from __future__ import annotations

from typing import Any

import pytest


def count_names(monkeypatch: pytest.MonkeyPatch, owner: Any, attr: str) -> list[str]:
    """Wrap `owner.attr(data, header, name_or_path)`: the file names it is called with."""
    seen: list[str] = []
    real = getattr(owner, attr)

    def counting(data: bytes, header: Any, name: Any) -> Any:
        seen.append(getattr(name, "name", name))
        return real(data, header, name)

    monkeypatch.setattr(owner, attr, counting)
    return seen
