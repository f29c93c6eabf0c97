"""The GM's consent to show a picture from outside an encounter's folder (`io/picture_folder`),
asked once and remembered per encounter file, and the one check every picture load passes first
(`may_show`): the map picture and token art, in the GM's window and the players'.

Consents are kept in the data folder (`picture-consent.json`, beside the autosave folder), each
keyed by the encounter file's resolved path and the picture's resolved path: moving the file
or pointing it at another picture asks again. A command line run may allow its pictures for
itself only (`allow_this_run`: `battlemap render`, the GM's own act), not remembered."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from battlemap.engine.files.autosave import data_dir
from battlemap.io.encounter_file import atomic_write_text
from battlemap.io.picture_folder import is_outside, resolved
from battlemap.io.plain_files import plain_file_bytes

FORMAT = "battlemap-picture-consent"
_MAX_BYTES = 4_000_000  # a file grown past this is read as no consent: the GM is asked again
_this_run: set[tuple[str, str]] = set()


def may_show(picture: Path | str, encounter_path: Path | str | None) -> bool:
    """True when the picture is the encounter's to show (inside its folder or the bundled
    assets, or the encounter has no file), or the GM has said yes for this encounter file."""
    if not is_outside(picture, encounter_path):
        return True
    assert encounter_path is not None  # an encounter without a file has nothing outside
    key = _key(encounter_path, picture)
    return key in _this_run or key in _remembered()


def remember_consent(encounter_path: Path | str, pictures: Iterable[Path | str]) -> None:
    """The GM said yes: these pictures show for this encounter file from now on."""
    pairs = _remembered() | {_key(encounter_path, p) for p in pictures}
    text = json.dumps({"format": FORMAT, "consents": sorted(list(pair) for pair in pairs)}, indent=0)
    atomic_write_text(_file(), text)


def allow_this_run(encounter_path: Path | str, pictures: Iterable[Path | str]) -> None:
    _this_run.update(_key(encounter_path, p) for p in pictures)


def _key(encounter_path: Path | str, picture: Path | str) -> tuple[str, str]:
    return (str(resolved(encounter_path)), str(resolved(picture)))


def _file() -> Path:
    return data_dir() / "picture-consent.json"


def _remembered() -> set[tuple[str, str]]:
    """The consents on disk; none when the file is absent, unreadable or not ours (the GM is
    then asked again, which shows nothing unasked)."""
    raw = plain_file_bytes(_file())  # never waits on a pipe put in its place
    if raw is None or len(raw) > _MAX_BYTES:
        return set()
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):
        return set()
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("consents"), list):
        return set()
    return {(pair[0], pair[1]) for pair in data["consents"]
            if isinstance(pair, list) and len(pair) == 2 and all(isinstance(v, str) for v in pair)}
