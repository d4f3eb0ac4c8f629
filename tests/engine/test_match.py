"""`canasta.engine.match`: a game of hands to the target, the deal passing left, the end and tie rules, and the
initial-meld minimum taken from each side's cumulative score (docs/rules.md: "The deal and the upcard", "The first
meld", "The end of the game", "House rules")."""

import random
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

import pytest

from canasta.app.autoplay import make_bot, play_game
from canasta.engine import view_for
from canasta.engine.cards import Card
from canasta.engine.match import Match, finish_hand, first_dealer, new_match, start_hand
from canasta.engine.playerview import Phase, initial_minimum
from canasta.engine.position import load_position
from canasta.engine.rules import Rules
from canasta.engine.state import GameState
from tests.rules.positions import ACES, NATURAL_CANASTA, position

# Side 0: seven kings (500 + 70), seat 0 went out (100), seat 2 holds 9C (-10): 660.
# Side 1: three aces (60), seats 1 and 3 hold 5C, 4C 4D (-15): 45.
HAND_A = (660, 45)
# Nobody went out. Side 0: three aces (60), 9C and 9D in hand (-20): 40. Side 1: no meld, a red three
# (-100), 5C and 5D in hand (-10): -110.
HAND_B = (40, -110)


def _hand_a(dealer: int = 0) -> GameState:
    return load_position(
        position(
            4,
            phase="over",
            dealer=dealer,
            hands={0: "", 1: "5C", 2: "9C", 3: "4C 4D"},
            melds={0: [NATURAL_CANASTA], 1: [ACES]},
            out={"seat": 0, "concealed": False},
        )
    )


def _hand_b(dealer: int = 0) -> GameState:
    return load_position(
        position(
            4,
            phase="over",
            dealer=dealer,
            hands={0: "9C", 1: "5C", 2: "9D", 3: "5D"},
            melds={0: [ACES]},
            red_threes={1: "3H"},
            out=None,
        )
    )


def _match(scores: Sequence[int], dealer: int = 0, players: int = 4, **options: Any) -> Match:
    rules = Rules.for_players(players, **options)
    return Match(rules, tuple(scores), dealer, rules.target_score)


# --- a new game ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "options", "scores", "target"),
    [
        (2, {}, (0, 0), 5000),
        (3, {}, (0, 0, 0), 5000),
        (3, {"three_player_mode": "cutthroat"}, (0, 0, 0), 7500),
        (4, {}, (0, 0), 5000),
        (6, {}, (0, 0), 10_000),
        (4, {"target_score": 3000}, (0, 0), 3000),
    ],
)
def test_a_new_match_starts_at_zero(
    players: int, options: dict[str, Any], scores: tuple[int, ...], target: int
) -> None:
    match = new_match(Rules.for_players(players, **options), random.Random(5))
    assert match.scores == scores
    assert match.target == target
    assert 0 <= match.dealer < players
    assert match.hands == ()
    assert match.winners == ()
    assert not match.over


def test_start_hand_deals_with_the_matchs_dealer_and_scores() -> None:
    match = _match((120, -30), dealer=2)
    state = start_hand(match, random.Random(1))
    assert state.dealer == 2
    assert state.current == 3
    assert state.scores == (120, -30)
    assert state.phase is Phase.DRAW
    assert [len(hand) for hand in state.hands] == [11] * 4


# --- finishing hands ----------------------------------------------------------------------------------------


def test_finish_hand_adds_the_hand_scores_and_passes_the_deal_left() -> None:
    match = _match((0, 0), dealer=1)
    match = finish_hand(match, _hand_a(dealer=1))
    assert match.scores == HAND_A
    assert match.dealer == 2
    assert len(match.hands) == 1
    first = match.hands[0]
    assert first.dealer == 1
    assert first.totals == HAND_A
    assert first.out == 0
    assert tuple(side.total for side in first.breakdown) == HAND_A

    match = finish_hand(match, _hand_b(dealer=2))
    assert match.scores == (HAND_A[0] + HAND_B[0], HAND_A[1] + HAND_B[1])
    assert match.dealer == 3
    assert match.hands[1].out is None
    assert match.hands[1].totals == (700, -65)
    assert not match.over


@pytest.mark.parametrize(("players", "dealer", "following"), [(4, 3, 0), (2, 1, 0), (6, 5, 0), (6, 2, 3)])
def test_the_deal_passes_to_the_left(players: int, dealer: int, following: int) -> None:
    hands = {seat: ["9C", "9D", "9H", "9S", "TC", "TD"][seat] for seat in range(players)}
    state = load_position(position(players, phase="over", dealer=dealer, hands=hands, out=None))
    match = finish_hand(_match((0, 0), dealer=dealer, players=players), state)
    assert match.dealer == following


