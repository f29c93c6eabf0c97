"""The GM's own bestiary: one library of stat blocks per system in the platform data folder
(`<data>/bestiary/<system>.json`, `BATTLEMAP_DATA_DIR` overriding the data folder), whose
entries are written as the bundled ones are (`name`, `size`, `side`, `speed_m`, `stats`, and
the GM's `reach_m`, `art`, `art_fit`), each validated by the system's stats model.

A bad entry is refused in one sentence naming it (its number, counted from 1, and its name);
the good ones are kept. A library file that cannot be read at all is moved aside, whole
(`<system>.kept-N.json`), and one with refused entries is copied aside before the good ones
are written back: the GM is told where, and nothing the GM wrote is ever lost in silence.
Writes are atomic (`io.encounter_file.atomic_write_text`).

Import reads our own files (a library exported, a bundled file), a list of entries, or one
entry; a system that reads another program's layout (`RuleSystem.foreign_creature`: 2024's
5e monster JSON) turns those objects into entries first."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, ValidationError, field_validator

from battlemap.engine.files.autosave import data_dir
from battlemap.io import LoadError
from battlemap.io.encounter_file import atomic_write_text
from battlemap.io.errors import first_problem
from battlemap.io.limits import Limits
from battlemap.io.picture_folder import resolved
from battlemap.io.plain_files import file_state
from battlemap.io.safe_json import read_json_file
from battlemap.io.words import said, unnamed
from battlemap.model import Size, Token
from battlemap.model.common import StrictModel
from battlemap.model.token import MAX_SPEED_M
from battlemap.text import Message

FORMAT = "battlemap-bestiary"
VERSION = 1
MAX_ENTRIES = 5_000  # a lifetime of monsters; past it, a file is a mistake
# A library of a few thousand full stat blocks is a few MB; the depth of one is ~6 levels.
LIMITS = Limits(max_file_bytes=32 * 1024 * 1024, max_depth=32, max_containers=2_000_000)
_OUR_KEYS = frozenset({"format", "version", "system", "creatures"})


class Entry(StrictModel):
    """A stat block as the bundled files and the library write it; `stats` is checked by
    the system's own model (`read_entries`)."""

    name: str = Field(min_length=1, max_length=80)
    size: Size = Size.MEDIUM
    side: str = Field(default="foe", min_length=1, max_length=32)
    speed_m: float = Field(default=9.0, ge=0, le=MAX_SPEED_M)
    reach_m: float | None = Field(default=None, ge=0, le=60)
    art: str | None = Field(default=None, max_length=512)  # absolute: the library has no folder
    art_fit: Literal["disc", "square"] = "disc"
    stats: dict[str, Any] | None = None

    @field_validator("name")
    @classmethod
    def _not_blank(cls, v: str) -> str:
        if not v.strip():  # Add token and every sentence name an entry by it
            raise ValueError(Message.of("problem.not_empty"))
        return v

    def as_data(self) -> dict[str, Any]:
        """The entry as the file writes it: what is left at its default is left out, so an
        entry reads as a bundled one."""
        data = self.model_dump(mode="json", exclude_none=True)
        if data.get("art_fit") == "disc":
            del data["art_fit"]
        return data


@dataclass(frozen=True)
class Library:
    """The GM's entries for one system, and what loading them had to say (one sentence
    each: a refused entry, a file kept aside). `locked`: the file could not be kept aside,
    so nothing may be written over it."""

    system: str
    entries: tuple[Entry, ...] = ()
    problems: tuple[Message, ...] = ()
    locked: bool = False

    def find(self, name: str) -> Entry | None:
        key = same_name(name)
        return next((e for e in self.entries if same_name(e.name) == key), None)


def same_name(name: str) -> str:
    """What two stat blocks of one name share: "Goule", "goule " and "GOULE" are one."""
    return " ".join(name.split()).casefold()


@dataclass
class ImportReport:
    """What an import did: entries added, entries that replaced one of the same name, and
    one sentence for each entry refused."""

    added: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    refused: list[Message] = field(default_factory=list)


class LibraryError(LoadError):
    """The library (or a file to import or export) cannot be used: one sentence."""


