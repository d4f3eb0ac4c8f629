"""What a seat can work out about the cards it cannot see, from its view and its card memory only."""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import replace
from operator import attrgetter

from canasta.ai.base import CardMemory
from canasta.engine.actions import Discard, Meld
from canasta.engine.cards import Card, Rank
from canasta.engine.events import DealEvent, DiscardEvent, DrawEvent, LoneHandEvent, MeldEvent, TakePileEvent
from canasta.engine.judge import going_out_step
from canasta.engine.memo import Memo
from canasta.engine.playerview import (
    PlayerView,
    Question,
    hand_cards,
    initial_minimum,
    my_side,
    partner_to_ask,
    score_index,
    side_of,
)
from canasta.engine.rules import AskPartner, RedThreesNegativeIf, Rules
from canasta.engine.rules.catalog import Judgment, game_facts

WILDS_IN_TWO_PACKS = 12  # 4 jokers and 8 twos
REFUSAL_MIN_PILE = 3  # smaller piles are often let go on purpose, so drawing past them tells little
PAIR_OPENS_UP_TO = 50  # a minimum a pair with the pile's top card and another meld from hand commonly reach
NATURAL_CANASTA = 500
MIXED_CANASTA = 300
GOING_OUT_BONUS = 100
CARD_GUESS = 8  # points a hidden card in hand is guessed to be worth
# A game ends some thousands of points from zero. A score in a view beyond this bound was never played to (an
# outside program's view may hold one) and counts as the bound: the sums a seat makes with its score hold
# guesses, so they are floats, and a float cannot hold an integer past 1e308 (beyond 2**53 it rounds anyway).
SCORE_BOUND = 10**15


def copies_per_rank(view: PlayerView) -> int:
    """How many cards of one suited rank the deck holds (8 with two packs)."""
    return 4 * view.rules.shape.packs


def seen_count(view: PlayerView, rank: Rank) -> int:
    """Cards of `rank` the seat can see: in its hand, in the melds and in the pile."""
    tabled, pile = _seen_parts(view)
    held = hand_cards(view)
    if rank is Rank.JOKER or rank is Rank.TWO:
        in_hand = sum(1 for card in held.wilds if card.rank is rank)
    else:
        in_hand = len(held.by_rank.get(rank, ()))
    return in_hand + tabled.get(rank, 0) + pile.count(rank)


def _seen_parts(view: PlayerView) -> tuple[dict[Rank, int], list[Rank]]:
    """The table's cards counted by rank, and the ranks of the pile's cards (once per distinct view)."""
    return _SEEN_PARTS(view)


def _count_seen_parts(view: PlayerView) -> tuple[dict[Rank, int], list[Rank]]:
    counts: dict[Rank, int] = {}
    for side in view.melds:
        for meld in side:
            for card in meld.cards:
                counts[card.rank] = counts.get(card.rank, 0) + 1
    return counts, list(map(_RANK, view.pile))


_SEEN_PARTS = Memo(_count_seen_parts)


def unseen(view: PlayerView, rank: Rank, seen: Counter[Rank] | None = None) -> int:
    """Cards of `rank` the seat cannot see (in other hands or the stock)."""
    count = seen[rank] if seen is not None else seen_count(view, rank)
    total = 2 * view.rules.shape.packs if rank is Rank.JOKER else copies_per_rank(view)
    return max(0, total - count)


def wilds_out(view: PlayerView) -> int:
    """Wild cards not yet seen by this seat (12 in all with two packs)."""
    total = view.rules.shape.packs * (view.rules.shape.jokers_per_pack + 4)
    tabled, pile = _seen_parts(view)
    seen = len(hand_cards(view).wilds) + tabled.get(Rank.JOKER, 0) + tabled.get(Rank.TWO, 0)
    return max(0, total - seen - pile.count(Rank.JOKER) - pile.count(Rank.TWO))


def known_in_hand(memory: CardMemory, seat: int, rank: Rank) -> int:
    """Cards of `rank` that `seat` took from piles and has not shown since (a lower bound on what it holds)."""
    if not memory.taken[seat]:
        return 0  # nothing taken: nothing known, whatever was let go or shown
    taken = sum(count for text, count in memory.taken[seat].items() if _rank_of(text) is rank)
    let_go = sum(count for text, count in memory.discarded[seat].items() if _rank_of(text) is rank)
    return max(0, taken - let_go - memory.melded[seat][rank])


def known_elsewhere(view: PlayerView, memory: CardMemory, seat: int, rank: Rank) -> int:
    """Cards of `rank` known to be in the hands of players other than the viewer and `seat` (taken from piles
    and kept): they are out of `seat`'s reach as surely as the cards in sight."""
    return sum(
        known_in_hand(memory, other, rank)
        for other in range(view.rules.players)
        if other not in (seat, view.seat) and memory.taken[other]
    )


