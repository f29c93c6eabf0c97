"""Whether an encounter's map picture, or a token's picture, can be shown. The walls and
tokens are the encounter's data, the pictures only their look: a missing or unreadable
picture never stops a file from opening, but the GM is told in one sentence (the window's
status bar or the token's tooltip, `battlemap check`)."""

from __future__ import annotations

from pathlib import Path

from battlemap.io.errors import LoadError
from battlemap.io.limits import ART_LIMITS, ENCOUNTER_LIMITS, Limits
from battlemap.io.plain_files import file_state
from battlemap.io.words import said, unnamed
from battlemap.model import Encounter, MapImage, Token
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
    _, problem = checked_picture(picture_file(image, encounter_path), ENCOUNTER_LIMITS, decode)
    return None if problem is None else _sentence(enc, encounter_path, image, problem)


def art_file(art: str, encounter_path: Path | str | None) -> Path:
    """Where a token's picture lives: `Token.art` is relative to the encounter's folder
    when it lies inside it (absolute otherwise, or for an encounter without a file)."""
    p = Path(art)
    if not p.is_absolute() and encounter_path is not None:
        p = Path(encounter_path).parent / p
    return p


def art_problem(token: Token, encounter_path: Path | str | None,
                decode: bool = True) -> Message | None:
    """One sentence saying why a token's picture cannot be shown (the token is then drawn
    without it), or None when it can or the token has none."""
    if not token.art:
        return None
    _, problem = checked_picture(art_file(token.art, encounter_path), ART_LIMITS, decode)
    return None if problem is None else art_sentence(token, encounter_path, problem)


def art_sentence(token: Token, encounter_path: Path | str | None, problem: Message) -> Message:
    """The sentence for a token picture that is not shown, `problem` saying why."""
    name = Path(encounter_path).name if encounter_path is not None else token.name
    return said("picture.art_problem", name=name, token=token.name, path=token.art or "",
                problem=problem)


def checked_picture(path: Path, limits: Limits,
                    decode: bool = True) -> tuple[bytes | None, Message | None]:
    """The picture's bytes, its header checked against `limits` (and, with `decode`, the
    whole of it decoded once), or None and what is wrong with it ("is missing", "is not a
    PNG, JPEG or WebP image"…), to be said in a sentence naming the picture."""
    state = file_state(path)  # never raises: a name too long for the disk is a reason too
    if state.kind == "missing":
        return None, said("picture.missing")
    if state.kind == "special":
        return None, said("safety.not_plain")
    if state.kind == "unreadable":
        return None, said("picture.cannot_show", reason=state.why)
    # Pillow only now: the window imports this module for `picture_file` before its first frame.
    from battlemap.io.images import decode_picture, read_picture_file

    try:
        data, header = read_picture_file(path, limits)
        if decode:
            decode_picture(data, header, path.name)
    except LoadError as err:
        reason = unnamed(err.reason)
        short = getattr(reason, "key", "").removeprefix("io.")
        if catalogue.known(f"picture.is.{short}"):  # "is not a readable PNG image (…)"
            assert isinstance(reason, Message)
            return None, Message(f"picture.is.{short}", reason.params)
        return None, said("picture.cannot_show", reason=reason)
    return data, None


def unreadable_picture(enc: Encounter, encounter_path: Path | str | None) -> Message:
    """The sentence for a picture the window could not decode although the checks above
    passed (a format the Qt build lacks, say)."""
    assert enc.grid.image is not None
    return _sentence(enc, encounter_path, enc.grid.image, said("picture.unreadable"))


def _sentence(enc: Encounter, encounter_path: Path | str | None, image: MapImage,
              problem: Message) -> Message:
    name = Path(encounter_path).name if encounter_path is not None else enc.name
    return said("picture.problem", name=name, path=image.path, problem=problem)
