"""The numbers behind what the table says about the score: a side's figure for the hand as its panel shows it, what
a red three laid out did to it, and the sides whose red threes have just turned from counting against them to
counting for them (a first meld, a canasta). Pure numbers from the human's view; sentences.py says them."""

from __future__ import annotations

from collections.abc import Sequence

from canasta.engine.cards import Card
from canasta.engine.playerview import PlayerView, side_of
from canasta.engine.scoring import canasta_bonus, red_three_score
from canasta.engine.special_hands import value_of


def side_threes(view: PlayerView, side: int) -> tuple[Card, ...]:
    """The red threes a side has laid out (none for a side the view does not list)."""
    return view.red_threes[side] if side < len(view.red_threes) else ()


def hand_points(view: PlayerView, side: int, threes: int | None = None) -> int:
    """A side's figure for the hand so far, as its panel's header shows it: canasta bonuses, melded cards and its
    red threes (`threes` of them; by default all it has laid out)."""
    melds = view.melds[side]
    if melds and melds[0].special is not None:  # a special hand laid down: its value is all the side scores
        return value_of(melds[0].special, view.rules.special_hands)
    count = len(side_threes(view, side)) if threes is None else threes
    points = canasta_bonus(view.rules, melds) + sum(meld.points for meld in melds)
    return points + red_three_score(view.rules, melds, count)


def red_three_change(view: PlayerView, seat: int, card: Card) -> tuple[int, int]:
    """The figure for the hand of `seat`'s side just before and just after it laid out the red three `card` (its
    melds as the view shows them)."""
    side = side_of(view.rules, view.lone_hand, seat)
    threes = side_threes(view, side)
    count = next((index + 1 for index, held in enumerate(threes) if held == card), len(threes))
    return hand_points(view, side, max(0, count - 1)), hand_points(view, side, count)


def red_three_points(view: PlayerView) -> tuple[int, ...]:
    """What each side's red threes count now, side by side (negative while they count against it)."""
    return tuple(
        red_three_score(view.rules, view.melds[side], len(side_threes(view, side))) for side in range(len(view.melds))
    )


def threes_turned(view: PlayerView, before: Sequence[int]) -> list[tuple[int, int]]:
    """The sides whose red threes counted against them `before` (as `red_three_points` gave it) and count for them
    now, with what they count now."""
    now = red_three_points(view)
    return [(side, points) for side, (was, points) in enumerate(zip(before, now, strict=False)) if was < 0 < points]
