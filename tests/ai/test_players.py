"""Every computer level: legal, honest, safe when it fails; and the commands that serve them."""

from __future__ import annotations

import contextlib
import io
import json
import logging
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta.ai.base import Bot, CardMemory
from canasta.ai.heuristic import HeuristicBot, Weights
from canasta.ai.knowledge import discarded_rank, refused_ranks
from canasta.ai.levels import LEVELS, make_bot, normal_weights
from canasta.ai.lookahead import (
    GAME_POINTS,
    MARGIN,
    PRUNE_AFTER,
    Budget,
    ExpertBot,
    Line,
    clear_winner,
    hand_worth,
    hold_rest_of_turn,
    hopeless,
    naturals_only,
    sample_world,
)
from canasta.ai.seat import seats_for
from canasta.app.autoplay import decide
from canasta.app.cli import run
from canasta.app.sim import SimConfig, elo_difference, simulate
from canasta.engine import apply, check, legal_actions, new_hand, view_for
from canasta.engine.actions import Action, AskPartner, Discard, Draw, Meld, TakePile
from canasta.engine.cards import Card, Rank
from canasta.engine.events import DealEvent
from canasta.engine.invariants import violations
from canasta.engine.play import HandOptions, play_hand
from canasta.engine.playerview import Phase, PlayerView
from canasta.engine.position import dump_position, dump_view, load_position
from canasta.engine.rules import Rules
from canasta.engine.scoring import score_hand
from canasta.engine.state import GameState
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


def test_every_danger_weight_changes_the_discard_it_scales() -> None:
    """`discarded_by_next` scales the danger of a rank the next player let go of before: a card of such a
    rank costs more as a discard when the weight grows (no weight may be left unread)."""
    found = 0
    for seed in range(60):
        for state in played_states(seed, ("greedy",)):
            if state.phase is not Phase.PLAY or not state.pile:
                continue
            view = view_for(state, state.current)
            memory = CardMemory.from_view(view)
            following = (view.seat + 1) % view.rules.players
            for card in view.hand:
                if not card.is_natural or card.is_black_three or not discarded_rank(memory, following, card.rank):
                    continue
                low = HeuristicBot(Weights(discarded_by_next=0.1)).discard_cost(view, memory, card)
                high = HeuristicBot(Weights(discarded_by_next=0.9)).discard_cost(view, memory, card)
                assert low <= high
                found += low < high
    assert found >= 10, "too few positions where the weight matters to test it"


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


def test_expert_seconds_zero_takes_the_clock_away_from_the_sim() -> None:
    assert SimConfig("expert", "hard", 4, 1, 0, 1, expert_samples=3, expert_seconds=0).budget() == Budget(3, None)
    assert SimConfig("expert", "hard", 4, 1, 0, 1, expert_seconds=0.5).budget().seconds == 0.5
    assert not SimConfig("expert", "hard", 4, 1, 0, 1).budget().remembers
    assert SimConfig("expert", "hard", 4, 1, 0, 1, expert_remembers=True).budget().remembers
    command = ["sim", "--a", "expert", "--b", "hard", "--players", "2", "--deals", "1", "--games", "0"]
    command += ["--expert-samples", "2", "--expert-seconds", "0", "--json"]
    printed = []
    for _ in range(2):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            assert run(command) == 0
        printed.append(json.loads(out.getvalue()))
    assert printed[0] == printed[1]  # no clock: the same figures every time


