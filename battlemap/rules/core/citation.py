"""How a rule cites the seed text it encodes: a message with the seed's file, its section and
the system's name. English writes the file and the section ('000_….txt, "Taille"', what the
JSON output reads); French writes the system's name and the section (« Brèche (D&D 3.5) —
Taille »), so the GM reads no file name."""

from __future__ import annotations

from functools import cache

from battlemap.text import Message


@cache
def seed_citation(file: str, system: str, section: str) -> Message:
    """The citation of `section` of the seed `file`, which the system named `system` encodes
    (one message per section: every modifier of that section carries the same one)."""
    return Message.of("source.seed", file=file, section=section, system=system)


def seed_quote(seed: str, system: str, section: str, quote: str) -> Message:
    """The citation of `quote`, words of `section` of the seed numbered `seed` ("000")."""
    return Message.of("source.seed_quote", seed=seed, section=section, quote=quote,
                      system=system)
