"""The engine's dataclasses whose `__init__` is written out (compiled, a generated one runs as Python) keep it in
step with their fields: the same parameters in the same order with the same defaults, and every field set."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import pkgutil
from pathlib import Path

import pytest

import canasta.engine

ENGINE = Path(canasta.engine.__file__).parent


def _written_inits() -> list[tuple[str, str, ast.FunctionDef]]:
    """(module, class, its `__init__`) for every class of the engine with an `__init__` in its body."""
    found = []
    for info in pkgutil.walk_packages([str(ENGINE)], "canasta.engine."):
        path = ENGINE.joinpath(*info.name.split(".")[2:])
        source = path / "__init__.py" if info.ispkg else path.with_suffix(".py")
        tree = ast.parse(source.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.ClassDef):
                continue
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                    found.append((info.name, node.name, item))
    return found


WRITTEN = [
    entry
    for entry in _written_inits()
    if dataclasses.is_dataclass(getattr(importlib.import_module(entry[0]), entry[1]))
]


def test_the_hot_classes_have_one() -> None:
    names = {name for _module, name, _init in WRITTEN}
    assert {"GameState", "PlayerView", "TableMeld", "Meld", "Transition", "StepPlan"} <= names


def _defaults(init: ast.FunctionDef) -> list[tuple[str, str | None]]:
    positional = init.args.args[1:]
    defaults: list[ast.expr | None] = [None] * (len(positional) - len(init.args.defaults))
    defaults += init.args.defaults
    return [
        (arg.arg, None if value is None else ast.unparse(value))
        for arg, value in zip(positional, defaults, strict=True)
    ]


def _field_default(value: object) -> str | None:
    if value is dataclasses.MISSING:
        return None
    if hasattr(value, "name") and type(value).__module__.startswith("canasta."):
        return f"{type(value).__name__}.{value.name}"  # an enum member, as the source names it
    return repr(value)


@pytest.mark.parametrize(("module", "name", "init"), WRITTEN, ids=[f"{m}.{n}" for m, n, _i in WRITTEN])
def test_parameters_are_the_fields(module: str, name: str, init: ast.FunctionDef) -> None:
    cls = getattr(importlib.import_module(module), name)
    fields = [(f.name, _field_default(f.default)) for f in dataclasses.fields(cls) if f.init]
    assert not init.args.kwonlyargs and init.args.vararg is None and init.args.kwarg is None
    assert _defaults(init) == fields


@pytest.mark.parametrize(("module", "name", "init"), WRITTEN, ids=[f"{m}.{n}" for m, n, _i in WRITTEN])
def test_every_field_is_set(module: str, name: str, init: ast.FunctionDef) -> None:
    cls = getattr(importlib.import_module(module), name)
    settings = [
        (str(call.args[1].value), ast.unparse(call.args[2]))
        for call in ast.walk(init)
        if isinstance(call, ast.Call)
        and ast.unparse(call.func) == "object.__setattr__"
        and isinstance(call.args[1], ast.Constant)
    ]
    # Each field once (a name set twice makes the sorted lists differ), each parameter's field from its parameter.
    assert sorted(field for field, _value in settings) == sorted(f.name for f in dataclasses.fields(cls))
    values = dict(settings)
    for f in dataclasses.fields(cls):
        if f.init:
            assert values[f.name] == f.name, f"{name}.{f.name} is set from its parameter"
