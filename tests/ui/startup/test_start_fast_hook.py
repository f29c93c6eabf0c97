"""The quick "does this module use PySide6?" check answers exactly as PySide's own one, for
every module loaded in a test process (stdlib, pydantic, numpy, Qt, ours, extensions)."""

import sys
import types
from pathlib import Path
from typing import Any

import PySide6.QtWidgets  # noqa: F401 - the hook exists once PySide6 is loaded
import pytest

import battlemap.ui.map.view  # noqa: F401 - modules that do use PySide6
from battlemap._tricks import pyside_hook


def _original() -> Any:
    check = sys.modules[pyside_hook.FEATURE_MODULE]._mod_uses_pyside
    return getattr(check, "__wrapped__", check)


def test_the_hook_is_quickened_once_battlemap_ui_is_imported() -> None:
    check = sys.modules[pyside_hook.FEATURE_MODULE]._mod_uses_pyside
    assert hasattr(check, "__wrapped__")
    assert pyside_hook.quicken_pyside_import_hook() is True
    # Installing again wraps nothing twice.
    assert sys.modules[pyside_hook.FEATURE_MODULE]._mod_uses_pyside is check


def test_every_loaded_module_gets_the_same_answer() -> None:
    original = _original()
    quick = pyside_hook._quick_check(original)
    modules = [m for m in list(sys.modules.values()) if isinstance(m, types.ModuleType)]
    assert len(modules) > 300
    answers = {m.__name__: quick(m) for m in modules}
    assert answers == {m.__name__: original(m) for m in modules}
    # Both kinds occur, so the comparison proves something either way.
    assert answers["battlemap.ui.map.view"] is True
    assert answers["json"] is False


@pytest.mark.parametrize(("text", "encoding"), [
    ("# coding: latin-1\nx = 'é PySide6'\n", "latin-1"),
    ("x = 'ünïcode'\n# no Qt here\n", "utf-8"),
    ("from PySide6.QtCore import Qt\n", "utf-8"),
])
def test_a_module_file_is_answered_from_its_bytes(tmp_path: Path, text: str,
                                                  encoding: str) -> None:
    import importlib.util

    path = tmp_path / "probe_mod.py"
    path.write_bytes(text.encode(encoding))
    spec = importlib.util.spec_from_file_location("probe_mod", path)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    module.__file__ = str(path)
    calls: list[str] = []

    def never(m: Any) -> bool:
        calls.append(m.__name__)
        return False

    assert pyside_hook._quick_check(never)(module) is ("PySide6" in text)
    assert calls == []  # read from the file, PySide's slow path untouched
    assert _original()(module) is ("PySide6" in text)


def test_a_module_without_a_source_file_goes_to_pysides_check() -> None:
    seen: list[str] = []

    def fallback(m: Any) -> bool:
        seen.append(m.__name__)
        return False

    quick = pyside_hook._quick_check(fallback)
    assert quick(sys) is False
    assert quick(types.ModuleType("made_in_memory")) is False
    assert seen == ["sys", "made_in_memory"]


def test_the_quick_check_reads_no_source_through_linecache(tmp_path: Path) -> None:
    # What the hook buys: PySide's own check goes through inspect, which reads, decodes and
    # keeps every module's lines in linecache; the quick one only searches the file's bytes.
    import importlib.util
    import linecache

    path = tmp_path / "cached_mod.py"
    path.write_text("from PySide6.QtCore import Qt\n", encoding="utf-8")
    spec = importlib.util.spec_from_file_location("cached_mod", path)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    module.__file__ = str(path)
    linecache.checkcache()
    assert str(path) not in linecache.cache
    assert pyside_hook._quick_check(_original())(module) is True
    assert str(path) not in linecache.cache
    assert _original()(module) is True  # PySide's own check, for comparison, does keep them
    assert str(path) in linecache.cache
    linecache.cache.pop(str(path), None)