def discarded_rank(memory: CardMemory, seat: int, rank: Rank) -> bool:
    """Whether `seat` has discarded a card of `rank` this hand (so it is unlikely to hold a pair of them)."""
    return any(_rank_of(text) is rank for text in memory.discarded[seat])


_RANK = attrgetter("rank")


@functools.cache
def _rank_of(text: str) -> Rank:
    return Card.parse(text).rank


@functools.cache
def _card(text: str) -> Card:
    return Card.parse(text)


def opponents_of(view: PlayerView) -> tuple[int, ...]:
    side = my_side(view)
    return tuple(seat for seat in range(view.rules.players) if side_of(view.rules, view.lone_hand, seat) != side)


def partners_of(view: PlayerView) -> tuple[int, ...]:
    side = my_side(view)
    return tuple(
        seat
        for seat in range(view.rules.players)
        if seat != view.seat and side_of(view.rules, view.lone_hand, seat) == side
    )


def refused_ranks(view: PlayerView, seat: int) -> frozenset[Rank]:
    """Ranks `seat` let go by: it drew from the stock while a card of that rank topped a pile of at least
    three cards it could have taken with a natural pair (so it most likely holds no such pair).

    Read from the view's history; a history that holds only the latest events tells less, never wrong.
    """
    return _REFUSALS(view).get(seat, frozenset())


def _refusals(view: PlayerView) -> dict[int, frozenset[Rank]]:
    refused: dict[int, set[Rank]] = {}
    pile: list[Card] = []
    melded: set[int] = set()  # seats seen melding (a take melds too)
    lone: int | None = None
    dealt = False  # the history reaches back to the deal: a side not seen melding has not melded
    for event in view.history:
        if isinstance(event, DealEvent):
            pile = list(event.pile)
            refused.clear()
            melded.clear()
            lone = None
            dealt = True
        elif isinstance(event, DiscardEvent):
            pile.append(event.card)
        elif isinstance(event, TakePileEvent):
            pile = []
            melded.add(event.seat)
        elif isinstance(event, MeldEvent):
            melded.add(event.seat)
        elif isinstance(event, LoneHandEvent):
            lone = event.seat
        elif isinstance(event, DrawEvent) and len(pile) >= REFUSAL_MIN_PILE:
            top = pile[-1]
            if (
                top.is_natural
                and not top.is_black_three
                and _pair_would_take(view.rules, melded, lone, event.seat)
                and (
                    not dealt
                    or game_facts(view.rules.variant).judgment is not Judgment.COUNTING
                    or _pair_opens(view, melded, lone, event.seat, top)
                )
            ):
                refused.setdefault(event.seat, set()).add(top.rank)
    return {seat: frozenset(ranks) for seat, ranks in refused.items()}


_REFUSALS = Memo(_refusals)


def _pair_would_take(rules: Rules, melded: set[int], lone: int | None, seat: int) -> bool:
    """Whether a natural pair in hand would have had `seat` take the pile: not in cutthroat before anyone has
    taken it (the taker becomes the lone hand, which players decline on purpose), nor while his side has no
    initial meld under `initial_meld_may_use_pile: no` (a side seen melding in the history; unseen, drawing
    tells nothing)."""
    if rules.cutthroat and lone is None:
        return False
    if rules.initial_meld_may_use_pile:
        return True
    side = side_of(rules, lone, seat)
    return any(side_of(rules, lone, other) == side for other in melded)


def _pair_opens(view: PlayerView, melded: set[int], lone: int | None, seat: int, top: Card) -> bool:
    """Whether a natural pair with `top` would have let `seat` take the pile (classic): always once his side has
    melded; before, where his side's minimum is low enough for a pair and another meld from hand to reach it
    (`PAIR_OPENS_UP_TO`), or where the three cards alone reach it. A side that needs 90 or 120 draws past most
    piles whatever it holds, so its drawing tells little."""
    side = side_of(view.rules, lone, seat)
    if any(side_of(view.rules, lone, other) == side for other in melded):
        return True
    minimum = initial_minimum(view, seat)
    return minimum <= PAIR_OPENS_UP_TO or 3 * top.points >= minimum


def side_table_points(view: PlayerView, side: int) -> int:
    """What a side's table is worth now (docs/rules.md, "Scoring a hand", without the hands): melded cards,
    canasta bonuses (the concealed-canasta bonus too, where the house rules give one) and red threes (against a
    side that has not melded or, by option, has no canasta)."""
    rules = view.rules
    melds = view.melds[side]
    total = 0
    canastas = 0
    for meld in melds:
        total += meld.points
        if meld.is_canasta(rules):
            canastas += 1
            total += NATURAL_CANASTA if meld.wilds == 0 else MIXED_CANASTA
            total += rules.concealed_canasta_bonus if meld.concealed else 0
    table = rules.shape.red_three_bonus
    threes = table[min(len(view.red_threes[side]), len(table) - 1)]
    no_canasta = rules.red_threes_negative_if is RedThreesNegativeIf.NO_CANASTA
    penalised = canastas == 0 if no_canasta else not melds
    return total + (-threes if penalised else threes)


