"""The shipped rule systems are found without scanning the installed distributions' entry
points (start-up path), and the table that allows it is exactly what pyproject.toml registers."""

import tomllib
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from battlemap.rules.core import system as registry

ROOT = Path(__file__).resolve().parents[3]


def test_the_shipped_table_is_pyprojects_entry_points() -> None:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert declared["project"]["entry-points"][registry.ENTRY_POINT_GROUP] == registry.SHIPPED
    installed = {ep.name: ep.value for ep in entry_points(group=registry.ENTRY_POINT_GROUP)
                 if ep.value.startswith("battlemap.")}
    assert installed == registry.SHIPPED


@pytest.mark.parametrize("system_id", sorted(registry.SHIPPED))
def test_a_shipped_system_loads_without_the_scan(system_id: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    by_entry_point = {ep.name: ep for ep in entry_points(group=registry.ENTRY_POINT_GROUP)}
    expected = by_entry_point[system_id].load()

    def no_scan() -> dict[str, object]:
        raise AssertionError("scanned the entry points for a shipped system")

    monkeypatch.setattr(registry, "_entry_points", no_scan)
    registry._load_one.cache_clear()
    try:
        assert registry.get_system(system_id) is expected
        assert registry.get_system(system_id).id == system_id
    finally:
        registry._load_one.cache_clear()


def test_an_unknown_name_still_lists_the_entry_points() -> None:
    with pytest.raises(registry.UnknownSystem) as err:
        registry.get_system("no-such-system")
    assert "no rule system 'no-such-system' (known: adnd2bis, breche35, dnd2024, pmt)" in str(err.value)
    assert registry.available_systems() == sorted(registry.SHIPPED)
