"""`memo` keeps the answers about a value on the value itself (its `answers`, no part of its value): they need no
weak reference (the compiled engine's classes take none) and no store beside the values, and go when the value goes,
so memory stays flat however long the program plays."""

from __future__ import annotations

import gc
import itertools
import weakref
from dataclasses import dataclass, field, replace
from typing import Any

from canasta.engine.memo import Memo, MemoBy


@dataclass(frozen=True, slots=True)
class _Value:
    """A value as the engine's states and views are: frozen, slotted, no `__weakref__`, and its answers."""

    name: str
    answers: dict[object, Any] = field(default_factory=dict, init=False, compare=False, repr=False)


class _Answer:
    """An answer that can be watched for going away."""


_TICKETS = itertools.count()


def _counted() -> tuple[list[str], Memo[_Value, int]]:
    asked: list[str] = []

    def work(value: _Value) -> int:
        asked.append(value.name)
        return next(_TICKETS)

    return asked, Memo(work)


def test_a_value_that_takes_no_weak_reference_keeps_its_answers() -> None:
    assert not hasattr(_Value("a"), "__weakref__")
    asked, memo = _counted()
    value = _Value("a")
    first = memo(value)
    assert memo(value) == first and asked == ["a"]
    assert memo(_Value("a")) != first and asked == ["a", "a"]  # an equal copy works it out afresh
    assert memo(replace(value)) != first  # and so does a replaced value: never a stale answer


def test_the_answers_go_with_the_value() -> None:
    memo: Memo[_Value, _Answer] = Memo(lambda _value: _Answer())
    values = [_Value(str(number)) for number in range(100)]
    watched = [weakref.ref(memo(value)) for value in values]
    assert all(answer() is not None for answer in watched)
    del values
    gc.collect()
    assert all(answer() is None for answer in watched)  # nothing kept them beside the values


def test_answers_by_a_second_argument_are_kept_with_the_value() -> None:
    asked: list[tuple[str, int]] = []

    def work(value: _Value, other: int) -> int:
        asked.append((value.name, other))
        return other * 2

    memo: MemoBy[_Value, int, int] = MemoBy(work)
    value = _Value("b")
    assert memo(value, 3) == 6 and memo(value, 3) == 6 and memo(value, 4) == 8
    assert memo.known(value) == {3: 6, 4: 8}
    assert asked == [("b", 3), ("b", 4)]
