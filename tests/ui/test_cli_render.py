"""`battlemap render` draws the GM or the players' view headless; `battlemap gui` refuses a bad
file with one sentence and exit 2 before any window opens."""

from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage

from battlemap.cli import main
from battlemap.cli.common import CliError
from battlemap.cli.render import parse_size
from battlemap.io import save_encounter
from battlemap.ui.map.drawing.fog import FOG

from .conftest import crypt


@pytest.fixture
def crypt_file(tmp_path: Path) -> Path:
    path = tmp_path / "crypt.json"
    save_encounter(crypt(), path)
    return path


def _at(img: QImage, x: float, y: float, cols: int = 12, rows: int = 8) -> QColor:
    """The pixel showing grid point (x, y): the grid is centred with half a square around."""
    z = min(img.width() / (cols + 1), img.height() / (rows + 1))
    return img.pixelColor(int(img.width() / 2 + (x - cols / 2) * z),
                          int(img.height() / 2 + (y - rows / 2) * z))


def _ogre_pixel(img: QImage, w: int, h: int) -> QColor:
    # The hidden ogre (large, top-left square 8,4) covers the centre of squares 8-9 x 4-5.
    return _at(img, 8.6, 4.6)


def test_render_gm_and_player_views(crypt_file: Path, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    gm, player = tmp_path / "gm.png", tmp_path / "player.png"
    assert main(["render", str(crypt_file), "-o", str(gm), "--size", "600x400"]) == 0
    assert main(["render", str(crypt_file), "-o", str(player), "--player",
                 "--size", "600x400"]) == 0
    a, b = QImage(str(gm)), QImage(str(player))
    assert (a.width(), a.height()) == (b.width(), b.height()) == (600, 400)
    # The GM sees the hidden ogre (a ghost disc); the players see bare floor there.
    floor = _at(b, 10.5, 1.5)
    assert _ogre_pixel(b, 600, 400) == floor
    assert _ogre_pixel(a, 600, 400) != floor
    assert "player view" in capsys.readouterr().out


def test_render_player_view_with_fog(crypt_file: Path, tmp_path: Path) -> None:
    # conftest's crypt: the party stands at x 1..2, a wall at x = 7 (closed door, window).
    clear, fog = tmp_path / "clear.png", tmp_path / "fog.png"
    for out, extra in ((clear, []), (fog, ["--fog"])):
        assert main(["render", str(crypt_file), "-o", str(out), "--player",
                     "--size", "650x450", *extra]) == 0
    a, b = QImage(str(clear)), QImage(str(fog))
    assert _at(a, 10.5, 0.5) != FOG and _at(b, 10.5, 0.5) == FOG  # behind the wall
    assert _at(b, 3.5, 6.5) == _at(a, 3.5, 6.5) != FOG  # the party's room


def test_fog_needs_the_player_view(crypt_file: Path, tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "x.png"
    assert main(["render", str(crypt_file), "-o", str(out), "--fog"]) == 2
    assert "--player" in capsys.readouterr().err
    assert not out.exists()


def test_player_hp_needs_the_player_view(crypt_file: Path, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    # Like --fog: the GM's view always shows the numbers, so the option is refused in one
    # sentence rather than silently ignored (README "The command line").
    out = tmp_path / "x.png"
    assert main(["render", str(crypt_file), "-o", str(out), "--player-hp", "bar"]) == 2
    err = capsys.readouterr().err
    assert "--player-hp" in err and "--player." in err and err.count("\n") == 1
    assert not out.exists()
    assert main(["render", str(crypt_file), "-o", str(out), "--player", "--player-hp",
                 "bar"]) == 0
    assert out.exists()


def test_an_oversized_size_says_its_bounds() -> None:
    # "100000x100000" has the right shape: it is refused for its size, not its form.
    with pytest.raises(CliError, match="outside 16..16384"):
        parse_size("100000x100000", 12, 8)


def test_render_default_size_follows_the_grid(crypt_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "map.png"
    assert main(["render", str(crypt_file), "-o", str(out)]) == 0
    img = QImage(str(out))
    assert (img.width(), img.height()) == (12 * 64, 8 * 64)


@pytest.mark.parametrize("text", ["600", "axb", "10x10", "99999x10"])
def test_bad_sizes_are_one_sentence(text: str) -> None:
    with pytest.raises(CliError, match="--size"):
        parse_size(text, 12, 8)


def test_render_bad_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2", encoding="utf-8")
    out = tmp_path / "x.png"
    assert main(["render", str(bad), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("battlemap: bad.json") and err.count("\n") == 1
    assert not out.exists()


def test_gui_bad_file_exits_2_before_any_window(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path / "missing.json")]) == 2
    assert "missing.json: no such file." in capsys.readouterr().err


def test_render_shows_the_templates_in_play(tmp_path: Path) -> None:
    # A sphere saved with the encounter, at the intersection (3, 6) with a 3 m radius: the
    # square (3, 6) is tinted in both views; without the template it is the plain floor.
    from battlemap.model import AreaTemplate

    bare, with_area = tmp_path / "bare.json", tmp_path / "area.json"
    save_encounter(crypt(), bare)
    enc = crypt()
    enc.templates.append(AreaTemplate(id="boule", shape="sphere", origin=(3.0, 6.0),
                                      size_m=3.0))
    save_encounter(enc, with_area)
    pixels = {}
    for name, path in (("bare", bare), ("area", with_area)):
        for view in ("gm", "player"):
            out = tmp_path / f"{name}-{view}.png"
            extra = ["--player"] if view == "player" else []
            assert main(["render", str(path), "-o", str(out), "--size", "600x400", *extra]) == 0
            pixels[name, view] = _at(QImage(str(out)), 3.5, 6.5).rgb()
    assert pixels["area", "gm"] != pixels["bare", "gm"]
    assert pixels["area", "player"] != pixels["bare", "player"]
    assert pixels["bare", "gm"] == pixels["bare", "player"]


def test_render_for_the_players_leaves_out_a_hidden_creatures_emanation(tmp_path: Path) -> None:
    # The hidden ogre (8..9 x 4..5) carries a 3 m emanation: the square (7, 4) beside it is
    # tinted on the GM's picture, plain floor on the players' (it would show where it is).
    from battlemap.model import AreaTemplate

    enc = crypt()
    enc.templates.append(AreaTemplate(id="stench", shape="emanation", token="ogre", size_m=3.0))
    path = tmp_path / "aura.json"
    save_encounter(enc, path)
    bare = tmp_path / "bare.json"
    save_encounter(crypt(), bare)
    pixels = {}
    for name, src in (("aura", path), ("bare", bare)):
        for view in ("gm", "player"):
            out = tmp_path / f"{name}-{view}.png"
            extra = ["--player"] if view == "player" else []
            assert main(["render", str(src), "-o", str(out), "--size", "600x400", *extra]) == 0
            pixels[name, view] = _at(QImage(str(out)), 7.5, 4.5).rgb()
    assert pixels["aura", "gm"] != pixels["bare", "gm"]
    assert pixels["aura", "player"] == pixels["bare", "player"]


def test_render_of_a_universal_vtt_export_writes_only_the_png(tmp_path: Path) -> None:
    # Walkthrough: `battlemap render /tmp/shared/uvtt-samples/….dd2vtt -o out.png` left
    # "….map.png" (2.9 MB) beside the export, in the GM's maps folder. Its picture now goes to
    # a scratch folder that is removed once drawn, and still shows in the render.
    import json

    from tests.io.conftest import uvtt_dict

    export = tmp_path / "maps" / "cave.dd2vtt"
    export.parent.mkdir()
    export.write_text(json.dumps(uvtt_dict(cols=4, rows=3, ppg=8)))
    out = tmp_path / "out.png"
    assert main(["render", str(export), "-o", str(out), "--size", "64x48"]) == 0
    assert sorted(p.name for p in export.parent.iterdir()) == ["cave.dd2vtt"]
    assert QImage(str(out)).size().width() == 64
