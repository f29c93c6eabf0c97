"""The interface's words in French or English.

The translator (`translator`: `tr`, `trf`, `set_language`, `term`, `say`, `refusal`…) is re-exported
here, so `from battlemap.ui import i18n; i18n.tr(...)` reads as before. The other modules are
imported by name where they are used, so that reading a file before Qt starts imports no Qt:
`texts` (which widget shows which text, for a language switch), `qt_words` (Qt's own
buttons), `condition_words`, `cover_words` and `map_words` (the map's own strings)."""

from battlemap.ui.i18n.translator import (
    LANGUAGES,
    NUMBER,
    LazyWhy,
    detect_language,
    french,
    labelled,
    language,
    measure,
    number_text,
    parse_number,
    refusal,
    say,
    set_language,
    term,
    tr,
    trf,
    validation_message,
)

__all__ = ["LANGUAGES", "NUMBER", "LazyWhy", "detect_language", "french", "labelled",
           "language", "measure", "number_text", "parse_number", "refusal", "say",
           "set_language", "term", "tr", "trf", "validation_message"]
