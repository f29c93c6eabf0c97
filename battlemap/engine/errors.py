"""Errors a command raises: each `reason` is one sentence the GM can read, a message whose
value is the English (tests and the CLI read it), said in the interface's language by the UI."""

from __future__ import annotations

from battlemap.text import MessageError


class EngineError(MessageError, ValueError):
    """A command that cannot run as asked (unknown token, bad value…), built from a message
    (`said("error.…")`)."""


class Refused(EngineError):
    """The rules forbid this now (no action left, illegal path…). Call again with
    `gm_override=True` to do it anyway: the log records the override."""
