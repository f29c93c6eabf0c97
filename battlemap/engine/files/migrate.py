"""Loading with migration of older file versions (a backup of the original is written first).

`MIGRATIONS[n]` turns a version-n dict into a version n+1 dict. Version 1 is the first
released format, so the table is empty today; the hook is what future versions plug into."""

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

MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


def load_current(path: Path | str) -> Encounter:
    from battlemap.rules.core.system import known_systems

    p = Path(path)
    data = read_json(p)
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
