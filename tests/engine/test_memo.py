"""`memo` keeps answers by value in a bounded store: any hashable value will do (none needs a weak reference, which
the compiled engine's classes do not take), equal values share an answer, and memory stays flat."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from canasta.engine.memo import KEPT, Memo, MemoBy, kept_values


@dataclass(frozen=True, slots=True)
class _Plain:
    """A value as the compiled engine's are: frozen, slotted, and no `__weakref__`."""

    name: str
    number: int


_TICKETS = itertools.count()


def _counted() -> tuple[list[object], Memo[object, int]]:
    asked: list[object] = []

    def work(value: object) -> int:
        asked.append(value)
        return next(_TICKETS)

    return asked, Memo(work)


def test_a_value_that_takes_no_weak_reference_is_remembered_by_its_value() -> None:
    assert not hasattr(_Plain("a", 1), "__weakref__")
    asked, memo = _counted()
    first = memo(_Plain("a", 1))
    assert memo(_Plain("a", 1)) == first  # an equal value, not the same object: the same answer
    assert memo(_Plain("a", 2)) != first
    assert asked == [_Plain("a", 1), _Plain("a", 2)]


def test_an_answer_outlives_many_other_values_asked_about_meanwhile() -> None:
    asked, memo = _counted()
    first = memo(("early", 0))
    for number in range(KEPT // 2):  # far past the two values remembered last
        memo(("between", number))
    assert memo(("early", 0)) == first
    assert asked.count(("early", 0)) == 1


def test_the_store_keeps_at_most_two_generations_of_values() -> None:
    asked, memo = _counted()
    memo(("first", 0))
    for number in range(3 * KEPT):
        memo(("many", number))
        assert kept_values() <= 2 * KEPT
    memo(("first", 0))  # its generation went: worked out again, not kept forever
    assert asked.count(("first", 0)) == 2


def test_answers_by_a_second_argument_are_kept_with_the_value() -> None:
    asked: list[tuple[object, int]] = []

    def work(value: object, other: int) -> int:
        asked.append((value, other))
        return other * 2

    memo: MemoBy[object, int, int] = MemoBy(work)
    assert memo(_Plain("b", 1), 3) == 6 and memo(_Plain("b", 1), 3) == 6 and memo(_Plain("b", 1), 4) == 8
    assert memo.known(_Plain("b", 1)) == {3: 6, 4: 8}
    assert asked == [(_Plain("b", 1), 3), (_Plain("b", 1), 4)]
