"""Which files the window opens and how each becomes a session: encounters (.json),
Universal VTT exports (.dd2vtt/.df2vtt/.uvtt) and map pictures (.png/.jpg/.webp).
No widgets here, so a worker thread can run it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from battlemap.io import LoadError
from battlemap.io.words import said

ENCOUNTER_SUFFIXES = (".json",)
UVTT_SUFFIXES = (".dd2vtt", ".df2vtt", ".uvtt")
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp")
ALL_SUFFIXES = ENCOUNTER_SUFFIXES + UVTT_SUFFIXES + IMAGE_SUFFIXES


def kind_of(path: Path | str) -> str:
    """"encounter", "uvtt" or "image"; a LoadError sentence for anything else."""
    suffix = Path(path).suffix.lower()
    if suffix in ENCOUNTER_SUFFIXES:
        return "encounter"
    if suffix in UVTT_SUFFIXES:
        return "uvtt"
    if suffix in IMAGE_SUFFIXES:
        return "image"
    known = ", ".join(ALL_SUFFIXES)
    raise LoadError(said("io.unknown_kind", name=Path(path).name, known=known))


def open_session(path: Path | str, pixels_per_square: float = 70.0,
                 system: str | None = None) -> Any:
    """A new Session for the file; LoadError (one sentence) when it cannot be opened.

    Imports and pictures become unsaved encounters with no path: Save asks where to put them
    (for a picture, the suggested name is beside it so the relative image path stays valid)."""
    from battlemap.engine import Session

    p = Path(path)
    kind = kind_of(p)
    if kind == "encounter":
        return Session.open(p)
    if system is None:
        from battlemap.rules.core.system import default_system_id

        system = default_system_id()
    if kind == "uvtt":
        enc = _import_uvtt(p, system)
    else:
        from battlemap.io.images import image_encounter

        enc = image_encounter(p, pixels_per_square, system=system,
                              encounter_path=p.with_suffix(".json"))
    session = Session(enc, path=None)
    session.suggested_path = p.with_suffix(".json")  # type: ignore[attr-defined]
    return session


def _import_uvtt(path: Path, system: str) -> Any:
    try:
        from battlemap.io import uvtt
    except ImportError:
        raise LoadError(said("io.no_uvtt", name=path.name)) from None
    result = uvtt.import_uvtt(path, system=system)
    return getattr(result, "encounter", result)
