"""Whether a picture an encounter names lies outside the encounter's folder.

An encounter file may name any picture on disk (an absolute path, `../../…`), and the
players' window shows it: a file from elsewhere could put any picture of the GM's disk on the
players' screen. The pictures beside the encounter (its folder and below) and the program's
own (the bundled assets) are the file's to show; any other needs the GM's consent first
(`engine/files/picture_consent.py`). Paths are compared resolved: a link inside the folder
that points outside is outside."""

from __future__ import annotations

import os
from pathlib import Path

from battlemap.model import Encounter


def encounter_pictures(enc: Encounter, encounter_path: Path | str | None) -> list[Path]:
    """Every picture file the encounter shows: its map picture, then each token's art, as
    the window finds them (relative names from the encounter's folder), each once."""
    folder = Path(encounter_path).parent if encounter_path is not None else None
    named = [enc.grid.image.path] if enc.grid.image is not None else []
    named += [t.art for t in enc.tokens if t.art]
    out: list[Path] = []
    for name in named:
        p = Path(name)
        if not p.is_absolute() and folder is not None:
            p = folder / p
        if p not in out:
            out.append(p)
    return out


def art_name(picture: Path | str, encounter_path: Path | str | None) -> str:
    """How a token stores the picture the GM picked: relative to the encounter's folder
    when it lies inside it (the folder then moves with its pictures), absolute otherwise."""
    target = resolved(picture)
    if encounter_path is not None:
        folder = resolved(Path(encounter_path).parent)
        if target.is_relative_to(folder):
            return target.relative_to(folder).as_posix()
    return str(target)


def outside_pictures(enc: Encounter, encounter_path: Path | str | None) -> list[Path]:
    """The encounter's pictures outside its folder and the bundled assets, resolved. An
    encounter without a file has no folder: its pictures are the GM's own pick (a picture
    opened as a map) or the program's (an import's, an untitled autosave's)."""
    if encounter_path is None:
        return []
    pictures = (resolved(p) for p in encounter_pictures(enc, encounter_path))
    return [p for p in pictures if is_outside(p, encounter_path)]


def is_outside(picture: Path | str, encounter_path: Path | str | None) -> bool:
    if encounter_path is None:
        return False
    target = resolved(picture)
    homes = [resolved(Path(encounter_path).parent), _assets_folder()]
    return not any(home is not None and target.is_relative_to(home) for home in homes)


def resolved(path: Path | str) -> Path:
    """The path with every link followed; as written, made absolute and normalised, when the
    disk cannot say (a loop of links): such a file cannot be read anyway."""
    try:
        return Path(os.path.realpath(path))
    except (OSError, ValueError, RuntimeError):
        return Path(os.path.abspath(path))


def _assets_folder() -> Path | None:
    from importlib.resources import files

    root = files("battlemap.assets")
    return resolved(root) if isinstance(root, Path) else None
