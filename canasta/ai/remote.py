"""A computer player that thinks in a process of its own: the Expert's long look-ahead, at the table.

The Expert searches for up to its whole budget on one decision, pure Python that holds the interpreter; in the
window's process that would take time from the frames. `ProcessBot` keeps the player in a child process and
asks it for each decision over a pipe: the frame loop's process only waits, in short slices.

A decision that is abandoned (its deadline passed, or the turn is no longer current: `canasta.ai.worker` raises a
stop request in the waiting thread) ends the child process with it, so a stuck decision leaves neither a thread
nor a process behind; the next decision starts a fresh child, whose player is a copy of the one first given.

The player and the game's values cross the pipe as the arguments of their constructors (`_Pickler`, and the
players' own `__reduce__`), so each side builds them afresh: compiled classes cannot be filled in field by field
as pickle otherwise does, and what a value keeps worked out about itself (`answers`, `canasta.engine.memo`) stays
on this side. The child gets its player as the first message on the pipe.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import multiprocessing
import pickle
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from canasta.ai.base import Bot, CardMemory
from canasta.ai.lookahead import Budget
from canasta.engine.actions import Action
from canasta.engine.playerview import PlayerView

WAIT_SLICE_S = 0.02  # how long one wait for the answer lasts: a stop request lands between two
END_WAIT_S = 1.0  # how long a child asked to end may take before it is killed
_SPAWN = multiprocessing.get_context("spawn")  # the same start on every system (and in the packaged app)


_OURS = "canasta."  # the modules whose dataclasses `_Pickler` sends by their constructors' arguments


class _Pickler(pickle.Pickler):
    """Pickles a dataclass of the game's own (the engine's values, the players' weights and models) as its class and
    the arguments of its constructor."""

    def reducer_override(self, obj: object) -> Any:
        if dataclasses.is_dataclass(obj) and not isinstance(obj, type) and type(obj).__module__.startswith(_OURS):
            arguments = tuple((field.name, getattr(obj, field.name)) for field in dataclasses.fields(obj) if field.init)
            return _rebuild, (type(obj), arguments)
        return NotImplemented


def _rebuild(kind: type[object], arguments: tuple[tuple[str, object], ...]) -> object:
    """A value made afresh by its constructor (what `_Pickler` sends)."""
    return kind(**dict(arguments))


def _send(conn: Connection, message: object) -> None:
    buffer = io.BytesIO()
    _Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(message)
    conn.send_bytes(buffer.getvalue())


def _receive(conn: Connection) -> Any:
    return pickle.loads(conn.recv_bytes())


class RemoteBotError(RuntimeError):
    """The player in the child process failed, or the process ended; the message says how."""


class ProcessBot:
    """`bot`, thinking in a child process started at once (so that its start overlaps the deal).

    It answers the `Bot` protocol; `budget` is the player's thinking budget, sent with each question. `close`
    ends the child (it also ends with this process)."""

    def __init__(self, bot: Bot, budget: Budget) -> None:
        self._bot = bot  # the copy each new child starts from
        self.budget = budget
        self._child: tuple[BaseProcess, Connection] | None = None
        self._start()

    def choose(self, view: PlayerView, memory: CardMemory) -> Action:
        answer = self._ask("choose", view, memory)
        return answer  # type: ignore[no-any-return]  # the worker judges whether it is a well-formed action

    def answer_go_out(self, view: PlayerView, memory: CardMemory) -> bool:
        return self._ask("answer_go_out", view, memory) is True

    def close(self) -> None:
        """End the child process: asked first, killed if it does not end soon."""
        child, self._child = self._child, None
        if child is None:
            return
        process, conn = child
        with contextlib.suppress(OSError, ValueError):  # the child is gone already
            _send(conn, None)
        process.join(END_WAIT_S)
        if process.is_alive():
            process.kill()
            process.join(END_WAIT_S)
        conn.close()

    @property
    def running(self) -> bool:
        """Whether a child process is there, alive (for tests and the log)."""
        return self._child is not None and self._child[0].is_alive()

    def _start(self) -> tuple[BaseProcess, Connection]:
        mine, theirs = _SPAWN.Pipe()
        process = _SPAWN.Process(target=serve, args=(theirs,), name="canasta-expert", daemon=True)
        process.start()
        theirs.close()
        self._child = (process, mine)
        _send(mine, self._bot)
        return self._child

    def _ask(self, method: str, view: PlayerView, memory: CardMemory) -> Any:
        process, conn = self._child or self._start()
        try:
            _send(conn, (method, view, memory, self.budget))
            while not conn.poll(WAIT_SLICE_S):
                if not process.is_alive():
                    raise RemoteBotError(f"the computer player's process ended (exit code {process.exitcode})")
            status, answer = _receive(conn)
        except BaseException:  # abandoned (a stop request), failed or broken: the child goes with the decision
            self.close()
            raise
        if status != "ok":
            raise RemoteBotError(str(answer))
        return answer


def serve(conn: Connection) -> None:
    """The child process: take the player (the first message), then answer each question `(method, view, memory,
    budget)` with `("ok", answer)` or `("error", what went wrong)`, until asked to end (None) or the pipe closes."""
    try:
        bot: Bot = _receive(conn)
    except (EOFError, OSError):
        return
    while True:
        try:
            question = _receive(conn)
        except (EOFError, OSError):
            return
        if question is None:
            return
        method, view, memory, budget = question
        if hasattr(bot, "budget"):
            bot.budget = budget
        try:
            answer = bot.choose(view, memory) if method == "choose" else bot.answer_go_out(view, memory)
        except Exception as error:  # reported to the parent, which plays its safe move
            _send(conn, ("error", f"{type(error).__name__}: {error}"))
        else:
            _send(conn, ("ok", answer))
