"""`legal_actions` lists, at every first-meld chance, a legal first meld whenever one exists, and one spending
the fewest wild cards any legal first meld spends (docs/rules.md, "The first meld").

A brute-force enumerator (`first_meld_enumerator.py`) finds every first meld of the hand, and `check` judges each:
a meld step from the hand in the play phase, a take of the pile with the top card and other melds in the draw
phase. The positions are the acting seat's views, while its side has not melded, in seeded hands played by
computer players of mixed levels through the one play loop at 2, 3, 4 and 6 players (the wild limit and the
sides' scores, so the minimums, vary from hand to hand); three positions of the issue are checked by hand too.
A failure names the position, what `legal_actions` listed and what the enumerator found, with the view's JSON.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from canasta.ai.levels import make_bot
from canasta.ai.seat import seats_for
from canasta.engine import Transition, check, new_hand, view_for
from canasta.engine.actions import Action, action_from_json
from canasta.engine.play import HandOptions, play_hand
from canasta.engine.playerview import Phase, PlayerView, my_melds
from canasta.engine.position import load_view
from canasta.engine.rules import Rules, ThreePlayerMode, WildLimit
from canasta.engine.state import GameState
from canasta.engine.steps import pile_access_refusal
from tests.engine.first_meld_enumerator import completeness_failure, fewest_wild_step, wilds_spent

PLAYER_COUNTS = (2, 3, 4, 6)
HANDS_PER_COUNT = 200
LEVELS = ("random", "greedy", "beginner", "normal")
SCORES = (-200, 0, 1600, 3100, 7500)  # minimums 15, 50, 90 and 120 (150 with six players at 7500)
WILD_LIMITS = (WildLimit.MAX3, WildLimit.MAX3, WildLimit.NOT_MORE_THAN_NATURALS, WildLimit.NATURALS_MAJORITY)
SHOWN = 3  # failures spelled out in the message; the count says how many in all


def hand_rules(players: int, seed: int) -> Rules:
    """The count's usual rules with a wild limit from the seed; every other three-player hand is cutthroat."""
    wild_limit = WILD_LIMITS[seed % len(WILD_LIMITS)]
    if players == 3 and seed % 2:
        return Rules.for_players(3, three_player_mode=ThreePlayerMode.CUTTHROAT, wild_limit=wild_limit)
    return Rules.for_players(players, wild_limit=wild_limit)


def first_meld_chance(view: PlayerView) -> bool:
    """The seat to act could make its side's first meld now: in the play phase, or by taking the pile."""
    if my_melds(view):
        return False
    return view.phase is Phase.PLAY or (view.phase is Phase.DRAW and pile_access_refusal(view) is None)


def seeded_positions(players: int, seed: int) -> list[PlayerView]:
    """The acting seat's view at every first-meld chance of one seeded hand played by a mix of levels."""
    rng = random.Random(seed * 10 + players)
    rules = hand_rules(players, seed)
    entries = 3 if players == 3 else len(rules.shape.sides)
    scores = tuple(rng.choice(SCORES if players == 6 else SCORES[:-1]) for _ in range(entries))
    state = new_hand(rules, scores, rng.randrange(players), rng)
    bots = [make_bot(LEVELS[(seed + seat) % len(LEVELS)], rng, players) for seat in range(players)]
    positions: list[PlayerView] = []

    def keep(before: GameState, _action: Action, _transition: Transition) -> None:
        view = view_for(before, before.current)
        if first_meld_chance(view):
            positions.append(view)

    play_hand(state, seats_for(bots, state.seen), HandOptions(on_step=keep))
    return positions


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_every_first_meld_chance_in_seeded_hands_lists_the_fewest_wild_first_meld(players: int) -> None:
    positions = [view for seed in range(HANDS_PER_COUNT) for view in seeded_positions(players, seed)]
    assert any(fewest_wild_step(view) is not None for view in positions)  # the hands do reach first melds
    failures = [failure for view in positions if (failure := completeness_failure(view)) is not None]
    shown = "\n".join(failures[:SHOWN])
    assert failures == [], f"{players} players: {len(failures)} of {len(positions)} first-meld chances fail:\n{shown}"


def _view(hand: str, pile: str, phase: str, scores: list[int]) -> PlayerView:
    """A four-player view of seat 0, to act, in a hand where nobody has melded; the others hold four cards."""
    hand_cards = hand.split()
    data: dict[str, Any] = {
        "format": "canasta-view/1",
        "seat": 0,
        "rules": {"players": 4},
        "scores": scores,
        "dealer": 3,
        "current": 0,
        "phase": phase,
        "pile": pile.split(),
        "melds": [[], []],
        "red_threes": [[], []],
        "melded_this_hand": [False] * 4,
        "turn": {"drew_from": "stock" if phase == "play" else None, "concealed": True},
        "hand": hand_cards,
        "hand_counts": [len(hand_cards), 4, 4, 4],
        "stock_count": 108 - len(hand_cards) - 12 - len(pile.split()),
    }
    return load_view(data)


ISSUE_CASES: dict[str, tuple[str, str, str, list[int], dict[str, Any]]] = {
    # Need 120, pile top A: A-A with the pile's ace (60), K-K-K (30) and Q-Q-2 (40) make 130.
    "aces_kings_queens_for_120": (
        "AC AD KC KD KH QC QD 2C 9S 6H 4D", "7C AH", "draw", [3000, 0],
        {"type": "take_pile", "with": ["AC", "AD"], "also": [["KC", "KD", "KH"], ["QC", "QD", "2C"]]},
    ),
    # Need 90: T-T-JK (70) with 8-8-8 (30), though 8-8-8-JK (80) is the dearest single meld.
    "tens_with_the_joker_for_90": (
        "TC TD 8C 8D 8H JK 5S 7D 9C 4H", "6C", "play", [1500, 0],
        {"type": "meld", "new": [["TC", "TD", "JK"], ["8C", "8D", "8H"]]},
    ),
    # Need 50: K-K with the pile's king (30) and 5-5-5-5 (20), without the joker.
    "kings_and_fives_without_the_joker_for_50": (
        "KC KD 5C 5D 5H 5S JK 9S 6H 4D 7C", "9D KH", "draw", [0, 0],
        {"type": "take_pile", "with": ["KC", "KD"], "also": [["5C", "5D", "5H", "5S"]]},
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", ISSUE_CASES)
def test_the_first_melds_of_the_issue_are_found_and_listed(case: str) -> None:
    hand, pile, phase, scores, data = ISSUE_CASES[case]
    view = _view(hand, pile, phase, scores)
    step = action_from_json(data)
    assert check(view, step) is None
    best = fewest_wild_step(view)
    assert best is not None
    assert type(best.action) is type(step)
    assert best.wilds == wilds_spent(step)  # the example spends the fewest wild cards there are
    failure = completeness_failure(view)
    assert failure is None, failure
