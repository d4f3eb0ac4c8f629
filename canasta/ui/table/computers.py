"""The computer players of one game at the table: a player for every computer seat, each seat's card memory, the
worker thread they think on (the Expert in a process of its own), and the pause before each move so that people
can follow. The frame loop only polls: a move comes once it is decided and its pause is over."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Sequence

from canasta.ai.base import Bot, CardMemory
from canasta.ai.levels import LEVELS, make_bot
from canasta.ai.lookahead import ExpertBot, budget_for
from canasta.ai.remote import ProcessBot
from canasta.ai.worker import BotWorker, deadline_for
from canasta.coach.undo import memories_at
from canasta.engine import view_for
from canasta.engine.actions import Action
from canasta.engine.events import Event
from canasta.engine.play import judge, safe_action
from canasta.engine.state import GameState
from canasta.storage.seeds import bot_rng

LOG = logging.getLogger(__name__)


class ComputerSeats:
    """The computer players of one game (`bots`, None at the human's seat) and what they remember (`memories`)."""

    def __init__(self, bots: list[Bot | None], players: int, think_s: float) -> None:
        self.bots = bots
        self.memories = [CardMemory(players) for _ in range(players)]
        self.worker = BotWorker()
        self._turn_id = 0  # a decision asked for an earlier turn is dropped
        self._wait_s = think_s

    def observe(self, events_for: Callable[[int], Sequence[Event]]) -> None:
        """Every seat remembers the events it saw (`events_for(seat)`)."""
        for seat, memory in enumerate(self.memories):
            memory.observe(events_for(seat))

    def next_turn(self) -> None:
        """The game moved on: a decision still on its way is for a turn gone."""
        self._turn_id += 1

    def start_over(self, state: GameState, think_s: float) -> None:
        """Play resumes from an earlier `state` (a move taken back): the memories are rebuilt for it, and a
        decision still on its way is dropped."""
        self.memories = memories_at(state)
        self._turn_id += 1
        self._wait_s = think_s

    def move(self, state: GameState, dt_s: float, think_s: float) -> Action | None:
        """The move of the computer seat whose turn it is in `state`, once decided off the frame loop and once its
        pause (`think_s`) is over; the safe move when its player failed; None while it thinks or waits."""
        seat = state.current
        bot = self.bots[seat]
        assert bot is not None
        if not self.worker.busy(self._turn_id):
            view, memory = view_for(state, seat), self.memories[seat]
            self.worker.request(lambda: bot.choose(view, memory), self._turn_id, deadline_for(bot))
            self._wait_s = think_s
        self._wait_s -= dt_s
        if self._wait_s > 0:
            return None
        action = self.worker.poll(self._turn_id)
        if action is None:
            return None if self.worker.busy(self._turn_id) else safe_action(view_for(state, seat))
        return judge(view_for(state, seat), action, type(bot).__name__).action  # the one guard

    def set_expert_s(self, seconds: float) -> None:
        """The Expert players' thinking time (the setting); it applies from their next decision."""
        for bot in self.bots:
            if isinstance(bot, ExpertBot | ProcessBot):
                bot.budget = budget_for(seconds)

    def close(self) -> None:
        self.worker.close()
        for bot in self.bots:
            if isinstance(bot, ProcessBot):
                bot.close()


def computer_players(levels: Sequence[str], human: int, seed: int, players: int, resumed_at: int) -> list[Bot | None]:
    """A player for every seat but the `human`'s, of the seat's level, each with its own random stream (from the
    game's `seed` and the actions played so far, `resumed_at`)."""
    return [
        None if seat == human else _make_bot(level, bot_rng(seed, seat, resumed_at), players)
        for seat, level in enumerate(levels)
    ]


def _make_bot(level: str, rng: random.Random, players: int) -> Bot:
    """The computer player of `level`; a level this program does not know (an old save) plays Normal. The Expert
    thinks in a process of its own, so that its look-ahead takes no time from the frames."""
    if level not in LEVELS:
        LOG.warning("unknown computer level %r; playing normal", level)
        level = "normal"
    bot = make_bot(level, rng, players)
    return ProcessBot(bot, bot.budget) if isinstance(bot, ExpertBot) else bot
