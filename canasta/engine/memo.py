"""Answers worked out once per distinct value and kept beside the values, never inside them (a view, a state): equal
values share an answer, a changed value never sees an old one (`dataclasses.replace` makes a new value, with no
answer yet), and an answer goes when the last value equal to its key does.

A value used as a key is a frozen dataclass with `weakref_slot=True`; the last key asked is also remembered
strongly, so that asking about the very same object again costs an identity check (a computer player asks about
one view hundreds of times per decision).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

_Key = TypeVar("_Key")
_Other = TypeVar("_Other", bound=Hashable)
_Answer = TypeVar("_Answer")


class Memo(Generic[_Key, _Answer]):
    """`work(value)` worked out once per distinct value."""

    __slots__ = ("_found", "_last", "_work")

    def __init__(self, work: Callable[[_Key], _Answer]) -> None:
        self._work = work
        self._found: weakref.WeakKeyDictionary[_Key, _Answer] = weakref.WeakKeyDictionary()
        self._last: tuple[_Key, _Answer] | None = None  # one tuple, read and replaced at once (threads share it)

    def __call__(self, value: _Key) -> _Answer:
        last = self._last
        if last is not None and last[0] is value:
            return last[1]
        try:
            answer = self._found[value]
        except KeyError:
            answer = self._found[value] = self._work(value)
        self._last = (value, answer)
        return answer


class MemoBy(Generic[_Key, _Other, _Answer]):
    """`work(value, other)` worked out once per distinct value and `other` (a hashable second argument: an action, a
    player's weights, a number)."""

    __slots__ = ("_found", "_last", "_work")

    def __init__(self, work: Callable[[_Key, _Other], _Answer]) -> None:
        self._work = work
        self._found: weakref.WeakKeyDictionary[_Key, dict[_Other, _Answer]] = weakref.WeakKeyDictionary()
        self._last: tuple[_Key, dict[_Other, _Answer]] | None = None

    def known(self, value: _Key) -> dict[_Other, _Answer]:
        """The answers worked out so far about `value` (to read or add to; shared by equal values)."""
        last = self._last
        if last is not None and last[0] is value:
            return last[1]
        answers = self._found.get(value)
        if answers is None:
            answers = self._found.setdefault(value, {})
        self._last = (value, answers)
        return answers

    def __call__(self, value: _Key, other: _Other) -> _Answer:
        answers = self.known(value)
        try:
            return answers[other]
        except KeyError:
            answer = answers[other] = self._work(value, other)
            return answer