def going_out_ends_game(view: PlayerView, out_seat: int, memory: CardMemory | None = None) -> tuple[bool, bool]:
    """Whether `out_seat` (the viewer or his partner) going out now would end the game, and whether the
    viewer's side would then win it (a rough count: the table as it stands, the going-out bonus, the hands left
    in play, the hand going out melded at no gain). With `memory`, a hand counts what the viewer knows of it (his
    own hand, the cards a player took from piles and kept) and a guess per other card; without, a guess per card."""
    rules = view.rules
    mine = score_index(rules, view.seat)
    totals: dict[int, float] = {}
    for seat in range(rules.players):
        index = score_index(rules, seat)
        if index in totals:
            continue
        meld_side = side_of(rules, view.lone_hand, seat)
        seats = [s for s in range(rules.players) if score_index(rules, s) == index and s != out_seat]
        if memory is None:
            hands = float(CARD_GUESS * sum(view.hand_counts[s] for s in seats))
        else:
            hands = sum(hand_guess(view, memory, s) for s in seats)
        bonus = GOING_OUT_BONUS if meld_side == side_of(rules, view.lone_hand, out_seat) else 0
        totals[index] = bounded_score(view.scores[index]) + side_table_points(view, meld_side) + bonus - hands
    ends = max(totals.values()) >= rules.target_score
    best_other = max(total for index, total in totals.items() if index != mine)
    return ends, ends and totals[mine] > best_other


def bounded_score(score: int) -> int:
    """`score`, or the nearer of -SCORE_BOUND and SCORE_BOUND when it lies beyond them."""
    return max(-SCORE_BOUND, min(SCORE_BOUND, score))


def known_cards(memory: CardMemory, seat: int) -> list[Card]:
    """Cards `seat` took from piles and has neither discarded nor melded since (a part of its hand)."""
    if not memory.taken[seat]:
        return []
    let_go = memory.discarded[seat]
    shown = dict(memory.melded[seat]) | dict(memory.melded_wilds[seat])
    kept: list[Card] = []
    for text, count in memory.taken[seat].items():
        card = _card(text)
        left = max(0, count - let_go.get(text, 0))
        used = min(left, shown.get(card.rank, 0))  # melded since: a natural card of its rank, or a wild card
        shown[card.rank] = shown.get(card.rank, 0) - used
        kept.extend([card] * (left - used))
    return kept


def hand_cards_known(view: PlayerView, memory: CardMemory, seat: int) -> tuple[list[Card], int]:
    """The cards of `seat`'s hand the viewer knows (all of his own) and how many more it holds unseen."""
    if seat == view.seat:
        return list(view.hand), 0
    known = known_cards(memory, seat)[: view.hand_counts[seat]]
    return known, view.hand_counts[seat] - len(known)


def hand_guess(view: PlayerView, memory: CardMemory, seat: int) -> float:
    """What `seat`'s hand would count against its side if the hand ended now: the known cards' points and a
    guess per hidden card."""
    known, hidden = hand_cards_known(view, memory, seat)
    return sum(card.points for card in known) + CARD_GUESS * hidden


def held_chance(share: float, copies: int) -> float:
    """The chance of holding at least one of `copies` hidden cards, each held with chance `share`."""
    return 0.0 if copies == 0 else 1.0 - (1.0 - share) ** copies


def going_out_if_asked(view: PlayerView) -> tuple[Meld | None, Discard | None] | None:
    """A legal way to go out this turn, counting on a "yes" where the house rules make the player ask partner
    first (`ask_partner: required`): without it a player who must ask would never see that he can go out."""
    found = going_out_step(view)
    rules = view.rules
    must_ask = rules.ask_partner is AskPartner.REQUIRED and partner_to_ask(rules, view.seat) is not None
    if found is not None or not must_ask or view.turn.question is not None:
        return found
    return going_out_step(replace(view, turn=replace(view.turn, question=Question.YES)))


def stock_bottom(view: PlayerView) -> tuple[Card, ...]:
    """The cards known to lie at the bottom of the stock, in order (the bottom card last): the upcards sent
    there at the deal (`upcard_specials: stock_bottom`) that nobody has drawn yet. Empty when the view's
    history does not reach back to the deal."""
    return _STOCK_BOTTOM(view)  # the Expert asks once per sampled deal


def _find_stock_bottom(view: PlayerView) -> tuple[Card, ...]:
    deals = [event for event in view.history if isinstance(event, DealEvent)]
    sent = deals[-1].to_stock_bottom if deals and view.stock_count else ()
    return sent[max(0, len(sent) - view.stock_count) :]


_STOCK_BOTTOM = Memo(_find_stock_bottom)
