"""The packaging scripts of build/, which are no package, loaded as modules for the tests."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def build_script(name: str) -> ModuleType:
    """`build/<name>.py`, loaded afresh as a module named `name`."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "build" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
