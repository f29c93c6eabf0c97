"""Whether an encounter's map picture can be shown. The walls and tokens are the encounter's
data, the picture only its backdrop: a missing or unreadable picture never stops a file from
opening, but the GM is told in one sentence (the window's status bar, `battlemap check`)."""

from __future__ import annotations

from pathlib import Path

from battlemap.io.errors import LoadError
from battlemap.io.plain_files import file_state
from battlemap.io.words import said, unnamed
from battlemap.model import Encounter, MapImage
from battlemap.text import Message, catalogue


def picture_file(image: MapImage, encounter_path: Path | str | None) -> Path:
    """Where the picture lives: `image.path` is relative to the encounter's folder (an
    unsaved import stores it absolute)."""
    p = Path(image.path)
    if not p.is_absolute() and encounter_path is not None:
        p = Path(encounter_path).parent / p
    return p


def picture_problem(enc: Encounter, encounter_path: Path | str | None,
                    decode: bool = True) -> Message | None:
    """One sentence saying why the map picture cannot be shown, or None when it can (or the
    encounter has none). `decode`: decode it whole, not only its header."""
    image = enc.grid.image
    if image is None:
        return None
    path = picture_file(image, encounter_path)
    state = file_state(path)  # never raises: a name too long for the disk is a reason too
    if state.kind == "missing":
        return _sentence(enc, encounter_path, image, said("picture.missing"))
    if state.kind == "special":
        return _sentence(enc, encounter_path, image, said("safety.not_plain"))
    if state.kind == "unreadable":
        return _sentence(enc, encounter_path, image, said("picture.cannot_show", reason=state.why))
    # Pillow only now: the window imports this module for `picture_file` before its first frame.
    from battlemap.io.images import decode_picture, read_picture_file

    try:
        data, header = read_picture_file(path)
        if decode:
            decode_picture(data, header, path.name)
    except LoadError as err:
        reason = unnamed(err.reason)
        short = getattr(reason, "key", "").removeprefix("io.")
        if catalogue.known(f"picture.is.{short}"):  # "is not a readable PNG image (…)"
            assert isinstance(reason, Message)
            return _sentence(enc, encounter_path, image,
                             Message(f"picture.is.{short}", reason.params))
        return _sentence(enc, encounter_path, image, said("picture.cannot_show", reason=reason))
    return None


def unreadable_picture(enc: Encounter, encounter_path: Path | str | None) -> Message:
    """The sentence for a picture the window could not decode although the checks above
    passed (a format the Qt build lacks, say)."""
    assert enc.grid.image is not None
    return _sentence(enc, encounter_path, enc.grid.image, said("picture.unreadable"))


def _sentence(enc: Encounter, encounter_path: Path | str | None, image: MapImage,
              problem: Message) -> Message:
    name = Path(encounter_path).name if encounter_path is not None else enc.name
    return said("picture.problem", name=name, path=image.path, problem=problem)
