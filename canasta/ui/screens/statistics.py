"""The statistics screen: games and hands by player count and opponent level, streaks, averages and bests,
canastas and goings out, for each game of the family (a Game row at the top picks classic Canasta, Samba,
Bolivia or Hand and Foot, whose hands are rounds and canastas books); Reset asks first.

`StatsFigures` is this screen's own picture of the statistics; the stored statistics type (canasta.storage)
is adapted to it by whoever opens the screen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import assert_never

import pygame

from canasta.engine.rules import Variant
from canasta.engine.rules.catalog import DEFAULT_GAME, CanastaName, Figure, game_facts, plays_rounds, usual_shape
from canasta.i18n import _, decimal
from canasta.storage.stats import Statistics
from canasta.ui.geometry import Box
from canasta.ui.kit.widgets import (
    Choice,
    FocusRing,
    PushButton,
    ScrollList,
    TextLine,
    Widget,
    draw_backdrop,
    draw_panel,
    screen_frame,
    ui_px,
    yes_key_hint,
    yes_keys,
)
from canasta.ui.look.theme import Theme
from canasta.ui.screens.house_rules import variant_name
from canasta.ui.table.narration.seats import LEVEL_NAMES


@dataclass(frozen=True, slots=True)
class GroupRecord:
    """Games and hands for one player count against one opponent level."""

    players: int
    level: str
    games_played: int = 0
    games_won: int = 0
    hands_played: int = 0
    hands_won: int = 0


@dataclass(frozen=True, slots=True)
class StatsFigures:
    """Everything the statistics screen shows."""

    groups: tuple[GroupRecord, ...] = ()
    current_streak: int = 0  # games won in a row, up to now
    best_streak: int = 0
    points_total: int = 0  # the human side's points over every hand played
    best_hand: int | None = None
    natural_canastas: int = 0
    mixed_canastas: int = 0
    went_out: int = 0
    went_out_concealed: int = 0
    sequence_canastas: int = 0  # sambas (Samba), escaleras (Bolivia)
    wild_canastas: int = 0  # bolivias, Hand and Foot's books of wild cards
    feet_picked_up: int = 0  # Hand and Foot: rounds in which the person picked up his foot

    @property
    def hands_played(self) -> int:
        return sum(group.hands_played for group in self.groups)

    @property
    def average_per_hand(self) -> float | None:
        return self.points_total / self.hands_played if self.hands_played else None


def percent(won: int, played: int) -> str:
    return "\u2013" if played == 0 else _("{percent}%").format(percent=round(100 * won / played))


def summary_lines(figures: StatsFigures, game: Variant = DEFAULT_GAME) -> list[tuple[str, str]]:
    """The figures that are not by group, as (what, how many): the lines the game's row of the catalogue lists,
    in its words (rounds instead of hands, books instead of canastas, its own canastas' names)."""
    words = _Words.of(game)
    lines: list[tuple[str, str]] = []
    for figure in game_facts(game).figures:
        line = _line(figure, figures, words)
        if line is not None:
            lines.append(line)
    return lines


@dataclass(frozen=True, slots=True)
class _Words:
    """How a game's statistics name its hands and canastas."""

    rounds: bool  # its hands are rounds
    books: bool  # its canastas are books
    sequence: CanastaName | None
    wild: CanastaName | None

    @classmethod
    def of(cls, game: Variant) -> _Words:
        shape, facts = usual_shape(game), game_facts(game)
        return cls(plays_rounds(shape), shape.books, facts.sequence_canasta, facts.wild_canasta)


Line = tuple[str, str] | None  # (what, how many), or nothing for a figure not shown


def _line(figure: Figure, figures: StatsFigures, words: _Words) -> Line:
    return _LINES[figure](figures, words)


def _games(figures: StatsFigures) -> int:
    return sum(group.games_played for group in figures.groups)


def _won(figures: StatsFigures, _words: _Words) -> Line:
    won = sum(group.games_won for group in figures.groups)
    return _("Games won"), _("{won} ({percent})").format(won=won, percent=percent(won, _games(figures)))


def _average(figures: StatsFigures, words: _Words) -> Line:
    average = figures.average_per_hand
    what = _("Average points per round") if words.rounds else _("Average points per hand")
    return what, "\u2013" if average is None else decimal(average, 0)


def _best(figures: StatsFigures, words: _Words) -> Line:
    best = "\u2013" if figures.best_hand is None else str(figures.best_hand)
    return (_("Best round") if words.rounds else _("Best hand")), best


def _share(what: str, count: int, figures: StatsFigures) -> Line:
    return what, _("{count} ({percent})").format(count=count, percent=percent(count, figures.hands_played))


_LINES: dict[Figure, Callable[[StatsFigures, _Words], Line]] = {
    Figure.GAMES_PLAYED: lambda figures, _words: (_("Games played"), str(_games(figures))),
    Figure.GAMES_WON: _won,
    Figure.CURRENT_STREAK: lambda figures, _words: (_("Current winning streak"), str(figures.current_streak)),
    Figure.BEST_STREAK: lambda figures, _words: (_("Best winning streak"), str(figures.best_streak)),
    Figure.HANDS_PLAYED: lambda figures, words: (
        _("Rounds played") if words.rounds else _("Hands played"), str(figures.hands_played)),
    Figure.AVERAGE_PER_HAND: _average,
    Figure.BEST_HAND: _best,
    Figure.NATURAL_CANASTAS: lambda figures, words: (
        _("Clean books made") if words.books else _("Natural canastas made"), str(figures.natural_canastas)),
    Figure.MIXED_CANASTAS: lambda figures, words: (
        _("Dirty books made") if words.books else _("Mixed canastas made"), str(figures.mixed_canastas)),
    Figure.SEQUENCE_CANASTAS: lambda figures, words: (_made(words.sequence), str(figures.sequence_canastas)),
    Figure.WILD_CANASTAS: lambda figures, words: (_made_wild(words.wild), str(figures.wild_canastas)),
    Figure.WILD_CANASTAS_IF_ANY: lambda figures, words: (
        (_made_wild(words.wild), str(figures.wild_canastas)) if figures.wild_canastas else None),
    Figure.FEET_PICKED_UP: lambda figures, _words: _share(_("Feet picked up"), figures.feet_picked_up, figures),
    Figure.WENT_OUT: lambda figures, _words: (_("Times gone out"), str(figures.went_out)),
    Figure.WENT_OUT_SHARE: lambda figures, _words: _share(_("Times gone out"), figures.went_out, figures),
    Figure.WENT_OUT_CONCEALED: lambda figures, _words: (_("Times gone out concealed"), str(figures.went_out_concealed)),
}  # fmt: skip


def _made(name: CanastaName | None) -> str:
    """The line of canastas of a kind the game names (`CanastaName`)."""
    match name:
        case CanastaName.SAMBA | None:
            return _("Sambas made")
        case CanastaName.ESCALERA:
            return _("Escaleras made")
        case CanastaName.BOLIVIA:
            return _("Bolivias made")
        case CanastaName.WILD_BOOK:
            return _("Books of wild cards made")
        case _:
            assert_never(name)


def _made_wild(name: CanastaName | None) -> str:
    """The line of canastas of wild cards: by the game's name for them, or plainly where it has none."""
    return _("Wild canastas made") if name is None else _made(name)


def group_rows(figures: StatsFigures, game: Variant = DEFAULT_GAME) -> list[list[str]]:
    """The table by player count and opponent level: a heading row, then one row per group played."""
    hands = _("Rounds") if plays_rounds(usual_shape(game)) else _("Hands")
    rows = [[_("Players and opponents"), _("Games"), _("Won"), hands, _("Won")]]
    for group in sorted(figures.groups, key=lambda g: (g.players, tuple(LEVEL_NAMES).index(g.level)
                                                       if g.level in LEVEL_NAMES else 9)):  # fmt: skip
        level = _(LEVEL_NAMES.get(group.level, group.level))
        rows.append([
            _("{players} players, {level}").format(players=group.players, level=level),
            str(group.games_played), percent(group.games_won, group.games_played),
            str(group.hands_played), percent(group.hands_won, group.hands_played),
        ])  # fmt: skip
    return rows


class StatsScene:
    """The figures in a scrolling list; Reset statistics (asks first) and Back.

    `figures` are the default game's (classic Canasta's); `games` the other games' figures, by game: with them a
    Game row at the top of the list picks whose figures are shown. Reset starts every game's figures again.
    """

    def __init__(self, theme: Theme, figures: StatsFigures, on_reset: Callable[[], None],
                 back: Callable[[], None], games: Mapping[Variant, StatsFigures] | None = None) -> None:  # fmt: skip
        self.theme = theme
        self.by_game: dict[Variant, StatsFigures] = {DEFAULT_GAME: figures, **(games or {})}
        self.game = DEFAULT_GAME
        self.game_row: Choice[Variant] = Choice(_("Game"), tuple(self.by_game), lambda: self.game, self._show_game,
                                                variant_name)  # fmt: skip
        self.on_reset = on_reset
        self.back = back
        self.size = (1280, 800)
        self.confirming = False
        self.list = ScrollList()
        self.reset_button = PushButton(_("Reset statistics"), self.ask_reset, "R")
        self.back_button = PushButton(_("Back"), back, _("Esc"))
        self.yes_button = PushButton(_("Reset"), self._reset, yes_key_hint())
        self.no_button = PushButton(_("Keep them"), self._keep, _("Esc"))
        self.panel = Box(0, 0, 0, 0)
        self.show(figures)
        self.ring = FocusRing([self.list, self.reset_button, self.back_button])

    def _show_game(self, game: Variant) -> None:
        self.game = game
        self.show(self.by_game[game])

    def show(self, figures: StatsFigures) -> None:
        """Show these figures of the game chosen (after a reset, the emptied ones)."""
        self.figures = figures
        self.by_game[self.game] = figures
        items: list[Widget] = [self.game_row, TextLine([""], scale=0.4)] if len(self.by_game) > 1 else []
        items += [TextLine([what, value]) for what, value in summary_lines(figures, self.game)]
        items.append(TextLine([""]))
        rows = group_rows(figures, self.game)
        for index, row in enumerate(rows):
            line = TextLine(row, bold=index == 0)
            line.first_share = 0.44  # "6 players, Beginner" needs more room than a count
            items.append(line)
        if len(rows) == 1:
            items.append(TextLine([_("No game finished yet.")], dim=True))
        self.list.set_items(items)

    def ask_reset(self) -> None:
        self.confirming = True
        self.ring.set_widgets([self.no_button, self.yes_button])

    def _keep(self) -> None:
        self.confirming = False
        self.ring.set_widgets([self.list, self.reset_button, self.back_button], self.reset_button)

    def _reset(self) -> None:
        self.on_reset()
        self.by_game = dict.fromkeys(self.by_game, StatsFigures())
        self.show(StatsFigures())
        self._keep()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._keep() if self.confirming else self.back()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r and not self.confirming:
            self.ask_reset()
            return
        if event.type == pygame.KEYDOWN and self.confirming and event.key in (*yes_keys(), pygame.K_n):
            self._keep() if event.key == pygame.K_n else self._reset()  # the question answered by its keys
            return
        self.ring.handle(event)

    def update(self, dt_s: float) -> None:
        return None

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        frame = screen_frame(size, 52, buttons=2)
        px, (width, height), panel_w = frame.px, size, frame.panel.w
        self.reset_button.box, self.back_button.box = frame.buttons
        button_w, button_h = self.back_button.box.w, self.back_button.box.h
        self.panel = frame.panel
        self.list.layout(frame.inner, px, self.theme)
        self.question = Box((width - panel_w) // 2, height // 2 - px * 5, panel_w, px * 10)
        self.no_button.box = Box(width // 2 - button_w - px // 2, self.question.bottom - px - button_h, button_w,
                                 button_h)  # fmt: skip
        self.yes_button.box = Box(width // 2 + px // 2, self.no_button.box.y, button_w, button_h)

    def draw(self, screen: pygame.Surface) -> None:
        theme, px = self.theme, ui_px(self.size)
        draw_backdrop(screen, theme, _("Statistics"), self.size)
        draw_panel(screen, theme, self.panel)
        if not self.confirming:
            self.ring.draw(screen, theme, px)
            return
        self.list.draw(screen, theme, px, False)
        veil = pygame.Surface(self.size, pygame.SRCALPHA)
        veil.fill((0, 0, 0, 150))
        screen.blit(veil, (0, 0))
        draw_panel(screen, theme, self.question)
        box = self.question
        theme.text(screen, _("Reset all statistics?"), Box(box.x + px, box.y + px, box.w - 2 * px, px * 2), px * 5 // 4,
                   bold=True, align="centre")  # fmt: skip
        theme.text(screen, _("Every figure goes back to zero. This cannot be undone."),
                   Box(box.x + px, box.y + px * 3, box.w - 2 * px, px * 2), px, align="centre")  # fmt: skip
        self.ring.draw(screen, theme, px)


def figures_by_game(
    statistics: Callable[[Variant], Statistics], games: tuple[Variant, ...]
) -> dict[Variant, StatsFigures]:
    """The screen's figures of each game from the statistics kept between runs (`statistics(game)`)."""
    return {game: figures_from(statistics(game)) for game in games}


def figures_from(statistics: Statistics) -> StatsFigures:
    """The screen's figures from the statistics kept between runs."""
    groups = tuple(
        GroupRecord(players, level, tally.games, tally.games_won, tally.hands, tally.hands_won)
        for players, level, tally in statistics.tables
    )
    return StatsFigures(
        groups, statistics.current_streak, statistics.best_streak, statistics.points, statistics.best_hand,
        statistics.natural_canastas, statistics.mixed_canastas, statistics.gone_out, statistics.gone_out_concealed,
        statistics.sequence_canastas, statistics.wild_canastas, statistics.feet_picked_up,
    )  # fmt: skip
