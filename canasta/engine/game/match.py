"""A whole game of hands to the target, the deal passing left, the end and a tie (docs/rules.md, "The end of the game").

The dealer rotation and the cumulative scores live here; `finish_hand` adds a hand and judges the end.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from canasta.engine.cards import RANK_ORDER, Rank, make_deck
from canasta.engine.game.scoring import SideScore, score_hand
from canasta.engine.game.state import GameState
from canasta.engine.game.transitions import new_hand
from canasta.engine.playerview import Phase, score_index
from canasta.engine.rules import ROUNDS, FirstDealer, GameEnd, Rules, Tie
from canasta.engine.special_hands import wins_the_game


@dataclass(frozen=True, slots=True)
class HandResult:
    """One finished hand: who dealt, its breakdown per side, and the totals after it."""

    dealer: int
    breakdown: tuple[SideScore, ...]
    totals: tuple[int, ...]
    out: int | None


@dataclass(frozen=True, slots=True)
class Match:
    """A game in progress or finished. `winners` is empty until the game ends (several on a shared win)."""

    rules: Rules
    scores: tuple[int, ...]
    dealer: int
    target: int
    hands: tuple[HandResult, ...] = ()
    winners: tuple[int, ...] = ()

    @property
    def over(self) -> bool:
        return bool(self.winners)


def new_match(rules: Rules, rng: random.Random) -> Match:
    """A new game: scores at zero and the first dealer by the `first_dealer` option."""
    entries = 3 if rules.players == 3 else len(rules.shape.sides)
    return Match(rules, (0,) * entries, first_dealer(rules, rng), rules.target_score)


def first_dealer(rules: Rules, rng: random.Random) -> int:
    """Random, or by cutting the deck: highest (or lowest) card deals; jokers and ties cut again."""
    if rules.first_dealer is FirstDealer.RANDOM:
        return rng.randrange(rules.players)
    deck = [card for card in make_deck(rules.shape.packs) if card.rank is not Rank.JOKER]
    while True:
        cut = rng.sample(deck, rules.players)
        values = [RANK_ORDER[card.rank] if card.rank is not Rank.ACE else len(RANK_ORDER) for card in cut]
        best = max(values) if rules.first_dealer is FirstDealer.CUT_HIGH else min(values)
        if values.count(best) == 1:
            return values.index(best)


def start_hand(match: Match, rng: random.Random) -> GameState:
    """Deal the next hand of the game, under the game's rules with its target as it stands now (a tie may have
    raised it), so that the players who read the rules see the real target."""
    if match.over:
        raise ValueError("the game is over")
    return new_hand(hand_rules(match), match.scores, match.dealer, rng, round_number=len(match.hands) + 1)


def hand_rules(match: Match) -> Rules:
    """The game's rules with the target as it stands now."""
    if match.target == match.rules.target_score:
        return match.rules
    return replace(match.rules, target_score=match.target)


def finish_hand(match: Match, state: GameState) -> Match:
    """Add a finished hand's scores, pass the deal to the left, and end the game when a side reaches the
    target with a single highest total (a tie plays on, raises the target by 500, or shares the win)."""
    if state.phase is not Phase.OVER:
        raise ValueError("the hand is not over")
    breakdown = score_hand(state)
    totals = tuple(score + side.total for score, side in zip(match.scores, breakdown, strict=True))
    result = HandResult(match.dealer, breakdown, totals, None if state.out is None else state.out.seat)
    match = replace(
        match,
        scores=totals,
        dealer=(match.dealer + 1) % match.rules.players,
        hands=(*match.hands, result),
    )
    out = state.out
    if out is not None and out.special is not None and wins_the_game(out.special):
        # A dream hand wins the game outright, whatever the totals (docs/variants.md, "Special hands").
        return replace(match, winners=(score_index(match.rules, out.seat),))
    return _judge_end(match)


def _judge_end(match: Match) -> Match:
    best = max(match.scores)
    if match.rules.game_end is GameEnd.ROUNDS_4:  # after the fourth round the higher total wins (a tie shares)
        if len(match.hands) < ROUNDS:
            return match
        return replace(match, winners=tuple(index for index, score in enumerate(match.scores) if score == best))
    if best < match.target:
        return match
    leaders = tuple(index for index, score in enumerate(match.scores) if score == best)
    if len(leaders) == 1:
        return replace(match, winners=leaders)
    if match.rules.tie is Tie.SHARED_WIN:
        return replace(match, winners=leaders)
    if match.rules.tie is Tie.RAISE_TARGET_500:
        return replace(match, target=match.target + 500)
    return match
