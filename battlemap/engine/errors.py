"""Errors a command raises: each message is one sentence the GM can read, in English (tests
and the CLI read it) with its French twin for the UI (`reason_fr`, see engine/words.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class EngineError(ValueError):
    """A command that cannot run as asked (unknown token, bad value…). Built from a `Said`
    (`said("error.…")`), it carries the French in `reason_fr`; `problem` is the pydantic
    error whose English message the sentence quotes, for the UI to say in French."""

    def __init__(self, reason: str = "", reason_fr: str = "",
                 problem: Mapping[str, Any] | None = None) -> None:
        super().__init__(reason)
        self.reason = str(reason)
        # The French for the UI: given, or carried by a two-language `Said` reason.
        self.reason_fr = reason_fr or getattr(reason, "fr", str(reason))
        self.problem = problem


class Refused(EngineError):
    """The rules forbid this now (no action left, illegal path…). Call again with
    `gm_override=True` to do it anyway: the log records the override."""
