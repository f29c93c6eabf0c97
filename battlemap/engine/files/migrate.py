"""Loading with migration of older file versions (a backup of the original is written first).

`MIGRATIONS[n]` turns a version-n dict into a version n+1 dict. Version 1 is the first
released format, so the table is empty today; the hook is what future versions plug into.

`UPGRADES` run on every file, of any version, before it is validated: changes a file of the
same version may or may not have had yet. The log's entries were first written with their
summary in both languages (`summary_en`, `summary_fr`); they now keep it as a message, its
key and parameters (engine/log.py), and `_log_messages` rewrites the old ones. The version
stays 1: an import prints the encounter with its version, byte for byte (the goldens)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from battlemap.engine.turn_state import TurnState
from battlemap.io import LoadError
from battlemap.io.encounter_file import encounter_from_data, read_json
from battlemap.io.errors import first_problem, invalid
from battlemap.io.words import said
from battlemap.model import VERSION, Encounter
from battlemap.model.encounter import SYSTEMS


def _log_messages(data: dict[str, Any]) -> dict[str, Any]:
    """Log entries kept in both languages: their two renderings become one message that says
    each as it was written (`log.recorded`), and the details' French twins (an attack's
    advantage, a spared creature's why) fold into their message the same way."""
    out = dict(data)
    log = data.get("log")
    if isinstance(log, list):
        out["log"] = [_entry_as_message(e) if isinstance(e, dict) else e for e in log]
    return out


def _entry_as_message(entry: dict[str, Any]) -> dict[str, Any]:
    e = {k: v for k, v in entry.items() if k not in ("summary_en", "summary_fr")}
    if "summary" not in entry:
        e["summary"] = _recorded(entry.get("summary_en"), entry.get("summary_fr"))
    details = entry.get("details")
    if isinstance(details, dict):
        d = dict(details)
        if isinstance(d.get("attacks"), list):
            d["attacks"] = [_twin(a, "advantage_why") for a in d["attacks"]]
        if isinstance(d.get("spared"), list):
            d["spared"] = [_twin(s, "why") for s in d["spared"]]
        e["details"] = d
    return e


def _twin(row: Any, field: str) -> Any:
    if not isinstance(row, dict) or f"{field}_fr" not in row:
        return row
    out = {k: v for k, v in row.items() if k != f"{field}_fr"}
    if row.get(field):
        out[field] = _recorded(row.get(field), row.get(f"{field}_fr"))
    return out


def _recorded(en: Any, fr: Any) -> dict[str, Any]:
    english = str(en if en is not None else fr or "")
    said = {"en": english, "fr": str(fr) if fr else english}
    return {"key": "log.recorded", "params": {"text": said}}


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
UPGRADES: list[Callable[[dict[str, Any]], dict[str, Any]]] = [_log_messages]


def upgraded(data: Any) -> Any:
    """`data` with every upgrade applied (each leaves a file that has it as it is)."""
    if not isinstance(data, dict):
        return data
    for step in UPGRADES:
        data = step(data)
    return data


def load_current(path: Path | str) -> Encounter:
    from battlemap.rules.core.system import known_systems

    p = Path(path)
    data = upgraded(read_json(p))
    version = data.get("version", VERSION) if isinstance(data, dict) else VERSION
    if not isinstance(version, int) or isinstance(version, bool):
        raise LoadError(said("io.version_type", name=p.name))
    if version > VERSION:
        raise LoadError(said("io.newer", name=p.name, version=version, latest=VERSION))
    if version == VERSION or not isinstance(data, dict):
        # Every check the io layer has, parsed once; the rules registry says which systems
        # exist and whose creatures may share a square.
        enc = encounter_from_data(data, p, systems=known_systems())
    else:
        enc = _migrate(p, data, version)
    _check_stats(p, enc)
    _check_turn(p, enc)
    return enc


def _migrate(p: Path, data: dict[str, Any], version: int) -> Encounter:
    from battlemap.rules.core.system import known_systems

    for v in range(version, VERSION):
        step = MIGRATIONS.get(v)
        if step is None:
            raise LoadError(said("io.no_migration", name=p.name, version=version, step=v))
        data = step(data)
    data["version"] = VERSION
    try:
        enc = Encounter.model_validate(data, context={SYSTEMS: known_systems()})
    except ValidationError as err:
        raise invalid(p, err) from None
    # Keep the original before anything can overwrite it with the new format.
    backup = p.with_name(f"{p.name}.v{version}.bak")
    if not backup.exists():
        shutil.copy2(p, backup)
    return enc


def _check_stats(p: Path, enc: Encounter) -> None:
    """Every token's stats and the rule options must fit the system, named in one sentence."""
    from battlemap.rules.core.system import UnknownSystem, available_systems, get_system

    try:
        system = get_system(enc.system)
    except UnknownSystem:
        raise LoadError(said("io.unknown_system", name=p.name, system=enc.system,
                             known=", ".join(available_systems()))) from None
    for i, tok in enumerate(enc.tokens):
        try:
            system.stats_model.model_validate(tok.stats or {})
        except ValidationError as err:
            where, msg = first_problem(err)
            raise LoadError(said("io.stats_problem", name=p.name,
                                 loc=f"tokens[{i}].stats.{where}", id=tok.id, msg=msg),
                            problem=err.errors()[0]) from None
    try:
        system.options_model.model_validate(enc.options.rules)
    except ValidationError as err:
        where, msg = first_problem(err)
        raise LoadError(said("io.field_problem", name=p.name, loc=f"options.rules.{where}",
                             msg=msg), problem=err.errors()[0]) from None


def _check_turn(p: Path, enc: Encounter) -> None:
    """The turn state must parse and name only creatures on the map: the GUI shows the
    acting creature everywhere, and a dangling one would open the file half-shown."""
    try:
        state = TurnState.load(enc.turn)
    except ValidationError as err:
        where, msg = first_problem(err)
        raise LoadError(said("io.field_problem", name=p.name, loc=f"turn.{where}", msg=msg),
                        problem=err.errors()[0]) from None
    problem = state.dangling({t.id for t in enc.tokens})
    if problem is not None:
        raise LoadError(said("io.problem", name=p.name, problem=problem))
