"""Scoring a hand (docs/rules.md, "Scoring a hand"): a breakdown per side, line by line as the end-of-hand screen
shows it."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from canasta.engine.cards import Card, Rank
from canasta.engine.game.state import GameState
from canasta.engine.melds import TableMeld, combine_melds, costly_open_meld
from canasta.engine.playerview import side_of
from canasta.engine.rules import MeldKind, RedThreesNegativeIf, Rules
from canasta.engine.special_hands import value_of


@dataclass(frozen=True, slots=True)
class SideScore:
    """One side's hand score, by line (docs/rules.md, "Scoring a hand")."""

    canastas: int
    red_threes: int
    going_out: int
    melded: int
    in_hand: int
    # Games that penalise some incomplete melds and hands (Modern American): their sum, and whether `red_threes`
    # holds threes of both colours (the JSON then says "threes" and "penalties").
    penalties: int = 0
    both_threes: bool = False
    # A special hand laid down (Modern American): its value, the side's whole score for the hand.
    special: int = 0
    # Games that keep black threes in a row of their own (Cuban Canasta): what they score, and whether the JSON says
    # "black_threes".
    black_threes: int = 0
    black_threes_apart: bool = False

    @property
    def total(self) -> int:
        return (
            self.canastas + self.red_threes + self.black_threes + self.going_out + self.melded + self.in_hand
            + self.penalties + self.special
        )  # fmt: skip

    def to_dict(self) -> dict[str, Any]:
        if self.both_threes:
            lines: dict[str, Any] = {
                "canastas": self.canastas, "threes": self.red_threes, "going_out": self.going_out,
                "melded": self.melded, "penalties": self.penalties, "in_hand": self.in_hand,
            }  # fmt: skip
            if self.special:  # written only where a side laid one, so every other breakdown reads as before
                lines["special"] = self.special
            lines["total"] = self.total
            return lines
        if self.black_threes_apart:
            return {
                "canastas": self.canastas, "red_threes": self.red_threes, "black_threes": self.black_threes,
                "going_out": self.going_out, "melded": self.melded, "in_hand": self.in_hand, "total": self.total,
            }  # fmt: skip
        return {
            "canastas": self.canastas, "red_threes": self.red_threes, "going_out": self.going_out,
            "melded": self.melded, "in_hand": self.in_hand, "total": self.total,
        }  # fmt: skip


def score_hand(state: GameState) -> tuple[SideScore, ...]:
    """The hand as it stands, one entry per entry of `scores` (a going-out bonus only when `out` says so)."""
    rules = state.rules
    if rules.cutthroat:
        return tuple(_cutthroat_score(state, seat) for seat in range(3))
    scores: list[SideScore] = []
    for side in range(len(state.melds)):
        seats = tuple(seat for seat in range(rules.players) if side_of(rules, None, seat) == side)
        score = _score(state, state.melds[side], state.red_threes[side], seats)
        if rules.shape.black_threes_row:
            black = black_threes_score(rules, state.melds[side], len(state.black_threes[side]))
            score = replace(score, black_threes=black, black_threes_apart=True)
        scores.append(score)
    return tuple(scores)


def black_threes_score(rules: Rules, melds: tuple[TableMeld, ...], count: int) -> int:
    """What a side's row of black threes scores: set aside, the shape's table (5 each, 100 for all four), always
    positive; laid out as they come, the red threes' table with their sign."""
    table = rules.shape.black_three_aside_bonus
    if rules.shape.black_threes_aside:
        return table[min(count, len(table) - 1)]
    return red_three_score(rules, melds, count)


def _cutthroat_score(state: GameState, seat: int) -> SideScore:
    lone = state.lone_hand
    if lone is None and state.out is not None:
        lone = state.out.seat
    if lone is None or seat == lone:
        return _score(state, state.melds[seat], state.red_threes[seat], (seat,))
    partners = tuple(s for s in range(3) if s != lone)
    melds = combine_melds(state.melds[partners[0]], state.melds[partners[1]])
    return _score(state, melds, state.red_threes[seat], partners)


