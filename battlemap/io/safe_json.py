"""Parse JSON from an untrusted file, within `Limits`, with one-sentence errors.

Order of checks, cheapest first: file size (from stat), UTF-8, nesting depth (a linear scan
of the bytes with strings removed, so `[[[[…` never reaches the recursive parser), syntax,
a key given twice in one object (named), a lone surrogate (`"\\ud800"`: text no file can
store, named by its field), non-finite numbers (`NaN`, `Infinity`, `1e999`:
named by their field), list lengths.
Nothing here evaluates or imports anything named by the data.
"""

from __future__ import annotations

import json
import math
import os
import sys
from pathlib import Path
from typing import Any

from battlemap.io.errors import LoadError, field_path
from battlemap.io.limits import ENCOUNTER_LIMITS, Limits
from battlemap.io.plain_files import open_regular
from battlemap.io.words import decimal, json_message, said
from battlemap.text import Message

# bytes.translate deletes every byte but the quote and the brackets.
_ALL_BUT_STRUCTURE = bytes(range(256)).translate(None, b'"[]{}')
_FLOAT_DIGITS = 309  # a number written with this many digits before any "." may not fit
_DIGIT_SHAPE = bytes(
    ord("0") if chr(c).isdigit() and c < 128 else ord("e") if c in b"eE" else ord(" ") for c in range(256)
)


def read_json_file(path: Path | str, limits: Limits = ENCOUNTER_LIMITS) -> Any:
    p = Path(path)
    return parse_json_bytes(read_bytes_within(p, limits), p.name, limits)


def read_bytes_within(path: Path | str, limits: Limits) -> bytes:
    """The file's bytes, refused (from its size on disk) before reading if over the limit."""
    p = Path(path)
    try:
        with open_regular(p) as fh:  # a pipe or a device is refused, never waited on
            size = os.fstat(fh.fileno()).st_size
            if size > limits.max_file_bytes:
                raise LoadError(said("io.file_size", name=p.name, size=size_in_words(size),
                                     limit=size_in_words(limits.max_file_bytes)))
            raw = fh.read()
    except OSError as exc:
        raise LoadError(said("io.unreadable", name=p.name, why=str(exc.strerror or exc))) from None
    return raw


def parse_json_bytes(raw: bytes, name: str, limits: Limits = ENCOUNTER_LIMITS) -> Any:
    if len(raw) > limits.max_file_bytes:
        raise LoadError(said("io.file_size", name=name, size=size_in_words(len(raw)),
                             limit=size_in_words(limits.max_file_bytes)))
    try:
        text = raw.decode("utf-8-sig")  # some Windows exporters write a byte-order mark
    except UnicodeDecodeError as exc:
        raise LoadError(said("io.not_utf8", name=name, at=exc.start)) from None
    depth = nesting_depth(raw)  # UTF-8: no byte of a multi-byte character is a bracket
    if depth > limits.max_depth:
        raise LoadError(said("io.json_depth", name=name, depth=depth, limit=limits.max_depth))
    check_containers(raw, name, limits)
    seen_non_finite = False

    def parse_float(s: str) -> float:
        nonlocal seen_non_finite
        value = float(s)
        if not math.isfinite(value):
            seen_non_finite = True
        return value

    def parse_constant(s: str) -> float:
        nonlocal seen_non_finite
        seen_non_finite = True
        return float(s)

    # A Python call per float costs a third of the parse: only made when one could overflow.
    float_hook = parse_float if may_overflow(raw) else None  # None: json's own float()
    try:
        data = json.loads(text, parse_constant=parse_constant, parse_float=float_hook,
                          object_pairs_hook=_once_each)
    except _DuplicateKey as dup:
        raise LoadError(said("safety.duplicate_key", name=name, dup=dup.key)) from None
    except RecursionError:
        raise LoadError(said("io.json_too_deep", name=name)) from None
    except json.JSONDecodeError as exc:
        raise LoadError(said("io.bad_json_at", name=name, msg=json_message(exc.msg),
                             line=exc.lineno, col=exc.colno)) from None
    except ValueError as exc:  # e.g. an integer with more digits than Python converts
        raise LoadError(said("io.bad_json", name=name, why=_short(exc))) from None
    if b"\\ud" in raw or b"\\uD" in raw:  # only an escape can spell a surrogate in UTF-8
        found = first_lone_surrogate(data)
        if found is not None:
            where, char = found
            raise LoadError(said("safety.surrogate", name=name, loc=field_path(where),
                                        char=f"\\u{ord(char):04x}"))
    if seen_non_finite:
        where = first_non_finite(data)
        raise LoadError(said("io.not_finite", name=name, loc=field_path(where)))
    return data


