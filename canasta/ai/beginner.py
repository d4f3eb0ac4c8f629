"""The Beginner: the heuristic player (canasta.ai.heuristic) with a casual player's habits.

Each habit is a mistake people make at a kitchen table, none of them absurd: every move is one the rules allow
and one a real player could make. The Beginner

* remembers nothing of what the others took or threw: it plays each turn from what it sees on the table;
* takes the pile only the plain way in classic Canasta, with a natural pair of the top card from its hand
  (it does not see a take with one natural card and a wild card, nor one onto a meld of the side);
* melds as soon as it can: pairs with a wild card go down at once, and wild cards go onto a meld of six
  natural cards rather than wait for the natural seventh;
* hardly minds what its discards give away, breaks a pair sooner than Normal does, throws its high cards first
  to cut its penalty, and does not know that a black three stops the next player, nor freezes the pile on
  purpose;
* discards a little at random.

It keeps the heuristic's sense where a mistake would be absurd: it never throws a wild card into the pile while
another discard is legal, and it goes out (or answers its partner) exactly as Normal does.
"""

from __future__ import annotations

import random

from canasta.ai.base import CardMemory
from canasta.ai.heuristic import HeuristicBot, Weights
from canasta.engine.actions import Action, Draw, TakePile
from canasta.engine.judge import check
from canasta.engine.playerview import PlayerView

# The heuristic's weights for the habits above: the pile's danger, pairs and black threes count little, a dear
# card is one to get rid of, no wild card is kept back from a pair, nor a natural canasta protected, nor the pile
# frozen on purpose; the noise spreads the discards. Normal's lead over it on duplicate deals at four players
# (seed 41, 400 deals): +382.6 per deal; with no care for pairs at all (keep_pair 0) +430.2, too few piles taken
# to look like a real player; with pile takes by a natural card and a wild card as well +317.1.
BEGINNER = Weights(
    take_min_pile=1.0,
    pile_danger=0.2,
    keep_pair=6.0,
    keep_point=-0.5,
    black_three=0.0,
    complete_with_wilds_from=3.0,
    protect_natural=0.0,
    wild_reserve=0.0,
    freeze=0.0,
    noise=12.0,
)


class BeginnerBot:
    """The Beginner level: the heuristic with `BEGINNER`'s weights, no card memory and only plain pile takes."""

    def __init__(self, weights: Weights = BEGINNER, rng: random.Random | None = None) -> None:
        self._heuristic = HeuristicBot(weights, rng)

    @property
    def weights(self) -> Weights:
        return self._heuristic.weights

    def choose(self, view: PlayerView, memory: CardMemory) -> Action:
        action = self._heuristic.choose(view, forgotten(view))
        if isinstance(action, TakePile) and not plain_take(view, action) and check(view, Draw()) is None:
            return Draw()
        return action

    def answer_go_out(self, view: PlayerView, memory: CardMemory) -> bool:
        return self._heuristic.answer_go_out(view, forgotten(view))


def forgotten(view: PlayerView) -> CardMemory:
    """A card memory of nothing: what a player who does not keep track of the cards remembers."""
    return CardMemory(view.rules.players)


def plain_take(view: PlayerView, take: TakePile) -> bool:
    """Whether `take` is one a casual player sees: in classic Canasta the top card with a natural pair of its
    rank from hand (and, for the first meld, more melds from hand); in the other games of the family every take
    the heuristic picks (their piles are taken with natural cards or onto a meld, as the rules there stress)."""
    if not view.rules.shape.names_by_rank:
        return True
    return len(take.with_) >= 2 and all(card.is_natural for card in take.with_)
