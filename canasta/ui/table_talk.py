"""What the table says about the play: the caption at each seat and the move log (no pygame).

Each action is announced once, as its animation starts (`TableTalk.hear`). A seat's caption holds what it said
in its latest turn (a partner's answer belongs to the turn of the player who asked), so it stays on screen
until that seat's next turn, whatever the pace. The log keeps every announcement of the last hands.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from canasta.events import DealEvent, DiscardEvent, Event, HandOverEvent, PassEvent
from canasta.playerview import PlayerView
from canasta.ui.narration import Line, narrate

LOG_HANDS: Final = 5  # the log keeps this many hands (the one in play and the ones before it)


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the log: the hand it belongs to (1 for the game's first), who acted, what was said."""

    hand: int
    seat: int | None
    text: str


@dataclass(slots=True)
class TableTalk:
    """Captions by seat and the log of the last hands."""

    hand: int = 1
    log: list[LogEntry] = field(default_factory=list)
    _turn: int = 0
    _said: dict[int, tuple[int, list[str]]] = field(default_factory=dict)  # seat -> (turn, its lines)

    def hear(self, event: Event, view: PlayerView) -> Line:
        """Announce `event` (the human's view after it gives names and sides): log it, caption it."""
        if isinstance(event, DealEvent):
            self._new_hand()
        line = narrate(event, view)
        self.log.append(LogEntry(self.hand, line.seat, line.text))
        if line.seat is not None:
            turn, lines = self._said.get(line.seat, (-1, []))
            self._said[line.seat] = (self._turn, [*lines, line.text] if turn == self._turn else [line.text])
        if isinstance(event, (DiscardEvent, PassEvent, HandOverEvent)):
            self._turn += 1
        return line

    def caption(self, seat: int) -> tuple[str, ...]:
        """What `seat` said in its latest turn, oldest first."""
        return tuple(self._said.get(seat, (0, []))[1])

    def start_at(self, hand: int) -> None:
        """The game's hand number now in play (a game taken up again starts its log there)."""
        self.hand = hand

    def _new_hand(self) -> None:
        if any(entry.hand == self.hand for entry in self.log):
            self.hand += 1
        self._said.clear()
        self.log = [entry for entry in self.log if entry.hand > self.hand - LOG_HANDS]


@dataclass(slots=True)
class Pace:
    """Whether the computer players may move: they wait while paused, except for the one move a step lets
    through."""

    paused: bool = False
    stepping: bool = False

    @property
    def computers_may_move(self) -> bool:
        return not self.paused or self.stepping

    def toggle(self) -> None:
        self.paused, self.stepping = not self.paused, False

    def step(self) -> None:
        """One computer move, then paused again (while not paused, nothing to do)."""
        self.stepping = self.paused

    def moved(self) -> None:
        """A move was played: a step is used up."""
        self.stepping = False


@dataclass(slots=True)
class LogScroll:
    """The move log's panel: open or not, and how many rows it is scrolled up from the newest."""

    open: bool = False
    scroll: int = 0

    def toggle(self) -> None:
        self.open, self.scroll = not self.open, 0

    def by(self, rows: int, total: int, page: int) -> None:
        """Scroll up (positive) or down, never past the oldest row or below the newest."""
        self.scroll = max(0, min(max(0, total - page), self.scroll + rows))
