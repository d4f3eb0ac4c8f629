"""Reviewing a hand: the human's decisions where the Expert would have played otherwise, biggest loss first.

The review takes seconds (the Expert and the look-ahead's estimates, `canasta.coach.review`), so it runs on
its own thread while the screen says how far it is; Back (Esc) gives it up at once. Each entry shows the
turn, what the human did, what the Expert would do and why, and the estimated difference in points. A note
under the heading says what those points are: averages over sampled continuations of the hand, so one replay
of the deal ("Replay this deal") can score quite differently.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import assert_never

import pygame

from canasta.ai.lookahead import Budget
from canasta.coach.names import card_name_with_article, rank_plural
from canasta.coach.review import REVIEW_BUDGET, ReviewItem, review_decision
from canasta.coach.undo import Decision
from canasta.engine.actions import (
    Action,
    Answer,
    AskPartner,
    Combine,
    DeclareSpecial,
    Discard,
    Draw,
    Meld,
    Pass,
    TakePile,
)
from canasta.engine.cards import Card
from canasta.engine.playerview import Phase
from canasta.engine.refusal_text import list_words, special_hand_name
from canasta.i18n import _, ngettext
from canasta.ui.geometry import MIN_TEXT_PX, Box
from canasta.ui.kit.background import BackgroundJob, Progress
from canasta.ui.kit.widgets import (
    FocusRing,
    PushButton,
    ScrollList,
    TextLine,
    Widget,
    draw_focus,
    draw_panel,
    draw_veil,
    screen_frame,
    ui_px,
    wrap_lines,
)
from canasta.ui.look.theme import Theme

LOG = logging.getLogger(__name__)
BIGGEST = 3  # the first few entries are marked: the decisions that cost the most
NOTE_LINE_EM = 1.15  # a line of the note on the points, in body-text sizes


def review_items(decisions: Sequence[Decision], seed: int, budget: Budget, progress: Progress) -> list[ReviewItem]:
    """`canasta.coach.review.review_hand`, one decision at a time so that `progress` shows how far it is and
    can stop it: the same items, biggest difference first."""
    steady = replace(budget, seconds=None)
    items: list[ReviewItem] = []
    for index, decision in enumerate(decisions):
        progress.step(index, len(decisions))
        item = review_decision(decision, index, seed, steady)
        if item is not None and item.difference > 0:
            items.append(item)
    progress.step(len(decisions), len(decisions))
    items.sort(key=lambda item: (-item.difference, item.index))
    return items


def turn_numbers(decisions: Sequence[Decision]) -> list[int]:
    """The human's turn each decision belongs to (1 for his first turn of the hand)."""
    numbers, turn = [], 0
    for decision in decisions:
        state = decision.state
        if state.phase is Phase.DRAW and state.turn.drew_from is None and state.turn.question is None:
            turn += 1
        numbers.append(max(1, turn))
    return numbers


# -- actions in words -----------------------------------------------------------------------------------------


def cards_words(cards: Sequence[Card]) -> str:
    """Cards grouped by rank in the order first held: several of a rank counted, a single card by name with
    its article ("3 kings, the two of clubs and the joker"; Italian "3 re, il due di fiori e il jolly")."""
    counts = Counter(card.rank for card in cards)
    words = []
    for card in cards:
        count = counts.pop(card.rank, 0)
        if count == 1:
            words.append(card_name_with_article(card))
        elif count > 1:
            words.append(_("{count} {rank}").format(count=count, rank=rank_plural(card.rank)))
    return list_words(words)


def action_words(action: Action) -> str:
    """A move in a few words, as the review lists it."""
    match action:
        case Draw():
            return _("Draw from the stock")
        case TakePile(with_, also, onto) if onto is not None and not with_ and not also:
            return _("Take the pile, its top card onto meld {number}").format(number=onto + 1)
        case TakePile(with_, also):
            return _("Take the pile with {cards}").format(cards=cards_words((*with_, *(c for g in also for c in g))))
        case Meld():
            return _("Meld {cards}").format(cards=cards_words(action.cards()))
        case Combine((first, second)):
            return _("Join melds {first} and {second}").format(first=first + 1, second=second + 1)
        case Discard(card):
            return _("Discard {card}").format(card=card_name_with_article(card))
        case AskPartner():
            return _("Ask your partner whether you may go out")
        case Answer(yes):
            return _("Answer your partner: yes") if yes else _("Answer your partner: no")
        case Pass():
            return _("Pass")
        case DeclareSpecial(name):
            return _("Lay down the special hand {hand}").format(hand=special_hand_name(name))
        case _:
            assert_never(action)


