"""Computer players that fail: one raises, one hangs, one answers with an illegal move, one with no action at
all. Each is replaced by a safe legal move (within its deadline, for the one that hangs) and logged, and the
game goes on: in headless play (`autoplay`, the soak, the `bot` command) and in the window's worker."""

from __future__ import annotations

import io
import json
import logging
import random
import threading
from collections.abc import Iterator

import pytest

from canasta.ai.base import CardMemory
from canasta.ai.baseline import GreedyBot
from canasta.ai.worker import BotWorker
from canasta.app import botcmd
from canasta.app.autoplay import Decision, Fallback, Guard, decision, play_hand
from canasta.engine import apply, check, new_hand, view_for
from canasta.engine.actions import Action, Discard, Draw, Meld, action_from_json
from canasta.engine.cards import Card, Rank
from canasta.engine.compiled import engine_compiled
from canasta.engine.play import safe_action
from canasta.engine.playerview import Phase, PlayerView
from canasta.engine.position import dump_view
from canasta.engine.rules import Rules

DEADLINE_S = 0.3


class RaisingBot(GreedyBot):
    def choose(self, view: PlayerView, memory: CardMemory) -> Action:
        raise ZeroDivisionError("planted failure")


class HangingBot(GreedyBot):
    """Never answers until `release` is set (then answers with a legal move, too late)."""

    def __init__(self, release: threading.Event) -> None:
        self.release = release
        self.calls = 0

    def choose(self, view: PlayerView, memory: CardMemory) -> Action:
        self.calls += 1
        self.release.wait()
        return super().choose(view, memory)


class IllegalBot(GreedyBot):
    def choose(self, view: PlayerView, memory: CardMemory) -> Action:
        return Meld(new=((Card.parse("KH"),),), add=((Rank.KING, (Card.parse("JK"),)),))


class NotAnActionBot(GreedyBot):
    def choose(self, view: PlayerView, memory: CardMemory) -> Action:
        return "discard the queen"  # type: ignore[return-value]  # a wrong answer is the point


class BrokenActionBot(GreedyBot):
    def choose(self, view: PlayerView, memory: CardMemory) -> Action:
        return Discard("QH")  # type: ignore[arg-type]  # a field of the wrong type


@pytest.fixture
def release() -> Iterator[threading.Event]:
    """Set when the test ends, so the threads of hanging bots finish."""
    event = threading.Event()
    yield event
    event.set()


def a_view(seed: int = 3, *, drawn: bool = False) -> PlayerView:
    """The mover's view at the start of a hand, or after the first draw."""
    state = new_hand(Rules.for_players(4), (0, 0), 0, random.Random(seed))
    if drawn:
        state = apply(state, Draw()).state
    return view_for(state, state.current)


def assert_safe(view: PlayerView, chosen: Decision, why: Fallback) -> None:
    assert chosen.fallback is why
    assert chosen.action == safe_action(view)
    assert check(view, chosen.action) is None


@pytest.mark.parametrize(
    ("bot", "why"),
    [
        (RaisingBot(), Fallback.RAISED),
        (IllegalBot(), Fallback.ILLEGAL),
        (NotAnActionBot(), Fallback.NOT_AN_ACTION),
        # The compiled engine refuses to build the action at all: the player raises instead.
        (BrokenActionBot(), Fallback.RAISED if engine_compiled() else Fallback.NOT_AN_ACTION),
    ],
)
@pytest.mark.parametrize("guarded", [False, True])
def test_a_failing_bot_is_replaced_by_a_safe_move_and_logged(
    bot: GreedyBot, why: Fallback, guarded: bool, caplog: pytest.LogCaptureFixture
) -> None:
    view = a_view(drawn=True)
    caplog.set_level(logging.WARNING)
    with Guard(DEADLINE_S) as guard:
        chosen = decision(bot, view, CardMemory(4), guard if guarded else None)
    assert_safe(view, chosen, why)
    assert any(why.value in record.getMessage() for record in caplog.records)