class SameName(LibraryError):
    """The library already holds a stat block of that name (the caller asks before
    replacing it)."""


def library_folder() -> Path:
    return data_dir() / "bestiary"


def library_file(system: str) -> Path:
    return library_folder() / f"{system}.json"


# -- reading ---------------------------------------------------------------------------------
def read_entries(items: Sequence[Any], system: str, name: str) -> tuple[list[Entry], list[Message]]:
    """The valid entries of `items` in order, and a sentence for each refused one (its number
    from 1 and its name, in file `name`). Another program's layout the system reads is
    turned into an entry first; two entries of one name: the second is refused."""
    from battlemap.rules.core.system import get_system

    rules = get_system(system)
    good: list[Entry] = []
    refused: list[Message] = []
    seen: set[str] = set()
    for i, item in enumerate(items[:MAX_ENTRIES], start=1):
        label = _label(item)
        try:
            entry = _entry(item, rules)
        except _Refused as why:
            refused.append(_refusal(name, i, label, why.reason))
            continue
        key = same_name(entry.name)
        if key in seen:
            refused.append(_refusal(name, i, one_line(entry.name), Message.of("bestiary.twice")))
            continue
        seen.add(key)
        good.append(entry)
    if len(items) > MAX_ENTRIES:
        refused.append(said("bestiary.too_many", name=name, n=len(items), limit=MAX_ENTRIES))
    return good, refused


