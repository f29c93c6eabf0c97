"""An import never writes over a picture another encounter may use: it takes a free name
(`<stem>.map-2.png`…), reuses a file with the same bytes, and a failed import writes nothing."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from battlemap.cli import main
from battlemap.io import LoadError, load_encounter
from battlemap.io.uvtt import import_uvtt

Make = Callable[..., dict[str, Any]]
Write = Callable[..., Path]


def _folder(path: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(path.iterdir())}


def test_opening_an_export_beside_a_saved_encounter_keeps_its_picture(
        make_uvtt: Make, write_uvtt: Write, tmp_path: Path) -> None:
    # A saved encounter "map.json" whose picture is "map.map.png"; then the GM opens
    # map.dd2vtt (a newer export, other picture) from the same folder.
    saved = b"\x89PNG the saved encounter's own picture"
    (tmp_path / "map.map.png").write_bytes(saved)
    src = write_uvtt(make_uvtt(cols=5))
    result = import_uvtt(src, system="dnd2024")
    assert (tmp_path / "map.map.png").read_bytes() == saved
    assert result.picture_path == (tmp_path / "map.map-2.png").resolve()
    assert result.encounter.grid.image is not None
    assert result.encounter.grid.image.path == str(result.picture_path)
    assert result.report.picture == "map.map-2.png"


def test_the_same_picture_is_reused_not_copied(make_uvtt: Make, write_uvtt: Write,
                                               tmp_path: Path) -> None:
    src = write_uvtt(make_uvtt())
    first = import_uvtt(src, system="dnd2024")
    before = _folder(tmp_path)
    again = import_uvtt(src, system="dnd2024")
    assert again.picture_path == first.picture_path == (tmp_path / "map.map.png").resolve()
    assert _folder(tmp_path) == before


def test_a_re_import_into_an_encounter_leaves_its_backup_a_picture(
        make_uvtt: Make, write_uvtt: Write, tmp_path: Path) -> None:
    out = tmp_path / "cave.json"
    assert main(["import", str(write_uvtt(make_uvtt())), "-o", str(out)]) == 0
    old_picture = (tmp_path / "cave.map.png").read_bytes()
    assert main(["import", str(write_uvtt(make_uvtt(cols=5), "new.dd2vtt")), "-o", str(out)]) == 0
    assert (tmp_path / "cave.map.png").read_bytes() == old_picture
    backup = json.loads((tmp_path / "cave.json.bak").read_text())
    assert backup["grid"]["image"]["path"] == "cave.map.png"
    enc = load_encounter(out)
    assert enc.grid.image is not None and enc.grid.image.path == "cave.map-2.png"
    assert (tmp_path / "cave.map-2.png").read_bytes() != old_picture


@pytest.mark.parametrize("bad", ["light", "picture"])
def test_a_failed_import_beside_a_saved_encounter_writes_nothing(
        make_uvtt: Make, write_uvtt: Write, tmp_path: Path, bad: str) -> None:
    (tmp_path / "map.map.png").write_bytes(b"\x89PNG the saved encounter's own picture")
    data = make_uvtt(cols=5)
    if bad == "light":
        data["lights"][0]["range"] = -1
    else:  # a good header, a body of zeros
        data = make_uvtt(cols=5, image=_corrupt_png_base64(make_uvtt(cols=5)["image"]))
    src = write_uvtt(data)
    before = _folder(tmp_path)
    with pytest.raises(LoadError):
        import_uvtt(src, system="dnd2024")
    assert _folder(tmp_path) == before


def test_an_encounter_that_cannot_be_written_takes_its_new_picture_back(
        make_uvtt: Make, write_uvtt: Write, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    import battlemap.io.uvtt as uvtt_module

    src = write_uvtt(make_uvtt())
    before = _folder(tmp_path)

    def disk_full(*_a: Any, **_k: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(uvtt_module, "atomic_write_text", disk_full)
    with pytest.raises(LoadError) as err:
        import_uvtt(src, tmp_path / "cave.json", system="dnd2024")
    assert str(err.value) == "map.dd2vtt: the import cannot be written (No space left on device)."
    assert _folder(tmp_path) == before


def _corrupt_png_base64(good: str) -> str:
    import base64

    raw = base64.b64decode(good)
    return base64.b64encode(raw[:60] + b"\x00" * (len(raw) - 60)).decode("ascii")


def test_past_the_numbered_names_the_picture_is_named_by_its_bytes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import hashlib

    from battlemap.io import picture_files

    monkeypatch.setattr(picture_files, "MAX_NUMBERED", 3)
    for name in ("cave.map.png", "cave.map-2.png", "cave.map-3.png"):
        (tmp_path / name).write_bytes(name.encode())
    data = b"new picture"
    target, new = picture_files.write_picture(tmp_path / "cave.map.png", data)
    assert (target.name, new) == (f"cave.map-{hashlib.sha256(data).hexdigest()[:16]}.png", True)
    assert target.read_bytes() == data
    assert (tmp_path / "cave.map.png").read_bytes() == b"cave.map.png"
    assert picture_files.write_picture(tmp_path / "cave.map.png", b"cave.map-2.png") == (
        tmp_path / "cave.map-2.png", False)
