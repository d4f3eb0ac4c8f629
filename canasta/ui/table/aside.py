"""What the table keeps beside the cards: the talk (captions and the move log, and the log's panel), the pace of
the computer players (pause and step), the chooser of ways to take the pile, the cards just drawn, and the news
of the human's own actions for his prompt."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from canasta.engine.actions import Combine, TakePile
from canasta.engine.cards import Card
from canasta.engine.events import DrawEvent, Event, PickUpFootEvent, TakePileEvent
from canasta.engine.playerview import Phase, PlayerView, my_melds
from canasta.i18n import _
from canasta.ui.look.theme import Button, Theme
from canasta.ui.table.drawing.caption_fit import Caption
from canasta.ui.table.drawing.talk import (
    ChooserShown,
    LogShown,
    TalkShown,
    caption_bubble,
    caption_lines,
    chooser_rects,
    log_page,
    log_rows,
)
from canasta.ui.table.layout.regions import TableLayout
from canasta.ui.table.narration.own_news import own_news
from canasta.ui.table.narration.sentences import cards_label, meld_phrase, meld_words, new_melds_label
from canasta.ui.table.narration.talk import LogScroll, Pace, Said, TableTalk, action_groups
from canasta.ui.table.pace import ReadingHold, read_at_table

CHOOSER_MOST = 8  # ways offered at once (number keys 1 to 8)
_LOG_KEYS = {
    pygame.K_UP: 1, pygame.K_DOWN: -1, pygame.K_PAGEUP: 10, pygame.K_PAGEDOWN: -10,
    pygame.K_HOME: 10_000, pygame.K_END: -10_000,
}  # fmt: skip


Choice = TakePile | Combine  # what the chooser offers: ways to take the pile, or groups to join


def way_label(view: PlayerView, way: Choice) -> str:
    """A way to take the pile in words: "with 7♥ 7♠", "onto our sevens", "onto our sequence of hearts 5 to 9",
    and the melds laid with it; two groups to join: "our kings (group 1) and our kings (group 2)"."""
    melds = my_melds(view)
    if isinstance(way, Combine):
        first, second = way.melds
        if max(first, second) >= len(melds):
            return _("melds {first} and {second}").format(first=first + 1, second=second + 1)
        return _("{first} and {second}").format(
            first=meld_words(view, view.seat, melds[first]), second=meld_words(view, view.seat, melds[second])
        )
    top = view.pile[-1] if view.pile else None
    if way.with_ or top is None:
        words = _("with {cards}").format(cards=cards_label(way.with_))
    elif way.onto is not None and way.onto < len(melds):
        words = _("onto {meld}").format(meld=meld_words(view, view.seat, melds[way.onto]))
    else:
        words = _("onto {meld}").format(meld=meld_phrase(view, view.seat, top.rank))
    if way.also:
        words += _(", melding {groups} too").format(groups=new_melds_label(view, way.also))
    return words


class TableAside:
    """The talk, the pace, the log's panel, the take chooser and the fresh cards of one table."""

    def __init__(self, hand: int = 1, stand_in: str | None = None, rounds: bool = False) -> None:
        self.rounds = rounds  # the log heads each hand as a round (Hand and Foot)
        self.talk = TableTalk(stand_in=stand_in)
        self.talk.start_at(hand)
        self.pace = Pace()
        self.reading = ReadingHold()  # the computer players wait until their last words could be read
        self.log = LogScroll()
        self.ways: list[Choice] = []  # the chooser is open while this holds ways
        self._chooser_phase = Phase.DRAW  # the phase it was opened in: it closes when that is over
        self.fresh: frozenset[Card] = frozenset()
        self.news = ""  # what the human's own latest action did beyond itself (see own_news), for his prompt
        self._chooser_buttons: list[Button] = []
        self._rows: tuple[tuple[int, int, int, int], list[tuple[str, bool]]] | None = None
        self._captions: dict[int, tuple[tuple[tuple[Said, ...], int, int, int], Caption]] = {}

    # -- what happened ------------------------------------------------------------------------------------------

    def hear(self, events: Sequence[Event], view: PlayerView) -> None:
        """The events of the actions just played, as their animation starts: announce them; the cards the human
        has just drawn (replacements for red threes included) or taken from the pile into his hand are marked,
        not a foot picked up (all of it new). The human's own actions bring their news; what the computer players
        said gets its reading time."""
        lines = self.talk.hear_all(events, view)
        self.reading.said(line.text for line in lines if read_at_table(line, view.seat, self.talk.stand_in))
        news = own_news(action_groups(events), lines, view)
        self.news = self.news if news is None else news
        drawn = [
            card
            for event in events
            if isinstance(event, DrawEvent) and not isinstance(event, PickUpFootEvent)
            if event.seat == view.seat and event.cards is not None
            for card in event.cards
        ]
        taken = [
            card
            for event in events
            if isinstance(event, TakePileEvent) and event.seat == view.seat
            for card in event.cards
            if card in view.hand
        ]
        if drawn or taken:
            self.fresh = frozenset(drawn + taken)

    def follow(self, view: PlayerView, human_to_act: bool) -> None:
        """Once the human's turn is over (or play moved back), the marks and the chooser go."""
        if not human_to_act:
            self.fresh = frozenset()
        if self.ways and not (human_to_act and view.phase is self._chooser_phase):
            self.close_chooser()

    def with_news(self, prompt: str) -> str:
        """The prompt of the human's turn, after the news of his latest action, if any."""
        return f"{self.news} {prompt}" if self.news else prompt

    def last_own_words(self, human: int) -> str:
        """The human's latest announcement this hand (said on the message line while others play)."""
        for entry in reversed(self.talk.log):
            if entry.hand != self.talk.hand:
                return ""
            if entry.seat == human:
                return entry.text
        return ""

    # -- the chooser --------------------------------------------------------------------------------------------

    def open_chooser(self, ways: Sequence[Choice]) -> None:
        """Offer ways to take the pile (in the draw phase) or pairs of groups to join (in the play phase)."""
        self.ways = list(ways[:CHOOSER_MOST])
        self._chooser_phase = Phase.PLAY if any(isinstance(way, Combine) for way in ways) else Phase.DRAW

    def close_chooser(self) -> None:
        self.ways = []
        self._chooser_buttons = []

    def chooser_buttons(self, layout: TableLayout, view: PlayerView) -> list[Button]:
        """One button per way, numbered, in the chooser's rows (remade for the layout of this frame)."""
        _panel, rows = chooser_rects(layout, len(self.ways))
        self._chooser_buttons = [
            Button(f"way:{index}", way_label(view, way), row, key_hint=str(index + 1))
            for index, (way, row) in enumerate(zip(self.ways, rows, strict=True))
        ]
        return self._chooser_buttons

    def chooser_key(self, key: int, act: Callable[[Choice], object]) -> bool:
        """A number key takes that way; Escape closes the chooser. Whether the key was the chooser's."""
        if not self.ways:
            return False
        if key == pygame.K_ESCAPE:
            self.close_chooser()
            return True
        index = key - pygame.K_1
        if 0 <= index < len(self.ways):
            way = self.ways[index]
            self.close_chooser()
            act(way)
            return True
        return False

    def chooser_click(self, pos: tuple[int, int], act: Callable[[Choice], object]) -> bool:
        """A click on a way takes it; any other click closes the chooser. Whether the chooser was open."""
        if not self.ways:
            return False
        for button, way in zip(self._chooser_buttons, self.ways, strict=False):
            if button.box.contains_point(pos):
                self.close_chooser()
                act(way)
                return True
        self.close_chooser()
        return True

    # -- the log's panel ----------------------------------------------------------------------------------------

    def log_key(self, key: int, theme: Theme, layout: TableLayout) -> bool:
        """Scrolling keys while the log is open, and Escape to close it. Whether the key was the log's."""
        if not self.log.open:
            return False
        if key == pygame.K_ESCAPE:
            self.log.toggle()
            return True
        rows = _LOG_KEYS.get(key)
        if rows is None:
            return False
        self.scroll(rows, theme, layout)
        return True

    def scroll(self, rows: int, theme: Theme, layout: TableLayout) -> None:
        self.log.by(rows, len(self.log_rows(theme, layout)), log_page(theme, layout))

    def log_rows(self, theme: Theme, layout: TableLayout) -> list[tuple[str, bool]]:
        """The log's rows as drawn, wrapped anew only when the log or the panel's width changed."""
        log = self.talk.log
        key = (len(log), id(log[-1]) if log else 0, layout.log_panel.w, layout.small_px)
        if self._rows is None or self._rows[0] != key:
            self._rows = (key, log_rows(theme, layout, log, self.rounds))
        return self._rows[1]

    # -- drawn --------------------------------------------------------------------------------------------------

    def caption(self, theme: Theme, layout: TableLayout, seat: int) -> Caption:
        """The seat's caption as drawn, fitted anew only when it or its box changed."""
        box = layout.seats[seat].caption
        key = (self.talk.said(seat), box.w, box.h, layout.small_px)
        kept = self._captions.get(seat)
        if kept is None or kept[0] != key:
            kept = (key, caption_lines(theme, layout, box, key[0]))
            self._captions[seat] = kept
        return kept[1]

    def caption_click(self, pos: tuple[int, int], theme: Theme, layout: TableLayout, view: PlayerView) -> bool:
        """A click on a caption that leaves actions out ("+2 more") opens the log, where they are in full.
        Whether the click was on one."""
        for seat in range(view.rules.players):
            if seat == view.seat:
                continue
            caption = self.caption(theme, layout, seat)
            bubble = caption_bubble(theme, layout, layout.seats[seat].caption, caption)
            if caption.more and bubble is not None and bubble.contains_point(pos):
                self.log.open, self.log.scroll = True, 0
                return True
        return False

    def shown(self, theme: Theme, layout: TableLayout, view: PlayerView) -> TalkShown:
        seats = range(view.rules.players)
        captions = {seat: self.caption(theme, layout, seat) for seat in seats if seat != view.seat}
        log = LogShown(self.log_rows(theme, layout), self.log.scroll) if self.log.open else None
        chooser = None
        if self.ways:
            panel, _rows = chooser_rects(layout, len(self.ways))
            title = _("Join which groups?") if self._chooser_phase is Phase.PLAY else _("Take the pile how?")
            chooser = ChooserShown(title, panel, self.chooser_buttons(layout, view))
        return TalkShown(captions, log, chooser, self.pace.paused)
