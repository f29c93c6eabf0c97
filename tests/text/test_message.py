"""A message is a catalogue key with parameters whose value is its English; `words` says it in
another language from the same key and parameters; `Text` keeps it whole in a model and writes
it as its English; `StoredText` writes its key and parameters and reads them back."""

from __future__ import annotations

import copy
import json
import pickle

from pydantic import BaseModel

from battlemap.text import Message, StoredText, Text, from_data, to_data, words


def test_the_value_is_the_english_and_french_comes_from_the_same_parameters() -> None:
    m = Message.of("move.too_far", cost=10.5, limit=9.0)
    assert m == "the move costs 10.5 m, more than the 9 m allowed"
    assert (m.key, dict(m.params)) == ("move.too_far", {"cost": 10.5, "limit": 9.0})
    assert words(m, "fr") == "le déplacement coûte 10,5 m, plus que les 9 m permis"
    assert words(m, "en") == m and words("plain", "fr") == "plain"


def test_names_elide_and_nested_messages_and_lists_follow_the_language() -> None:
    assert words(Message.of("step.enemy", o="Aude"), "fr") == "l'espace d'Aude est celui d'un ennemi"
    either = Message.of("text.or", parts=["standard", Message.of("wall_kind.door")])
    assert either == "standard or door" and words(either, "fr") == "standard ou porte"
    joined = Message.of("text.semicolons", parts=["a", "b"])
    assert (joined, words(joined, "fr")) == ("a; b", "a ; b")


def test_a_message_survives_copies_and_pickles() -> None:
    m = Message.of("refused.move", name="Ana", problem=Message.of("problem.no_charge"))
    for twin in (copy.copy(m), copy.deepcopy(m), pickle.loads(pickle.dumps(m))):
        assert isinstance(twin, Message) and words(twin, "fr") == words(m, "fr")


def test_quoting_keeps_another_librarys_english() -> None:
    m = Message.quoting("Input should be less than or equal to 40", "problem.less_than_equal",
                        le=40)
    assert m == "Input should be less than or equal to 40"
    assert words(m, "fr") == "doit valoir au plus 40"
    assert words(copy.deepcopy(m), "fr") == "doit valoir au plus 40"


class _Ruling(BaseModel):
    why: Text = ""
    kept: StoredText = ""


def test_text_keeps_the_message_and_dumps_its_english() -> None:
    m = Message.of("area.centre")
    r = _Ruling(why=m, kept=m)
    assert isinstance(r.why, Message) and words(r.why, "fr") == "centre de la case dans la zone"
    dumped = r.model_dump(mode="json")
    assert dumped["why"] == "square centre inside"
    assert dumped["kept"] == {"key": "area.centre", "params": {}}
    back = _Ruling.model_validate(json.loads(json.dumps(dumped)))
    assert isinstance(back.kept, Message) and words(back.kept, "fr") == words(m, "fr")


def test_stored_parameters_round_trip_and_an_unknown_key_reads_as_text() -> None:
    m = Message.of("log.provoked", name="Ana", what=Message.of("what.move"),
                   parts=[Message.of("log.provoked_one", by="Gob", why="x",
                                     fate=Message.of("log.oa_skip"))])
    assert words(from_data(json.loads(json.dumps(to_data(m)))), "fr") == words(m, "fr")
    assert from_data({"key": "no.such.key", "params": {}}) == "no.such.key"


def test_a_text_given_in_each_language_is_said_as_given() -> None:
    m = Message.of("log.recorded", text={"en": "Bo moves", "fr": "Bo se déplace"})
    assert (m, words(m, "fr")) == ("Bo moves", "Bo se déplace")