def test_a_hanging_bot_is_abandoned_at_its_deadline(release: threading.Event, caplog: pytest.LogCaptureFixture) -> None:
    view = a_view()
    bot = HangingBot(release)
    with Guard(DEADLINE_S) as guard:
        chosen = decision(bot, view, CardMemory(4), guard)
        assert_safe(view, chosen, Fallback.TIMED_OUT)
        after = decision(GreedyBot(), view, CardMemory(4), guard)  # the next decision gets a fresh thread
    assert after.fallback is None
    assert "did not answer within its deadline" in caplog.text


def test_a_hand_with_failing_bots_is_played_to_its_end(release: threading.Event) -> None:
    state = new_hand(Rules.for_players(4), (0, 0), 0, random.Random(11))
    hanging = HangingBot(release)
    bots = [hanging, RaisingBot(), IllegalBot(), GreedyBot()]
    with Guard(0.05) as guard:
        played = play_hand(state, bots, guard=guard)
    assert played.state.phase is Phase.OVER
    assert hanging.calls > 0
    kinds = {text.split(" ", 2)[2].split(" (")[0] for text in played.fallbacks}
    assert kinds == {Fallback.TIMED_OUT.value, Fallback.RAISED.value, Fallback.ILLEGAL.value}
    # Every call timed out; once two of its threads are blocked, its later decisions are safe moves without a call.
    assert hanging.calls <= sum(text.startswith("seat 0 ") for text in played.fallbacks)


def test_the_bot_command_answers_a_hanging_decision_with_a_safe_move(release: threading.Event) -> None:
    view = a_view()
    lines = io.StringIO(json.dumps({"view": dump_view(view)}) + "\n")
    out = io.StringIO()
    with Guard(DEADLINE_S) as guard:
        assert botcmd.run(HangingBot(release), lines, out, guard) == 0
    (reply,) = [json.loads(line) for line in out.getvalue().splitlines()]
    assert action_from_json(reply["action"]) == safe_action(view)


def test_the_worker_gives_up_at_the_deadline_and_goes_on(release: threading.Event) -> None:
    view = a_view()
    worker = BotWorker(deadline_s=DEADLINE_S)
    bot = HangingBot(release)
    assert worker.request(lambda: bot.choose(view, CardMemory(4)), turn_id=1)
    assert worker.busy(1) and worker.poll(1) is None
    assert worker.wait(1) is None
    assert not worker.busy(1) and worker.poll(1) is None and worker.timed_out(1)
    assert not worker.request(lambda: bot.choose(view, CardMemory(4)), turn_id=1)  # that turn is over
    assert worker.request(lambda: GreedyBot().choose(view, CardMemory(4)), turn_id=2)
    assert worker.wait(2) == GreedyBot().choose(view, CardMemory(4))
    worker.close()


def test_the_worker_reports_a_failure_as_no_action(caplog: pytest.LogCaptureFixture) -> None:
    worker = BotWorker(deadline_s=5.0)
    view = a_view()
    worker.request(lambda: RaisingBot().choose(view, CardMemory(4)), turn_id=7)
    assert worker.wait(7) is None
    assert not worker.busy(7) and not worker.timed_out(7)
    assert "planted failure" in caplog.text
    worker.close()


def test_a_new_turn_does_not_queue_behind_a_stale_decision_still_running(release: threading.Event) -> None:
    view = a_view()
    worker = BotWorker(deadline_s=60.0)
    bot = HangingBot(release)
    worker.request(lambda: bot.choose(view, CardMemory(4)), turn_id=1)
    while bot.calls == 0:  # the stale decision is running
        threading.Event().wait(0.001)
    worker.request(lambda: GreedyBot().choose(view, CardMemory(4)), turn_id=2)
    assert worker.wait(2) == GreedyBot().choose(view, CardMemory(4))  # long before the 60 s deadline
    assert not worker.timed_out(2)
    worker.close()
