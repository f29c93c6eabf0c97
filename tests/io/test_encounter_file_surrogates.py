"""Text no file can hold (a lone surrogate, "\\ud800", which a JSON escape can spell) is
refused at load, naming its field: such a file loaded, then failed every save and autosave.
A save that fails for any reason says so in one sentence and leaves the old file."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from battlemap.io import LoadError, SaveError, load_encounter, save_encounter
from battlemap.io.safe_json import parse_json_bytes
from battlemap.model import Condition, Encounter, Grid, Token
from battlemap.text import words


def _encounter(**extra: Any) -> dict[str, Any]:
    return {"format": "battlemap-encounter", "version": 1, "name": "Crypt", "system": "breche35",
            "grid": {"cols": 6, "rows": 6},
            "tokens": [{"id": "a", "name": "Ash", "col": 1, "row": 1,
                        "conditions": [{"name": "prone", "source": "trip"}]}], **extra}


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "crypt.json"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_lone_surrogate_in_a_condition_source_is_refused_naming_the_field(tmp_path: Path) -> None:
    text = json.dumps(_encounter()).replace('"trip"', '"\\ud800trip"')
    with pytest.raises(LoadError) as caught:
        load_encounter(_write(tmp_path, text))
    assert str(caught.value) == (
        "crypt.json: field 'tokens[0].conditions[0].source' holds a lone surrogate (\\ud800), "
        "which no file can store; write that text again.")
    assert "« tokens[0].conditions[0].source »" in words(caught.value.reason, "fr")


def test_a_lone_surrogate_in_a_log_key_or_value_is_refused(tmp_path: Path) -> None:
    for entry, where in (({"kind": "roll", "note": "\udfff"}, "log[0].note"),
                         ({"kind": "roll", "\udc80": 1}, "log[0]")):
        text = json.dumps(_encounter(log=[entry]))  # json.dumps escapes it as \udfff
        with pytest.raises(LoadError, match=re.escape(f"field '{where}' holds a lone surrogate")):
            load_encounter(_write(tmp_path, text))


def test_surrogate_pairs_are_text_and_round_trip(tmp_path: Path) -> None:
    text = json.dumps(_encounter()).replace('"trip"', '"\\ud83d\\udc80 trip"')
    path = _write(tmp_path, text)
    enc = load_encounter(path)
    assert enc.tokens[0].conditions[0].source == "\U0001f480 trip"
    save_encounter(enc, path)
    assert load_encounter(path) == enc


def test_an_escaped_backslash_before_u_is_not_a_surrogate() -> None:
    assert parse_json_bytes(b'{"a": "\\\\ud800"}', "e.json") == {"a": "\\ud800"}


def test_a_save_that_cannot_serialise_says_one_sentence_and_keeps_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "crypt.json"
    good = Encounter(name="Crypt", system="breche35", grid=Grid(cols=6, rows=6))
    save_encounter(good, path)
    before = path.read_bytes()
    bad = good.model_copy(update={"tokens": [Token(id="a", name="Ash", col=1, row=1,
                                                   conditions=[Condition(name="prone",
                                                                         source="\ud800")])]})
    with pytest.raises(SaveError) as caught:
        save_encounter(bad, path)
    assert str(caught.value) == ("crypt.json: cannot be saved (some text is not valid Unicode); "
                                 "the file on disk is unchanged.")
    assert words(caught.value.reason, "fr").startswith("crypt.json : enregistrement impossible")
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["crypt.json"]  # no temporary left


def test_an_import_whose_name_cannot_be_saved_says_one_sentence(tmp_path: Path) -> None:
    # A file name that is not UTF-8 reaches Python with surrogate escapes in its stem.
    from tests.fuzz.conftest import png, run_cli

    src = tmp_path / "cave.png"
    src.write_bytes(png(32, 32))
    out = tmp_path / "cave.json"
    stem_of_bytes = Path("\udcff.png")
    import battlemap.io.images as images

    real = images.image_encounter

    def named_badly(path: Any, *a: Any, **k: Any) -> Encounter:
        enc = real(path, *a, **k)
        return enc.model_copy(update={"name": stem_of_bytes.stem})

    mp = pytest.MonkeyPatch()
    import battlemap.cli.import_uvtt as cli_import

    mp.setattr(cli_import, "image_encounter", named_badly)
    try:
        code, err = run_cli(["import", str(src), "-o", str(out), "--pixels-per-square", "8"])
    finally:
        mp.undo()
    assert code == 2 and "cave.json: cannot be saved (some text is not valid Unicode)" in err
    assert not out.exists()