def _score(
    state: GameState, melds: tuple[TableMeld, ...], threes: tuple[Card, ...], seats: tuple[int, ...]
) -> SideScore:
    rules = state.rules
    going_out = 0
    if state.out is not None and state.out.seat in seats:
        shape = rules.shape
        going_out = shape.concealed_going_out_bonus if state.out.concealed else shape.going_out_bonus
    if rules.shape.scores_by_canasta_count:
        return _score_by_canasta_count(state, melds, threes, seats, going_out)
    return SideScore(
        canastas=canasta_bonus(rules, melds),
        red_threes=red_three_score(rules, melds, len(threes)),
        going_out=going_out,
        melded=sum(meld.points for meld in melds),
        in_hand=-sum(_held_value(rules, card, state.out is None) for card in _left_over(state, seats)),
    )


def _score_by_canasta_count(
    state: GameState, melds: tuple[TableMeld, ...], threes: tuple[Card, ...], seats: tuple[int, ...], going_out: int
) -> SideScore:
    """The scoring matrix by the side's completed canastas (docs/variants.md, "Modern American"): with none, its
    melded cards and threes count against it and it scores no bonus; with one, its threes count 0; with two or
    more, everything counts for it. Penalties and cards left in hand always count against it."""
    rules = state.rules
    if melds and melds[0].special is not None:  # a special hand: its value is all the side scores (its threes,
        # the partner's cards and any penalty count nothing)
        return SideScore(0, 0, 0, 0, 0, both_threes=True, special=value_of(melds[0].special, rules.special_hands))
    canastas = sum(1 for meld in melds if meld.is_canasta(rules))
    sign = -1 if canastas == 0 else 1
    three_sign = -1 if canastas == 0 else (0 if canastas == 1 else 1)
    left = _left_over(state, seats)
    return SideScore(
        canastas=canasta_bonus(rules, melds) if canastas else 0,
        red_threes=three_sign * threes_by_colour(rules, threes),
        going_out=going_out if canastas else 0,
        melded=sign * sum(meld.points for meld in melds),
        in_hand=-sum(_held_value(rules, card, state.out is None) for card in left),
        penalties=-penalties(rules, melds, tuple(state.hands[seat] for seat in seats)),
        both_threes=True,
    )


def threes_by_colour(rules: Rules, threes: tuple[Card, ...]) -> int:
    """The threes' value before their sign: the shape's table for the red ones plus the same for the black ones."""
    table = rules.shape.red_three_bonus
    red = sum(1 for card in threes if card.is_red_three)
    black = len(threes) - red
    return table[min(red, len(table) - 1)] + table[min(black, len(table) - 1)]


def threes_points(rules: Rules, melds: tuple[TableMeld, ...], threes: tuple[Card, ...]) -> int:
    """What a side's laid-out threes count now, with their sign: where the shape scores by the count of canastas,
    per colour, minus with no canasta, 0 with one, plus with two or more; elsewhere as red threes
    (`red_three_score`)."""
    if not rules.shape.scores_by_canasta_count:
        return red_three_score(rules, melds, len(threes))
    canastas = sum(1 for meld in melds if meld.is_canasta(rules))
    sign = -1 if canastas == 0 else (0 if canastas == 1 else 1)
    return sign * threes_by_colour(rules, threes)


def melded_points(rules: Rules, melds: tuple[TableMeld, ...]) -> int:
    """The values of a side's melded cards as they count now: against it where the shape scores by the count of
    canastas and the side has none."""
    points = sum(meld.points for meld in melds)
    if rules.shape.scores_by_canasta_count and not any(meld.is_canasta(rules) for meld in melds):
        return -points
    return points


