"""Computer players think here, off the frame loop; the table polls once per frame and never waits."""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

from canasta.actions import Action

LOG = logging.getLogger(__name__)


class BotWorker:
    """Runs one decision off the frame loop; the table polls it once per frame."""

    def __init__(self) -> None:
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="canasta-bot")
        self._pending: Future[Action] | None = None
        self._turn_id = -1

    def request(self, decide: Callable[[], Action], turn_id: int) -> None:
        self._pending, self._turn_id = self._executor.submit(decide), turn_id

    def busy(self, turn_id: int) -> bool:
        return self._pending is not None and self._turn_id == turn_id

    def poll(self, turn_id: int) -> Action | None:
        """The chosen action once ready; None while thinking or for a stale turn."""
        if self._pending is None or not self._pending.done():
            return None
        future, self._pending = self._pending, None
        if self._turn_id != turn_id:
            return None
        try:
            return future.result()
        except Exception:  # the caller falls back to a safe move
            LOG.exception("a computer player failed while thinking")
            return None

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
