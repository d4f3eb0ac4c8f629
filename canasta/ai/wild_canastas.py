"""How the computer players judge a game whose wild canasta is worth more by its make-up and whose open wild meld
costs nothing, and whose ranks close for the side that completes them (Cuban Canasta's shape,
docs/computer-players.md "Cuban Canasta").

Every answer here asks the shape, never the game's name: its wild-canasta table (`wild_canasta_twos_bonus` and
`wild_canasta_jokers_bonus` beside `wild_canasta_bonus`, no penalty for an open wild meld) and `closed_ranks`.
Where a shape has neither, every function answers as if the rule were not there, so the other games play as
before. Everything reads the seat's view alone.
"""

from __future__ import annotations

from canasta.ai.knowledge import unseen
from canasta.engine.actions import Meld
from canasta.engine.cards import Card, Rank
from canasta.engine.meld_limits import dead_ranks
from canasta.engine.melds import TableMeld
from canasta.engine.playerview import PlayerView, hand_cards, my_melds, my_side
from canasta.engine.rules import MeldKind, Rules

# What a natural card of a rank my side has closed costs to keep: it can only be discarded (no meld, no pile take),
# and it counts against the side if caught.
CLOSED_CARD = 30.0


def values_make_up(rules: Rules) -> bool:
    """Whether the game's wild canasta is worth more by its make-up (seven twos; four jokers and three twos) and an
    open wild meld costs its side nothing."""
    shape = rules.shape
    return (
        MeldKind.WILD in shape.meld_kinds
        and shape.wild_canasta_twos_bonus > shape.wild_canasta_bonus
        and not shape.incomplete_wild_penalty
    )


def twos_in_reach(view: PlayerView, tabled: int) -> bool:
    """Whether my side may still gather seven twos: `tabled` in its wild meld, those in my hand and those unseen (in
    the stock or other hands) make seven."""
    held = sum(1 for card in hand_cards(view).wilds if card.rank is Rank.TWO)
    return tabled + held + unseen(view, Rank.TWO) >= view.rules.shape.canasta_size


def wilds_for_meld(view: PlayerView, meld: TableMeld | None, wilds: list[Card]) -> list[Card]:
    """Which of `wilds` may go to my side's wild meld `meld` (None: a new one), in the order to spend them: every one
    where the make-up counts for nothing; only the twos while the meld holds no joker and seven twos may still be
    had (4000; the jokers serve the groups); else the jokers first (four jokers and three twos: 3000)."""
    if not values_make_up(view.rules):
        return wilds
    tabled = meld.cards if meld is not None else ()
    if not any(card.rank is Rank.JOKER for card in tabled) and twos_in_reach(view, len(tabled)):
        return [card for card in wilds if card.rank is Rank.TWO]
    return sorted(wilds, key=lambda card: card.rank is not Rank.JOKER)


def gathers_wilds(view: PlayerView, step: Meld) -> bool:
    """Whether `step` lays or adds to my side's wild meld where the make-up counts: wild cards held back cost their
    points if caught, and melded they count for the side and show the partner where his go."""
    if not values_make_up(view.rules):
        return False
    melds = my_melds(view)
    if any(melds[index].kind is MeldKind.WILD for index, _ in step.add_to):
        return True
    return any(cards and all(card.is_wild for card in cards) for cards in step.new)


def closed_for_me(view: PlayerView) -> frozenset[Rank]:
    """The ranks my side has closed by completing its canasta of them (none where the shape closes no rank)."""
    if not view.rules.shape.closed_ranks:
        return frozenset()
    return dead_ranks(view.rules, view.melds, my_side(view))


def keep_adjustment(view: PlayerView, card: Card) -> float:
    """What keeping the natural `card` is worth beyond the heuristic's terms: a card of a rank my side has closed is
    one it can only discard."""
    return -CLOSED_CARD if card.rank in closed_for_me(view) else 0.0
