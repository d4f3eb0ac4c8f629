"""A computer player never hurts the window: whatever it answers or raises (SystemExit and KeyboardInterrupt
included), its decision is replaced by the safe move and logged; one stuck in a loop is stopped at its deadline
instead of spinning on beside the frames, so hang after hang never piles up threads."""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from canasta.ai import worker as bot_worker
from canasta.ai.base import CardMemory
from canasta.ai.baseline import GreedyBot
from canasta.ai.worker import THREAD_NAME, BotWorker, well_formed
from canasta.app.autoplay import Guard, decision
from canasta.engine import apply, check, legal_actions, new_hand, view_for
from canasta.engine.actions import Action, Answer, Discard, Draw, Meld, Pass, TakePile
from canasta.engine.cards import EVERY_CARD, Card, Rank, sort_key
from canasta.engine.compiled import engine_compiled
from canasta.engine.play import PolicySeat, play_hand, safe_action
from canasta.engine.playerview import PlayerView
from canasta.engine.rules import Rules
from canasta.ui.kit.app import App
from canasta.ui.table import computers as computers_module
from canasta.ui.table.controller import GameSetup, TableController
from canasta.ui.table.scene import TableScene

WORKER_LOG = "canasta.ai.worker"
SHORT_DEADLINE_S = 0.05
HANGS = 16
STUBBORN_DEADLINE_S = 0.5  # long beside the runaway grace: a loaded machine slow to land a stop still counts it
WALL_LIMIT_S = 60.0
# A hand takes some 200 frames of 1/60 s here (a few thousand with a player looping to its deadline): a hand that has
# not ended after this many has hung. Counted in frames, not seconds, so a loaded machine never fails it.
MAX_FRAMES = 50_000
FRAME_BOUND_S = 1.0  # generous: only a frame that waited for a thinking thread comes near it
THREAD_END_S = 5.0  # generous: a stopped loop ends at its next bytecode


class CountingBot(GreedyBot):
    """A computer player that counts how often it is asked."""

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, view: PlayerView, memory: CardMemory) -> Action:
        self.calls += 1
        return self.answer(view)

    def answer(self, view: PlayerView) -> Action:
        return super().choose(view, CardMemory(view.rules.players))


class TextBot(CountingBot):
    def answer(self, view: PlayerView) -> Action:
        return "discard the queen"  # type: ignore[return-value]  # a wrong answer is the point


class NoneBot(CountingBot):
    def answer(self, view: PlayerView) -> Action:
        return None  # type: ignore[return-value]  # a wrong answer is the point


class TextCardBot(CountingBot):
    def answer(self, view: PlayerView) -> Action:
        return Discard("7S")  # type: ignore[arg-type]  # a card given as text is the point


class ExitBot(CountingBot):
    def answer(self, view: PlayerView) -> Action:
        raise SystemExit("planted exit")


class InterruptBot(CountingBot):
    def answer(self, view: PlayerView) -> Action:
        raise KeyboardInterrupt


class SpinningBot(CountingBot):
    """Stuck in a pure Python loop: it holds the interpreter whenever it gets it."""

    def answer(self, view: PlayerView) -> Action:
        while True:
            pass


class StubbornBot(CountingBot):
    """Catches every request to stop and spins on, until `give_in` is set."""

    def __init__(self, give_in: threading.Event) -> None:
        super().__init__()
        self.give_in = give_in
        self.stops_caught = 0

    def answer(self, view: PlayerView) -> Action:
        while not self.give_in.is_set():
            try:
                while not self.give_in.is_set():
                    pass
            except BaseException:  # the request to stop, ignored: the case the worker must contain
                self.stops_caught += 1
        return Draw()


BAD_BOTS: list[Callable[[], CountingBot]] = [TextBot, NoneBot, TextCardBot, ExitBot, InterruptBot]


