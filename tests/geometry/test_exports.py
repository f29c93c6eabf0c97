"""The geometry package and each subpackage re-export their public names with plain imports;
every name must be the real function or class, whatever was imported before (a submodule
named like a function would shadow it), and no exported function may hide a subpackage."""

from __future__ import annotations

import importlib
import pkgutil
import types

import battlemap.geometry as geometry


def _packages() -> list[types.ModuleType]:
    for info in pkgutil.walk_packages(geometry.__path__, "battlemap.geometry."):
        importlib.import_module(info.name)
    return [geometry] + [importlib.import_module(f"battlemap.geometry.{info.name}")
                         for info in pkgutil.iter_modules(geometry.__path__) if info.ispkg]


def test_every_exported_name_is_the_real_object_after_all_submodules_load():
    for package in _packages():
        for name in package.__all__:
            value = getattr(package, name)
            assert not isinstance(value, types.ModuleType), (package.__name__, name)
            home = getattr(value, "__module__", None)
            if home is not None and home.startswith("battlemap.geometry."):
                assert value is getattr(importlib.import_module(home), name), name


def test_no_exported_name_hides_a_subpackage():
    for info in pkgutil.iter_modules(geometry.__path__):
        if info.ispkg:
            assert isinstance(getattr(geometry, info.name), types.ModuleType), info.name
