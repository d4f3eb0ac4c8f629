"""Modern American Canasta (docs/variants.md), rule-sheet clauses C1 (the deal), C13 (the player count) and C11 (the
game's end), through the engine's Python names (docs/formats.md, "The engine from Python": `Rules.for_players`,
`new_hand`, `dump_position`, the match) and the referee."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from canasta.engine import new_hand
from canasta.engine.game.match import Match, finish_hand
from canasta.engine.game.position import dump_position, load_position
from canasta.engine.rules import Rules
from tests.rules_modern_american.ma_positions import (
    FORMAT,
    THREES,
    VARIANT,
    all_cards,
    assert_error,
    deck,
    draw,
    group,
    over,
    position,
    two_canastas,
)


def dealt(seed: int, **options: Any) -> dict[str, Any]:
    """A fresh hand of Modern American, dealt by seat 3, as its position."""
    rules = Rules.for_players(4, variant=VARIANT, **options)
    pos: dict[str, Any] = dump_position(new_hand(rules, (0, 0), 3, random.Random(seed)))
    return pos


@pytest.mark.parametrize("seed", range(6))
def test_c1_thirteen_cards_each_no_upcard_and_every_three_laid_out(seed: int) -> None:
    pos = dealt(seed)
    assert pos["format"] == FORMAT and pos["rules"]["variant"] == VARIANT
    assert all_cards(pos) == Counter(deck()), "108 cards: two packs and four jokers"
    assert [len(hand) for hand in pos["hands"]] == [13, 13, 13, 13], "threes dealt are replaced"
    assert pos["pile"] == [], "no upcard: the discard pile starts empty"
    assert not any(card in THREES for hand in pos["hands"] for card in hand)
    laid = [card for row in pos["threes"] for card in row]
    assert all(card in THREES for card in laid)
    assert len(pos["stock"]) == 108 - 52 - len(laid)
    assert pos["phase"] == "draw" and pos["current"] == 0


def test_c1_threes_of_both_colours_are_laid_out_at_the_deal() -> None:
    colours: Counter[str] = Counter()
    for seed in range(30):
        for row in dealt(seed)["threes"]:
            colours.update("black" if card in ("3C", "3S") else "red" for card in row)
    assert colours["black"] > 0 and colours["red"] > 0, colours


def test_c1_no_side_has_taken_bonus_cards_at_the_deal() -> None:
    pos = dealt(1)
    assert pos.get("bonus_cards", [False, False]) == [False, False]
    assert pos["melds"] == [[], []]


def test_c14_cards_dealt_15() -> None:
    pos = dealt(2, cards_dealt=15)
    assert [len(hand) for hand in pos["hands"]] == [15, 15, 15, 15]
    assert pos["rules"].get("cards_dealt") == 15


@pytest.mark.parametrize("players", [2, 3, 6])
def test_c13_four_players_only(players: int) -> None:
    with pytest.raises(ValueError, match=str(players)):
        Rules.for_players(players, variant=VARIANT)


@pytest.mark.parametrize("players", [2, 3, 6])
def test_c13_the_referee_refuses_another_player_count_naming_it(players: int) -> None:
    pos = position()
    pos["rules"]["players"] = players
    assert_error({"position": pos, "action": draw()}, "players", str(players))


def test_c11_the_target_is_8500_by_default() -> None:
    assert Rules.for_players(4, variant=VARIANT).target_score == 8500
    assert Rules.for_players(4, variant=VARIANT, target_score=10000).target_score == 10000


def finished(scores: tuple[int, int], target: int | None = None) -> Match:
    """A game at `scores` that finishes a hand side 0 wins by 70 + 500 + 120 + 300 + 100 = 1090."""
    options = {} if target is None else {"target_score": target}
    rules = Rules.for_players(4, variant=VARIANT, **options)
    pos = over({0: two_canastas()}, {}, scores=list(scores), rules=options)
    state = load_position(pos)
    return finish_hand(Match(rules, scores, 3, rules.target_score), state)


def test_c11_the_game_ends_when_a_side_reaches_8500() -> None:
    match = finished((7500, 8000))
    assert match.scores == (8590, 8000)
    assert match.over and match.winners == (0,)


def test_c11_below_8500_the_game_goes_on() -> None:
    match = finished((7000, 8000))
    assert match.scores == (8090, 8000) and not match.over


def test_c11_one_side_over_the_target_the_higher_total_wins() -> None:
    match = finished((7000, 9000))
    assert match.scores == (8090, 9000) and match.over and match.winners == (1,)


def test_c11_both_sides_over_the_target_the_higher_total_wins() -> None:
    match = finished((7500, 8600))
    assert match.scores == (8590, 8600) and match.over and match.winners == (1,)


def test_c14_target_score_10000() -> None:
    match = finished((7500, 8000), target=10000)
    assert match.scores == (8590, 8000) and not match.over
    assert finished((9000, 0), target=10000).winners == (0,)


def test_c1_a_position_places_every_card_of_108_once() -> None:
    pos = position(melds={0: [group("K", "KC KD KH")]})
    pos["stock"].pop()
    assert_error({"position": pos, "action": draw()})
