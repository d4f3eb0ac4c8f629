"""Computer players think here, off the caller's loop: the table polls once per frame and never waits; headless
play (`canasta.app.autoplay`) waits with a deadline.

Nothing a decision does reaches the caller. Whatever it raises (SystemExit and KeyboardInterrupt included) is
logged, and so is an answer that is not a well-formed action (not one of the action types, or with a field of
the wrong type, such as a card given as text); `poll` gives None for it, and the caller plays its safe move.

Every decision has a deadline. A computer player that has not answered by then is abandoned, and so is one
still thinking about a turn that is no longer current. A thread cannot be killed, but CPython can raise an
exception in another thread at that thread's next bytecode (`PyThreadState_SetAsyncExc`): an abandoned
decision is told to stop that way, so a computer player stuck in a Python loop ends within moments instead of
spinning on beside the frame loop, and the next decision runs on a fresh thread. Two cases remain:

* A thread blocked inside a call into C (a sleep, waiting on a lock) gets the request when the call returns. It
  costs the frames nothing meanwhile, so the next decision goes ahead on a fresh thread: a one-off slow call
  does not hold the game up. A player that blocks in every decision would leave a thread per decision, though:
  once a second thread is blocked beside the first, every request is answered at once with no action (the
  caller plays its safe move) and no thread is started, until a blocked one returns; the log says so once.
* A thread whose computer player caught the request and thinks on is a runaway. While one is alive, every
  request is answered at once with no action (the caller plays its safe move, `timed_out` is True), no thread
  is started, and the runaway is told again to stop: a stubborn player costs a thread or two, not one a turn.

Abandoned threads are daemon threads: they never keep the program from ending.
"""

from __future__ import annotations

import contextlib
import ctypes
import logging
import threading
import time
from collections.abc import Callable
from concurrent import futures
from concurrent.futures import Future
from queue import SimpleQueue
from typing import TypeGuard

from canasta.ai.base import Bot
from canasta.ai.lookahead import ExpertBot
from canasta.ai.remote import ProcessBot
from canasta.engine.actions import (
    Action,
    Answer,
    AskPartner,
    Combine,
    DeclareSpecial,
    Discard,
    Draw,
    Meld,
    Pass,
    TakePile,
)
from canasta.engine.cards import EVERY_CARD, Card, Rank
from canasta.engine.special_hands import SpecialHand

LOG = logging.getLogger(__name__)
DEFAULT_DEADLINE_S = 5.0  # far beyond any level's budget: only a computer player that hangs meets it
DEADLINE_MARGIN_S = 2.0
THREAD_NAME = "canasta-bot"
_LANDING_WAIT_S = 0.001  # how often a thread about to end looks whether a stop request sent to it has landed
RUNAWAY_GRACE_S = 0.05  # a decision still running this long after a stop landed in it caught the stop
# A stop not landed this long after it was sent is blocked in a call into C (a stop reaches a thread that runs
# Python within milliseconds). Every level's deadline is longer (`deadline_for`: two seconds at least), so when
# the thread tried beside a blocked one is abandoned in turn, the first counts as blocked: no third is started.
BLOCKED_AFTER_S = 0.5
MAX_BLOCKED = 2  # the first blocked thread and one more beside it: then no more threads until one returns

_Job = tuple[Callable[[], Action], "Future[Action]"]


def deadline_for(bot: Bot, margin_s: float = DEADLINE_MARGIN_S) -> float:
    """A decision deadline for `bot`: its level's thinking budget plus a margin."""
    seconds = bot.budget.seconds if isinstance(bot, ExpertBot | ProcessBot) else None
    return (seconds or 0.0) + margin_s


