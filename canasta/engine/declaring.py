"""Judging a special hand declared (Modern American, docs/variants.md "Special hands"): who may lay one, when, and
whether the hand makes the hand named. Works on a `PlayerView`, as the rest of the judge does."""

from __future__ import annotations

from collections import Counter

from canasta.engine.actions import DeclareSpecial
from canasta.engine.cards import Card, Rank
from canasta.engine.playerview import DrewFrom, Phase, PlayerView, my_melds
from canasta.engine.refusal_text import SPECIAL_HAND_NAMES
from canasta.engine.refusals import Code, Refusal
from canasta.engine.rules import SpecialHands
from canasta.engine.special_hands import HAND_SIZE, SpecialHand, special_hand

_OFF = Refusal(Code.SPECIAL_HANDS_OFF, "Under the house rules nobody lays a special hand.")
_NOT_NOW = Refusal(
    Code.SPECIAL_HAND_NOT_NOW,
    "A special hand is laid right after drawing from the stock, before any meld this turn.",
)
_SIDE_HAS_MELDED = Refusal(
    Code.SPECIAL_HAND_SIDE_HAS_MELDED, "Your side has melded: only a side that has not melded may lay a special hand."
)


def special_refusal(view: PlayerView, action: DeclareSpecial) -> Refusal | None:
    """Why the viewer may not lay `action`'s special hand now, or None if he may (whose turn it is: the caller's)."""
    refusal = _moment_refusal(view)
    if refusal is not None:
        return refusal
    if action.cards is not None and (named := _named_refusal(view, action.cards)) is not None:
        return named
    made = special_hand(view.hand, view.rules.special_hands)
    if made is action.name:
        return None
    if made is None:
        return Refusal(
            Code.SPECIAL_HAND_NOT_MADE,
            f"These cards do not make {SPECIAL_HAND_NAMES[action.name]}, nor any other special hand.",
            (("name", action.name),),
        )
    return Refusal(
        Code.SPECIAL_HAND_NOT_MADE,
        f"These cards make {SPECIAL_HAND_NAMES[made]}, not {SPECIAL_HAND_NAMES[action.name]}.",
        (("variant", "other"), ("made", made), ("name", action.name)),
    )


_OFF_KEEP = Refusal(
    Code.SPECIAL_HANDS_OFF,
    "Under the house rules nobody lays a special hand, so no three is kept: every three is laid out.",
    (("variant", "keep"),),
)
_MELDED_KEEP = Refusal(
    Code.SPECIAL_HAND_SIDE_HAS_MELDED,
    "Your side has melded: a three is kept only for a special hand, by a side that has not melded.",
    (("variant", "keep"),),
)


def keep_three_refusal(view: PlayerView) -> Refusal | None:
    """Why the viewer may not keep the next three he draws (for the Straight), or None if he may: special hands are
    played where every three is laid out, his side has not melded, and he holds no three (one is kept at most).
    Drawing itself is judged by the caller."""
    rules = view.rules
    if rules.special_hands is SpecialHands.OFF or not rules.shape.lays_out_black_threes:
        return _OFF_KEEP
    if my_melds(view):
        return _MELDED_KEEP
    held = next((card for card in view.hand if card.rank is Rank.THREE), None)
    if held is not None:
        return Refusal(
            Code.THREE_ALREADY_KEPT,
            f"You already keep {held.text}: only one three is kept for the Straight.",
            (("card", held),),
        )
    return None


def special_to_declare(view: PlayerView) -> SpecialHand | None:
    """The special hand the viewer may lay now, if any (what `legal_actions` lists and every computer player lays)."""
    if view.phase is not Phase.PLAY or view.seat != view.current or _moment_refusal(view) is not None:
        return None
    return special_hand(view.hand, view.rules.special_hands)


def _moment_refusal(view: PlayerView) -> Refusal | None:
    """The game, the moment and the side: special hands played, right after a stock draw with no meld made this
    turn, by a side with no meld, holding exactly 14 cards."""
    if view.rules.special_hands is SpecialHands.OFF:
        return _OFF
    turn = view.turn
    if view.phase is not Phase.PLAY or turn.drew_from is not DrewFrom.STOCK or turn.melded:
        return _NOT_NOW
    if my_melds(view):
        return _SIDE_HAS_MELDED
    held = len(view.hand)
    if held != HAND_SIZE:
        return Refusal(
            Code.SPECIAL_HAND_NEEDS_14_CARDS,
            f"A special hand is exactly {HAND_SIZE} cards; you hold {held}.",
            (("count", held),),
        )
    return None


def _named_refusal(view: PlayerView, cards: tuple[Card, ...]) -> Refusal | None:
    """Whether the cards named are the very hand (by notation: both copies of a card look alike)."""
    held = Counter(card.text for card in view.hand)
    if Counter(card.text for card in cards) == held:
        return None
    absent: list[Card] = []
    for card in cards:
        if held[card.text]:
            held[card.text] -= 1
        else:
            absent.append(card)
    if absent:
        shown = ", ".join(card.text for card in absent)
        return Refusal(Code.CARD_NOT_IN_HAND, f"You do not hold {shown}.", (("cards", tuple(absent)),))
    return Refusal(
        Code.SPECIAL_HAND_NEEDS_14_CARDS,
        f"A special hand is your whole hand of {len(view.hand)} cards; you name {len(cards)}.",
        (("variant", "named"), ("count", len(view.hand)), ("named", len(cards))),
    )
