"""`battlemap bestiary list|import|export`: the GM's library from the command line. Import says
how many were added and refuses each bad entry in one sentence naming it (warnings on
stderr); it exits 2, as bad input does everywhere in the CLI, when the file cannot be read or
nothing in it was taken."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from battlemap.cli import main
from battlemap.engine.files import bestiary as lib
from tests.helpers.workspace import isolate_data_dir

MONSTERS = Path(__file__).parents[1] / "rules" / "dnd2024" / "monsters"


@pytest.fixture(autouse=True)
def _data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    isolate_data_dir(tmp_path, monkeypatch)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_import_list_and_export(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    src = tmp_path / "mine.json"
    src.write_text(json.dumps([{"name": "Goule", "stats": {"max_hp": 22}},
                               {"name": "Liche", "stats": {"max_hp": 0}},
                               {"name": "Ogre", "size": "large", "side": "neutral"}]),
                   encoding="utf-8")
    code, out, err = _run(capsys, "bestiary", "import", str(src), "--system", "dnd2024")
    assert code == 0
    assert out == f"{src}: 2 added to the dnd2024 bestiary (2 new, 0 replaced), 1 refused.\n"
    assert err == ("battlemap: warning: mine.json: entry 2 ('Liche') is refused: field "
                   "'stats.max_hp': Input should be greater than or equal to 1.\n")
    code, out, err = _run(capsys, "bestiary", "list")
    assert (code, err) == (0, "")
    assert out == "dnd2024\tGoule\tmedium\tfoe\ndnd2024\tOgre\tlarge\tneutral\n"
    code, out, _ = _run(capsys, "bestiary", "list", "--system", "dnd2024", "--json")
    listed = json.loads(out)
    assert code == 0 and list(listed) == ["dnd2024"]
    assert listed["dnd2024"]["file"] == str(lib.library_file("dnd2024"))
    assert [c["name"] for c in listed["dnd2024"]["creatures"]] == ["Goule", "Ogre"]
    dest = tmp_path / "out.json"
    code, out, _ = _run(capsys, "bestiary", "export", str(dest), "--system", "dnd2024")
    assert (code, out) == (0, f"wrote {dest} (2 stat blocks of the dnd2024 bestiary)\n")
    assert json.loads(dest.read_text(encoding="utf-8"))["creatures"][1] == {
        "name": "Ogre", "size": "large", "side": "neutral", "speed_m": 9.0}


def test_names_the_library_holds_need_replace(capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path) -> None:
    src = tmp_path / "g.json"
    src.write_text(json.dumps({"name": "Goule", "stats": {"max_hp": 22}}), encoding="utf-8")
    assert _run(capsys, "bestiary", "import", str(src), "--system", "pmt")[0] == 0
    code, out, err = _run(capsys, "bestiary", "import", str(src), "--system", "pmt")
    assert code == 2
    assert out == f"{src}: 0 added to the pmt bestiary (0 new, 0 replaced), 1 refused.\n"
    assert err.splitlines() == [
        "battlemap: warning: g.json: 'Goule' is refused: your bestiary already has a stat block "
        "of that name (import with replace to take this one).",
        f"battlemap: {src}: no stat block imported; each refused one is said above."]
    code, out, err = _run(capsys, "bestiary", "import", str(src), "--system", "pmt", "--replace")
    assert (code, err) == (0, "")
    assert out == f"{src}: 1 added to the pmt bestiary (0 new, 1 replaced), 0 refused.\n"


def test_a_5e_monster_file_for_dnd2024(capsys: pytest.CaptureFixture[str]) -> None:
    src = MONSTERS / "5e-database-style.json"
    code, out, err = _run(capsys, "bestiary", "import", str(src), "--system", "dnd2024")
    assert (code, err) == (0, "")
    assert out == f"{src}: 2 added to the dnd2024 bestiary (2 new, 0 replaced), 0 refused.\n"
    assert _run(capsys, "bestiary", "list", "--system", "dnd2024")[1] == (
        "dnd2024\tRat des cryptes\tsmall\tfoe\ndnd2024\tGardien de pierre\tlarge\tfoe\n")


@pytest.mark.parametrize(("content", "sentence"), [
    (b"[{\"name\": ", "battlemap: bad.json: not valid JSON (Expecting value at line 1, column 11).\n"),
    (b"\"x\"", "battlemap: bad.json: holds no creature (a bestiary, a list of stat blocks or one "
               "stat block).\n"),
])
def test_a_file_that_cannot_be_read_is_one_sentence_and_exit_2(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes, sentence: str) -> None:
    src = tmp_path / "bad.json"
    src.write_bytes(content)
    code, out, err = _run(capsys, "bestiary", "import", str(src), "--system", "dnd2024")
    assert (code, out, err) == (2, "", sentence)
    assert not lib.library_file("dnd2024").exists()


def test_a_missing_file_and_an_unwritable_export(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path) -> None:
    code, _, err = _run(capsys, "bestiary", "import", str(tmp_path / "none.json"), "--system", "pmt")
    assert code == 2 and err == "battlemap: none.json: cannot be read (No such file or directory).\n"
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    code, _, err = _run(capsys, "bestiary", "export", str(blocker / "out.json"), "--system", "pmt")
    assert code == 2 and err.startswith("battlemap: out.json: cannot be written (")
    assert err.endswith("); the file on disk is unchanged.\n")


def test_an_empty_bestiary_says_so_and_where_it_is(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "bestiary", "list", "--system", "pmt")
    assert (code, out) == (0, "")
    assert err == (f"battlemap: your bestiary holds no stat block yet "
                   f"({lib.library_file('pmt').parent}); `battlemap bestiary import FILE "
                   f"--system S` or Edit ▸ \"Save token as stat block…\" adds some.\n")


def test_a_library_kept_aside_is_a_warning(capsys: pytest.CaptureFixture[str]) -> None:
    path = lib.library_file("adnd2bis")
    path.parent.mkdir(parents=True)
    path.write_text("{", encoding="utf-8")
    code, out, err = _run(capsys, "bestiary", "list", "--system", "adnd2bis")
    assert (code, out) == (0, "")
    assert err.startswith("battlemap: warning: Your bestiary adnd2bis.json cannot be read (")
    assert path.with_name("adnd2bis.kept-1.json").read_text(encoding="utf-8") == "{"
