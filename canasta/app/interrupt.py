"""Ctrl-C in a headless command (`soak`, `sim`, `tune`, `learn`, `bench`, `replay`, `--terminal`, `--smoke`):
one line on standard error and the exit status 130, as the referee and the bot end (`canasta.app.jsonlines`),
never a traceback, neither from the command nor from its worker processes.

The worker processes of `sim --jobs` and `tune --jobs` (and `learn`'s) ignore Ctrl-C: the terminal sends it to
every process of the command, and each worker would print a traceback of its own. The command alone stops on
it, and ends its workers then and there rather than waiting for the work they are on.
"""

from __future__ import annotations

import logging
import signal
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager

from canasta.app.jsonlines import INTERRUPTED

LOG = logging.getLogger(__name__)
WORKER_END_S = 5.0  # how long a terminated worker process is waited for


def until_interrupted(command: str, run: Callable[[], int]) -> int:
    """`run()`'s exit status; on Ctrl-C, 130 after one line on standard error naming `command`."""
    try:
        return run()
    except KeyboardInterrupt:
        LOG.info("%s interrupted", command)
        if sys.stderr is not None:  # a windowed app on Windows has none
            print(f"{command}: interrupted", file=sys.stderr, flush=True)
        return INTERRUPTED


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
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        worker.terminate()
    for worker in workers:
        worker.join(WORKER_END_S)
