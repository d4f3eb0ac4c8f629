"""Every computer level: legal, honest, safe when it fails; and the commands that serve them."""

from __future__ import annotations

import json
import logging
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta.actions import Action, Discard, Draw
from canasta.ai.base import CardMemory
from canasta.ai.levels import LEVELS, make_bot
from canasta.app.autoplay import decide
from canasta.app.sim import SimConfig, elo_difference, simulate
from canasta.cards import Rank
from canasta.engine import check, legal_actions, new_hand, view_for
from canasta.playerview import Phase, PlayerView
from canasta.position import dump_view
from canasta.rules import Rules
from tests.play import QUICK, played_states, reshuffle_unseen

SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("level", LEVELS)
@SETTINGS
@given(seed=st.integers(0, 10**9))
def test_every_level_chooses_a_legal_action(level: str, seed: int) -> None:
    bot = make_bot(level, random.Random(seed), 4, QUICK)
    for state in list(played_states(seed, LEVELS))[::4]:
        if state.phase is Phase.OVER:
            continue
        view = view_for(state, state.current)
        action = bot.choose(view, CardMemory.from_view(view))
        assert check(view, action) is None, (level, action)


@pytest.mark.parametrize("level", LEVELS)
@SETTINGS
@given(seed=st.integers(0, 10**9), pick=st.integers(0, 10**6))
def test_a_decision_does_not_change_when_hidden_cards_are_reshuffled(level: str, seed: int, pick: int) -> None:
    states = [state for state in played_states(seed, LEVELS) if state.phase is not Phase.OVER]
    state = states[pick % len(states)]
    seat = state.current
    shuffled = reshuffle_unseen(state, seat, random.Random(pick))
    decisions = []
    for position in (state, shuffled):
        view = view_for(position, seat)
        bot = make_bot(level, random.Random(seed), state.rules.players, QUICK)
        decisions.append(bot.choose(view, CardMemory.from_view(view)))
    assert decisions[0] == decisions[1]


def test_beginner_never_throws_away_a_joker_while_another_discard_is_legal() -> None:
    bot = make_bot("beginner", random.Random(3))
    for seed in range(40):
        for state in played_states(seed, ("beginner",)):
            if state.phase is not Phase.PLAY:
                continue
            view = view_for(state, state.current)
            action = bot.choose(view, CardMemory.from_view(view))
            if isinstance(action, Discard) and action.card.rank is Rank.JOKER:
                others = [a for a in legal_actions(view) if isinstance(a, Discard) and not a.card.is_wild]
                assert not others, f"seed {seed}: discarded a joker holding {view.hand}"


class _Raises:
    def choose(self, view: PlayerView, memory: CardMemory) -> Action:
        raise RuntimeError("planted failure")

    def answer_go_out(self, view: PlayerView, memory: CardMemory) -> bool:
        return True


class _Illegal:
    def choose(self, view: PlayerView, memory: CardMemory) -> Action:
        return Discard(view.hand[0])  # in the draw phase: refused

    def answer_go_out(self, view: PlayerView, memory: CardMemory) -> bool:
        return True


@pytest.mark.parametrize("bot", [_Raises(), _Illegal()])
def test_a_failing_player_is_replaced_by_a_safe_legal_move_and_logged(
    bot: _Raises | _Illegal, caplog: pytest.LogCaptureFixture
) -> None:
    state = new_hand(Rules.for_players(4), (0, 0), 0, random.Random(5))
    view = view_for(state, state.current)
    with caplog.at_level(logging.WARNING):
        action = decide(bot, view, CardMemory.from_view(view))
    assert action == Draw()
    assert caplog.records, "the failure is logged"


def test_sim_of_a_level_against_itself_is_exactly_even_on_duplicate_deals() -> None:
    figures = simulate(SimConfig("greedy", "greedy", 4, deals=6, games=1, seed=3))
    assert figures["points_per_deal_diff"] == 0
    assert figures["win_rate_a"] == 0.5
    assert set(figures) >= {"deals", "points_per_deal_diff", "ci95_low", "ci95_high", "games", "win_rate_a", "elo_diff"}


def test_sim_sees_that_greedy_beats_random() -> None:
    figures = simulate(SimConfig("greedy", "random", 2, deals=20, games=0, seed=4))
    assert figures["ci95_low"] > 0


def test_elo_difference_of_even_and_better_scores() -> None:
    assert elo_difference(0.5) == 0
    assert round(elo_difference(0.75)) == 191
    assert elo_difference(0.25) == pytest.approx(-elo_difference(0.75))


def test_the_bot_command_answers_views_and_refuses_garbage() -> None:
    state = new_hand(Rules.for_players(4), (0, 0), 0, random.Random(8))
    good = json.dumps({"view": dump_view(view_for(state, state.current)), "extra": 1})
    wrong_seat = json.dumps({"view": dump_view(view_for(state, (state.current + 1) % 4))})
    lines = "\n".join([good, wrong_seat, '{"view": {"seat": 0}}', "not json", ""]) + "\n"
    done = subprocess.run(
        [sys.executable, "-m", "canasta", "bot", "--level", "normal"],
        check=False,
        input=lines,
        capture_output=True,
        text=True,
        timeout=60,
    )
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 0 and len(replies) == 4
    assert replies[0] == {"action": {"type": "draw"}} or replies[0]["action"]["type"] == "take_pile"
    assert "turn" in replies[1]["error"]
    assert all("error" in reply for reply in replies[2:])
