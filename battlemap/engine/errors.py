"""Errors a command raises: each message is one sentence the GM can read, in English (tests
and the CLI read it) with its French twin for the UI (`reason_fr`, see engine/words.py)."""

from __future__ import annotations

from battlemap.model.words import SaidError


class EngineError(SaidError, ValueError):
    """A command that cannot run as asked (unknown token, bad value…). Built from a `Said`
    (`said("error.…")`), it carries the French in `reason_fr` (see `SaidError`)."""


class Refused(EngineError):
    """The rules forbid this now (no action left, illegal path…). Call again with
    `gm_override=True` to do it anyway: the log records the override."""