def well_formed(answer: object) -> TypeGuard[Action]:
    """Whether `answer` is an action the engine can judge: one of the action types with every field of its
    declared type (cards are physical cards, groups are tuples), so `check` refuses it rather than failing."""
    match answer:
        case Draw(keep_three):
            return isinstance(keep_three, bool)
        case AskPartner() | Pass():
            return True
        case DeclareSpecial(name, cards):
            return isinstance(name, SpecialHand) and (cards is None or _is_group(cards))
        case Discard(card):
            return _is_card(card)
        case Answer(yes):
            return isinstance(yes, bool)
        case TakePile(with_, also, onto):
            return _is_group(with_) and _is_groups(also) and (onto is None or _is_index(onto))
        case Meld(new, add, add_to):
            return _is_groups(new) and _are_additions(add, Rank) and _are_additions(add_to, int)
        case Combine(melds):
            return isinstance(melds, tuple) and len(melds) == 2 and all(_is_index(index) for index in melds)
    return False


def _is_card(card: object) -> bool:
    return isinstance(card, Card) and card in EVERY_CARD  # cards are interned: a made-up one is not in the set


def _is_group(group: object) -> bool:
    return isinstance(group, tuple) and all(_is_card(card) for card in group)


def _is_groups(groups: object) -> bool:
    return isinstance(groups, tuple) and all(_is_group(group) for group in groups)


def _is_index(index: object) -> bool:
    """A meld's index: a whole number, not a truth value (the engine says whether such a meld exists)."""
    return isinstance(index, int) and not isinstance(index, bool) and index >= 0


def _are_additions(items: object, key: type[Rank] | type[int]) -> bool:
    """Additions keyed by rank (`Meld.add`) or by the meld's index (`Meld.add_to`), each with a group of cards."""
    if not isinstance(items, tuple):
        return False
    keyed = _is_index if key is int else (lambda rank: isinstance(rank, Rank))
    return all(isinstance(item, tuple) and len(item) == 2 and keyed(item[0]) and _is_group(item[1]) for item in items)


class _Stop(BaseException):
    """Raised inside an abandoned decision's thread to end it (a BaseException, so fewer players catch it)."""

    def __init__(self, *args: object) -> None:
        super().__init__(*args)
        # Made in the thread it is raised in, when it lands: that is how the worker learns it arrived.
        thread = threading.current_thread()
        if isinstance(thread, _Thinker):
            thread.stops_received += 1
            thread.landed_s = time.monotonic()


class _Thinker(threading.Thread):
    """One daemon thread running decisions in order; it can be told to stop the decision it is on."""

    def __init__(self) -> None:
        super().__init__(name=THREAD_NAME, daemon=True)
        self._jobs: SimpleQueue[_Job | None] = SimpleQueue()
        self._lock = threading.Lock()  # orders stop requests against the thread's end
        self._finishing = False
        self._ending = False
        self.deciding = False
        self.stops_sent = 0
        self.stops_received = 0  # counted by `_Stop` itself, in this thread
        self.landed_s = 0.0  # when the last stop landed
        self.sent_s = 0.0  # when the last stop was sent
        self.start()

    @property
    def runaway(self) -> bool:
        """Whether it is still in a decision well after a request to stop landed there (its player caught it).
        A stop that has just landed is still unwinding the decision: that thread is not a runaway yet."""
        settled = time.monotonic() - self.landed_s > RUNAWAY_GRACE_S
        return self.stops_received > 0 and self.deciding and settled and self.is_alive()

    def blocked_for(self, now: float) -> float | None:
        """How long a stop sent to it has waited to land (None: it has landed, or the thread has ended)."""
        return now - self.sent_s if self.stops_received < self.stops_sent and self.is_alive() else None

    def submit(self, decide: Callable[[], Action]) -> Future[Action]:
        future: Future[Action] = Future()
        self._jobs.put((decide, future))
        return future

    def finish(self) -> None:
        """End the thread after the job it is on (if any); queued jobs are not run."""
        self._finishing = True  # a flag, not only the marker: a stop landing just after `get` must not lose it
        self._jobs.put(None)  # wakes the thread

    def interrupt(self) -> None:
        """Raise `_Stop` in this thread at its next bytecode, unless one is on its way or the thread has ended."""
        with self._lock:
            if self._ending or self.ident is None or self.stops_received < self.stops_sent:
                return
            self.sent_s = time.monotonic()
            self.stops_sent += _raise_in(self.ident, _Stop)

    def run(self) -> None:
        # A stop that lands between two jobs ends the thread here: every stop is sent to a finishing thread.
        with contextlib.suppress(_Stop):
            self._loop()

    def _loop(self) -> None:
        while not (self._finishing and self._may_end()):
            try:
                if self._finishing:
                    time.sleep(_LANDING_WAIT_S)  # a stop request is on its way: it must land here, not later
                else:
                    self._next_job()
            except _Stop:
                pass  # meant for a decision that is over; the thread is finishing

    def _next_job(self) -> None:
        job = self._jobs.get()
        if job is not None:
            decide, future = job
            if future.set_running_or_notify_cancel():
                self._decide(decide, future)

    def _decide(self, decide: Callable[[], Action], future: Future[Action]) -> None:
        try:
            self.deciding = True
            future.set_result(decide())
        except BaseException as error:  # handed to whoever polls the future
            if not future.done():  # a stop may land just after the answer was set
                future.set_exception(error)
        finally:
            self.deciding = False

    def _may_end(self) -> bool:
        """True, and from then on no stop request is sent, once every one sent has landed."""
        with self._lock:
            self._ending = self.stops_received >= self.stops_sent
            return self._ending


