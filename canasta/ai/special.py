"""Special hands for every computer player (Modern American, docs/variants.md "Special hands").

Every level lays a special hand as soon as its 14 cards make one (it ends the hand at its value, 2000 to 8500,
more than a side of 13 cards and no meld scores otherwise), and draws keeping a three while its hand is near the
Straight (the only hand that holds one). Hard and Expert also keep a hand one card away from a special hand rather
than break it: they discard so that a card still unseen completes it, and neither meld nor take the pile meanwhile,
while the chance lasts.
"""

from __future__ import annotations

from collections.abc import Iterable

from canasta.ai.knowledge import unseen
from canasta.engine.actions import DeclareSpecial, Discard, Draw
from canasta.engine.cards import NATURAL_RANKS, Card, Rank
from canasta.engine.declaring import keep_three_refusal, special_to_declare
from canasta.engine.playerview import Phase, PlayerView, my_melds
from canasta.engine.rules import SpecialHands
from canasta.engine.special_hands import HAND_SIZE, SpecialHand, completing_draws, hands_of
from canasta.engine.way_out import discard_refusal, distinct

# The Straight's cards but its three: one of each natural rank, a two and a joker (13 kinds in all). A hand holding
# this many of them keeps the next three it draws.
_STRAIGHT_KINDS = frozenset({*NATURAL_RANKS, Rank.TWO, Rank.JOKER})
NEAR_STRAIGHT = 11


def special_to_lay(view: PlayerView) -> DeclareSpecial | None:
    """The special hand to lay now, if the cards make one (every level lays it)."""
    if view.rules.special_hands is SpecialHands.OFF:
        return None
    made = special_to_declare(view)
    return None if made is None else DeclareSpecial(made)


def draw(view: PlayerView) -> Draw:
    """The draw from the stock: keeping a three for the Straight while the hand holds most of its other cards."""
    if (
        view.rules.special_hands is SpecialHands.OFF
        or SpecialHand.STRAIGHT not in hands_of(view.rules.special_hands)
        or keep_three_refusal(view) is not None
    ):
        return Draw()
    held = {card.rank for card in view.hand} & _STRAIGHT_KINDS
    return Draw(keep_three=True) if len(held) >= NEAR_STRAIGHT else Draw()


def chances(view: PlayerView, cards: Iterable[Card]) -> int:
    """How many unseen cards would complete a special hand from these 13 cards (0: none, or none left)."""
    draws = completing_draws(tuple(cards), view.rules.special_hands)
    return sum(unseen(view, rank) for rank in draws)


def keeps_special_chance(view: PlayerView) -> bool:
    """Whether a Hard player holds a hand one card from a special hand with an unseen card to complete it: before
    the draw (13 cards), or after a stock draw that did not make it (14 cards, one of which a discard would keep
    the chance). Such a hand draws from the stock, melds nothing and discards by `keeping_discard`."""
    if view.rules.special_hands is SpecialHands.OFF or my_melds(view) or view.seat != view.current:
        return False
    if view.phase is Phase.DRAW and len(view.hand) == HAND_SIZE - 1:
        return view.stock_count > 0 and chances(view, view.hand) > 0
    if view.phase is Phase.PLAY and len(view.hand) == HAND_SIZE and not view.turn.melded:
        return keeping_discard(view) is not None
    return False


def keeping_discard(view: PlayerView) -> Discard | None:
    """The legal discard that leaves the most unseen cards to complete a special hand (None: no discard leaves
    one); on a tie the first card of the hand's order among them (the caller's ranking breaks ties better)."""
    best: tuple[int, Card] | None = None
    for card in distinct(view.hand):
        rest = list(view.hand)
        rest.remove(card)
        count = chances(view, rest)
        if count and (best is None or count > best[0]) and discard_refusal(view, card) is None:
            best = (count, card)
    return None if best is None else Discard(best[1])
