"""The pace of the computer players at the table: the pause and the step answered at once, even while cards move,
and how long each computer move stays on screen before the next one comes.

A computer move's caption must be readable before the next move comes. The table holds the computer players
until the words of the last move said at a seat of theirs have had their reading time (`READING_WORDS_PER_S` at
the default thinking pause, faster at a shorter pause and slower at a longer one, in proportion); the thinking
pause, which the game waits after that, counts towards it. So each computer move stays on screen for the longer
of its reading time and its cards' flight plus the thinking pause. With no thinking pause at all (the setting's
"None"), nothing waits for reading either: the moves come as fast as the cards fly.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final

import pygame

from canasta.storage.settings import DEFAULT_THINK_S
from canasta.ui.look.theme import Button
from canasta.ui.table.narration.sentences import Line
from canasta.ui.table.narration.talk import Pace

READING_WORDS_PER_S: Final = 3.5  # at the default pace: a fair speed for short sentences read beside moving cards
PACE_KEYS: Final = {pygame.K_b: "pause", pygame.K_PERIOD: "step"}


def pace_command(event: pygame.event.Event, buttons: Mapping[str, Button]) -> str | None:
    """The pause (B, or the Pause/Resume button) or the step ("." or Step) that `event` asks for, else None.

    The table answers them at once, even while cards move: a pause then holds the next computer move, where a
    key pressed while cards move would only hurry them."""
    if event.type == pygame.KEYDOWN:
        return PACE_KEYS.get(event.key)
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        for name in PACE_KEYS.values():
            button = buttons.get(name)
            if button is not None and button.hit(event.pos):
                return name
    return None


def words_per_s(think_s: float) -> float:
    """The reading speed the table allows at a thinking pause of `think_s`: `READING_WORDS_PER_S` at the default
    pause, in proportion to it otherwise (a shorter pause reads faster); at no pause at all, no reading."""
    return READING_WORDS_PER_S * DEFAULT_THINK_S / think_s if think_s > 0 else math.inf


def reading_s(text: str, think_s: float = DEFAULT_THINK_S) -> float:
    """How long the table lets `text` be read: its words (a card such as "7♥" counts as one) at `words_per_s`."""
    return len(text.split()) / words_per_s(think_s)


def read_at_table(line: Line, human: int, stand_in: str | None) -> bool:
    """Whether the table gives `line` its reading time: what a computer player said at its seat. The human's own
    moves need none (unless someone plays his seat for him), nor do the deal and the end of the hand."""
    return line.seat is not None and (line.seat != human or stand_in is not None)


@dataclass(slots=True)
class ReadingHold:
    """The words a computer player said last that are still being read, read away as the table's frames pass."""

    words: float = 0.0

    def said(self, texts: Iterable[str]) -> None:
        """Words just said (the moves of one batch are read one after the other): their reading starts now."""
        self.words = max(self.words, float(sum(len(text.split()) for text in texts)))

    def advance(self, dt_s: float, think_s: float) -> None:
        self.words = max(0.0, self.words - dt_s * words_per_s(think_s)) if think_s > 0 else 0.0

    def left_s(self, think_s: float) -> float:
        """The reading time left at the pace of `think_s`."""
        return self.words / words_per_s(think_s)

    def holds(self, think_s: float) -> bool:
        """Whether the next computer move waits for the reading. The thinking pause, which the game waits after
        this, counts towards it; with no pause at all (0) nothing waits for reading either."""
        return self.left_s(think_s) > think_s

    def reading(self, think_s: float) -> bool:
        """Whether the words are still being read (the end of the hand waits for them)."""
        return self.left_s(think_s) > 0


def computers_may_move(pace: Pace, hold: ReadingHold, busy: bool, think_s: float) -> bool:
    """Whether the computer players may move this frame: not while cards move, not while paused (except for the
    one move of a step, which does not wait for the reading either), and not before the last move was read."""
    return not busy and pace.computers_may_move and (pace.stepping or not hold.holds(think_s))