class _Refused(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _entry(item: Any, rules: Any) -> Entry:
    if not isinstance(item, dict):
        raise _Refused(Message.of("bestiary.not_object"))
    try:
        foreign = rules.foreign_creature(item)
    except ValueError as err:
        raise _Refused(_reason_of(err)) from None
    except (ArithmeticError, TypeError, RecursionError) as err:
        raise _Refused(Message.of("bestiary.unreadable", error=type(err).__name__)) from None
    data = foreign if foreign is not None else item
    try:
        entry = Entry.model_validate(data)
    except ValidationError as err:
        raise _Refused(_field_problem(err, "")) from None
    except (ArithmeticError, TypeError, RecursionError, ValueError) as err:
        raise _Refused(Message.of("bestiary.unreadable", error=type(err).__name__)) from None
    try:
        rules.stats_model.model_validate(entry.stats or {})
    except ValidationError as err:
        raise _Refused(_field_problem(err, "stats")) from None
    except (ArithmeticError, TypeError, RecursionError, ValueError) as err:
        raise _Refused(Message.of("bestiary.unreadable", error=type(err).__name__)) from None
    return entry


def _field_problem(err: ValidationError, under: str) -> Message:
    where, msg = first_problem(err)
    loc = ".".join(part for part in (under, where) if part) or "stats"
    return Message.of("io.field_problem", loc=loc, msg=msg)


def _reason_of(err: ValueError) -> str:
    first = err.args[0] if err.args else ""
    return first if isinstance(first, Message) else str(err)[:200]


def _label(item: Any) -> str:
    name = item.get("name") if isinstance(item, dict) else None
    return one_line(name) if isinstance(name, str) else ""


def one_line(name: str) -> str:
    """A name as a sentence quotes it: on one line (any run of spaces, tabs or line breaks
    one space), at most 80 characters."""
    return " ".join(name.split())[:80]


def _refusal(name: str, i: int, label: str, reason: str) -> Message:
    if label:
        return Message.of("bestiary.refused", name=name, i=i, entry=label, reason=reason)
    return Message.of("bestiary.refused_unnamed", name=name, i=i, reason=reason)


def items_of(data: Any, system: str, name: str) -> list[Any]:
    """The creatures a parsed file holds: our file (`creatures`; its `system` must be this
    one), another program's list wrapper (`results`), a list, or one creature; LibraryError
    (one sentence) when it holds none of these."""
    if isinstance(data, list):
        return data
    if not isinstance(data, dict):
        raise LibraryError(said("bestiary.not_creatures", name=name))
    if "creatures" in data or data.get("format") == FORMAT:
        if data.get("format", FORMAT) != FORMAT:
            raise LibraryError(said("bestiary.format", name=name, format=FORMAT))
        other = data.get("system", system)
        if other != system:
            raise LibraryError(said("bestiary.other_system", name=name, other=str(other)[:40],
                                    system=system))
        version = data.get("version", VERSION)
        if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
            raise LibraryError(said("io.newer", name=name, version=version, latest=VERSION))
        creatures = data.get("creatures")
        if not isinstance(creatures, list):
            raise LibraryError(said("bestiary.creatures_list", name=name))
        return creatures
    if isinstance(data.get("results"), list):  # an API's page: {"count", "results": […]}
        return list(data["results"])
    return [data]


def read_file(path: Path | str, system: str) -> tuple[list[Entry], list[Message]]:
    """The entries of a file to import, and a sentence for each one refused; LibraryError
    when the file itself cannot be read (one sentence naming it)."""
    p = Path(path)
    try:
        data = read_json_file(p, LIMITS)
    except LoadError as err:
        raise LibraryError(err.reason) from None
    return read_entries(items_of(data, system, p.name), system, p.name)


def load_library(system: str) -> Library:
    """The GM's library for `system`; never raises. A missing file is an empty library; a
    file that cannot be read is moved aside and the library starts empty; refused entries
    are kept in a copy aside and the good ones written back. `problems` says each."""
    path = library_file(system)
    state = file_state(path)
    if state.kind == "missing":
        return Library(system)
    try:
        if state.kind != "file":
            raise LibraryError(said("io.unreadable", name=path.name, why=state.why or
                                    Message.of("safety.not_plain")))
        data = read_json_file(path, LIMITS)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise LibraryError(said("bestiary.format", name=path.name, format=FORMAT))
        items = items_of(data, system, path.name)
    except LoadError as err:
        return _set_aside(system, path, err.reason, move=True)
    entries, refused = read_entries(items, system, path.name)
    if not refused:
        return Library(system, tuple(entries))
    aside = _set_aside(system, path, refused[0], move=False)
    if aside.locked:
        return Library(system, tuple(entries), (*refused, *aside.problems), locked=True)
    try:
        save_library(system, entries)
    except OSError as exc:
        return Library(system, tuple(entries), (*refused, *aside.problems, _unwritable(path, exc)),
                       locked=True)
    return Library(system, tuple(entries), (*refused, *aside.problems))


def _set_aside(system: str, path: Path, why: str, move: bool) -> Library:
    """Keep the library file as it is under a free name beside it (moved when nothing of it
    can be read, copied when its good entries stay), and say so."""
    quoted = unnamed(why)
    why = quoted if quoted is not why else str(why).rstrip(".")
    try:
        kept = _free_name(path)
        if move:
            os.replace(path, kept)
        else:
            shutil.copy2(path, kept)
    except OSError as exc:
        return Library(system, (), (Message.of("bestiary.not_kept", name=path.name, why=why,
                                               error=str(exc.strerror or exc)),), locked=True)
    if move:
        return Library(system, (), (Message.of("bestiary.moved_aside", name=path.name, why=why,
                                               kept=str(kept)),))
    return Library(system, (), (Message.of("bestiary.copied_aside", name=path.name,
                                           kept=str(kept)),))


def _free_name(path: Path) -> Path:
    n = 1
    while True:
        candidate = path.with_name(f"{path.stem}.kept-{n}{path.suffix}")
        if not candidate.exists() and not candidate.is_symlink():
            return candidate
        n += 1


def _unwritable(path: Path, exc: OSError) -> Message:
    return Message.of("bestiary.unwritable", name=path.name, error=str(exc.strerror or exc))


# -- writing ---------------------------------------------------------------------------------
def library_json(system: str, entries: Iterable[Entry]) -> str:
    import json

    data = {"format": FORMAT, "version": VERSION, "system": system,
            "creatures": [e.as_data() for e in entries]}
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def save_library(system: str, entries: Iterable[Entry]) -> None:
    """Write the library atomically: a kill at any instant leaves the old file or the new
    one, and the stale temporaries such a kill left go. OSError as the disk raises it."""
    from battlemap.io.leftovers import remove_leftovers

    atomic_write_text(library_file(system), library_json(system, entries))
    remove_leftovers(library_folder(), f"{system}.json")


def _writable(system: str) -> Library:
    library = load_library(system)
    if library.locked:
        raise LibraryError(library.problems[-1])
    return library


def store_entry(system: str, entry: Entry, replace: bool = False) -> Library:
    """Add `entry` to the library (or, with `replace`, put it in place of the one of the
    same name); `SameName` when one exists and `replace` is not given, LibraryError when the
    library cannot be written (one sentence)."""
    from battlemap.rules.core.system import get_system

    try:
        get_system(system).stats_model.model_validate(entry.stats or {})
    except ValidationError as err:
        raise LibraryError(Message.of("bestiary.bad_stats", entry=one_line(entry.name),
                                      problem=_field_problem(err, "stats"))) from None
    library = _writable(system)
    old = library.find(entry.name)
    if old is not None and not replace:
        raise SameName(Message.of("bestiary.same_name", entry=one_line(old.name)))
    entries = [entry if e is old else e for e in library.entries]
    if old is None:
        entries.append(entry)
    _save_or_say(system, entries)
    return Library(system, tuple(entries), library.problems)


def merge(system: str, entries: Sequence[Entry], replace: bool = False,
          report: ImportReport | None = None, source: str = "") -> ImportReport:
    """Add imported entries to the library: one whose name the library holds replaces it
    with `replace`, and is otherwise refused in one sentence naming it."""
    out = report or ImportReport()
    library = _writable(system)
    kept = list(library.entries)
    index = {same_name(e.name): i for i, e in enumerate(kept)}
    for entry in entries:
        at = index.get(same_name(entry.name))
        if at is None:
            index[same_name(entry.name)] = len(kept)
            kept.append(entry)
            out.added.append(entry.name)
        elif replace:
            kept[at] = entry
            out.replaced.append(entry.name)
        else:
            out.refused.append(Message.of("bestiary.already", name=source or system,
                                          entry=one_line(entry.name)))
    if len(kept) > MAX_ENTRIES:
        raise LibraryError(Message.of("bestiary.full", n=len(kept), limit=MAX_ENTRIES))
    if out.added or out.replaced:
        _save_or_say(system, kept)
    return out


def import_file(path: Path | str, system: str, replace: bool = False) -> ImportReport:
    """Read `path` and merge its good entries into the library (`merge`); the report says
    what was added or replaced and refuses each bad entry in one sentence."""
    entries, refused = read_file(path, system)
    report = ImportReport(refused=list(refused))
    return merge(system, entries, replace, report, Path(path).name)


def export_library(system: str, path: Path | str) -> int:
    """Write the library to `path` (atomically, in the library's own format); how many
    entries it holds. LibraryError when it cannot be read whole or written."""
    library = load_library(system)
    if library.locked:
        raise LibraryError(library.problems[-1])
    try:
        atomic_write_text(path, library_json(system, library.entries))
    except OSError as exc:
        raise LibraryError(_unwritable(Path(path), exc)) from None
    return len(library.entries)


def _save_or_say(system: str, entries: Sequence[Entry]) -> None:
    try:
        save_library(system, entries)
    except OSError as exc:
        raise LibraryError(_unwritable(library_file(system), exc)) from None


# -- a token as a stat block -----------------------------------------------------------------
def entry_from_token(token: Token, name: str, encounter_path: Path | str | None) -> Entry:
    """The token's stat block under `name`: its stats, size, speed, reach, side and picture
    (made absolute: the library has no folder of its own). Its senses are in its stats.
    LibraryError (one sentence) when the entry cannot hold them."""
    art = None
    if token.art:
        p = Path(token.art)
        if not p.is_absolute() and encounter_path is not None:
            p = Path(encounter_path).parent / p
        art = str(resolved(p))
    try:
        return Entry(name=name.strip(), size=token.size, side=token.side, speed_m=token.speed_m,
                     reach_m=token.reach_m, art=art, art_fit=token.art_fit,
                     stats=dict(token.stats) if token.stats is not None else None)
    except ValidationError as err:  # a name past 80 characters, a picture's path past 512
        raise LibraryError(Message.of("bestiary.bad_stats", entry=one_line(name),
                                      problem=_field_problem(err, ""))) from None