def a_view(seed: int = 3) -> PlayerView:
    """The mover's view after the first draw of a hand (so a discard is a move)."""
    state = new_hand(Rules.for_players(4), (0, 0), 0, random.Random(seed))
    state = apply(state, Draw()).state
    return view_for(state, state.current)


def worker_threads(before: set[threading.Thread]) -> list[threading.Thread]:
    """The computer players' threads alive now that were not alive at `before`."""
    return [thread for thread in threading.enumerate() if thread.name == THREAD_NAME and thread not in before]


def stops_landed() -> None:
    """Wait until every stop the worker sent so far has landed (each thread told to stop has had the request
    delivered) and the worker's grace for a stop still unwinding has passed: the next turn then meets the case the
    test is about, not the scheduler's delay."""
    start = time.monotonic()
    while time.monotonic() - start < WALL_LIMIT_S:
        threads = [thread for thread in threading.enumerate() if isinstance(thread, bot_worker._Thinker)]
        if all(thread.stops_received >= thread.stops_sent for thread in threads):
            time.sleep(bot_worker.RUNAWAY_GRACE_S)  # and the player has had the time to show it caught them
            return
        time.sleep(0.005)
    pytest.fail("a request to stop was never delivered")


def outcome(worker: BotWorker, turn: int) -> Action | None:
    """What the table gets for `turn`, polling as the frame loop does; a test failure if anything is raised."""
    start = time.monotonic()
    while time.monotonic() - start < WALL_LIMIT_S:
        try:
            action = worker.poll(turn)
            busy = worker.busy(turn)
        except BaseException as error:  # SystemExit and KeyboardInterrupt too: none may reach the window
            pytest.fail(f"the worker raised {error!r} into the frame loop")
        if action is not None or not busy:
            return action
        time.sleep(0.001)
    pytest.fail("the worker never finished the decision")


def worker_records(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.name == WORKER_LOG and record.levelno >= logging.WARNING]


@pytest.mark.parametrize("make_bot", BAD_BOTS, ids=lambda make: make.__name__)
def test_a_bad_answer_or_a_raise_gives_no_action_logged_and_the_worker_goes_on(
    make_bot: Callable[[], CountingBot], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger=WORKER_LOG)
    view, bot = a_view(), make_bot()
    worker = BotWorker(deadline_s=5.0)
    try:
        assert worker.request(lambda: bot.choose(view, CardMemory(4)), turn_id=1)
        assert outcome(worker, 1) is None  # the table plays its safe move
        assert not worker.timed_out(1) and not worker.busy(1)
        assert len(worker_records(caplog)) == 1
        assert worker.request(lambda: GreedyBot().choose(view, CardMemory(4)), turn_id=2)
        assert outcome(worker, 2) == GreedyBot().choose(view, CardMemory(4))
    finally:
        worker.close()


@pytest.mark.parametrize("make_bot", BAD_BOTS, ids=lambda make: make.__name__)
def test_headless_play_replaces_a_bad_decision_with_the_safe_move(make_bot: Callable[[], CountingBot]) -> None:
    view = a_view()
    with Guard(5.0) as guard:  # headless play waits on the same worker
        try:
            chosen = decision(make_bot(), view, CardMemory(4), guard)
        except BaseException as error:
            pytest.fail(f"headless play raised {error!r}")
    assert chosen.fallback is not None
    assert chosen.action == safe_action(view)


