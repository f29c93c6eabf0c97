"""Writes the golden outputs of every case in tests/golden/cases.py into tests/golden/data/.

    QT_QPA_PLATFORM=offscreen uv run python -m tests.golden.make

Only run it when an output is meant to change, and say why in the commit."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

from tests.golden.cases import cases
from tests.golden.run import run_case

DATA = Path(__file__).resolve().parent / "data"


def main() -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if DATA.exists():
        shutil.rmtree(DATA)
    DATA.mkdir()
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        for i, (name, argv) in enumerate(cases()):
            case_dir = tmp / f"case-{i}"
            case_dir.mkdir()
            code, out, err, written = run_case(argv, case_dir)
            record = {"argv": argv, "code": code, "stdout": out, "stderr": err}
            if written is not None and written.exists():
                if written.suffix == ".png":
                    shutil.copy(written, DATA / f"{name}.png")
                    record["png"] = f"{name}.png"
                else:
                    record["file"] = written.read_text(encoding="utf-8")
            (DATA / f"{name}.json").write_text(
                json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(cases())} cases written to {DATA}")


if __name__ == "__main__":
    main()
