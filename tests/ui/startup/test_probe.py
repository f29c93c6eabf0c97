"""The end-to-end test probe (`battlemap.ui._tricks.install_probe`): only a GM map with
BATTLEMAP_MAP_PROBE set writes it, and what it writes is where the tokens are, so an outside
driver (xdotool, tests/ui/map/gestures/test_map_xvfb_drag.py) can press on them."""

import json
from pathlib import Path
from typing import Any

import pytest

from battlemap.ui._tricks.probe import PROBE_ENV
from tests.ui.map.conftest import make_encounter, make_session


def _view(qtbot: Any, role: str) -> Any:
    from battlemap.ui.map import MapView

    enc = make_encounter(tokens=[{"id": "hero", "name": "Aelis", "side": "party", "col": 2,
                                  "row": 3}])
    view = MapView(make_session(enc), role=role)
    qtbot.addWidget(view)
    view.resize(400, 300)
    view.show()
    qtbot.waitExposed(view)
    return view


def test_a_gm_map_writes_where_its_tokens_are(qtbot: Any, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "probe.json"
    monkeypatch.setenv(PROBE_ENV, str(out))
    view = _view(qtbot, "gm")
    assert "edit" in view.controllers
    assert view._probe_timer.isActive()
    qtbot.waitUntil(out.exists, timeout=5000)
    seen = json.loads(out.read_text())
    assert seen["tokens"]["hero"]["col"] == 2 and seen["tokens"]["hero"]["row"] == 3
    assert len(seen["tokens"]["hero"]["screen"]) == 2
    assert seen["zoom"] == view.zoom()
    view.shutdown()


@pytest.mark.parametrize(("role", "set_env"), [("gm", False), ("player", True)])
def test_no_probe_otherwise(qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                            role: str, set_env: bool) -> None:
    monkeypatch.delenv(PROBE_ENV, raising=False)
    if set_env:
        monkeypatch.setenv(PROBE_ENV, str(tmp_path / "probe.json"))
    view = _view(qtbot, role)
    assert "edit" in view.controllers  # the wiring, which installs the probe, has run
    assert not hasattr(view, "_probe_timer")
    qtbot.wait(300)
    assert not (tmp_path / "probe.json").exists()
    view.shutdown()
