"""What the program says, in any language: a `Message` is a catalogue key with parameters whose
value is its English (the canonical text: the CLI, the exceptions and the tests read it);
`words(message, lang)` renders it in a language from that language's catalogue
(`catalogue/en.py`, `catalogue/fr.py`, plus each rules system's own words, `catalogue.add`).
`Text` keeps a message whole in a pydantic field and writes it as its English; `StoredText`
writes its key and parameters, for a text rendered later in either language (the log).

The bottom of the layers: it imports nothing else of the program."""

from battlemap.text.catalogue import LANGUAGES
from battlemap.text.fields import StoredText, Text, from_data, to_data
from battlemap.text.message import Message, MessageError, de, joined, number, pick, words

__all__ = ["LANGUAGES", "Message", "MessageError", "StoredText", "Text", "de", "from_data",
           "joined", "number", "pick", "to_data", "words"]
