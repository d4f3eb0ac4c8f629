"""What the table says about the play: the caption at each seat and the move log (no pygame).

Each action is announced once, as its animation starts (`TableTalk.hear`). A seat's caption holds what it said
in its latest turn, every action of it (a partner's answer belongs to the turn of the player who asked), so it
stays on screen until that seat's next turn, whatever the pace; each action is kept in whole sentences and in
the caption's short words (drawing/caption_fit.py fits them into the bubble). The log keeps every announcement of the
last hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from canasta.engine.events import (
    AnswerEvent,
    AskPartnerEvent,
    CombineEvent,
    DealEvent,
    DiscardEvent,
    DrawEvent,
    Event,
    HandOverEvent,
    LoneHandEvent,
    MeldEvent,
    PassEvent,
    PickUpFootEvent,
    RedThreeEvent,
    TakePileEvent,
)
from canasta.engine.playerview import PlayerView
from canasta.ui.table.narration.score_changes import red_three_points, threes_turned
from canasta.ui.table.narration.seats import seat_name
from canasta.ui.table.narration.sentences import Line, narrate, threes_turned_words
from canasta.ui.table.narration.stakes import drew_turn_card, turn_card_words

LOG_HANDS: Final = 5  # the log keeps this many hands (the one in play and the ones before it)


def action_groups(events: Sequence[Event]) -> list[tuple[Event, ...]]:
    """`events` cut into the events of each action: an action starts with its main event (a deal, draw, take,
    meld, discard, question, answer or pass); what follows it (red threes laid out and their replacements, a
    lone hand declared) belongs to it, and the end of the hand stands alone."""
    groups: list[list[Event]] = []
    for event in events:
        joins = isinstance(event, (RedThreeEvent, LoneHandEvent)) or _replacement(groups, event)
        if groups and joins and not isinstance(groups[-1][0], HandOverEvent):
            groups[-1].append(event)
        else:
            groups.append([event])
    return [tuple(group) for group in groups]


def _replacement(groups: list[list[Event]], event: Event) -> bool:
    """A draw right after a red three of the same seat replaces it: it is part of the same action."""
    if not groups or not isinstance(event, DrawEvent):
        return False
    last = groups[-1][-1]
    return isinstance(last, RedThreeEvent) and last.seat == event.seat


def _stock_drawn(events: Sequence[Event]) -> int:
    """The cards an action took from the stock (draws, replacements, bonus cards; never a foot)."""
    return sum(
        event.count for event in events if isinstance(event, DrawEvent) and not isinstance(event, PickUpFootEvent)
    )


def _others_draw(event: Event, view: PlayerView) -> bool:
    return isinstance(event, DrawEvent) and event.seat != view.seat


@dataclass(frozen=True, slots=True)
class Said:
    """One action of a seat's turn as its caption keeps it: the whole sentences (as in the log), the caption's
    short words, and how much it tells (a caption short of room leaves out the least telling first)."""

    full: str
    short: str
    weight: int


def action_weight(events: Sequence[Event]) -> int:
    """How much an action tells a player following the table: a draw least (the hand's count shows it), then a
    discard (the pile shows it), cards added to melds, a question or a red three, new melds or a take of the
    pile, and most the end of the hand."""
    return max((_weight(event) for event in events), default=0)


def _weight(event: Event) -> int:
    if isinstance(event, DrawEvent):
        return 2 if isinstance(event, PickUpFootEvent) else 0
    if isinstance(event, DiscardEvent):
        return 1
    if isinstance(event, (AskPartnerEvent, AnswerEvent, RedThreeEvent, CombineEvent)):
        return 2
    if isinstance(event, MeldEvent):
        return 3 if event.new else 2
    if isinstance(event, TakePileEvent):
        return 3
    return 4  # a deal, a lone hand declared, a pass, the end of the hand


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
    stand_in: str | None = None  # who plays the human's seat when he does not (a watched replay)
    log: list[LogEntry] = field(default_factory=list)
    _turn: int = 0
    _said: dict[int, tuple[int, list[Said]]] = field(default_factory=dict)  # seat -> (turn, its actions)
    _threes: tuple[int, ...] = ()  # what each side's red threes counted after the last announcement

    def hear(self, event: Event, view: PlayerView) -> Line:
        """Announce one event on its own (see `hear_all` for the events of whole actions)."""
        return self._say((event,), view, view.stock_count)

    def hear_all(self, events: Sequence[Event], view: PlayerView) -> list[Line]:
        """Announce the events of one or more actions, as they come from the game: one announcement per action
        (a red three laid out, and the card drawn to replace it, belong to the draw or take that brought it),
        and one for the end of the hand."""
        groups = action_groups(events)
        lines: list[Line] = []
        for index, group in enumerate(groups):  # the stock after each action: the view's, and what later ones drew
            later = sum(_stock_drawn(other) for other in groups[index + 1 :])
            lines.append(self._say(group, view, view.stock_count + later))
        return lines

    def _say(self, events: Sequence[Event], view: PlayerView, stock_after: int) -> Line:
        if isinstance(events[0], DealEvent):
            self._new_hand()
        # Another seat's replacement draws go unsaid (its count shows them); the human is told what he drew.
        told = [event for index, event in enumerate(events) if index == 0 or not _others_draw(event, view)]
        lines = [narrate(event, view, self.stand_in) for event in told]
        seat = lines[0].seat if lines and not isinstance(events[0], (DealEvent, HandOverEvent)) else None
        shorts = [narrate(event, view, self.stand_in, short=True).text for event in told]
        turned = self._threes_turned(events, view)
        if drew_turn_card(view.rules, stock_after, _stock_drawn(events)) and lines and lines[0].seat is not None:
            drawer = lines[0].seat
            mine = drawer == view.seat and self.stand_in is None
            lines.append(Line(drawer, turn_card_words(mine, seat_name(view, drawer), short=False)))
            shorts.append(turn_card_words(mine, seat_name(view, drawer), short=True))
        line = Line(seat, " ".join([line.text for line in lines] + turned), tuple(turned))
        self.log.append(LogEntry(self.hand, line.seat, line.text))
        if line.seat is not None:
            part = Said(line.text, " ".join(shorts + turned), action_weight(events))
            turn, said = self._said.get(line.seat, (-1, []))
            self._said[line.seat] = (self._turn, [*said, part] if turn == self._turn else [part])
        if any(isinstance(event, (DiscardEvent, PassEvent, HandOverEvent)) for event in events):
            self._turn += 1
        return line

    def _threes_turned(self, events: Sequence[Event], view: PlayerView) -> list[str]:
        """Sentences for the sides whose red threes have just turned to count for them (a first meld, a canasta:
        the score changes by twice their worth), unless the action laid out a red three (it says the score)."""
        before, self._threes = self._threes, red_three_points(view)
        if any(isinstance(event, RedThreeEvent) for event in events):
            return []
        return [threes_turned_words(view, side, points) for side, points in threes_turned(view, before)]

    def caption(self, seat: int) -> tuple[str, ...]:
        """What `seat` said in its latest turn, oldest first, in whole sentences."""
        return tuple(part.full for part in self.said(seat))

    def said(self, seat: int) -> tuple[Said, ...]:
        """Every action of `seat`'s latest turn, oldest first, as its caption keeps them."""
        return tuple(self._said.get(seat, (0, []))[1])

    def start_at(self, hand: int) -> None:
        """The game's hand number now in play (a game taken up again starts its log there)."""
        self.hand = hand

    def _new_hand(self) -> None:
        if any(entry.hand == self.hand for entry in self.log):
            self.hand += 1
        self._said.clear()
        self._threes = ()
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
