"""Errors a command raises: each message is one sentence the GM can read."""

from __future__ import annotations


class EngineError(ValueError):
    """A command that cannot run as asked (unknown token, bad value…)."""


class Refused(EngineError):
    """The rules forbid this now (no action left, illegal path…). Call again with
    `gm_override=True` to do it anyway: the log records the override."""

    def __init__(self, reason: str, reason_fr: str = "") -> None:
        super().__init__(reason)
        self.reason = str(reason)
        # The French for the UI: given, or carried by a two-language `Said` reason.
        self.reason_fr = reason_fr or getattr(reason, "fr", str(reason))
