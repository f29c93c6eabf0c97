"""The event log: structured entries kept in `encounter.log` (a list of dicts in the file),
rendered in French or English, filtered by token and kind, exported as Markdown or JSON.

An entry's `summary` is a message; the file keeps its key and parameters (`StoredText`), so
an entry written in one language reads in the other later. Files of version 1 kept the two
renderings (`summary_en`, `summary_fr`): files/migrate.py turns those into a message."""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError

from battlemap.engine.log_text import detail_lines
from battlemap.text import Message, StoredText, words

Lang = Literal["fr", "en"]


class LogEntry(BaseModel):
    id: int
    kind: str  # move, attack, opportunity_attack, save, damage, heal, condition, area,
    # initiative, turn, round, turn_event, manoeuvre, spend, override, edit, note
    actor: str | None = None
    targets: list[str] = Field(default_factory=list)
    round: int = 0
    summary: StoredText  # a message; the file keeps its key and parameters
    details: dict[str, Any] = Field(default_factory=dict)  # rolls, modifiers, hp changes…

    def said(self, lang: Lang = "fr") -> str:
        """The summary in `lang`."""
        return words(self.summary, lang)


class EventLog:
    """A view over `encounter.log`; entries are parsed once and cached by position."""

    def __init__(self, raw: list[dict[str, Any]]) -> None:
        self._raw = raw
        self._cache: list[tuple[dict[str, Any], LogEntry]] = []

    @property
    def entries(self) -> list[LogEntry]:
        out: list[LogEntry] = []
        for i, d in enumerate(self._raw):
            if i < len(self._cache) and self._cache[i][0] is d:
                out.append(self._cache[i][1])
                continue
            entry = _parse(d, i)
            del self._cache[i:]
            self._cache.append((d, entry))
            out.append(entry)
        return out

    def __len__(self) -> int:
        return len(self._raw)

    def next_id(self) -> int:
        # A hand-edited file may hold a non-number id: the next entry still gets a number.
        last = self._raw[-1].get("id", 0) if self._raw else 0
        try:
            return int(last) + 1
        except (TypeError, ValueError):
            return max([_as_int(d.get("id")) for d in self._raw] + [len(self._raw)]) + 1

    def filter(self, token: str | None = None, kind: str | None = None) -> list[LogEntry]:
        return [e for e in self.entries
                if (token is None or e.actor == token or token in e.targets)
                and (kind is None or e.kind == kind)]

    def render(self, entry: LogEntry, lang: Lang = "fr") -> str:
        lines = [entry.said(lang), *("  " + d for d in detail_lines(entry.details, lang))]
        return "\n".join(lines)

    def to_markdown(self, lang: Lang = "fr", entries: list[LogEntry] | None = None) -> str:
        title = words(Message.of("log.title"), lang)
        rnd = "Round"  # the same word in both languages
        out = [f"# {title}", ""]
        current: int | None = None
        for e in self.entries if entries is None else entries:
            if e.round != current:
                current = e.round
                out += ["", f"## {rnd} {e.round}" if e.round else
                        f"## {words(Message.of('log.out_of_combat'), lang)}", ""]
            out.append(f"- {e.said(lang)}")
            out += [f"  - {d}" for d in detail_lines(e.details, lang)]
        return "\n".join(out).replace("\n\n\n", "\n\n") + "\n"

    def to_json(self) -> str:
        return json.dumps(self._raw, indent=2, ensure_ascii=False) + "\n"


def _parse(d: dict[str, Any], index: int) -> LogEntry:
    try:
        return LogEntry.model_validate(d)
    except ValidationError:
        # A hand-edited or foreign entry: keep it readable rather than failing the log.
        text = d.get("summary")
        summary = text if isinstance(text, str) else Message.of("log.unreadable", text=str(d))
        return LogEntry(id=int(d.get("id", index + 1)) if str(d.get("id", "")).isdigit()
                        else index + 1, kind=str(d.get("kind", "note")), summary=summary)


def _as_int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0