def _raise_in(ident: int, error: type[BaseException]) -> int:
    """Ask CPython to raise `error` in the thread `ident` at its next bytecode; 1 if it was asked, else 0."""
    set_async_exc = ctypes.pythonapi.PyThreadState_SetAsyncExc
    changed = int(set_async_exc(ctypes.c_ulong(ident), ctypes.py_object(error)))
    if changed > 1:  # never expected; undone, so that no other thread is hit
        set_async_exc(ctypes.c_ulong(ident), None)
        return 0
    return changed


class _OutOfTime(Exception):
    """The answer to a request for a turn whose deadline already passed."""


class BotWorker:
    """Runs one decision at a time off the frame loop, each with a deadline; the table polls it once per frame.

    `busy(turn)` is True from the request for `turn` until `poll` collects its answer, except that it turns
    False when the deadline passes; `poll(turn)` gives the action once ready, and None while thinking, after a
    failure or an answer that is not a well-formed action, after the deadline, or for a stale turn. A turn
    whose deadline passed is not thought about again. Neither `poll` nor `wait` raises for anything a decision
    did.
    """

    def __init__(self, deadline_s: float = DEFAULT_DEADLINE_S) -> None:
        self.deadline_s = deadline_s
        self._thinker: _Thinker | None = None  # made when a decision needs one
        self._abandoned: list[_Thinker] = []  # told to stop; kept while alive, to stop runaways again
        self._pending: Future[Action] | None = None
        self._turn_id = -1
        self._deadline = 0.0
        self._expired_turn: int | None = None
        self._said_blocked = False  # the log has said that decisions wait for blocked threads

    def request(self, decide: Callable[[], Action], turn_id: int, deadline_s: float | None = None) -> bool:
        """Start thinking about `turn_id` (within `deadline_s`, or the worker's deadline).

        A turn that already ran out of time is not thought about again, and no turn is while an abandoned
        decision runs on after being told to stop, or while two abandoned decisions are blocked where the stop
        cannot reach them: the request is answered at once with no action (`poll` gives None, so the caller
        plays its safe move), and the result is False.
        """
        if turn_id == self._expired_turn:
            self._give_up(turn_id)
            return False
        if self._pending is not None and not self._pending.cancel() and not self._pending.done():
            self._abandon()  # the stale decision still running must not delay this one
        if self._stop_runaways():
            LOG.warning(
                "a computer player is still thinking after it was told to stop; no decision for turn %d", turn_id
            )
            self._expired_turn = turn_id
            self._give_up(turn_id)
            return False
        if self._held_up_by_blocked():
            self._expired_turn = turn_id
            self._give_up(turn_id)
            return False
        if self._thinker is None:
            self._thinker = _Thinker()
        seconds = self.deadline_s if deadline_s is None else deadline_s
        self._pending, self._turn_id = self._thinker.submit(decide), turn_id
        self._deadline = time.monotonic() + seconds
        return True

    def busy(self, turn_id: int) -> bool:
        self._check_deadline()
        return self._pending is not None and self._turn_id == turn_id

    def poll(self, turn_id: int) -> Action | None:
        """The chosen action once ready; None while thinking, after a failure, a malformed answer or a timeout,
        or for a stale turn."""
        return self._collect(turn_id, judge=True)

    def wait(self, turn_id: int) -> Action | None:
        """Block until the decision for `turn_id` is ready or its deadline passes (for headless play).

        The answer is given as the computer player gave it, well-formed or not: headless callers judge it
        themselves, and say what was wrong with it.
        """
        pending = self._pending
        if pending is not None and self._turn_id == turn_id:
            futures.wait([pending], timeout=max(0.0, self._deadline - time.monotonic()))
            if not pending.done():
                self._expire()
        return self._collect(turn_id, judge=False)

    def timed_out(self, turn_id: int) -> bool:
        """Whether the decision for `turn_id` was abandoned at its deadline (or never started, see `request`)."""
        return self._expired_turn == turn_id

    def close(self) -> None:
        """Drop the decision in hand (one still running is told to stop) and end the thread."""
        if self._pending is not None and not self._pending.cancel() and not self._pending.done():
            self._abandon()
        elif self._thinker is not None:
            self._thinker.finish()
            self._thinker = None
        self._pending = None

    def _collect(self, turn_id: int, *, judge: bool) -> Action | None:
        self._check_deadline()
        if self._pending is None or not self._pending.done():
            return None
        future, self._pending = self._pending, None
        if self._turn_id != turn_id or future.cancelled():
            return None
        try:
            answer = future.result()
        except _OutOfTime:  # logged when the deadline passed
            return None
        except BaseException:  # SystemExit and KeyboardInterrupt too: a computer player never ends the program
            LOG.exception("a computer player failed while thinking")
            return None
        if judge and not well_formed(answer):
            LOG.warning("a computer player answered with something that is not a well-formed action: %r", answer)
            return None
        return answer

    def _give_up(self, turn_id: int) -> None:
        gave_up: Future[Action] = Future()
        gave_up.set_exception(_OutOfTime())
        self._pending, self._turn_id = gave_up, turn_id

    def _check_deadline(self) -> None:
        pending = self._pending
        if pending is not None and not pending.done() and time.monotonic() >= self._deadline:
            self._expire()

    def _expire(self) -> None:
        LOG.warning("a computer player did not answer within its deadline (turn %d); telling it to stop", self._turn_id)
        self._expired_turn, self._pending = self._turn_id, None
        self._abandon()

    def _abandon(self) -> None:
        """Tell the current thread to stop the decision it is on; later decisions run on a new one."""
        thinker, self._thinker = self._thinker, None
        if thinker is None:
            return
        thinker.finish()  # first, so that the thread ends once the stop lands
        thinker.interrupt()
        self._abandoned.append(thinker)

    def _held_up_by_blocked(self) -> bool:
        """Whether MAX_BLOCKED abandoned decisions are blocked in calls into C, one of them for BLOCKED_AFTER_S:
        no thread is started beside them (said once in the log, until they return)."""
        now = time.monotonic()
        waits = [wait for thinker in self._abandoned if (wait := thinker.blocked_for(now)) is not None]
        held_up = len(waits) >= MAX_BLOCKED and max(waits) > BLOCKED_AFTER_S
        if held_up and not self._said_blocked:
            LOG.warning(
                "%d computer player threads are blocked where they cannot be stopped (in a sleep, say); until one "
                "returns, every decision is the safe move, with no new thread",
                len(waits),
            )
        self._said_blocked = held_up
        return held_up

    def _stop_runaways(self) -> bool:
        """Tell each abandoned decision still running after a stop landed in it to stop again; whether any is."""
        self._abandoned = [thinker for thinker in self._abandoned if thinker.is_alive()]
        runaways = [thinker for thinker in self._abandoned if thinker.runaway]
        for thinker in runaways:
            thinker.interrupt()
        return bool(runaways)
