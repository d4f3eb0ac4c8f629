"""The score sheet: every finished hand of the game with its breakdown per side (docs/rules.md, Scoring a hand) and the
running totals; "Export game record" calls the callback it is given. Hand and Foot's hands are its rounds (four of
them in a game that ends after the fourth), and its canastas are books."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from canasta.engine.match import HandResult, Match
from canasta.engine.rules import ROUNDS, GameEnd
from canasta.engine.rules.catalog import plays_rounds
from canasta.i18n import N_, _
from canasta.ui.geometry import MIN_TEXT_PX, Box
from canasta.ui.kit.widgets import (
    FocusRing,
    PushButton,
    ScrollList,
    TextLine,
    draw_backdrop,
    draw_panel,
    screen_frame,
    ui_px,
    wrap_lines,
)
from canasta.ui.look.theme import Theme
from canasta.ui.table.narration.feet import LEFT_IN_HAND, left_in_hand_label

LOG = logging.getLogger(__name__)
BREAKDOWN = (
    ("canastas", N_("Canasta bonuses")), ("red_threes", N_("Red threes")), ("going_out", N_("Going out")),
    ("melded", N_("Cards melded")), ("in_hand", LEFT_IN_HAND), ("total", N_("Hand total")),
)  # fmt: skip
ROUND_LABELS = {"canastas": N_("Book bonuses"), "total": N_("Round total")}  # Hand and Foot's words for them
Export = Callable[[], str | None]  # returns a line to show (where the record went), or None


@dataclass(frozen=True, slots=True)
class SheetNames:
    """How the sheet names the sides (its columns) and the seats (who dealt, who went out)."""

    sides: tuple[str, ...]
    seats: tuple[str, ...]


def hand_heading(number: int, hand: HandResult, seat_names: Sequence[str], rounds: int | None = None) -> str:
    """A hand's heading: its number, who dealt and who went out; with `rounds`, a round of Hand and Foot ("Round 2
    of 4", or "Round 2" where the game has no last round, `rounds` 0)."""
    dealer = seat_names[hand.dealer] if hand.dealer < len(seat_names) else str(hand.dealer + 1)
    if rounds is not None:
        return _round_heading(number, rounds, dealer, None if hand.out is None else _seat(seat_names, hand.out))
    if hand.out is None:
        return _("Hand {number} \u00b7 {dealer} dealt \u00b7 nobody went out").format(number=number, dealer=dealer)
    out = seat_names[hand.out] if hand.out < len(seat_names) else str(hand.out + 1)
    return _("Hand {number} \u00b7 {dealer} dealt \u00b7 {player} went out").format(
        number=number, dealer=dealer, player=out
    )


def _seat(seat_names: Sequence[str], seat: int) -> str:
    return seat_names[seat] if seat < len(seat_names) else str(seat + 1)


def _round_heading(number: int, rounds: int, dealer: str, out: str | None) -> str:
    if rounds:
        words = _("Round {number} of {rounds}").format(number=number, rounds=rounds)
    else:
        words = _("Round {number}").format(number=number)
    if out is None:
        return _("{round} · {dealer} dealt · nobody went out").format(round=words, dealer=dealer)
    return _("{round} · {dealer} dealt · {player} went out").format(round=words, dealer=dealer, player=out)


def sheet_rounds(match: Match) -> int | None:
    """Hand and Foot's rounds in the game (0: played to a target, no last round); None for a game of hands."""
    if not plays_rounds(match.rules.shape):
        return None
    return ROUNDS if match.rules.game_end is GameEnd.ROUNDS_4 else 0


def standing_line(match: Match) -> str:
    """Where the game stands after its latest hand, for the hand's summary: "Hand 3 of the game to 5000.", or in
    Hand and Foot "Round 3 of 4." (played to a target, "Round 3 of the game to 10000.")."""
    number, rounds = len(match.hands), sheet_rounds(match)
    if rounds:
        return _("Round {number} of {rounds}.").format(number=number, rounds=rounds)
    if rounds is not None:
        return _("Round {number} of the game to {target}.").format(number=number, target=match.target)
    return _("Hand {number} of the game to {target}.").format(number=number, target=match.target)


