"""Helpers every sub-command shares: loading with one-sentence errors, JSON output."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from battlemap.io import LoadError
from battlemap.model import Encounter


class CliError(Exception):
    """Bad input: printed as one sentence, exit code 2."""


def load_or_fail(path: str) -> Encounter:
    """Load and validate everything, the tokens' stats against the system included."""
    from battlemap.engine.files.migrate import load_current
    from battlemap.ui.files.file_kinds import IMAGE_SUFFIXES, UVTT_SUFFIXES

    suffix = Path(path).suffix.lower()
    if suffix in UVTT_SUFFIXES + IMAGE_SUFFIXES:
        # The window opens these, but they hold no encounter: say how to make one.
        # A picture's import needs its scale: the command shown must run as it is written.
        picture = suffix in IMAGE_SUFFIXES
        kind = "a picture" if picture else "a Universal VTT export"
        scale = " --pixels-per-square P" if picture else ""
        raise CliError(f"{Path(path).name}: this is {kind}, not an encounter; make one with "
                       f"'battlemap import {path} -o ENCOUNTER.json{scale}'.")
    try:
        return load_current(path)
    except LoadError as err:
        raise CliError(str(err)) from None


def number_in(value: float, option: str, low: float, high: float, unit: str = "",
              above: bool = False) -> float:
    """`value` if it lies in [low, high] (`above`: in ]low, high]), else one sentence naming
    the option. NaN and infinities fail every comparison, so they are refused too: argparse's
    `type=float` takes "nan" and "inf" as numbers."""
    u = f" {unit}" if unit else ""
    if above:
        if not low < value <= high:
            raise CliError(f"{option} {value:g}{u} is not above {low:g} and at most {high:g}{u}.")
    elif not low <= value <= high:
        raise CliError(f"{option} {value:g}{u} is not between {low:g} and {high:g}{u}.")
    return value


def print_json(data: Any) -> None:
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False, default=str)
    sys.stdout.write("\n")


def token_or_fail(enc: Encounter, token_id: str) -> Any:
    try:
        return enc.token(token_id)
    except KeyError:
        ids = ", ".join(t.id for t in enc.tokens) or "none"
        raise CliError(f"no token '{token_id}' in this encounter (tokens: {ids}).") from None


def session_or_fail(enc: Encounter, seed: int | None = None) -> Any:
    """A rules session on the encounter; one sentence when its rules cannot be used."""
    from battlemap.engine import Session  # the geometry queries load the rules only if asked

    try:
        return Session(enc, seed=seed)
    except (KeyError, ValueError) as err:
        raise CliError(f"this encounter's rules cannot be used ({err}).") from None


def pair_or_fail(text: str, what: str, cast: type = float) -> tuple[Any, Any]:
    """"X,Y" as two numbers, else one sentence naming `what`."""
    parts = text.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        return cast(parts[0]), cast(parts[1])
    except ValueError:
        raise CliError(f"{what} '{text}' is not of the form X,Y.") from None


def dice_args(p: Any) -> None:
    """--roll and --seed, as every ruling takes them."""
    p.add_argument("--roll", type=int, nargs="+", action="extend", default=[], metavar="N",
                   help="force dice values in order (--roll 17 4, or --roll 17 --roll 4)")
    p.add_argument("--seed", type=int, default=None, help="seed of the dice (replayable)")
