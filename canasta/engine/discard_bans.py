"""Cards a game bans from the discard, where its shape says so (`Shape.discard_bans`): never a three; a wild card
only as the last card or from a hand of wild cards only; no seven, wild card, ace or card of a dead rank onto an
empty pile (docs/engine.md, "The family of games").

A hand in which no card may go by these bans may discard any card but a three (the engine refuses a meld that would
leave a player so, but a draw or a pile taken by the other side can): a turn always has a discard.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta.engine.cards import Card, Rank
from canasta.engine.meld_limits import dead_ranks
from canasta.engine.melds import TableMeld, rank_name
from canasta.engine.refusals import Code, Refusal
from canasta.engine.rules import Rules

_EMPTY_PILE_RANKS = frozenset({Rank.SEVEN, Rank.ACE})


def _texts(cards: Sequence[Card]) -> str:
    return " ".join(card.text for card in cards)


def banned_discard(
    rules: Rules, card: Card, hand: Sequence[Card], pile_empty: bool, dead: frozenset[Rank]
) -> Refusal | None:
    """Why `card` may not be discarded from `hand` by the bans alone (None where the shape has none)."""
    if not rules.shape.discard_bans:
        return None
    if card.rank is Rank.THREE:
        return Refusal(Code.THREE_DISCARD, f"A three ({card.text}) is never discarded.", (("card", card),))
    if card.is_wild and len(hand) > 1 and not all(held.is_wild for held in hand):
        return Refusal(
            Code.WILD_DISCARD,
            f"A wild card ({card.text}) is discarded only to go out, or when you hold nothing but wild cards.",
            (("card", card),),
        )
    if pile_empty and (card.is_wild or card.rank in _EMPTY_PILE_RANKS or card.rank in dead):
        if card.rank in dead and not card.is_wild:
            return Refusal(
                Code.DISCARD_ONTO_EMPTY_PILE,
                f"Not {card.text} onto an empty pile: the {rank_name(card.rank)} are dead, and by the SWAD rule no "
                "seven, wild card, ace or card of a dead rank starts a pile.",
                (("variant", "dead"), ("card", card), ("rank", card.rank)),
            )
        return Refusal(
            Code.DISCARD_ONTO_EMPTY_PILE,
            f"Not {card.text} onto an empty pile: by the SWAD rule no seven, wild card, ace or card of a dead rank "
            "starts a pile (it would hand the next player an easy take).",
            (("variant", "swad"), ("card", card)),
        )
    return None


def discard_ban_refusal(
    rules: Rules, card: Card, hand: Sequence[Card], pile: Sequence[Card], sides: Sequence[tuple[TableMeld, ...]]
) -> Refusal | None:
    """Why `card` may not be discarded now: the bans, unless they leave no card of the hand to discard (then any
    card but a three goes)."""
    if not rules.shape.discard_bans:
        return None
    dead = dead_ranks(rules, sides)
    refusal = banned_discard(rules, card, hand, not pile, dead)
    if refusal is None or refusal.code is Code.THREE_DISCARD:
        return refusal
    if any(banned_discard(rules, held, hand, not pile, dead) is None for held in hand):
        return refusal
    return None


def no_legal_discard_refusal(
    rules: Rules, hand: Sequence[Card], pile_empty: bool, sides: Sequence[tuple[TableMeld, ...]]
) -> Refusal | None:
    """Why a step that leaves `hand` (and the table's melds as `sides`) is refused: no card of it could be discarded
    under the bans; None if one could, the hand is empty, or the shape has no bans."""
    if not rules.shape.discard_bans or not hand:
        return None
    dead = dead_ranks(rules, sides)
    if any(banned_discard(rules, card, hand, pile_empty, dead) is None for card in hand):
        return None
    shown = tuple(hand)
    return Refusal(
        Code.NO_LEGAL_DISCARD,
        f"Not this meld: it would leave you only {_texts(shown)}, and none of them may "
        + ("go onto an empty pile (the SWAD rule)." if pile_empty else "be discarded."),
        (("variant", "empty_pile" if pile_empty else ""), ("cards", shown)),
    )


def first_round(rules: Rules, turns_played: int) -> bool:
    """Whether the hand is still in its first round, where the shape bars black threes as discards then (the first
    `players` turns, the dealer's the last of them)."""
    return rules.shape.first_round_black_three_ban and turns_played < rules.players


def first_round_refusal(rules: Rules, card: Card, turns_played: int) -> Refusal | None:
    """Why `card` may not be discarded now: a black three in the hand's first round (the going-out discard too)."""
    if not card.is_black_three or not first_round(rules, turns_played):
        return None
    return Refusal(
        Code.BLACK_THREE_FIRST_ROUND,
        f"No black three ({card.text}) may be discarded in the hand's first round: {turns_played} of "
        f"{rules.players} turns are over.",
        (("card", card), ("turns", turns_played), ("players", rules.players)),
    )


def first_round_no_discard_refusal(rules: Rules, hand: Sequence[Card], turns_played: int) -> Refusal | None:
    """Why a step that leaves `hand` is refused in the first round: only black threes would be left to discard."""
    if not hand or not first_round(rules, turns_played) or not all(card.is_black_three for card in hand):
        return None
    shown = tuple(hand)
    return Refusal(
        Code.NO_LEGAL_DISCARD,
        f"This would leave you no card you may discard: {_texts(shown)} (no black three in the first round).",
        (("variant", "first_round"), ("cards", shown)),
    )


def lock_lifted(rules: Rules, sides: Sequence[tuple[TableMeld, ...]], side: int) -> bool:
    """Whether the shape's locked rank may be discarded by a player of `side`: every side (or, by the house rule,
    his own) has completed a canasta of it."""
    rank = rules.shape.discard_locked_rank
    if rank is None:
        return True
    deciding = (sides[side],) if rules.shape.lock_lifts_for_own_side else tuple(sides)
    return all(_has_canasta_of(rules, melds, rank) for melds in deciding)


def _has_canasta_of(rules: Rules, melds: tuple[TableMeld, ...], rank: Rank) -> bool:
    return any(meld.rank is rank and meld.is_canasta(rules) for meld in melds)


def locked_discard_refusal(
    rules: Rules, card: Card, hand: Sequence[Card], sides: Sequence[tuple[TableMeld, ...]], side: int
) -> Refusal | None:
    """Why `card` may not be discarded under the shape's locked rank (Pennies' sevens): never as the last card; and
    not before the lock is lifted (`lock_lifted`) unless every card held is of that rank."""
    rank = rules.shape.discard_locked_rank
    if rank is None or card.rank is not rank:
        return None
    name = rank_name(rank)
    if len(hand) == 1:
        return Refusal(
            Code.SEVEN_GOING_OUT_DISCARD,
            f"{card.text} may not be your last discard: {name} are never discarded to go out.",
            (("card", card), ("rank", rank)),
        )
    if lock_lifted(rules, sides, side) or all(held.rank is rank for held in hand):
        return None
    if rules.shape.lock_lifts_for_own_side:
        return Refusal(
            Code.SEVEN_DISCARD_LOCKED,
            f"You may not discard {card.text}: {name} stay locked until your side has completed a canasta of {name}.",
            (("variant", "own_side"), ("card", card), ("rank", rank)),
        )
    waiting = sum(1 for melds in sides if not _has_canasta_of(rules, melds, rank))
    return Refusal(
        Code.SEVEN_DISCARD_LOCKED,
        f"You may not discard {card.text}: {name} stay locked until every side has completed a canasta of {name}, "
        f"and {waiting} of the {len(sides)} sides have not.",
        (("variant", "every_side"), ("card", card), ("rank", rank), ("waiting", waiting), ("sides", len(sides))),
    )


def lone_locked_card_refusal(rules: Rules, hand: Sequence[Card]) -> Refusal | None:
    """Why a step may not leave `hand`: one card alone, of the shape's locked rank, which can never be the last
    discard (None otherwise)."""
    rank = rules.shape.discard_locked_rank
    if rank is None or len(hand) != 1 or hand[0].rank is not rank:
        return None
    shown = tuple(hand)
    return Refusal(
        Code.NO_LEGAL_DISCARD,
        f"This would leave you only {hand[0].text}, and {rank_name(rank)} are never discarded to go out.",
        (("variant", "locked"), ("cards", shown), ("rank", rank)),
    )