class _DuplicateKey(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _once_each(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object whose keys are all different; json's default lets the last one win."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return obj


def nesting_depth(text: str | bytes) -> int:
    """Deepest bracket nesting, strings excluded; linear time, no recursion, no regex.

    Escaped backslashes and then escaped quotes are dropped, so every quote left opens or
    closes a string; everything but quotes and brackets is deleted; a bracket after an odd
    number of quotes is inside a string."""
    raw = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    if b"\\" in raw:
        raw = raw.replace(b"\\\\", b"").replace(b'\\"', b"")
    structure = raw.translate(None, _ALL_BUT_STRUCTURE)
    if len(structure) < 50_000:  # an encounter: a plain loop, and no numpy import at start-up
        return _depth_loop(structure)
    if "numpy" not in sys.modules:  # a big map opened at start-up: numpy costs ~0.1 s to load
        depth = _depth_by_pairs(structure)
        if depth is not None:
            return depth
    import numpy as np

    codes = np.frombuffer(structure, dtype=np.uint8)
    if len(codes) == 0:
        return 0
    outside = (np.cumsum(codes == ord('"'), dtype=np.int64) & 1) == 0
    steps = (outside & ((codes == ord("[")) | (codes == ord("{")))).astype(np.int64)
    steps -= outside & ((codes == ord("]")) | (codes == ord("}")))
    return int(np.cumsum(steps).max())


def check_containers(raw: bytes, name: str, limits: Limits) -> None:
    """Refuse, before parsing, a file holding more arrays and objects than `limits` allow:
    parsing and validating millions of them costs seconds and gigabytes. Each takes two
    bytes at least, so a smaller file is not counted."""
    if len(raw) <= 2 * limits.max_containers:
        return
    n = container_count(raw)
    if n > limits.max_containers:
        raise LoadError(said("safety.containers", name=name, n=n,
                                    limit=limits.max_containers))


def container_count(raw: bytes) -> int:
    """Arrays and objects in JSON bytes, strings excluded; linear, at C speed."""
    if b"\\" in raw:
        raw = raw.replace(b"\\\\", b"").replace(b'\\"', b"")
    outside = b"".join(raw.translate(None, _ALL_BUT_STRUCTURE).split(b'"')[0::2])
    return outside.count(b"[") + outside.count(b"{")


def may_overflow(raw: bytes) -> bool:
    """Could a number in this JSON overflow a float to infinity? Only with an exponent (a
    digit then e or E) or with 309 digits in a row (1e308 is the largest float). A false
    alarm (a string like "2e") only costs the exact check."""
    shape = raw.translate(_DIGIT_SHAPE)  # digits -> "0", e and E -> "e", the rest -> " "
    return b"0e" in shape or b"0" * _FLOAT_DIGITS in shape


def first_non_finite(data: Any) -> tuple[int | str, ...]:
    """Location of the first NaN/inf float, depth first (the caller bounded the depth)."""
    stack: list[tuple[Any, tuple[int | str, ...]]] = [(data, ())]
    while stack:
        node, loc = stack.pop()
        if isinstance(node, float) and not math.isfinite(node):
            return loc
        if isinstance(node, dict):
            stack.extend((v, (*loc, k)) for k, v in reversed(list(node.items())))
        elif isinstance(node, list):
            stack.extend((v, (*loc, i)) for i, v in reversed(list(enumerate(node))))
    return ()


def first_lone_surrogate(data: Any) -> tuple[tuple[int | str, ...], str] | None:
    """Where the first string (value or key) holding a lone surrogate is, and that surrogate;
    None when every string is valid Unicode. Depth first; the caller bounded the depth."""
    stack: list[tuple[Any, tuple[int | str, ...]]] = [(data, ())]
    while stack:
        node, loc = stack.pop()
        if isinstance(node, str):
            if not _encodable(node):
                return loc, _surrogate_in(node)
        elif isinstance(node, dict):
            for key in node:
                if not _encodable(key):
                    return loc, _surrogate_in(key)
            stack.extend((v, (*loc, k)) for k, v in reversed(list(node.items())))
        elif isinstance(node, list):
            stack.extend((v, (*loc, i)) for i, v in reversed(list(enumerate(node))))
    return None


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _surrogate_in(text: str) -> str:
    return next(c for c in text if "\ud800" <= c <= "\udfff")


def size_in_words(n: int) -> Message:
    if n < 1_000_000:
        return said("io.bytes", n=n)
    return said("io.megabytes", n=decimal(f"{n / 1_000_000:.1f}"))


def _short(exc: Exception) -> str:
    text = str(exc).split(";")[0].strip().rstrip(".")
    return text[:120]


_CURLY_TO_SQUARE = bytes.maketrans(b"{}", b"[]")
_PAIRS_MAX_PASSES = 64  # the depth limit of every loader: deeper files take the exact path


def _depth_by_pairs(structure: bytes) -> int | None:
    """Depth of a well-formed bracket sequence, at C speed: each pass deletes every `[]`, i.e.
    every innermost level, so the passes count the levels. None when the brackets are not
    well formed or nest deeper than the cap: the caller's exact scan decides then."""
    outside = b"".join(structure.split(b'"')[0::2]).translate(_CURLY_TO_SQUARE)
    passes = 0
    while outside:
        shorter = outside.replace(b"[]", b"")
        if passes == _PAIRS_MAX_PASSES or len(shorter) == len(outside):
            return None
        outside, passes = shorter, passes + 1
    return passes


def _depth_loop(structure: bytes) -> int:
    depth = deepest = 0
    inside = False
    for ch in structure:
        if ch == 34:  # '"'
            inside = not inside
        elif not inside:
            if ch in (91, 123):  # '[' '{'
                depth += 1
                deepest = max(deepest, depth)
            else:
                depth -= 1
    return deepest