def penalties(rules: Rules, melds: tuple[TableMeld, ...], hands: tuple[tuple[Card, ...], ...]) -> int:
    """What the side loses for its incomplete melds the shape penalises and for each hand holding three or more
    cards of a rank the shape names (a positive number)."""
    total = sum(costly_open_meld(meld, rules) for meld in melds)
    for rank, cost in rules.shape.held_rank_penalty:
        total += sum(cost for hand in hands if sum(1 for card in hand if card.rank is rank) >= 3)
    return total


def _left_over(state: GameState, seats: tuple[int, ...]) -> list[Card]:
    """The cards the seats still hold: their hands, and in Hand and Foot their unplayed feet."""
    cards = [card for seat in seats for card in state.hands[seat]]
    if state.feet and state.rules.shape.unplayed_foot_counts:
        cards.extend(card for seat in seats for card in state.feet[seat] or ())
    return cards


def _held_value(rules: Rules, card: Card, stock_ended: bool) -> int:
    """What a card left in hand counts against its side: its value, for a red three the shape's figure, or for a
    black three the house rules' (Bolivia's 100; also when the stock ended the hand, by option)."""
    if card.is_red_three:
        return rules.shape.held_red_three
    if not card.is_black_three or (stock_ended and not rules.black_three_penalty_on_stock_end):
        return card.points
    return rules.black_three_in_hand


def canasta_bonus(rules: Rules, melds: tuple[TableMeld, ...]) -> int:
    """500 a natural canasta, 300 a mixed one (the shape's figures: also Hand and Foot's clean and dirty books),
    the shape's bonus for a sequence canasta and a wild canasta, plus the concealed-canasta bonus where the
    option gives one."""
    shape = rules.shape
    total = 0
    for meld in melds:
        if not meld.is_canasta(rules):
            continue
        if meld.kind is MeldKind.SEQUENCE:
            total += shape.sequence_bonus
        elif meld.kind is MeldKind.WILD:
            total += wild_canasta_bonus(rules, meld)
        elif meld.rank is not None and meld.rank in dict(shape.rank_canasta_types):
            total += dict(shape.rank_canasta_types)[meld.rank]
        elif meld.wilds == 0 and meld.rank is not None:
            total += dict(shape.rank_canasta_bonus).get(meld.rank, shape.natural_canasta_bonus)
        else:
            total += shape.mixed_canasta_bonus
        if meld.concealed:
            total += rules.concealed_canasta_bonus
    return total


def wild_canasta_bonus(rules: Rules, meld: TableMeld) -> int:
    """A wild canasta's bonus: the shape's figure for one of twos only, for one of four jokers and three twos, or
    for any other (where the shape sets only the last, it is every wild canasta's)."""
    shape = rules.shape
    jokers = sum(1 for card in meld.cards if card.rank is Rank.JOKER)
    if jokers == 0 and shape.wild_canasta_twos_bonus:
        return shape.wild_canasta_twos_bonus
    if jokers == 4 and len(meld.cards) - jokers == 3 and shape.wild_canasta_jokers_bonus:
        return shape.wild_canasta_jokers_bonus
    return shape.wild_canasta_bonus


def red_three_score(rules: Rules, melds: tuple[TableMeld, ...], count: int) -> int:
    """The red threes' bonus, negative for a side with no meld (or, by option, no canasta) where the shape says
    they may count against it."""
    table = rules.shape.red_three_bonus
    bonus = table[min(count, len(table) - 1)]
    if not rules.shape.red_threes_may_count_against:
        return bonus
    needed = rules.shape.red_threes_need_canasta_of
    if needed is not None:
        return bonus if any(meld.rank is needed and meld.is_canasta(rules) for meld in melds) else -bonus
    if rules.red_threes_negative_if is RedThreesNegativeIf.NO_CANASTA:
        penalised = not any(meld.is_canasta(rules) for meld in melds)
    elif rules.red_threes_negative_if is RedThreesNegativeIf.FEWER_THAN_2_CANASTAS:
        penalised = sum(1 for meld in melds if meld.is_canasta(rules)) < 2
    else:
        penalised = not melds
    return -bonus if penalised else bonus
