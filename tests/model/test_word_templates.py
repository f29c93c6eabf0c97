"""Every message template of every layer (the model's placement rules, geometry's rulings,
the engine's refusals and errors, the file loaders' errors) has its English and its French, and both use the same
`{placeholders}`: one set of parameters fills both, so neither can lose or invent a value."""

from __future__ import annotations

from string import Formatter

import battlemap.engine.words as engine_words
import battlemap.geometry.words as geometry_words
import battlemap.io.safety_words as safety_words
import battlemap.io.words as io_words
import battlemap.model.words as model_words
from battlemap.model.words import Said, register, registered


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(template) if name is not None}


def test_every_layer_registers_its_templates() -> None:
    known = registered()
    tables = (geometry_words.TEMPLATES, engine_words.ENGINE_TEMPLATES, io_words.IO_TEMPLATES,
              model_words.MODEL_TEMPLATES, safety_words.SAFETY_TEMPLATES)
    for table in tables:
        assert table and all(known[key] is table for key in table)
    assert len(known) == sum(len(table) for table in tables)


def test_every_template_has_both_languages_with_the_same_placeholders() -> None:
    # The few French-only words a ruling needs are computed, not passed to English alone:
    # these keys take extra French-only parameters (the system's cover or flanking word…).
    french_only = {"cover.total": {"total"}, "cover.lines": {"lines_fr"},
                   "flank.off": {"flanking"}, "flank.yes": {"flanking"},
                   "flank.pair": {"flanking"}, "move.step": {"step"},
                   "move.step_difficult": {"step"}, "preview.total_cover": {"total"},
                   "area.cut_wall": {"what_fr"}, "area.cut_joint": {"what_fr"}}
    english_only = {"move.step": {"step_en"}, "move.step_difficult": {"step_en"},
                    "area.cut_wall": {"what"}, "area.cut_joint": {"what"}}
    problems = []
    for key, table in sorted(registered().items()):
        langs = table[key]
        if set(langs) != {"en", "fr"} or not all(langs.values()):
            problems.append(f"{key}: languages {sorted(langs)}")
            continue
        en = _fields(langs["en"]) - english_only.get(key, set())
        fr = _fields(langs["fr"]) - french_only.get(key, set())
        if en != fr:
            problems.append(f"{key}: en {sorted(en)} / fr {sorted(fr)}")
    assert problems == []


def test_a_message_id_is_defined_once() -> None:
    try:
        register({"error.no_file": {"en": "again", "fr": "encore"}})
    except ValueError as err:
        assert "error.no_file" in str(err)
    else:
        raise AssertionError("a second table took an id already registered")


def test_said_of_fills_any_layer_template() -> None:
    text = Said.of("io.format", name="a.json")
    assert text == "a.json: field 'format' must be \"battlemap-encounter\"."
    assert text.fr == "a.json : le champ « format » doit valoir « battlemap-encounter »."