@pytest.mark.parametrize("make_bot", BAD_BOTS, ids=lambda make: make.__name__)
def test_the_table_finishes_a_hand_with_bad_computer_players_in_every_seat(
    make_bot: Callable[[], CountingBot], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    controller = TableController(GameSetup(Rules.for_players(4), ("human", "greedy", "greedy", "greedy"), 5, 0, 0.0))
    bots = [make_bot() for _ in range(3)]
    controller.computers.bots[1:] = bots
    try:
        play_out(controller, lambda: controller.update(1 / 60))
    finally:
        controller.close()
    asked = sum(bot.calls for bot in bots)
    assert asked > 0 and len(worker_records(caplog)) == asked  # every decision logged, none twice
    assert "illegal move" not in caplog.text  # each was turned into the safe move before the table judged it


def play_out(controller: TableController, frame: Callable[[], None]) -> int:
    """Run frames until the hand is over (the human plays safe moves); the number of frames."""
    frames = 0
    while not controller.hand_over():
        assert frames < MAX_FRAMES, "the hand did not finish"
        if controller.human_to_act():
            controller.submit(safe_action(controller.human_view()))
        try:
            frame()
        except BaseException as error:  # the window's crash screen
            pytest.fail(f"a frame raised {error!r}")
        frames += 1
        time.sleep(0.001)  # as the real loop waits for the next frame
    return frames


def test_a_player_stuck_in_a_loop_is_stopped_so_hangs_never_pile_up(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger=WORKER_LOG)
    before = set(threading.enumerate())
    view, bot = a_view(), SpinningBot()
    worker = BotWorker(deadline_s=SHORT_DEADLINE_S)
    frames: list[float] = []
    for turn in range(1, HANGS + 1):
        worker.request(lambda: bot.choose(view, CardMemory(4)), turn)
        while worker.busy(turn):  # a stand-in frame loop
            began = time.perf_counter()
            assert worker.poll(turn) is None
            time.sleep(0.001)
            frames.append(time.perf_counter() - began)
        assert worker.poll(turn) is None and worker.timed_out(turn)
    assert bot.calls >= HANGS // 2  # the player is asked again after a hang (a busy machine may skip a few)
    assert len(worker_threads(before)) <= 2  # one stopping, one working at most: not one per hang
    assert len(frames) >= HANGS and max(frames) < FRAME_BOUND_S
    assert len(worker_records(caplog)) == HANGS  # each hang logged once
    worker.close()
    for thread in worker_threads(before):
        thread.join(THREAD_END_S)
    assert not worker_threads(before)


def test_a_player_that_ignores_the_request_to_stop_is_not_asked_again_while_it_runs(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.WARNING, logger=WORKER_LOG)
    before = set(threading.enumerate())
    give_in = threading.Event()
    view, bot = a_view(), StubbornBot(give_in)
    worker = BotWorker(deadline_s=STUBBORN_DEADLINE_S)
    try:
        for turn in range(1, HANGS // 2 + 1):
            worker.request(lambda: bot.choose(view, CardMemory(4)), turn)
            assert outcome(worker, turn) is None and worker.timed_out(turn)
            stops_landed()  # on a busy machine a stop may take a while to be delivered; the test waits for it
            assert len(worker_threads(before)) <= 2  # the stubborn ones are not joined by one more per turn
        assert bot.stops_caught >= 1 and bot.calls < HANGS // 2
        assert "still thinking after it was told to stop" in caplog.text
    finally:
        give_in.set()
    for thread in worker_threads(before):
        thread.join(THREAD_END_S)
    assert not worker_threads(before)
    assert worker.request(lambda: GreedyBot().choose(view, CardMemory(4)), turn_id=100)  # it goes on as before
    assert outcome(worker, 100) == GreedyBot().choose(view, CardMemory(4))
    worker.close()


def test_the_window_plays_a_hand_with_a_looping_and_a_failing_player(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    caplog.set_level(logging.WARNING)
    monkeypatch.setattr(computers_module, "deadline_for", lambda bot: SHORT_DEADLINE_S)
    before = set(threading.enumerate())
    app = App((1280, 800))
    controller = TableController(GameSetup(Rules.for_players(4), ("human", "greedy", "greedy", "greedy"), 5, 0, 0.0))
    spinning = SpinningBot()
    controller.computers.bots[1:] = [spinning, TextCardBot(), ExitBot()]
    app.push(TableScene(app.theme, controller, lambda: None, lambda: None))
    durations: list[float] = []

    def frame() -> None:
        began = time.perf_counter()
        app.frame(0.25)  # long steps, so the table's animations do not draw the hand out
        durations.append(time.perf_counter() - began)

    try:
        play_out(controller, frame)
    finally:
        controller.close()
    print(f"\n{len(durations)} frames, longest {max(durations) * 1000:.1f} ms, {spinning.calls} loops stopped")
    assert spinning.calls >= 2
    assert max(durations) < FRAME_BOUND_S
    assert len(worker_threads(before)) <= 2
    assert "did not answer within its deadline" in caplog.text
    assert "failed while thinking" in caplog.text
    # The player that answers with a card as text: compiled, the engine refuses to build that action, so it fails.
    assert engine_compiled() or "not a well-formed action" in caplog.text


def loose(kind: Any, **fields: Any) -> object:
    """An action made with fields of any type, as a careless computer player could; None where the compiled
    engine, which checks the types of an action's fields as it builds it, refuses to make it (no player can give it
    then)."""
    try:
        made: object = kind(**fields)
    except TypeError:
        assert engine_compiled(), f"the pure engine builds any {kind.__name__}, as Python builds any value"
        return None
    return made


def unmade_card() -> object:
    """A card whose fields were never set; None where the compiled engine refuses to make one."""
    try:
        return object.__new__(Card)
    except TypeError:
        assert engine_compiled(), "the pure engine's cards can be made without their fields"
        return None


CARD = Card.parse("7S")
MALFORMED: list[object] = [
    "discard the queen", None, 7, Draw, loose(Discard, card="7S"), loose(Discard, card=None),
    loose(Discard, card=unmade_card()), loose(Answer, yes="yes"), loose(TakePile, with_=[CARD]),
    loose(TakePile, also=(CARD,)), loose(Meld, new=((CARD, "7H"),)), loose(Meld, new=[(CARD,)]),
    loose(Meld, add=((Rank.SEVEN, CARD),)), loose(Meld, add=(("7", (CARD,)),)), loose(Meld, add=((Rank.SEVEN,),)),
]  # fmt: skip


@pytest.mark.parametrize("answer", MALFORMED)
def test_a_malformed_answer_is_not_well_formed(answer: object) -> None:
    assert not well_formed(answer)


def test_every_legal_action_is_well_formed_and_any_well_formed_one_can_be_judged() -> None:
    rng = random.Random(8)
    cards = sorted(EVERY_CARD, key=sort_key)

    def choose(view: PlayerView) -> Action:
        legal = legal_actions(view)
        assert all(well_formed(action) for action in legal)
        for _ in range(10):  # `check` refuses a well-formed action, however odd; it never fails on one
            odd = made_up_action(rng, list(view.hand) or cards, cards)
            assert well_formed(odd)
            check(view, odd)
        return safe_action(view) if rng.random() < 0.5 else rng.choice(legal)

    for seed in range(4):
        state = new_hand(Rules.for_players(4), (0, 0), 0, random.Random(seed))
        assert play_hand(state, [PolicySeat(choose)] * 4).fallbacks == ()  # an assertion above would show here


def made_up_action(rng: random.Random, hand: list[Card], cards: list[Card]) -> Action:
    """A well-formed action of random cards (mostly from the hand), legal or not."""

    def group() -> tuple[Card, ...]:
        return tuple(rng.choice(hand if rng.random() < 0.8 else cards) for _ in range(rng.randrange(5)))

    match rng.randrange(4):
        case 0:
            return Discard(rng.choice(cards))
        case 1:
            return TakePile(group(), tuple(group() for _ in range(rng.randrange(3))))
        case 2:
            return Meld(tuple(group() for _ in range(rng.randrange(3))), ((rng.choice(list(Rank)), group()),))
        case _:
            plain: list[Action] = [Draw(), Pass(), Answer(rng.random() < 0.5)]
            return rng.choice(plain)