def test_three_players_keep_one_total_each_and_the_deal_passes_left() -> None:
    # Seat 0: seven kings and went out, 500 + 100 + 70 = 670. Seat 1: aces, holds 5C: 55. Seat 2: holds 9C: -10.
    state = load_position(
        position(
            3,
            phase="over",
            dealer=2,
            hands={0: "", 1: "5C", 2: "9C"},
            melds={0: [NATURAL_CANASTA], 1: [ACES]},
            out={"seat": 0, "concealed": False},
        )
    )
    match = finish_hand(_match((100, 200, 300), dealer=2, players=3), state)
    assert match.scores == (770, 255, 290)
    assert match.dealer == 0


def test_an_unfinished_hand_cannot_be_finished() -> None:
    state = start_hand(_match((0, 0)), random.Random(2))
    with pytest.raises(ValueError, match="not over"):
        finish_hand(_match((0, 0)), state)


# --- the end of the game ------------------------------------------------------------------------------------


def test_the_game_ends_when_a_side_reaches_the_target() -> None:
    match = finish_hand(_match((4400, 4900)), _hand_a())
    assert match.scores == (5060, 4945)
    assert match.winners == (0,)
    assert match.over
    with pytest.raises(ValueError, match="over"):
        start_hand(match, random.Random(1))


def test_the_game_goes_on_below_the_target() -> None:
    match = finish_hand(_match((4000, 4900)), _hand_a())
    assert match.scores == (4660, 4945)
    assert match.winners == ()
    assert not match.over


def test_when_both_sides_pass_the_target_the_higher_total_wins() -> None:
    # Side 1 was ahead, but after this hand side 0 has more: 5650 against 5045.
    match = finish_hand(_match((4990, 5000)), _hand_a())
    assert match.scores == (5650, 5045)
    assert match.winners == (0,)


def test_a_custom_target_ends_the_game() -> None:
    match = finish_hand(_match((0, 0), target_score=600), _hand_a())
    assert match.target == 600
    assert match.winners == (0,)


# Starting totals that make an exact tie after HAND_A: at the target, and above it.
TIES = [((4340, 4955), 5000), ((4400, 5015), 5060)]


@pytest.mark.parametrize(("before", "tied"), TIES)
def test_an_exact_tie_at_or_above_the_target_plays_another_hand(before: tuple[int, int], tied: int) -> None:
    match = finish_hand(_match(before), _hand_a())
    assert match.scores == (tied, tied)
    assert match.winners == ()
    assert not match.over
    assert match.target == 5000
    match = finish_hand(match, _hand_b())
    assert match.scores == (tied + 40, tied - 110)
    assert match.winners == (0,)


@pytest.mark.parametrize(("before", "tied"), TIES)
def test_an_exact_tie_under_raise_target_500_raises_the_target(before: tuple[int, int], tied: int) -> None:
    match = finish_hand(_match(before, tie="raise_target_500"), _hand_a())
    assert match.scores == (tied, tied)
    assert match.target == 5500
    assert not match.over
    # The next hand leaves both below 5500: the game goes on.
    match = finish_hand(match, _hand_b())
    assert match.scores == (tied + 40, tied - 110)
    assert match.target == 5500
    assert not match.over
    # Reaching the raised target ends it.
    match = finish_hand(match, _hand_a())
    assert match.scores == (tied + 40 + 660, tied - 110 + 45)
    assert match.winners == (0,)


def test_the_hand_after_a_raised_target_is_dealt_under_the_raised_target() -> None:
    # The players read the target from the hand's rules (is going out the end of the game?).
    match = finish_hand(_match((4340, 4955), tie="raise_target_500"), _hand_a())
    assert match.target == 5500
    state = start_hand(match, random.Random(3))
    assert state.rules.target_score == 5500
    assert view_for(state, 0).rules.target_score == 5500
    assert replace(state.rules, target_score=5000) == match.rules
    # Before any tie the hand's rules are the game's own.
    game = _match((4340, 4955), tie="raise_target_500")
    assert start_hand(game, random.Random(3)).rules is game.rules


@pytest.mark.parametrize(("before", "tied"), TIES)
def test_an_exact_tie_under_shared_win_gives_both_the_win(before: tuple[int, int], tied: int) -> None:
    match = finish_hand(_match(before, tie="shared_win"), _hand_a())
    assert match.scores == (tied, tied)
    assert match.over
    assert set(match.winners) == {0, 1}


@pytest.mark.parametrize("tie", ["play_another_hand", "raise_target_500", "shared_win"])
def test_a_tie_below_the_target_changes_nothing(tie: str) -> None:
    match = finish_hand(_match((3340, 3955), tie=tie), _hand_a())
    assert match.scores == (4000, 4000)
    assert match.winners == ()
    assert match.target == 5000


