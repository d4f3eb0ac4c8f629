"""Answers worked out once per value and kept on the value itself, in a field that is no part of its value: a view
or a state keeps its `answers` (by memo) for as long as it lives, and they go with it. A value changed with
`dataclasses.replace` is a new object that starts with none (the field is not copied), so it never sees a stale
answer; an equal but distinct value works its answers out again (the same answers: the work is a function of the
value).

Nothing is kept beside the values: no store keyed by them to bound or clean up, no weak reference (mypyc's compiled
classes take none), and no hashing of a value to find what is known about it, only an attribute read.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Generic, Protocol, TypeVar


class Remembers(Protocol):
    """A value that keeps what is worked out about it: `answers`, by memo, no part of its value."""

    @property
    def answers(self) -> dict[object, Any]: ...


_Key = TypeVar("_Key", bound=Remembers)
_Other = TypeVar("_Other", bound=Hashable)
_Answer = TypeVar("_Answer")


class Memo(Generic[_Key, _Answer]):
    """`work(value)` worked out once per value object."""

    __slots__ = ("_work",)

    def __init__(self, work: Callable[[_Key], _Answer]) -> None:
        self._work = work

    def __call__(self, value: _Key) -> _Answer:
        answers = value.answers
        try:
            found: _Answer = answers[self]
        except KeyError:
            found = answers[self] = self._work(value)
        return found


class MemoBy(Generic[_Key, _Other, _Answer]):
    """`work(value, other)` worked out once per value object and `other` (a hashable second argument: an action, a
    player's weights, a number)."""

    __slots__ = ("_work",)

    def __init__(self, work: Callable[[_Key, _Other], _Answer]) -> None:
        self._work = work

    def known(self, value: _Key) -> dict[_Other, _Answer]:
        """The answers worked out so far about `value` (to read or add to)."""
        answers = value.answers
        mine: dict[_Other, _Answer] | None = answers.get(self)
        if mine is None:
            mine = answers[self] = {}
        return mine

    def __call__(self, value: _Key, other: _Other) -> _Answer:
        answers = self.known(value)
        try:
            return answers[other]
        except KeyError:
            answer = answers[other] = self._work(value, other)
            return answer
