"""What one frame of the table draws: the layout and the human's view, his hand as shown (order, selection, focus,
lit drop targets, cards just drawn, melds marked), the buttons, the message line, the cards' sprites, and what is
drawn over the table; and the mark of whose turn it is."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from canasta.engine.cards import Card
from canasta.engine.playerview import PlayerView
from canasta.ui.look.theme import Button
from canasta.ui.table.drawing.coach import CoachShown
from canasta.ui.table.drawing.talk import TalkShown
from canasta.ui.table.layout.regions import TableLayout
from canasta.ui.table.sprites import DrawnCard

TURN_MARKER = "\u25b6"  # before the name of the seat whose turn it is: a shape, not only a colour


@dataclass(frozen=True, slots=True)
class HandShown:
    """The human's hand as the table shows it: order, selection, keyboard focus, lit drop targets, and the
    cards he has just drawn (marked until his turn ends)."""

    order: list[Card]
    selected: set[Card]
    focus: int
    targets: set[str]
    fresh: frozenset[Card] = frozenset()
    melds: frozenset[int] = frozenset()  # the side's melds marked (by index): picked, or joined by a drag


@dataclass(frozen=True, slots=True)
class Overlay:
    """What is drawn over the table: a banner, a tooltip (words and the point it belongs to), the keys."""

    banner: str = ""
    tooltip: tuple[str, tuple[int, int]] | None = None
    help: bool = False


@dataclass(frozen=True, slots=True)
class Frame:
    """Everything one frame of the table draws."""

    layout: TableLayout
    view: PlayerView
    hand: HandShown
    buttons: Mapping[str, Button]
    message: str
    cards: Sequence[DrawnCard] = ()
    incoming: Mapping[int, int] | None = None  # per seat, card backs still on their way to it
    overlay: Overlay = Overlay()
    coach: CoachShown = field(default_factory=CoachShown)
    talk: TalkShown = field(default_factory=TalkShown)
    levels: tuple[str, ...] = ()  # each seat's computer level ("human" for the human), for the plates
    info: tuple[str, ...] = ()  # the hand's number, the target: beside the stock
    now_s: float = 0.0  # for what breathes (the turn glow)
    stand_in: str | None = None  # who plays the human's seat when he does not (a watched replay)