def estimate_note(samples: int) -> str:
    """What the review's points mean, for the reader who replays the deal and sees another score."""
    return ngettext(
        "The points are estimates: averages over {samples} possible way the rest of the hand could go, with the "
        "hidden cards dealt at random. One replay of this deal can score quite differently.",
        "The points are estimates: averages over {samples} possible ways the rest of the hand could go, with the "
        "hidden cards dealt at random. One replay of this deal can score quite differently.",
        samples,
    ).format(samples=samples)


def difference_words(item: ReviewItem) -> str:
    points = round(item.difference)
    return ngettext(
        "about {points} point better (estimated over {samples} deals)",
        "about {points} points better (estimated over {samples} deals)",
        points,
    ).format(points=points, samples=item.samples)


class ReviewEntry(Widget):
    """One decision: turn and estimated gain, what was played, the Expert's move and its reason."""

    def __init__(self, item: ReviewItem, turn: int, biggest: bool) -> None:
        super().__init__()
        self.item = item
        self.heading = _("Turn {turn}: the Expert's move is {difference}").format(
            turn=turn, difference=difference_words(item)
        )
        self.played = _("You: {move}").format(move=action_words(item.played))
        self.better = _("Expert: {move}").format(move=action_words(item.better))
        self.biggest = biggest
        self._reason: list[str] = []

    def focusable(self) -> bool:
        return True

    def lines(self, theme: Theme, px: int, width: int) -> list[str]:
        """Every line of the entry, the reason wrapped to the width."""
        self._reason = wrap_lines(theme.font(px), self.item.reason, max(px, width - 3 * px))
        return [self.heading, self.played, self.better, *self._reason]

    def height(self, px: int, width: int, theme: Theme) -> int:
        return (len(self.lines(theme, px, width)) + 1) * round(px * 1.4)

    def draw(self, screen: pygame.Surface, theme: Theme, px: int, focused: bool) -> None:
        palette = theme.palette
        line_h = round(px * 1.4)
        if focused or self.hover:
            pygame.draw.rect(screen, palette.button if self.hover else palette.button_hover, self.box.as_tuple(),
                             border_radius=6)  # fmt: skip
        if focused:
            draw_focus(screen, theme, self.box)
        mark = "\u2605 " if self.biggest else ""  # a star as well as the order marks the costliest decisions
        x, width = self.box.x + px // 2, self.box.w - px
        theme.text(screen, mark + self.heading, Box(x, self.box.y + px // 3, width, line_h), px, bold=True,
                   colour=palette.accent if self.biggest else palette.text)  # fmt: skip
        rows = [(self.played, palette.text), (self.better, palette.text)]
        rows += [(line, palette.dim_text) for line in self._reason]
        for index, (words, colour) in enumerate(rows, start=1):
            indent = 0 if index <= 2 else px  # the reason sits under the Expert's move
            row = Box(x + px + indent, self.box.y + px // 3 + index * line_h, width - px - indent, line_h)
            theme.text(screen, words, row, px, colour=colour)


class ReviewScreen:
    """The review: "Reviewing…" with its progress while it works, then the entries; Back (Esc) always."""

    def __init__(  # noqa: PLR0913  # the budget and the thread are optional keywords for tests
        self,
        theme: Theme,
        decisions: Sequence[Decision],
        seed: int,
        back: Callable[[], None],
        *,
        budget: Budget = REVIEW_BUDGET,
        start: bool = True,
    ) -> None:
        self.theme = theme
        self.decisions = list(decisions)
        self.seed = seed
        self.budget = budget
        self.back_action = back
        self.size = (1280, 800)
        self.dim = False  # on the table's felt, like the screens around the table (True: a veil over the scene below)
        self.items: list[ReviewItem] | None = None
        self.status = ""
        self.list = ScrollList([])
        self.back_button = PushButton(_("Back"), self.back, _("Esc"))
        self.ring = FocusRing([self.list, self.back_button])
        self.panel = Box(0, 0, 0, 0)
        self.note_lines: list[str] = []  # what the points mean, wrapped to the window (none when nothing differs)
        self.job: BackgroundJob[list[ReviewItem]] | None = None
        if start:
            self.job = BackgroundJob(self._work, name="canasta-review")

    def _work(self, progress: Progress) -> list[ReviewItem]:
        return review_items(self.decisions, self.seed, self.budget, progress)

    def back(self) -> None:
        """Leave; a review still working is given up."""
        if self.job is not None:
            self.job.cancel()
        self.back_action()

    def show(self, items: list[ReviewItem]) -> None:
        """The finished review's entries, biggest difference first."""
        self.items = items
        turns = turn_numbers(self.decisions)
        entries: list[Widget] = [
            ReviewEntry(item, turns[item.index], rank < BIGGEST) for rank, item in enumerate(items)
        ]
        if not entries:
            entries = [TextLine([_("The Expert agrees with every decision you made in this hand. Well played!")])]
        self.list.set_items(entries)
        self.ring.focus(self.list)  # Up and Down go through the entries at once
        self.status = self._summary(items)
        self.resize(self.size)

    def _summary(self, items: list[ReviewItem]) -> str:
        decisions = len(self.decisions)
        if not items:
            return ""  # the list says the Expert agrees
        return ngettext(
            "The Expert would have played {count} of your {decisions} decisions otherwise; the costliest first.",
            "The Expert would have played {count} of your {decisions} decisions otherwise; the costliest first.",
            len(items),
        ).format(count=len(items), decisions=decisions)

    # -- scene protocol -----------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
        else:
            self.ring.handle(event)

    def update(self, dt_s: float) -> None:
        job = self.job
        if self.items is not None or job is None:
            return
        if job.ready:
            self.show(job.result())
        elif job.failed:
            self.status = _("The review could not be made. Nothing is lost: go back to the game.")
        else:
            done, total = job.progress.done, job.progress.total
            self.status = _("Reviewing your decisions\u2026 {done} of {total}").format(done=done, total=total)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        px = ui_px(size)
        samples = self.items[0].samples if self.items else self.budget.samples
        shown = self.items is None or bool(self.items)
        note = estimate_note(samples) if shown else ""
        self.note_lines = wrap_lines(self.theme.font(_note_px(px)), note, size[0] - 2 * px) if note else []
        frame = screen_frame(size, 60, top_em=5.2 + len(self.note_lines) * NOTE_LINE_EM)
        (self.back_button.box,) = frame.buttons
        self.panel = frame.panel
        self.list.layout(frame.inner, frame.px, self.theme)

    def draw(self, screen: pygame.Surface) -> None:
        theme, px = self.theme, ui_px(self.size)
        if self.dim:
            draw_veil(screen, self.size)
        else:
            screen.blit(theme.background(self.size), (0, 0))
        title = Box(px, px // 2, self.size[0] - 2 * px, int(px * 2.4))
        status = Box(px, title.bottom, self.size[0] - 2 * px, int(px * 1.8))
        line_h = round(px * NOTE_LINE_EM)
        if self.dim:  # the words at the top on a band of their own: under them lie the table's, however darkened
            screen.fill(theme.palette.panel, (0, 0, self.size[0], status.bottom + len(self.note_lines) * line_h))
        theme.text(screen, _("Review of the hand"), title, px * 3 // 2, bold=True, align="centre")
        theme.text(screen, self.status, status, px, colour=theme.palette.accent, align="centre")
        for index, line in enumerate(self.note_lines):
            row = Box(px, status.bottom + index * line_h, self.size[0] - 2 * px, line_h)
            theme.text(screen, line, row, _note_px(px), colour=theme.palette.dim_text, align="centre")
        draw_panel(screen, theme, self.panel)
        self.ring.draw(screen, theme, px)


def _note_px(px: int) -> int:
    return max(MIN_TEXT_PX, px * 17 // 20)
