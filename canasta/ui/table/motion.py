"""The cards' movement at the table: every frame the sprites are reconciled with the human's view, and the events
of the last action say how they fly; as each event's animation starts, its cue comes: its sound, a celebration
(a canasta made, someone out) and, at the end of a hand, the banner saying who went out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from canasta.engine.cards import Card
from canasta.engine.events import Event, HandOverEvent
from canasta.engine.playerview import PlayerView
from canasta.ui.kit.animation import AnimationClock, Timing
from canasta.ui.look.theme import TableLook
from canasta.ui.table.celebration import Celebration
from canasta.ui.table.layout.regions import TableLayout
from canasta.ui.table.narration.prompts import hand_over_words
from canasta.ui.table.sprites import Motion, Placement, SpriteBoard, choreograph


class SoundPlayer(Protocol):
    """Plays the sound of an event (the sound board); called as each event's animation starts."""

    def play_for(self, event: Event) -> None: ...


class TableMotion:
    """Moves the sprites of `board` on `clock` and gives each event its cue (`celebration`, a sound, a banner)."""

    def __init__(self, board: SpriteBoard, clock: AnimationClock, celebration: Celebration) -> None:
        self.board = board
        self.clock = clock
        self.celebration = celebration
        self.snap = False  # set when the layout changes: every card jumps to its new place
        self._cues: list[tuple[float, Event]] = []
        self._banner: tuple[str, float] = ("", 0.0)  # words, until when

    def move(
        self, events: Sequence[Event], targets: dict[Card, Placement], layout: TableLayout, view: PlayerView,
        look: TableLook,
    ) -> None:  # fmt: skip
        """Reconcile the sprites with `targets`, the places in `view`; `events`, those of the last action (none:
        the cards only follow the view), say how the cards move."""
        now = self.clock.now_s
        if self.snap:
            self.snap = False
            self.board.snap(targets)
        timing = _timing(look)
        motion = Motion(timing, look.reduced_motion)
        if not events:
            self.board.reconcile(targets, now, motion)
        else:
            plan = choreograph(events, layout, view, timing)
            self.board.reconcile(targets, now, motion, plan)
            self.clock.hold_until(max(now + plan.end_s, self.board.end_s()))
            self._cues.extend((now + at_s, event) for at_s, event in plan.cues)
        if not self.clock.busy:
            self.board.settle(now)

    def fire_cues(self, layout: TableLayout, view: PlayerView, look: TableLook, sound: SoundPlayer | None) -> None:
        """Each event's sound, celebration and banner as its animation starts."""
        now = self.clock.now_s
        due = [cue for cue in self._cues if cue[0] <= now]
        self._cues = [cue for cue in self._cues if cue[0] > now]
        for at_s, event in due:
            if isinstance(event, HandOverEvent):
                self._banner = (hand_over_words(view, event), at_s + _timing(look).banner_s)
            self.celebration.hear(event, at_s, view, layout, look)
            if sound is not None:
                sound.play_for(event)

    def hurry(self, layout: TableLayout, view: PlayerView, look: TableLook, sound: SoundPlayer | None) -> None:
        """Finish the moving cards now (a click or a key while they move)."""
        self.clock.hurry()
        self.fire_cues(layout, view, look, sound)
        self.board.settle(self.clock.now_s)

    def banner(self) -> str:
        """The banner's words while it shows, else nothing."""
        words, until = self._banner
        return words if self.clock.now_s < until else ""


def _timing(look: TableLook) -> Timing:
    return Timing().scaled(look.speed)
