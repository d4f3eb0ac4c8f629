"""Scoring a hand (docs/rules.md, "Scoring a hand"): a breakdown per side, line by line as the end-of-hand screen
shows it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from canasta.engine.cards import Card
from canasta.engine.game.state import GameState
from canasta.engine.melds import TableMeld, combine_melds
from canasta.engine.playerview import side_of
from canasta.engine.rules import MeldKind, RedThreesNegativeIf, Rules


@dataclass(frozen=True, slots=True)
class SideScore:
    """One side's hand score, by line (docs/rules.md, "Scoring a hand")."""

    canastas: int
    red_threes: int
    going_out: int
    melded: int
    in_hand: int

    @property
    def total(self) -> int:
        return self.canastas + self.red_threes + self.going_out + self.melded + self.in_hand

    def to_dict(self) -> dict[str, Any]:
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
        scores.append(_score(state, state.melds[side], state.red_threes[side], seats))
    return tuple(scores)


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
    return SideScore(
        canastas=canasta_bonus(rules, melds),
        red_threes=red_three_score(rules, melds, len(threes)),
        going_out=going_out,
        melded=sum(meld.points for meld in melds),
        in_hand=-sum(_held_value(rules, card, state.out is None) for card in _left_over(state, seats)),
    )


def _left_over(state: GameState, seats: tuple[int, ...]) -> list[Card]:
    """The cards the seats still hold: their hands, and in Hand and Foot their unplayed feet."""
    cards = [card for seat in seats for card in state.hands[seat]]
    if state.feet:
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
            total += shape.wild_canasta_bonus
        else:
            total += shape.natural_canasta_bonus if meld.wilds == 0 else shape.mixed_canasta_bonus
        if meld.concealed:
            total += rules.concealed_canasta_bonus
    return total


def red_three_score(rules: Rules, melds: tuple[TableMeld, ...], count: int) -> int:
    """The red threes' bonus, negative for a side with no meld (or, by option, no canasta) where the shape says
    they may count against it."""
    table = rules.shape.red_three_bonus
    bonus = table[min(count, len(table) - 1)]
    if not rules.shape.red_threes_may_count_against:
        return bonus
    if rules.red_threes_negative_if is RedThreesNegativeIf.NO_CANASTA:
        penalised = not any(meld.is_canasta(rules) for meld in melds)
    elif rules.red_threes_negative_if is RedThreesNegativeIf.FEWER_THAN_2_CANASTAS:
        penalised = sum(1 for meld in melds if meld.is_canasta(rules)) < 2
    else:
        penalised = not melds
    return -bonus if penalised else bonus