def test_expert_remembers_reaches_the_sims_expert(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[SimConfig] = []

    def fake_simulate(config: SimConfig, **_: Any) -> dict[str, Any]:
        seen.append(config)
        raise KeyboardInterrupt  # stops the command before it prints figures

    monkeypatch.setattr("canasta.app.sim.simulate", fake_simulate)
    command = ["sim", "--a", "expert", "--b", "hard", "--deals", "1", "--games", "0", "--expert-seconds", "0"]
    for flags in ([], ["--expert-remembers"]):
        with contextlib.suppress(KeyboardInterrupt):
            run(command + flags)
    assert [config.budget().remembers for config in seen] == [False, True]


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


# -- the Expert's look-ahead ----------------------------------------------------------------------------------

LOOK_AHEAD = Budget(samples=6, seconds=None)  # enough deals for the look-ahead to overrule Hard at all
PUZZLES = Path(__file__).parent / "puzzles"


@pytest.mark.parametrize(
    ("rows", "chosen"),
    [
        ([[0.0, 400.0, 100.0 + i] for i in range(8)], 1),  # a clear, steady gain
        ([[0.0, 30.0] for _ in range(8)], 0),  # steady but below the margin
        ([[0.0, 2000.0 * (-1) ** i + 300.0] for i in range(8)], 0),  # big on average, but noise
        ([[0.0, 500.0], [0.0, 520.0], [0.0, 480.0]], 0),  # too few deals to know the spread
        ([[10.0, 300.0 + i, 600.0 - i] for i in range(8)], 2),  # two gains: the bigger
    ],
)
def test_the_expert_keeps_hards_choice_unless_another_is_clearly_better(rows: list[list[float]], chosen: int) -> None:
    columns = [list(column) for column in zip(*rows, strict=True)]  # each candidate's results, deal by deal
    assert clear_winner(columns, MARGIN) == chosen


def test_a_candidate_dropped_early_is_judged_on_the_deals_it_was_played_on() -> None:
    hard = [0.0] * 12
    assert clear_winner([hard, [400.0, 420.0, 380.0, 410.0, 390.0, 400.0]], MARGIN) == 1
    assert clear_winner([hard, [400.0, 420.0, 380.0]], MARGIN) == 0  # too few deals to know the spread


@pytest.mark.parametrize(
    ("gains", "dropped"),
    [
        ([-300.0 + 10 * i for i in range(8)], True),  # steadily worse than Hard's choice
        ([-300.0 + 10 * i for i in range(PRUNE_AFTER - 1)], False),  # too few deals yet
        ([2000.0 * (-1) ** i - 300.0 for i in range(8)], False),  # worse on average, but it may yet be better
        ([MARGIN + 5.0 * (-1) ** i for i in range(8)], False),  # about the margin: a close call, keep playing it
    ],
)
def test_the_expert_stops_playing_a_candidate_only_once_it_is_plainly_no_match(
    gains: list[float], dropped: bool
) -> None:
    assert hopeless([0.0] * len(gains), gains, MARGIN) is dropped


def test_a_won_game_is_worth_the_same_whatever_the_margin() -> None:
    data = json.loads(next(PUZZLES.glob("30-*.json")).read_text(encoding="utf-8"))
    state = load_position({key: value for key, value in data.items() if key != "puzzle"})
    even = replace(state, scores=(0, 0))
    hand = [side.total for side in score_hand(even)]
    assert hand_worth(even, 0) == hand[0] - hand[1] == -hand_worth(even, 1)
    assert hand_worth(state, 0) == GAME_POINTS  # 4800 and a canasta on the table: the game is ours
    assert hand_worth(state, 1) == -GAME_POINTS


@settings(SETTINGS, max_examples=6)
@given(seed=st.integers(0, 10**9), pick=st.integers(0, 10**6))
def test_the_expert_look_ahead_is_blind_to_hidden_cards(seed: int, pick: int) -> None:
    """With enough deals to overrule Hard, the decision still depends only on what its seat can see."""
    # Discards are looked ahead on at every turn (Hard's, the next cheapest, a wild card).
    states = [state for state in played_states(seed, ("hard",)) if state.phase is Phase.PLAY]
    if not states:
        return
    state = states[pick % len(states)]
    seat = state.current
    decisions = []
    for position in (state, reshuffle_unseen(state, seat, random.Random(pick))):
        view = view_for(position, seat)
        bot = make_bot("expert", random.Random(seed), state.rules.players, LOOK_AHEAD)
        decisions.append(bot.choose(view, CardMemory.from_view(view)))
    assert decisions[0] == decisions[1]
    assert check(view_for(state, seat), decisions[0]) is None


def test_the_expert_deals_a_player_who_drew_past_a_pile_at_most_one_card_of_its_top_rank() -> None:
    """Inference in the sampled deals: a refusal (drawing past a pile of three or more one could have taken
    with a natural pair) keeps a pair of that rank out of the player's sampled hand; the cards still add up."""
    checked = 0
    for seed in range(40):
        for state in played_states(seed, ("normal",)):
            view = view_for(state, state.current)
            refusals = {seat: refused_ranks(view, seat) for seat in range(view.rules.players) if seat != view.seat}
            if not any(refusals.values()) or state.phase is Phase.OVER:
                continue
            memory = CardMemory.from_view(view)
            for sample in range(3):
                world = sample_world(view, memory, random.Random(sample), inference=True)
                assert violations(world) == []
                for seat, ranks in refusals.items():
                    known = {Card.parse(text).rank for text in memory.taken[seat]}
                    for rank in ranks - known:
                        held = sum(1 for card in world.hands[seat] if card.rank is rank and card.is_natural)
                        assert held <= 1, f"seed {seed}: seat {seat} dealt {held} of refused {rank}"
                        checked += 1
    assert checked >= 50


def _cards(*texts: str) -> tuple[Card, ...]:
    return tuple(Card.parse(text) for text in texts)


def _six_aces_to_be() -> dict[str, Any]:
    """Seat 0 holds an ace and a two beside five aces on the table, no canasta yet: Hard adds both."""
    source = Path(__file__).parent / "puzzles" / "08-finish-the-first-canasta-with-a-wild-card.json"
    data: dict[str, Any] = json.loads(source.read_text(encoding="utf-8"))
    data.pop("puzzle")
    data["hands"][0] = ["2C", "AD", "8H", "9D", "JS", "KH"]
    data["melds"][0] = [["AH", "AD", "AS", "AC", "AH"]]
    return data


def test_naturals_only_keeps_the_wild_cards_back() -> None:
    ace, nine = Rank.parse("A"), Rank.parse("9")
    meld = Meld(new=(_cards("9C", "9D", "9H", "2C"), _cards("KC", "KD", "JK")), add=((ace, _cards("AD", "2D")),))
    assert naturals_only(meld) == Meld(new=(_cards("9C", "9D", "9H"),), add=((ace, _cards("AD")),))
    assert naturals_only(Meld(new=(_cards("KC", "KD", "JK"),))) is None
    assert naturals_only(Meld(add=((nine, _cards("2C")),))) is None


def test_the_expert_weighs_a_meld_plan_against_holding_and_against_keeping_the_wild_cards() -> None:
    state = load_position(_six_aces_to_be())
    view = view_for(state, 0)
    memory = CardMemory.from_view(view)
    bot = make_bot("expert", random.Random(0), 4)
    assert isinstance(bot, ExpertBot)
    default = HeuristicBot(Weights()).choose(view, memory)
    ace = Rank.parse("A")
    assert default == Meld(add=((ace, _cards("AD", "2C")),))
    lines = bot._candidates(view, memory, default)  # the candidates are the subject here
    assert lines[0] == Line(default)
    assert isinstance(lines[1].action, Discard) and not lines[1].then_discard
    assert lines[2] == Line(Meld(add=((ace, _cards("AD")),)), then_discard=True)
    assert all(check(view, line.action) is None for line in lines)


def test_holding_the_rest_of_the_turn_discards_at_once_and_keeps_the_wild_card() -> None:
    state = load_position(_six_aces_to_be())
    state = apply(state, Meld(add=((Rank.parse("A"), _cards("AD")),))).state
    held = hold_rest_of_turn(state, 0, HeuristicBot(Weights()), CardMemory(4))
    assert held.current == 1
    assert len(held.hands[0]) == 4
    assert Card.parse("2C") in held.hands[0]
    assert len(held.melds[0][0].cards) == 6
    assert hold_rest_of_turn(held, 0, HeuristicBot(Weights()), CardMemory(4)) is held


def test_an_expert_that_chose_to_keep_its_wild_cards_discards_next_instead_of_melding_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = load_position(_six_aces_to_be())
    bot = make_bot("expert", random.Random(0), 4)
    assert isinstance(bot, ExpertBot)
    naturals = Meld(add=((Rank.parse("A"), _cards("AD")),))
    chosen: list[Line] = []

    def pick_the_plan(view: PlayerView, memory: CardMemory, lines: list[Line], started: float) -> Line:
        chosen.extend(lines)
        return next(line for line in lines if line.then_discard)

    monkeypatch.setattr(bot, "_best", pick_the_plan)  # the look-ahead's verdict, fixed for the test
    first = bot.choose(view_for(state, 0), CardMemory(4))
    assert first == naturals and chosen
    state = apply(state, first).state
    second = bot.choose(view_for(state, 0), CardMemory(4))
    assert isinstance(second, Discard) and not second.card.is_wild
    # Without the plan, Hard would lay the two on the six aces.
    assert isinstance(HeuristicBot(Weights()).choose(view_for(state, 0), CardMemory(4)), Meld)


@pytest.mark.parametrize("level", ["greedy", "beginner", "normal", "hard"])
@pytest.mark.parametrize("timing", ["before_first_meld_of_turn", "any_time_before_going_out"])
def test_players_ask_partner_and_go_out_when_the_house_rules_require_asking(level: str, timing: str) -> None:
    """Under `ask_partner: required` going out is refused until partner says yes, so a player that never
    asks could never go out: most hands must still end with a player going out, and every time after a
    question."""
    rules = Rules.for_players(4, ask_partner="required", ask_partner_timing=timing)
    outs = asked = 0
    for seed in range(12):
        rng = random.Random(seed)
        bots = [make_bot(level, rng, 4) for _ in range(4)]
        state = new_hand(rules, (0, 0), seed % 4, random.Random(seed))
        end, actions = _played(state, bots)
        asked += sum(isinstance(action, AskPartner) for action in actions)
        outs += end.out is not None
    assert outs >= 6
    assert asked >= outs


def test_the_expert_keeps_the_upcards_sent_to_the_stock_bottom_at_the_bottom_of_its_sampled_deals() -> None:
    """Under `upcard_specials: stock_bottom` the wild cards and red threes turned up at the deal go to the
    bottom of the stock for all to see: a sampled deal leaves them there, in their order, in no one's hand."""
    rules = Rules.for_players(4, upcard_specials="stock_bottom")
    checked = 0
    for seed in range(60):
        state = new_hand(rules, (0, 0), seed % 4, random.Random(seed))
        view = view_for(state, state.current)
        deal = view.history[0]
        assert isinstance(deal, DealEvent)
        if not deal.to_stock_bottom:
            continue
        assert state.stock[-len(deal.to_stock_bottom) :] == deal.to_stock_bottom
        for sample in range(3):
            world = sample_world(view, CardMemory.from_view(view), random.Random(sample))
            assert violations(world) == []
            assert world.stock[-len(deal.to_stock_bottom) :] == deal.to_stock_bottom
        checked += 1
    assert checked >= 3


def test_sim_plays_under_the_house_rules_it_is_given_and_refuses_unknown_ones() -> None:
    """`sim --rule NAME=VALUE` plays every deal under that option (the figures change where the option
    matters, and say which rules were played); a name or value the rules do not have is refused."""
    base = ["sim", "--a", "normal", "--b", "greedy", "--players", "4", "--deals", "6", "--games", "0", "--json"]
    printed = []
    for extra in ([], ["--rule", "ask_partner=required", "--rule", "canastas_to_go_out=2"]):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            assert run([*base, *extra]) == 0
        printed.append(json.loads(out.getvalue()))
    assert "rules" not in printed[0]
    assert printed[1]["rules"] == {"ask_partner": "required", "canastas_to_go_out": 2}
    assert printed[0]["points_per_deal_diff"] != printed[1]["points_per_deal_diff"]
    for wrong in ("no_such_rule=1", "ask_partner=sometimes", "canastas_to_go_out", "players=2"):
        with contextlib.redirect_stderr(io.StringIO()) as err:
            assert _status([*base, "--rule", wrong]) == 2
        assert "--rule" in err.getvalue()


def _status(argv: list[str]) -> int | str | None:
    """The exit status of a command, also when the argument parser ends it."""
    try:
        return run(argv)
    except SystemExit as exit:
        return exit.code


def _two_cards_left_and_a_small_pile(nines: int) -> dict[str, Any]:
    """Seat 0 holds two cards, its side has a canasta of kings (it may go out) and a meld of `nines` nines,
    and the pile is three cards with a nine on top, not frozen: it can be taken onto the nines."""
    source = Path(__file__).parent / "puzzles" / "01-take-the-big-pile-onto-our-nines.json"
    data: dict[str, Any] = json.loads(source.read_text(encoding="utf-8"))
    data.pop("puzzle")
    stock: list[str] = data["stock"]
    stock.extend(["8S", "JH", "QC", "KD", "5C", "6D", "7H", "8C", "JS"])  # from the hand and the pile
    data["hands"][0] = ["4C", "7D"]
    data["pile"] = ["TD", "QD", "9H"]
    kings = ["KC", "KC", "KD", "KH", "KH", "KS", "KS"]
    more_nines = ["9C", "9D", "9S"][: nines - 3]
    for card in kings + more_nines:
        stock.remove(card)
    data["melds"][0] = [kings, ["9C", "9D", "9S", *more_nines]]
    return data


@pytest.mark.parametrize("nines", [3, 6])
def test_with_a_nearly_empty_hand_hard_leaves_a_small_pile_unless_it_makes_a_canasta(nines: int) -> None:
    """At four players Hard's `late_hand` draws instead of taking a small pile that would only fill a hand of
    two cards again, once the side may go out; Normal takes it. A pile whose top card makes a canasta (seven
    nines) is taken all the same."""
    view = view_for(load_position(_two_cards_left_and_a_small_pile(nines)), 0)
    normal = make_bot("normal", random.Random(0), 4)
    hard = make_bot("hard", random.Random(0), 4)
    assert isinstance(hard, HeuristicBot) and hard.weights.late_hand >= 2
    takes = normal.choose(view, CardMemory(4))
    assert isinstance(takes, TakePile)
    assert hard.choose(view, CardMemory(4)) == (takes if nines == 6 else Draw())
    # With `late_hand` 1, a hand of two is not nearly empty: the pile is taken.
    assert isinstance(HeuristicBot(replace(hard.weights, late_hand=1.0)).choose(view, CardMemory(4)), TakePile)


def _pair_and_two_wild_cards(players: int) -> dict[str, Any]:
    """Seat 0 has drawn and holds a pair of eights, two twos and three odd cards; its side has melded three
    kings. Every other card is where a fresh deal put it (the cards moved to seat 0 come from there)."""
    rules = Rules.for_players(players)
    data: dict[str, Any] = dump_position(new_hand(rules, (0,) * len(rules.shape.sides), 0, random.Random(1)))
    hand, kings = ["8H", "8S", "2C", "2D", "4C", "7D", "JH"], ["KC", "KD", "KH"]
    places = [*data["hands"], data["stock"], data["pile"]]
    for card in hand + kings:
        next(place for place in places if card in place).remove(card)
    data["stock"].extend(data["hands"][0])
    data["hands"][0] = hand
    data["melds"][0] = [kings]
    data["melded_this_hand"][0] = True
    data["current"], data["phase"] = 0, "play"
    data["turn"]["drew_from"] = "stock"
    return data


@pytest.mark.parametrize("players", [3, 4])
def test_normal_keeps_its_wild_cards_from_a_pair_at_three_players(players: int) -> None:
    """With two twos, Normal at four players melds a pair of eights with one of them and keeps the other
    (`wild_reserve` 1); at three players, each alone, it keeps both for the pile and its canastas."""
    view = view_for(load_position(_pair_and_two_wild_cards(players)), 0)
    normal = make_bot("normal", random.Random(0), players)
    assert isinstance(normal, HeuristicBot) and normal.weights == normal_weights(players)
    action = normal.choose(view, CardMemory(players))
    if players == 3:
        assert isinstance(action, Discard) and not action.card.is_wild
    else:
        assert isinstance(action, Meld)
        assert sorted(card.text for card in action.cards()) == ["2C", "8H", "8S"]


def _played(state: GameState, bots: list[Bot]) -> tuple[GameState, list[Action]]:
    """A hand played to its end by `bots` (through the one play loop), and every action in order."""
    actions: list[Action] = []
    played = play_hand(state, seats_for(bots, state.seen), HandOptions(on_step=lambda _s, a, _t: actions.append(a)))
    return played.state, actions
