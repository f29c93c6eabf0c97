"""The GM's own bestiary (engine/files/bestiary.py): one library per system in the data folder,
each entry checked by its system's stats model, a bad entry refused in one sentence naming it
(number and name) while the good ones are kept, and a library that cannot be read kept aside,
never written over in silence."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from battlemap.engine.files import bestiary as lib
from battlemap.model import Size, Token
from battlemap.text import words
from tests.helpers.workspace import isolate_data_dir

GOULE = {"name": "Goule", "size": "medium", "side": "foe", "speed_m": 9.0,
         "stats": {"max_hp": 22, "ac": 12, "abilities": {"str": 13, "dex": 15}}}


@pytest.fixture(autouse=True)
def _data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    isolate_data_dir(tmp_path, monkeypatch)


def _write_library(system: str, creatures: list[object]) -> Path:
    path = lib.library_file(system)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": lib.FORMAT, "version": 1, "system": system,
                                "creatures": creatures}), encoding="utf-8")
    return path


def test_no_library_is_an_empty_one() -> None:
    library = lib.load_library("dnd2024")
    assert (library.entries, library.problems, library.locked) == ((), (), False)
    assert lib.library_file("dnd2024") == Path(os.environ["BATTLEMAP_DATA_DIR"]) / "bestiary" / "dnd2024.json"


def test_a_stored_entry_is_written_as_the_bundled_ones_are() -> None:
    lib.store_entry("dnd2024", lib.Entry.model_validate(GOULE))
    data = json.loads(lib.library_file("dnd2024").read_text(encoding="utf-8"))
    assert data == {"format": "battlemap-bestiary", "version": 1, "system": "dnd2024",
                    "creatures": [GOULE]}
    assert lib.load_library("dnd2024").find("goule") == lib.Entry.model_validate(GOULE)


def test_the_same_name_is_refused_unless_replaced() -> None:
    lib.store_entry("dnd2024", lib.Entry.model_validate(GOULE))
    stronger = lib.Entry.model_validate({**GOULE, "name": "GOULE", "stats": {"max_hp": 40}})
    with pytest.raises(lib.SameName) as err:
        lib.store_entry("dnd2024", stronger)
    assert str(err.value) == "Your bestiary already has a stat block named 'Goule'."
    lib.store_entry("dnd2024", stronger, replace=True)
    entries = lib.load_library("dnd2024").entries
    assert [(e.name, e.stats) for e in entries] == [("GOULE", {"max_hp": 40})]


def test_stats_the_system_refuses_are_not_stored() -> None:
    # dnd2024 stats: AC at most 40 (rules/dnd2024/stats.py).
    bad = lib.Entry.model_validate({**GOULE, "stats": {"max_hp": 22, "ac": 41}})
    with pytest.raises(lib.LibraryError) as err:
        lib.store_entry("dnd2024", bad)
    assert str(err.value) == ("'Goule' cannot be saved as a stat block: field 'stats.ac': "
                              "Input should be less than or equal to 40.")
    assert not lib.library_file("dnd2024").exists()


def test_a_bad_entry_is_refused_naming_it_and_the_good_ones_are_kept() -> None:
    path = _write_library("dnd2024", [GOULE, {"name": "Liche", "stats": {"max_hp": 0}}, 7,
                                      {"name": "Spectre", "size": "colossal"}, {**GOULE}])
    library = lib.load_library("dnd2024")
    assert [e.name for e in library.entries] == ["Goule"]
    assert [str(p) for p in library.problems] == [
        "dnd2024.json: entry 2 ('Liche') is refused: field 'stats.max_hp': Input should be "
        "greater than or equal to 1.",
        "dnd2024.json: entry 3 (without a name) is refused: it is not a JSON object.",
        "dnd2024.json: entry 4 ('Spectre') is refused: field 'size': Input should be 'tiny', "
        "'small', 'medium', 'large', 'huge' or 'gargantuan'.",
        "dnd2024.json: entry 5 ('Goule') is refused: an entry of the same name comes before it.",
        f"Your bestiary dnd2024.json as it was is kept in {path.with_name('dnd2024.kept-1.json')}; "
        "its other entries are kept.",
    ]
    # The file as it was is kept whole; the library holds the good entries now, so the next
    # load is quiet and the refused ones stay in the copy.
    assert json.loads(path.with_name("dnd2024.kept-1.json").read_text())["creatures"][1]["name"] == "Liche"
    again = lib.load_library("dnd2024")
    assert [e.name for e in again.entries] == ["Goule"] and again.problems == ()


def test_the_refusal_is_said_in_french_too() -> None:
    _write_library("pmt", [{"name": "Orque", "speed_m": -3}])
    problem = lib.load_library("pmt").problems[0]
    assert words(problem, "fr").startswith("pmt.json : entrée 1 (« Orque ») refusée : champ « speed_m » : ")


@pytest.mark.parametrize("content", [b"{\"format\": \"battlemap-bestiary\", \"creatures\": [",
                                     b"\xff\xfe not text", b"[1, 2, 3]",
                                     b'{"format": "battlemap-encounter", "creatures": []}'])
def test_a_library_that_cannot_be_read_is_moved_aside_and_the_gm_told(content: bytes) -> None:
    path = lib.library_file("breche35")
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    library = lib.load_library("breche35")
    kept = path.with_name("breche35.kept-1.json")
    assert library.entries == () and not library.locked and len(library.problems) == 1
    sentence = str(library.problems[0])
    assert sentence.startswith("Your bestiary breche35.json cannot be read (")
    assert sentence.endswith(f"): it is kept as it was in {kept}, and your bestiary starts empty.")
    assert kept.read_bytes() == content and not path.exists()
    # Saving now writes a new library; the one kept aside is untouched.
    lib.store_entry("breche35", lib.Entry(name="Gobelin"))
    assert kept.read_bytes() == content
    assert [e.name for e in lib.load_library("breche35").entries] == ["Gobelin"]


def test_a_library_that_cannot_be_kept_aside_is_never_written(monkeypatch: pytest.MonkeyPatch) -> None:
    path = lib.library_file("dnd2024")
    path.parent.mkdir(parents=True)
    path.write_text("not json", encoding="utf-8")

    def refuse(*_args: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(lib.os, "replace", refuse)
    library = lib.load_library("dnd2024")
    assert library.locked
    assert str(library.problems[0]).endswith(
        "nor kept aside (Permission denied): it is left as it is, and nothing is saved to it.")
    with pytest.raises(lib.LibraryError):
        lib.store_entry("dnd2024", lib.Entry(name="Goule"))
    monkeypatch.undo()
    assert path.read_text(encoding="utf-8") == "not json"


def test_import_takes_a_list_one_entry_our_file_or_a_page_of_results(tmp_path: Path) -> None:
    forms = {"list.json": [GOULE, {"name": "Ombre"}], "one.json": {"name": "Spectre"},
             "ours.json": {"format": "battlemap-bestiary", "system": "dnd2024",
                           "creatures": [{"name": "Momie"}]},
             "bundled.json": {"_about": "a bundled file", "creatures": [{"name": "Wight"}]},
             "page.json": {"count": 1, "next": None, "results": [{"name": "Nécrophage"}]}}
    for name, data in forms.items():
        (tmp_path / name).write_text(json.dumps(data), encoding="utf-8")
        report = lib.import_file(tmp_path / name, "dnd2024")
        assert report.refused == [], name
    assert [e.name for e in lib.load_library("dnd2024").entries] == [
        "Goule", "Ombre", "Spectre", "Momie", "Wight", "Nécrophage"]


def test_import_refuses_what_the_library_holds_unless_replace(tmp_path: Path) -> None:
    lib.store_entry("dnd2024", lib.Entry.model_validate(GOULE))
    src = tmp_path / "more.json"
    src.write_text(json.dumps([{"name": "goule", "stats": {"max_hp": 30}}, {"name": "Ombre"},
                               {"name": "Ombre"}, {"stats": {}}]), encoding="utf-8")
    report = lib.import_file(src, "dnd2024")
    assert (report.added, report.replaced) == (["Ombre"], [])
    assert [str(r) for r in report.refused] == [
        "more.json: entry 3 ('Ombre') is refused: an entry of the same name comes before it.",
        "more.json: entry 4 (without a name) is refused: field 'name': Field required.",
        "more.json: 'goule' is refused: your bestiary already has a stat block of that name "
        "(import with replace to take this one).",
    ]
    again = lib.import_file(src, "dnd2024", replace=True)
    assert (again.added, again.replaced) == ([], ["goule", "Ombre"])
    assert lib.load_library("dnd2024").find("Goule").stats == {"max_hp": 30}  # type: ignore[union-attr]


@pytest.mark.parametrize(("data", "sentence"), [
    ({"format": "battlemap-bestiary", "system": "pmt", "creatures": []},
     "x.json: this bestiary is for pmt, not dnd2024."),
    ({"creatures": {"name": "Goule"}}, "x.json: field 'creatures' must be a list."),
    ({"format": "other", "creatures": []}, "x.json: field 'format' must be \"battlemap-bestiary\"."),
    ("Goule", "x.json: holds no creature (a bestiary, a list of stat blocks or one stat block)."),
])
def test_a_file_that_holds_no_creatures_is_one_sentence(tmp_path: Path, data: object,
                                                         sentence: str) -> None:
    (tmp_path / "x.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(lib.LibraryError) as err:
        lib.import_file(tmp_path / "x.json", "dnd2024")
    assert str(err.value) == sentence
    assert not lib.library_file("dnd2024").exists()


def test_export_writes_the_library_that_import_reads_back(tmp_path: Path) -> None:
    lib.store_entry("adnd2bis", lib.Entry(name="Ogre", size=Size.LARGE, speed_m=13.5))
    out = tmp_path / "out.json"
    assert lib.export_library("adnd2bis", out) == 1
    lib.library_file("adnd2bis").unlink()
    assert lib.import_file(out, "adnd2bis").added == ["Ogre"]
    assert lib.load_library("adnd2bis").entries[0] == lib.Entry(name="Ogre", size=Size.LARGE,
                                                                 speed_m=13.5)


def test_a_token_becomes_an_entry_with_its_picture_made_absolute(tmp_path: Path) -> None:
    token = Token(id="g", name="Goule", side="neutral", size=Size.LARGE, col=0, row=0,
                  reach_m=3.0, speed_m=12.0, art="pics/goule.png", art_fit="square",
                  stats={"max_hp": 22, "darkvision_m": 18.0})
    entry = lib.entry_from_token(token, " Goule des cryptes ", tmp_path / "crypt.json")
    assert entry.as_data() == {"name": "Goule des cryptes", "size": "large", "side": "neutral",
                               "speed_m": 12.0, "reach_m": 3.0,
                               "art": str((tmp_path / "pics" / "goule.png").resolve()),
                               "art_fit": "square", "stats": {"max_hp": 22, "darkvision_m": 18.0}}


def test_a_save_removes_what_a_killed_save_left() -> None:
    folder = lib.library_folder()
    folder.mkdir(parents=True)
    stale = folder / ".dnd2024.json.abcd1234.tmp"
    stale.write_text("half a library", encoding="utf-8")
    os.utime(stale, (1_000_000, 1_000_000))  # long before any save still running
    lib.store_entry("dnd2024", lib.Entry(name="Goule"))
    assert sorted(p.name for p in folder.iterdir()) == ["dnd2024.json"]


def test_names_are_one_whatever_their_case_and_spaces_and_never_blank(tmp_path: Path) -> None:
    src = tmp_path / "n.json"
    src.write_text(json.dumps([{"name": "Goule  grise"}, {"name": " goule GRISE"},
                               {"name": "   "}]), encoding="utf-8")
    entries, refused = lib.read_file(src, "dnd2024")
    assert [e.name for e in entries] == ["Goule  grise"]
    assert [str(r) for r in refused] == [
        "n.json: entry 2 ('goule GRISE') is refused: an entry of the same name comes before it.",
        "n.json: entry 3 (without a name) is refused: field 'name': must not be empty.",
    ]


def test_a_token_whose_picture_path_is_too_long_is_one_sentence(tmp_path: Path) -> None:
    token = Token(id="g", name="Goule", col=0, row=0, art="a" * 500 + ".png")
    with pytest.raises(lib.LibraryError) as err:
        lib.entry_from_token(token, "Goule", tmp_path / "deep" / "crypt.json")
    assert str(err.value) == ("'Goule' cannot be saved as a stat block: field 'art': String "
                              "should have at most 512 characters.")
