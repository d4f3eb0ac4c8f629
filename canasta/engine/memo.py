"""Answers worked out once per distinct value and kept beside the values, never inside them (a view, a state): equal
values share an answer, and a changed value never sees an old one (`dataclasses.replace` makes a new value, with no
answer yet).

The answers are kept by value in a bounded store: plain dictionaries keyed by the values themselves (a value used as
a key is a frozen dataclass, hashable by its value; it needs no weak reference, which mypyc's compiled classes do
not take). All the answers about one value are kept together, in two generations of at most `KEPT` values each: a
value asked about goes into the young one, and when that is full it becomes the old one and the oldest generation
goes, so the store never holds more than `2 * KEPT` values and memory stays flat however long the program plays. A
value asked about again after its generation went has its answers worked out again (the same answers: the work is
a function of the value). The two values last asked about are also remembered, so that asking about the very same
object again costs an identity check (a computer player asks about one view hundreds of times per decision).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Final, Generic, TypeVar

_Key = TypeVar("_Key")
_Other = TypeVar("_Other", bound=Hashable)
_Answer = TypeVar("_Answer")

# The values a generation holds: far more than the views and states a decision asks about again (a computer player's
# look-ahead makes thousands, each asked about only while it plays out), few enough to keep memory small.
KEPT: Final = 512


class _Answers:
    """Every answer worked out about each value, by the memo that asked (one store for all memos)."""

    __slots__ = ("_last", "_old", "_young")

    def __init__(self) -> None:
        self._young: dict[Any, dict[object, Any]] = {}
        self._old: dict[Any, dict[object, Any]] = {}
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
            young = self._young
            found = young.get(value)
            if found is None:
                # Carried over from the old generation, or none yet. A thread that asks at the same time may swap
                # the generations meanwhile: its answers then go with the old one, and are worked out again.
                earlier = self._old.get(value)
                found = young.setdefault(value, {} if earlier is None else earlier)
                if len(young) >= KEPT:
                    self._old, self._young = young, {}
            answers = found
        self._last = (value, answers, last[0], last[1])
        return answers

    def kept(self) -> int:
        """How many values have answers kept (the two generations, a value in both counted twice)."""
        return len(self._young) + len(self._old)


_ANSWERS = _Answers()


def kept_values() -> int:
    """How many values the memos keep answers about: never more than `2 * KEPT`."""
    return _ANSWERS.kept()


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
