"""Fast positional construction of the engine's frozen, slotted dataclasses (a state and a view per action)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

_T = TypeVar("_T")


def positional_maker(cls: type[_T]) -> Callable[..., _T]:
    """A function that makes a `cls` from every `init` field's value, in field order, without keywords: the
    same object the dataclass's own constructor makes, in about half the time. A frozen dataclass's
    `__init__` sets each field through `object.__setattr__` looked up by name; this sets each slot through its
    descriptor directly, and gives each `init=False` field its `default_factory`'s value (such fields may have
    no other kind of default).

    :raises TypeError: for a class that is not a slotted dataclass, or an `init=False` field without a factory.
    """
    if not dataclasses.is_dataclass(cls) or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__} is not a slotted dataclass")
    fields = dataclasses.fields(cls)
    params = [field.name for field in fields if field.init]
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    body = []
    for field in fields:
        scope[f"_set_{field.name}"] = cls.__dict__[field.name].__set__
        if field.init:
            body.append(f"    _set_{field.name}(obj, {field.name})")
        elif field.default_factory is not dataclasses.MISSING:
            scope[f"_factory_{field.name}"] = field.default_factory
            body.append(f"    _set_{field.name}(obj, _factory_{field.name}())")
        else:
            raise TypeError(f"{cls.__name__}.{field.name} has init=False and no default_factory")
    source = f"def make({', '.join(params)}):\n    obj = _new(_cls)\n" + "\n".join(body) + "\n    return obj\n"
    exec(source, scope)  # the way `dataclasses` writes `__init__`, without the lookups by name
    maker: Callable[..., _T] = scope["make"]
    return maker
