"""Every message key has its English and its French, in the catalogues (battlemap/text) and in
each rules system's own words, and both use the same `{placeholders}`: one set of parameters
fills both, so neither can lose or invent a value."""

from __future__ import annotations

from string import Formatter

import pytest

from battlemap.rules.core.system import SHIPPED, get_system
from battlemap.text import Message, catalogue, words


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(template) if name is not None}


def _parity(en: dict[str, str], fr: dict[str, str]) -> list[str]:
    problems = [f"{key}: English only" for key in sorted(set(en) - set(fr))]
    problems += [f"{key}: French only" for key in sorted(set(fr) - set(en))]
    problems += [f"{key}: en {sorted(_fields(en[key]))} / fr {sorted(_fields(fr[key]))}"
                 for key in sorted(set(en) & set(fr)) if _fields(en[key]) != _fields(fr[key])]
    return problems


def test_the_catalogues_have_every_key_in_both_languages_with_the_same_placeholders() -> None:
    assert _parity(dict(catalogue.base("en")), dict(catalogue.base("fr"))) == []


@pytest.mark.parametrize("system_id", list(SHIPPED))
def test_each_system_words_have_both_languages_with_the_same_placeholders(system_id) -> None:
    system = get_system(system_id)
    system.geometry  # noqa: B018 - its policy's words fragment is declared with it
    fragment = system.words()
    assert _parity(fragment["en"], fragment["fr"]) == []
    own = {k: v for k, v in catalogue.fragments("en").items() if k.startswith(f"{system_id}.")}
    own_fr = {k: v for k, v in catalogue.fragments("fr").items() if k.startswith(f"{system_id}.")}
    assert own and _parity(own, own_fr) == []


def test_a_system_cannot_take_a_catalogue_key() -> None:
    with pytest.raises(ValueError, match="error.no_file"):
        catalogue.add({"en": {"error.no_file": "again"}, "fr": {"error.no_file": "encore"}})


def test_a_message_reads_in_either_language_from_one_key() -> None:
    text = Message.of("io.format")
    assert text == "field 'format' must be \"battlemap-encounter\""
    assert words(text, "fr") == "le champ « format » doit valoir « battlemap-encounter »"


@pytest.mark.parametrize("system_id", list(SHIPPED))
def test_each_system_names_its_conditions_and_moves_in_its_own_words(system_id) -> None:
    # A condition's label and a move kind's name are the system's messages: their keys are
    # in its words, in both languages, so the interface can say each of them in either.
    system = get_system(system_id)
    fragment = system.words()
    labels = [info.label for info in system.conditions().values()]
    assert labels and all(isinstance(label, Message) for label in labels)
    keys = [label.key for label in labels]  # type: ignore[attr-defined]
    keys += [f"{system_id}.move_kind.{kind}" for kind in system.move_kinds()]
    assert all(key.startswith(f"{system_id}.") for key in keys)
    assert [k for k in keys if k not in fragment["en"] or k not in fragment["fr"]] == []
    # Each manoeuvre it names is one it has.
    named = [k.rsplit(".", 1)[1] for k in fragment["en"] if k.startswith(f"{system_id}.manoeuvre.")]
    assert set(named) <= set(system.manoeuvres())
    assert all(isinstance(system.manoeuvre_label(m), Message) for m in named)
