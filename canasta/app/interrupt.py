"""Ctrl-C in a headless command (`soak`, `sim`, `tune`, `learn`, `bench`, `replay`, `--terminal`, `--smoke`):
one line on standard error and the exit status 130, as the referee and the bot end (`canasta.app.jsonlines`),
never a traceback, neither from the command nor from its worker processes.

The worker processes of `sim --jobs` and `tune --jobs` (and `learn`'s) ignore Ctrl-C: the terminal sends it to
every process of the command, and each worker would print a traceback of its own. The command alone stops on
it, and ends its workers then and there rather than waiting for the work they are on.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from types import FrameType

from canasta.app.jsonlines import INTERRUPTED

LOG = logging.getLogger(__name__)
WORKER_END_S = 5.0  # how long a terminated worker process is waited for


def until_interrupted(command: str, run: Callable[[], int]) -> int:
    """`run()`'s exit status; on Ctrl-C, 130 after one line on standard error naming `command`. Only the first
    Ctrl-C interrupts: a second one (pressed again, or sent by each worker's share of a terminal's) would cut short
    the ending of the workers and leave the program waiting for them at exit."""
    try:
        with _first_interrupt_only():
            return run()
    except KeyboardInterrupt:
        LOG.info("%s interrupted", command)
        if sys.stderr is not None:  # a windowed app on Windows has none
            print(f"{command}: interrupted", file=sys.stderr, flush=True)
        return INTERRUPTED


@contextmanager
def _first_interrupt_only() -> Iterator[None]:
    """While the command runs, Ctrl-C raises KeyboardInterrupt once and is ignored from then on (the handler
    itself turns the later ones off, so that no second one can land while the first is being handled). Where
    Ctrl-C is already ignored (a background job), or off the main thread, nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.getsignal(signal.SIGINT)
    if before is signal.SIG_IGN:
        yield
        return

    command = os.getpid()

    def once(_signum: int, _frame: FrameType | None) -> None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        if os.getpid() == command:  # a worker forked before its own setting is made has this handler too: it ignores
            raise KeyboardInterrupt

    signal.signal(signal.SIGINT, once)
    try:
        yield
    finally:
        if signal.getsignal(signal.SIGINT) is once:  # not interrupted; once it was, the command is ending anyway
            signal.signal(signal.SIGINT, before)


@contextmanager
def process_pool(jobs: int) -> Iterator[ProcessPoolExecutor]:
    """A pool of `jobs` worker processes that ignore Ctrl-C; when the work with it stops early (Ctrl-C, an
    error), its workers are ended at once and the work not started is dropped."""
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_interrupts)
    try:
        yield pool
    except BaseException:
        _end_now(pool)
        raise
    pool.shutdown(wait=True)


def _ignore_interrupts() -> None:
    """In each worker process: Ctrl-C is for the command that started it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _end_now(pool: ProcessPoolExecutor) -> None:
    """End the pool's workers without waiting for what they are on (a deal, a generation's share)."""
    # The executor offers no way to end its workers before Python 3.14 (`terminate_workers`): its own table of
    # them is read before the shutdown forgets it.
    workers = list((pool._processes or {}).values())
    # Its managing thread sees the workers gone and ends; it is waited for here, or the interpreter's exit may wake
    # it through a pipe it is closing that moment ("Bad file descriptor", printed at exit). Shutting down forgets it.
    manager: threading.Thread | None = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        worker.terminate()
    for worker in workers:
        worker.join(WORKER_END_S)
    if manager is not None:
        manager.join(WORKER_END_S)
