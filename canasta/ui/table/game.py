"""What the table scene asks of the game it shows: `TableController` (a real game), or the guided first game
and the Expert's replay of a deal, which show a table without being one."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import Protocol

from canasta.coach.hint import Hint
from canasta.engine.actions import Action
from canasta.engine.cards import Card
from canasta.engine.events import Event
from canasta.engine.playerview import PlayerView
from canasta.engine.refusals import Refusal
from canasta.ui.table.controller import GameSetup


class TableGame(Protocol):
    """A hand the table shows from the human's seat: his view, his actions, and the events to animate."""

    setup: GameSetup
    events: deque[Event]

    @property
    def human(self) -> int: ...

    def human_view(self) -> PlayerView: ...

    def human_to_act(self) -> bool: ...

    def hand_over(self) -> bool: ...

    def submit(self, action: Action) -> Refusal | None: ...

    def update(self, dt_s: float) -> None: ...

    def score_hand(self) -> None: ...

    # -- what the table says beside the cards ----------------------------------------------------------

    def hand_number(self) -> int:
        """The hand in play, 1 for the game's first."""
        ...

    def target(self) -> int | None:
        """The score that ends the game, or None where the table is not a game (a lesson, a watched hand)."""
        ...

    def past_events(self) -> tuple[Event, ...]:
        """The hand's events before the table opened (a game taken up again), as the human saw them."""
        ...

    def stand_in(self) -> str | None:
        """Who plays the human's seat when the human does not (the Expert in a watched replay), else None."""
        ...

    # -- coaching (a game without it answers None, False or nothing) ----------------------------------

    def hint(self) -> Hint | None: ...

    @property
    def tools(self) -> PracticeTools: ...


class PracticeTools(Protocol):
    """A practice game's tools at the table: taking back the human's last action or whole turn, every hand face up."""

    def can_undo_action(self) -> bool: ...

    def can_undo_turn(self) -> bool: ...

    def undo_action(self) -> bool: ...

    def undo_turn(self) -> bool: ...

    def set_open_hands(self, shown: bool) -> bool: ...

    def shown_hands(self) -> Mapping[int, tuple[Card, ...]]: ...


class NoPracticeTools:
    """For a table game that is not a practice game of its own (a lesson, a watched hand): nothing to undo, no open
    hands (its `tools` are `NothingToTakeBack`), one hand and no target."""

    @property
    def tools(self) -> NothingToTakeBack:
        return NothingToTakeBack()

    def hand_number(self) -> int:
        return 1

    def target(self) -> int | None:
        return None

    def past_events(self) -> tuple[Event, ...]:
        return ()

    def stand_in(self) -> str | None:
        return None


class NothingToTakeBack:
    """The practice tools of a table that has none: nothing to undo, no open hands."""

    def can_undo_action(self) -> bool:
        return False

    def can_undo_turn(self) -> bool:
        return False

    def undo_action(self) -> bool:
        return False

    def undo_turn(self) -> bool:
        return False

    def set_open_hands(self, shown: bool) -> bool:
        return False

    def shown_hands(self) -> dict[int, tuple[Card, ...]]:
        return {}