def _three_player_tie(tie: str) -> Match:
    # Seat 0: 670 this hand, seat 1: 55, seat 2: -10 (see the three-player test above).
    state = load_position(
        position(
            3,
            phase="over",
            hands={0: "", 1: "5C", 2: "9C"},
            melds={0: [NATURAL_CANASTA], 1: [ACES]},
            out={"seat": 0, "concealed": False},
        )
    )
    return finish_hand(_match((4330, 4945, 4000), players=3, tie=tie), state)


def test_three_players_tied_at_the_top_share_the_win_under_shared_win() -> None:
    match = _three_player_tie("shared_win")
    assert match.scores == (5000, 5000, 3990)
    assert set(match.winners) == {0, 1}


def test_three_players_tied_at_the_top_play_on_by_default() -> None:
    match = _three_player_tie("play_another_hand")
    assert match.scores == (5000, 5000, 3990)
    assert match.winners == ()


# --- the first dealer ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["random", "cut_high", "cut_low"])
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_first_dealer_is_a_seat_and_repeats_for_a_seed(mode: str, players: int) -> None:
    rules = Rules.for_players(players, first_dealer=mode)
    dealers = [first_dealer(rules, random.Random(seed)) for seed in range(40)]
    assert all(0 <= dealer < players for dealer in dealers)
    assert dealers == [first_dealer(rules, random.Random(seed)) for seed in range(40)]
    assert len(set(dealers)) > 1, "the first dealer should depend on the seed"
    assert [new_match(rules, random.Random(seed)).dealer for seed in range(40)] == dealers


class _Cuts(random.Random):
    """A Random whose `sample` returns the cuts a test names, one per call."""

    def __init__(self, cuts: Iterable[str]) -> None:
        super().__init__(0)
        self.cuts = [[Card.parse(text) for text in cut.split()] for cut in cuts]

    def sample(self, population: Any, k: int, *, counts: Any = None) -> list[Any]:
        cut = self.cuts.pop(0)
        assert len(cut) == k
        return list(cut)


@pytest.mark.parametrize(("mode", "dealer"), [("cut_high", 1), ("cut_low", 3)])
def test_cutting_for_the_deal(mode: str, dealer: int) -> None:
    rules = Rules.for_players(4, first_dealer=mode)
    assert first_dealer(rules, _Cuts(["5C KH 9D 4S"])) == dealer


def test_equal_high_cards_cut_again() -> None:
    rules = Rules.for_players(4, first_dealer="cut_high")
    assert first_dealer(rules, _Cuts(["KH KS 5C 4D", "5C 9H QD 4S"])) == 2


# --- the initial minimum comes from each side's cumulative score --------------------------------------------


@pytest.mark.parametrize(
    ("players", "scores", "minimums"),
    [
        (4, (-10, 1500), [15, 90, 15, 90]),
        (4, (3000, 0), [120, 50, 120, 50]),
        (4, (1495, 2995), [50, 90, 50, 90]),
        (4, (-5, 7500), [15, 120, 15, 120]),  # 150 is only for six players
        (6, (7500, 7495), [150, 120, 150, 120, 150, 120]),
        (6, (10_000, 0), [150, 50, 150, 50, 150, 50]),
        (3, (-10, 2995, 3000), [15, 90, 120]),
        (2, (0, 1500), [50, 90]),
    ],
)
def test_the_initial_minimum_follows_each_sides_score(
    players: int, scores: tuple[int, ...], minimums: list[int]
) -> None:
    match = replace(new_match(Rules.for_players(players), random.Random(0)), scores=scores)
    state = start_hand(match, random.Random(7))
    assert [initial_minimum(view_for(state, seat)) for seat in range(players)] == minimums


# --- a whole game -------------------------------------------------------------------------------------------


def test_a_whole_game_of_greedy_players_adds_up() -> None:
    rules = Rules.for_players(4, target_score=2500)
    rng = random.Random(11)
    bots = [make_bot("greedy", rng) for _ in range(4)]
    match = play_game(rules, bots, rng)
    assert match.over
    totals = [0, 0]
    dealer = match.hands[0].dealer
    for index, result in enumerate(match.hands):
        assert result.dealer == (dealer + index) % 4
        totals = [total + side.total for total, side in zip(totals, result.breakdown, strict=True)]
        assert list(result.totals) == totals
        if index < len(match.hands) - 1:
            assert max(totals) < 2500 or totals[0] == totals[1]
    assert match.scores == tuple(totals)
    assert max(totals) >= 2500
    assert match.winners == (totals.index(max(totals)),)
    assert match.dealer == (dealer + len(match.hands)) % 4
