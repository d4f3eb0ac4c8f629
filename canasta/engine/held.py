"""The cards an action names, found in the hand: the very cards held, or other copies of the same notation."""

from __future__ import annotations

from collections.abc import Iterable

from canasta.engine.actions import Meld, TakePile
from canasta.engine.cards import Card
from canasta.engine.refusals import Code, Refusal


def take_from_hand(hand: tuple[Card, ...], wanted: Iterable[Card]) -> tuple[tuple[Card, ...], tuple[Card, ...]] | None:
    """Split `hand` into (what remains, the cards taken), matching `wanted` by notation; None if missing.

    The very physical card is taken when present, otherwise another copy of the same notation.
    """
    remaining = list(hand)
    wanted = tuple(wanted)
    try:
        # The usual case: every card named is the very card held (cards compare by identity).
        for card in wanted:
            remaining.remove(card)
    except ValueError:
        return _take_by_notation(hand, wanted)
    return tuple(remaining), wanted


def _take_by_notation(
    hand: tuple[Card, ...], wanted: tuple[Card, ...]
) -> tuple[tuple[Card, ...], tuple[Card, ...]] | None:
    remaining = list(hand)
    taken: list[Card] = []
    for card in wanted:
        if card in remaining:
            remaining.remove(card)
            taken.append(card)
            continue
        for index, held in enumerate(remaining):
            if held.text == card.text:
                taken.append(remaining.pop(index))
                break
        else:
            return None
    return tuple(remaining), tuple(taken)


def _regroup(sizes: list[int], cards: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    """Cut `cards` into consecutive groups of the given sizes."""
    groups: list[tuple[Card, ...]] = []
    start = 0
    for size in sizes:
        groups.append(cards[start : start + size])
        start += size
    return tuple(groups)


def resolve_meld(action: Meld, taken: tuple[Card, ...]) -> Meld:
    """The meld step with the hand's physical cards in place of the cards it named."""
    count = sum(len(group) for group in action.new)
    new = _regroup([len(group) for group in action.new], taken[:count])
    by_rank = sum(len(group) for _, group in action.add)
    added = _regroup([len(group) for _, group in action.add], taken[count : count + by_rank])
    added_to = _regroup([len(group) for _, group in action.add_to], taken[count + by_rank :])
    return Meld(
        new,
        tuple((rank, group) for (rank, _), group in zip(action.add, added, strict=True)),
        tuple((index, group) for (index, _), group in zip(action.add_to, added_to, strict=True)),
        action.declared,
    )


def resolve_take(action: TakePile, taken: tuple[Card, ...]) -> TakePile:
    """The pile take with the hand's physical cards in place of the cards it named."""
    count = len(action.with_)
    also = _regroup([len(group) for group in action.also], taken[count:])
    return TakePile(taken[:count], also, action.onto, action.declared)


def missing_cards_refusal(hand: tuple[Card, ...], wanted: Iterable[Card]) -> Refusal:
    """The refusal for cards that are not in the hand, naming them."""
    remaining = [card.text for card in hand]
    missing: list[Card] = []
    for card in wanted:
        if card.text in remaining:
            remaining.remove(card.text)
        else:
            missing.append(card)
    texts = ", ".join(card.text for card in missing)
    return Refusal(Code.CARD_NOT_IN_HAND, f"You do not hold {texts}.", (("cards", tuple(missing)),))


def laid_cards(action: Meld) -> tuple[Card, ...]:
    """`action.cards()`, built without generators (half the time; a step is planned on most turns)."""
    cards = [card for group in action.new for card in group]
    for _, group in action.add:
        cards.extend(group)
    for _, group in action.add_to:
        cards.extend(group)
    return tuple(cards)
