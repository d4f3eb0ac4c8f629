"""Classic's judgment of going out: what one more round is worth against ending the hand now.

Going out ends the hand with a bonus; staying in gives both sides one more round. The estimate is made from what
the seat knows only: its own hand, the cards each player took from piles and has not shown since (card memory),
the cards on the table, and a guess per hidden card. It counts, for one more round,

- the points our other players would be caught with now that they can meld instead (wild cards, and natural cards
  of ranks our side has melded; their known cards exactly, a share of the hidden ones);
- the canastas our side may finish (a meld one card short, while copies of its rank are still unseen);
- what the opponents gain in the same round: a side that has not melded may reach its minimum, and its red threes
  then count for it instead of against it; a side that may go out may do so first and catch our hands;
- the going-out bonus, which staying puts at risk.

A positive edge means that keeping the hand alive is worth more than going out now.
"""

from __future__ import annotations

from canasta.ai.base import CardMemory
from canasta.ai.knowledge import (
    CARD_GUESS,
    GOING_OUT_BONUS,
    MIXED_CANASTA,
    NATURAL_CANASTA,
    hand_cards_known,
    hand_guess,
    unseen,
)
from canasta.engine.cards import Rank
from canasta.engine.melds import count_canastas
from canasta.engine.playerview import PlayerView, initial_minimum, seats_of_side, side_has_melded, side_of

HIDDEN_MELDABLE = 0.25  # the share of a player's hidden cards he can meld in one more turn
# The chance that a player who may go out does so on his next turn, by the cards he holds (7 or more: the last).
OUT_CHANCE = (0.0, 0.6, 0.45, 0.3, 0.2, 0.12, 0.08, 0.03)
# The chance that a side with no meld yet reaches its minimum in one more round, by the minimum (the first
# entry whose minimum is at least the side's).
MELD_CHANCE = ((15, 0.5), (50, 0.35), (90, 0.25), (120, 0.15))


def stay_edge(view: PlayerView, memory: CardMemory, out_seat: int) -> float:
    """How much more (in points, for the viewer's side) one more round is worth than `out_seat` (the viewer or
    his partner) going out now; positive: keep the hand alive."""
    rules = view.rules
    mine = side_of(rules, view.lone_hand, view.seat)
    ours = seats_of_side(rules, view.lone_hand, mine)
    theirs = [seat for seat in range(rules.players) if seat not in ours]
    relief = sum(2.0 * meldable_points(view, memory, seat) for seat in ours if seat != out_seat)
    shares = [seat for seat in ours if seat != out_seat]
    growth = _near_canastas(view, memory, mine, shares)
    caught = sum(hand_guess(view, memory, seat) for seat in ours)
    risk = _out_chance(view, theirs) * (GOING_OUT_BONUS + caught)
    their_sides = {side_of(rules, view.lone_hand, seat) for seat in theirs}
    their_gain = sum(_side_gain(view, memory, side, theirs) for side in their_sides)
    return relief + growth - risk - their_gain - GOING_OUT_BONUS


def meldable_points(view: PlayerView, memory: CardMemory, seat: int) -> float:
    """The points `seat` could put down in one more turn: wild cards and natural cards of ranks his side has
    melded (or holds three of), known exactly, and a share of his hidden cards."""
    side = side_of(view.rules, view.lone_hand, seat)
    if not side_has_melded(view, side):
        return 0.0
    ranks = {meld.rank for meld in view.melds[side] if meld.rank is not None}
    known, hidden = hand_cards_known(view, memory, seat)
    counts: dict[Rank, int] = {}
    for card in known:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    total = 0.0
    for card in known:
        if card.is_wild or (card.rank is not Rank.THREE and (card.rank in ranks or counts[card.rank] >= 3)):
            total += card.points
    return total + HIDDEN_MELDABLE * CARD_GUESS * hidden


def _near_canastas(view: PlayerView, memory: CardMemory, side: int, seats: list[int]) -> float:
    """What a side may gain in one more round by finishing melds one card short of a canasta: certain where one
    of `seats` is known to hold a natural card of the rank, else the chance that they hold or draw one, times the
    natural or mixed bonus."""
    rules = view.rules
    size = rules.shape.canasta_size
    pool = max(1, view.stock_count + sum(view.hand_counts) - len(view.hand))
    cards = sum(view.hand_counts[seat] for seat in seats if seat != view.seat) + len(seats)  # each draws one
    share = min(1.0, cards / pool)
    known = {card.rank for seat in seats for card in hand_cards_known(view, memory, seat)[0] if card.is_natural}
    gain = 0.0
    for meld in view.melds[side]:
        if meld.rank is None or len(meld.cards) != size - 1:
            continue
        chance = 1.0 if meld.rank in known else 1.0 - (1.0 - share) ** unseen(view, meld.rank)
        gain += chance * (NATURAL_CANASTA if meld.wilds == 0 else MIXED_CANASTA)
    return gain


def _out_chance(view: PlayerView, seats: list[int]) -> float:
    """The chance that one of `seats` (the opponents) goes out before our side's next turn."""
    rules = view.rules
    stay = 1.0
    for seat in seats:
        side = side_of(rules, view.lone_hand, seat)
        if count_canastas(view.melds[side], rules) < rules.canastas_to_go_out:
            continue
        held = view.hand_counts[seat]
        stay *= 1.0 - OUT_CHANCE[min(held, len(OUT_CHANCE) - 1)]
    return 1.0 - stay


def _side_gain(view: PlayerView, memory: CardMemory, side: int, seats: list[int]) -> float:
    """What the opponents' `side` gains in one more round: with no meld yet, the chance of reaching the minimum
    times the swing of its red threes (they count against it now); with melds, its own near canastas."""
    rules = view.rules
    players = [seat for seat in seats if side_of(rules, view.lone_hand, seat) == side]
    if side_has_melded(view, side):
        return _near_canastas(view, memory, side, players)
    minimum = initial_minimum(view, players[0])
    chance = next((odds for limit, odds in MELD_CHANCE if minimum <= limit), MELD_CHANCE[-1][1])
    table = rules.shape.red_three_bonus
    threes = table[min(len(view.red_threes[side]), len(table) - 1)]
    return chance * 2.0 * threes
