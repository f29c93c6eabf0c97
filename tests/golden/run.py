"""Runs one golden case in this process and returns what it printed and wrote."""

from __future__ import annotations

import contextlib
import io
import random
from pathlib import Path

from tests.golden.cases import DEMOS, SAMPLES


def make_picture(path: Path) -> Path:
    """A small deterministic map picture (320×240 RGB) for the picture imports."""
    from PIL import Image

    rng = random.Random(20261201)
    img = Image.new("RGB", (320, 240))
    img.putdata([(rng.randrange(60, 90), rng.randrange(50, 80), rng.randrange(40, 70))
                 for _ in range(320 * 240)])
    img.save(path)
    return path


def fill(argv: list[str], tmp: Path, picture: Path) -> tuple[list[str], Path | None]:
    out_file: Path | None = None
    filled = []
    for arg in argv:
        if arg.startswith("{demo:"):
            arg = str(DEMOS / arg[6:-1])
        elif arg.startswith("{sample:"):
            arg = str(SAMPLES / arg[8:-1])
        elif arg == "{picture}":
            arg = str(picture)
        elif arg == "{out}":
            suffix = ".png" if argv[0] == "render" else ".json"
            out_file = tmp / f"out{suffix}"
            arg = str(out_file)
        filled.append(arg)
    return filled, out_file


def run_case(argv: list[str], tmp: Path) -> tuple[int, str, str, Path | None]:
    """Exit code, stdout and stderr (the machine's paths replaced by placeholders) and the
    file written, if any. `tmp` is the case's own empty folder: a picture to import is made
    there, so the encounter written beside it names it the same way at every run."""
    from battlemap.cli import main

    picture = tmp / "map.png"
    if "{picture}" in argv:
        make_picture(picture)
    filled, out_file = fill(argv, tmp, picture)
    if out_file is not None and out_file.exists():
        out_file.unlink()
    so, se = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(so), contextlib.redirect_stderr(se):
        try:
            code = main(filled)
        except SystemExit as exit_:
            code = int(exit_.code or 0)

    def clean(text: str) -> str:
        for real, ph in ((str(tmp), "{tmp}"), (str(DEMOS), "{demos}"), (str(SAMPLES), "{samples}"),
                         (str(picture), "{picture}")):
            text = text.replace(real, ph)
        return text

    return code, clean(so.getvalue()), clean(se.getvalue()), out_file
