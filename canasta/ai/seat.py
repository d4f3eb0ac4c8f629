"""A computer player in a seat of the one hand-playing loop (`canasta.engine.play`): it answers from the seat's
view with its card memory, and its memory sees what the seat sees."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from canasta.ai.base import Bot, CardMemory
from canasta.engine.events import Event
from canasta.engine.playerview import PlayerView

Think = Callable[[Bot, PlayerView, CardMemory], object]  # how the player is asked (directly, or under a deadline)


def ask(bot: Bot, view: PlayerView, memory: CardMemory) -> object:
    """Ask the player directly, in this thread."""
    return bot.choose(view, memory)


class BotSeat:
    """A computer player and its card memory; `think` asks it (under a deadline, where the caller keeps one)."""

    def __init__(self, bot: Bot, memory: CardMemory, think: Think = ask) -> None:
        self.bot = bot
        self.memory = memory
        self.think = think

    @property
    def name(self) -> str:
        return type(self.bot).__name__

    def act(self, view: PlayerView) -> object:
        return self.think(self.bot, view, self.memory)

    def see(self, events: tuple[Event, ...]) -> None:
        self.memory.observe(events)


def seats_for(bots: Sequence[Bot], seen: Sequence[Sequence[Event]], think: Think = ask) -> list[BotSeat]:
    """One seat per computer player, each memory already told what its seat saw of the hand so far."""
    seats = []
    for seat, bot in enumerate(bots):
        memory = CardMemory(len(bots))
        memory.observe(seen[seat])
        seats.append(BotSeat(bot, memory, think))
    return seats
