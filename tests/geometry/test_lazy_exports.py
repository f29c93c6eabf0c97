"""The geometry package loads its names on first use; every name must still be the real
function or class, whatever was imported before (a submodule named like a function would
shadow it)."""

from __future__ import annotations

import importlib
import pkgutil
import types

import battlemap.geometry as geometry


def test_every_exported_name_is_the_real_object_after_all_submodules_load():
    for info in pkgutil.iter_modules(geometry.__path__):
        importlib.import_module(f"battlemap.geometry.{info.name}")
    for name in geometry.__all__:
        value = getattr(geometry, name)
        assert not isinstance(value, types.ModuleType), name
        assert value is getattr(importlib.import_module(geometry._WHERE[name]), name)
