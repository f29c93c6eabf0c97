"""`battlemap render` is the GM's own command on a file they named: a picture from outside
the encounter's folder is drawn, and stderr names it in one sentence (the window would ask)."""

from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from battlemap.cli import main
from battlemap.io import save_encounter
from battlemap.model import MapImage

from .conftest import crypt


def _render(tmp_path: Path, picture: str, out: Path) -> None:
    enc = crypt()
    enc.grid = enc.grid.model_copy(update={"image": MapImage(path=picture, pixels_per_square=4)})
    (tmp_path / "maps").mkdir(exist_ok=True)
    path = tmp_path / "maps" / "crypt.json"
    save_encounter(enc, path)
    assert main(["render", str(path), "-o", str(out), "--size", "300x200"]) == 0


def test_render_draws_an_outside_picture_and_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BATTLEMAP_DATA_DIR", str(tmp_path / "data"))
    from PIL import Image

    Image.new("RGB", (48, 32), (250, 0, 250)).save(tmp_path / "secret.png")
    _render(tmp_path, "../secret.png", tmp_path / "with.png")
    err = capsys.readouterr().err.strip()
    assert err == (f"battlemap: note: crypt.json: the picture '{tmp_path / 'secret.png'}' lies outside "
                   "the encounter's folder; drawn, as this render is your own command.")
    _render(tmp_path, "missing.png", tmp_path / "without.png")
    drawn, bare = QImage(str(tmp_path / "with.png")), QImage(str(tmp_path / "without.png"))
    assert drawn.size() == bare.size() and drawn != bare  # the picture is under the grid
    assert not (tmp_path / "data" / "picture-consent.json").exists()  # for this run only