def sheet_lines(match: Match, seat_names: Sequence[str]) -> list[TextLine]:
    """The sheet as lines: per hand (per round in Hand and Foot) a heading, its breakdown and the running totals;
    then how the game ends (its target, or after the fourth round the higher total)."""
    lines: list[TextLine] = []
    rounds = sheet_rounds(match)
    if not match.hands:
        lines.append(TextLine([_("No hand has been finished yet.")], dim=True))
    for number, hand in enumerate(match.hands, start=1):
        lines.append(TextLine([hand_heading(number, hand, seat_names, rounds)], bold=True, dim=True))
        for key, label in BREAKDOWN:
            values = [f"{side.to_dict()[key]:+d}" for side in hand.breakdown]
            named = left_in_hand_label(match.rules) if key == "in_hand" else label  # with feet, they count too
            shown = _(ROUND_LABELS.get(key, named)) if rounds is not None else _(named)
            lines.append(TextLine([shown, *values], bold=key == "total"))
        lines.append(TextLine([_("Running total"), *(str(total) for total in hand.totals)], bold=True))
        lines.append(TextLine([""], scale=0.5))
    if rounds:
        played = min(len(match.hands), rounds)
        end = _("{played} of {rounds} rounds played: after the last, the higher total wins").format(
            played=played, rounds=rounds
        )
    else:
        end = _("Game to {target}").format(target=match.target)
    lines.append(TextLine([end], dim=True))
    return lines


class ScoreSheetScene:
    """The sheet scrolls (wheel, arrows, Page Up/Down, Home/End); Export (E) and Back (Esc)."""

    def __init__(self, theme: Theme, match: Match, names: SheetNames, export: Export, back: Callable[[], None]) -> None:
        self.theme = theme
        self.match = match
        self.export_record = export
        self.back = back
        self.size = (1280, 800)
        self.message = ""
        self.dim = True  # drawn over the table
        self.header = TextLine(["", *names.sides], bold=True)  # stays in place while the sheet scrolls
        self.list = ScrollList(sheet_lines(match, names.seats))
        self.export_button = PushButton(_("Export game record"), self.export, "E")
        self.back_button = PushButton(_("Back"), back, _("Esc"))
        self.ring = FocusRing([self.list, self.export_button, self.back_button])
        self.panel = Box(0, 0, 0, 0)

    def export(self) -> None:
        try:
            said = self.export_record()
        except (OSError, ValueError) as error:  # a full disk or a bad folder: say so, keep the game
            LOG.warning("export failed: %s", error)
            self.message = _("The game record could not be saved: {reason}").format(reason=error)
            return
        self.message = said or _("Game record exported.")

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_e:
            self.export()
        else:
            self.ring.handle(event)

    def update(self, dt_s: float) -> None:
        return None

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        frame = screen_frame(size, 56, buttons=2)
        px, panel_w = frame.px, frame.panel.w
        self.export_button.box, self.back_button.box = frame.buttons
        self.panel = frame.panel
        header_h = self.header.height(px, panel_w - px, self.theme)
        self.header.box = Box(self.panel.x + px // 2, self.panel.y + px // 2, panel_w - 2 * px, header_h)
        inner = Box(self.panel.x + px // 2, self.header.box.bottom, panel_w - px, self.panel.h - px - header_h)
        self.list.layout(inner, px, self.theme)
        self.list.scroll(10**9)  # the latest hand first in view

    def draw(self, screen: pygame.Surface) -> None:
        theme, px = self.theme, ui_px(self.size)
        draw_backdrop(screen, theme, _("Score sheet"), self.size, self.dim)
        draw_panel(screen, theme, self.panel)
        self.header.draw(screen, theme, px, False)
        self.ring.draw(screen, theme, px)
        if self.message:
            self._draw_message(screen, px)

    def message_lines(self) -> tuple[list[str], int, int]:
        """The message as drawn: its lines (broken at spaces, so a path, whose spaces do not break, stays whole), the
        text size and the width every line fits in."""
        px = ui_px(self.size)
        text_px = max(MIN_TEXT_PX, px * 9 // 10)
        width = self.size[0] - 4 * px
        return wrap_lines(self.theme.font(text_px), self.message, width), text_px, width

    def _draw_message(self, screen: pygame.Surface, px: int) -> None:
        """Above the buttons, on a ground of its own (under it lie the table's words, however darkened), growing
        upwards when it takes more than one line."""
        theme = self.theme
        lines, text_px, _width = self.message_lines()
        font = theme.font(text_px)
        line_h, step = int(px * 1.6), font.get_linesize()
        height = line_h + step * (len(lines) - 1)
        bottom = self.back_button.box.y - int(px * 2) + line_h
        width = min(self.size[0] - 2 * px, max(font.size(line)[0] for line in lines) + 2 * px)
        ground = Box((self.size[0] - width) // 2, bottom - height, width, height)
        pygame.draw.rect(screen, theme.palette.panel, ground.as_tuple(), border_radius=6)
        top = ground.y + (line_h - step) // 2
        for index, line in enumerate(lines):
            box = Box(ground.x + px, top + index * step, ground.w - 2 * px, step)
            theme.text(screen, line, box, text_px, colour=theme.palette.accent, align="centre")
