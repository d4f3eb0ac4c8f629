"""Answers worked out once per distinct value and kept beside the values, never inside them (a view, a state): equal
values share an answer, a changed value never sees an old one (`dataclasses.replace` makes a new value, with no
answer yet), and the answers about a value go when the last value equal to it does.

A value used as a key is a frozen dataclass with `weakref_slot=True`. All the answers about one value are kept
together (one weak entry per value, whatever the number of questions), and the two values last asked about are also
remembered strongly, so that asking about the very same object again costs an identity check (a computer player
asks about one view hundreds of times per decision).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

_Key = TypeVar("_Key")
_Other = TypeVar("_Other", bound=Hashable)
_Answer = TypeVar("_Answer")


class _Answers:
    """Every answer worked out about each value, by the memo that asked (one store for all memos)."""

    __slots__ = ("_found", "_last")

    def __init__(self) -> None:
        self._found: weakref.WeakKeyDictionary[Any, dict[object, Any]] = weakref.WeakKeyDictionary()
        # The two values asked about last (a state and its view alternate), with their answers: one tuple, read and
        # replaced at once, so that threads asking at the same time never pair a value with another's answers.
        self._last: tuple[Any, dict[object, Any], Any, dict[object, Any]] = (None, {}, None, {})

    def about(self, value: object) -> dict[object, Any]:
        """The answers worked out so far about `value` (shared by equal values), to read or add to."""
        last = self._last
        if last[0] is value:
            return last[1]
        if last[2] is value:
            answers = last[3]
        else:
            found = self._found.get(value)
            answers = self._found.setdefault(value, {}) if found is None else found
        self._last = (value, answers, last[0], last[1])
        return answers


_ANSWERS = _Answers()


class Memo(Generic[_Key, _Answer]):
    """`work(value)` worked out once per distinct value."""

    __slots__ = ("_work",)

    def __init__(self, work: Callable[[_Key], _Answer]) -> None:
        self._work = work

    def __call__(self, value: _Key) -> _Answer:
        answers = _ANSWERS.about(value)
        try:
            found: _Answer = answers[self]
        except KeyError:
            found = answers[self] = self._work(value)
        return found


class MemoBy(Generic[_Key, _Other, _Answer]):
    """`work(value, other)` worked out once per distinct value and `other` (a hashable second argument: an action, a
    player's weights, a number)."""

    __slots__ = ("_work",)

    def __init__(self, work: Callable[[_Key, _Other], _Answer]) -> None:
        self._work = work

    def known(self, value: _Key) -> dict[_Other, _Answer]:
        """The answers worked out so far about `value` (to read or add to; shared by equal values)."""
        answers = _ANSWERS.about(value)
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
