"""Where each resource is (battlemap.assets): every one this package ships is found through
importlib.resources, and a missing one is an error naming it, never an empty answer."""

from pathlib import Path

import pytest

from battlemap import assets
from battlemap.rules.core.system import SHIPPED


def test_every_shipped_resource_is_found() -> None:
    assert assets.missing() == []
    demos = assets.demo_files()
    assert [p.name for p in demos] == sorted(p.name for p in demos)
    assert {assets.demo_summary(p)[1] for p in demos} == set(SHIPPED)
    assert assets.demo_file() in demos
    assert assets.icon_file().suffix == ".svg"
    for size in assets.ICON_SIZES:
        assert assets.icon_file(size).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    for system in SHIPPED:
        assert assets.statblock_file(system).is_file()


def test_the_bestiaries_are_the_shipped_systems() -> None:
    assert list(assets.STATBLOCK_SYSTEMS) == list(SHIPPED)


def test_the_resources_live_in_the_package_not_in_the_checkout() -> None:
    package = Path(assets.__file__).resolve().parent
    for path in (assets.demo_file(), assets.icon_file(16), assets.statblock_file("pmt")):
        assert path.resolve().is_relative_to(package)


def test_a_missing_resource_is_a_loud_error(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(assets, "_root", lambda: tmp_path)
    with pytest.raises(assets.MissingResource, match=r"statblocks/pmt\.json: .*lacks it"):
        assets.statblock_file("pmt")
    with pytest.raises(assets.MissingResource, match="no demo encounter"):
        assets.demo_files()
    problems = assets.missing()
    # the demos (listed, then the default), the SVG, eight PNGs, four bestiaries
    assert len(problems) == 2 + 1 + len(assets.ICON_SIZES) + len(assets.STATBLOCK_SYSTEMS)


def test_an_unknown_icon_size_is_refused() -> None:
    with pytest.raises(ValueError, match="no 20 px icon"):
        assets.icon_file(20)
