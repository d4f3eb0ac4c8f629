"""Computer players think here, off the frame loop; the table polls once per frame and never waits.

Every decision has a deadline. A computer player that has not answered by then is abandoned: a thread
cannot be killed, so its thread is left to finish on its own (it is a daemon thread, so it never keeps the
program from ending) and the next decision gets a fresh thread. The caller then plays a safe move.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from concurrent import futures
from concurrent.futures import Future
from queue import SimpleQueue

from canasta.actions import Action
from canasta.ai.base import Bot
from canasta.ai.lookahead import ExpertBot

LOG = logging.getLogger(__name__)
DEFAULT_DEADLINE_S = 5.0  # far beyond any level's budget: only a computer player that hangs meets it
DEADLINE_MARGIN_S = 2.0

_Job = tuple[Callable[[], Action], "Future[Action]"]


def deadline_for(bot: Bot, margin_s: float = DEADLINE_MARGIN_S) -> float:
    """A decision deadline for `bot`: its level's thinking budget plus a margin."""
    seconds = bot.budget.seconds if isinstance(bot, ExpertBot) else None
    return (seconds or 0.0) + margin_s


class _Thinker:
    """One daemon thread running decisions in order."""

    def __init__(self) -> None:
        self._jobs: SimpleQueue[_Job | None] = SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="canasta-bot", daemon=True)
        self._thread.start()

    def submit(self, decide: Callable[[], Action]) -> Future[Action]:
        future: Future[Action] = Future()
        self._jobs.put((decide, future))
        return future

    def stop(self) -> None:
        """End the thread after the job it is on (if any); queued jobs are cancelled."""
        self._jobs.put(None)

    def _run(self) -> None:
        while (job := self._jobs.get()) is not None:
            decide, future = job
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(decide())
            except BaseException as error:  # handed to whoever waits on the future
                future.set_exception(error)


class _OutOfTime(Exception):
    """The answer to a request for a turn whose deadline already passed."""


class BotWorker:
    """Runs one decision at a time off the frame loop, each with a deadline; the table polls it once per frame.

    `busy(turn)` is True from the request for `turn` until `poll` collects its answer, except that it turns
    False when the deadline passes; `poll(turn)` gives the action once ready, and None while thinking, after a
    failure, after the deadline, or for a stale turn. A turn whose deadline passed is not thought about again.
    """

    def __init__(self, deadline_s: float = DEFAULT_DEADLINE_S) -> None:
        self.deadline_s = deadline_s
        self._thinker = _Thinker()
        self._pending: Future[Action] | None = None
        self._turn_id = -1
        self._deadline = 0.0
        self._expired_turn: int | None = None

    def request(self, decide: Callable[[], Action], turn_id: int, deadline_s: float | None = None) -> bool:
        """Start thinking about `turn_id` (within `deadline_s`, or the worker's deadline).

        A turn that already ran out of time is not thought about again: the request is answered at once with
        no action (`poll` gives None, so the caller plays its safe move), and the result is False.
        """
        if turn_id == self._expired_turn:
            gave_up: Future[Action] = Future()
            gave_up.set_exception(_OutOfTime())
            self._pending, self._turn_id = gave_up, turn_id
            return False
        if self._pending is not None and not self._pending.cancel() and not self._pending.done():
            self._fresh_thinker()  # the stale decision still running must not delay this one
        seconds = self.deadline_s if deadline_s is None else deadline_s
        self._pending, self._turn_id = self._thinker.submit(decide), turn_id
        self._deadline = time.monotonic() + seconds
        return True

    def busy(self, turn_id: int) -> bool:
        self._check_deadline()
        return self._pending is not None and self._turn_id == turn_id

    def poll(self, turn_id: int) -> Action | None:
        """The chosen action once ready; None while thinking, after a failure or timeout, or for a stale turn."""
        self._check_deadline()
        if self._pending is None or not self._pending.done():
            return None
        future, self._pending = self._pending, None
        if self._turn_id != turn_id or future.cancelled():
            return None
        try:
            return future.result()
        except _OutOfTime:  # logged when the deadline passed
            return None
        except Exception:  # the caller falls back to a safe move
            LOG.exception("a computer player failed while thinking")
            return None

    def wait(self, turn_id: int) -> Action | None:
        """Block until the decision for `turn_id` is ready or its deadline passes (for headless play)."""
        pending = self._pending
        if pending is not None and self._turn_id == turn_id:
            futures.wait([pending], timeout=max(0.0, self._deadline - time.monotonic()))
            if not pending.done():
                self._expire()
        return self.poll(turn_id)

    def timed_out(self, turn_id: int) -> bool:
        """Whether the decision for `turn_id` was abandoned at its deadline."""
        return self._expired_turn == turn_id

    def close(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
        self._thinker.stop()

    def _check_deadline(self) -> None:
        pending = self._pending
        if pending is not None and not pending.done() and time.monotonic() >= self._deadline:
            self._expire()

    def _expire(self) -> None:
        LOG.warning(
            "a computer player did not answer within its deadline (turn %d); abandoning its thread", self._turn_id
        )
        self._expired_turn, self._pending = self._turn_id, None
        self._fresh_thinker()

    def _fresh_thinker(self) -> None:
        """Leave the current thread to finish on its own; later decisions run on a new one."""
        self._thinker.stop()
        self._thinker = _Thinker()
