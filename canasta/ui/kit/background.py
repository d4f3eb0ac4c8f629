"""Long work off the frame loop (a hand's review, the Expert playing a deal): one daemon thread per job, polled
once per frame, with progress and a way to give up.

A thread cannot be stopped from outside, so the work is given a `Progress` to report to and to ask whether it
was cancelled; it stops at its next check. A job given up and still running never keeps the program from
ending (the thread is a daemon).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Generic, TypeVar

LOG = logging.getLogger(__name__)
T = TypeVar("T")


class Cancelled(Exception):
    """Raised inside the work by `Progress.check` once the job has been given up."""


class Progress:
    """Shared by the job and the window: how far the work is (`done` of `total`), and whether it was given up."""

    def __init__(self) -> None:
        self.done = 0
        self.total = 0
        self._cancelled = threading.Event()

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def cancel(self) -> None:
        self._cancelled.set()

    def step(self, done: int, total: int) -> None:
        """Report how far the work is; stops it (`Cancelled`) when it has been given up."""
        self.done, self.total = done, total
        self.check()

    def check(self) -> None:
        if self.cancelled:
            raise Cancelled


class BackgroundJob(Generic[T]):
    """`work(progress)` on its own daemon thread; `result()` once `ready`, `failed` if it raised."""

    def __init__(self, work: Callable[[Progress], T], name: str = "canasta-job") -> None:
        self.progress = Progress()
        self._future: Future[T] = Future()
        self._thread = threading.Thread(target=self._run, args=(work,), name=name, daemon=True)
        self._thread.start()

    @property
    def ready(self) -> bool:
        """Whether the work finished with a result."""
        return self._future.done() and self._future.exception() is None

    @property
    def failed(self) -> bool:
        """Whether the work raised (it was cancelled, or something went wrong: logged)."""
        return self._future.done() and self._future.exception() is not None

    def result(self) -> T:
        """The work's result. :raises RuntimeError: when it is not ready."""
        if not self.ready:
            raise RuntimeError("the background work has no result")
        return self._future.result()

    def wait(self, timeout_s: float | None = None) -> bool:
        """Block until the work ends (for tests and headless use); whether it ended in time."""
        self._thread.join(timeout_s)
        return self._future.done()

    def cancel(self) -> None:
        """Give the work up: it stops at its next check and its result is never used."""
        self.progress.cancel()

    def _run(self, work: Callable[[Progress], T]) -> None:
        try:
            self._future.set_result(work(self.progress))
        except Cancelled as error:
            self._future.set_exception(error)
        except Exception as error:  # shown as a failure by the screen that waits for it
            LOG.exception("background work failed")
            self._future.set_exception(error)
