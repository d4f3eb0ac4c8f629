"""The new-game screen: the game of the family (classic Canasta, Samba, Bolivia, Hand and Foot), players, each
computer seat's level, the target (in Hand and Foot: four rounds or a target), the deal number, and the game's
house rules (docs/rules.md, docs/variants.md) with its presets. The choices live in `NewGameChoices`, whose
`setup()` is what the table plays."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import pygame

from canasta.engine.rules import GameEnd, Rules, ThreePlayerMode, Variant, default_target_score, option_names, shape_for
from canasta.engine.rules.catalog import DEFAULT_GAME, game_facts
from canasta.i18n import N_, _
from canasta.ui.geometry import MIN_TEXT_PX, Box
from canasta.ui.kit.widgets import (
    Choice,
    FocusRing,
    LiveNote,
    PushButton,
    ScrollList,
    TextField,
    Widget,
    draw_backdrop,
    draw_panel,
    ui_px,
    wrap_lines,
)
from canasta.ui.look.theme import Theme
from canasta.ui.screens.house_rules import (
    VARIANTS,
    applies,
    default_value,
    listed_options,
    not_applying_note,
    option_choices,
    option_label,
    preset,
    presets_of,
    value_label,
    value_meaning,
    variant_meaning,
    variant_name,
    variant_players,
)
from canasta.ui.screens.presets import Preset, PresetKey
from canasta.ui.table.controller import GameSetup
from canasta.ui.table.narration.seats import LEVEL_NAMES, seat_label

COMPUTER_LEVELS = ("beginner", "normal", "hard", "expert")
# What each level does differently (canasta.ai.levels and docs/computer-players.md, "The levels", say how).
LEVEL_MEANINGS = {
    "beginner": N_(
        "Beginner: forgets what the others took, melds at once, hardly minds what its discards give away and "
        "discards a little at random: good for learning."
    ),
    "normal": N_("Normal: a sound club player: takes good piles, discards safely and remembers what each player took."),
    "hard": N_(
        "Hard: Normal with its judgement sharpened by thousands of self-played deals: what to discard, when to meld."
    ),
    "expert": N_(
        "Expert: Hard plus look-ahead: at a close call it plays out many possible deals before choosing (its "
        "thinking time is a setting)."
    ),
}
LEVEL_PROMPT = N_("Move to a computer player's level, or point at it, to read how that level plays.")
TARGETS = game_facts(DEFAULT_GAME).targets  # 0: the rules' usual target for the player count
MAX_DEAL_DIGITS = 9


@dataclass(slots=True)
class NewGameChoices:
    """What the new-game screen has chosen so far; `setup()` turns it into the game to play.

    `level` and `partner_level` are the levels of seats not set one by one in `seat_levels`; `options` holds
    the house rules of the chosen `variant` away from its rule book's values (enum members, booleans or
    numbers). Change the game with `set_variant`, which drops what does not belong to the new one.
    """

    players: int = 4
    level: str = "normal"
    partner_level: str = "normal"
    target: int = 0
    seed: int | None = None
    seat_levels: dict[int, str] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)
    think_s: float = 0.6
    practice: bool = False  # undo and open hands allowed; counted apart in the statistics
    variant: Variant = Variant.CLASSIC

    def __post_init__(self) -> None:
        counts = variant_players(self.variant)
        if self.players not in counts:  # a game played by other counts (Pennies from Heaven's six): the nearest
            self.players = min(counts, key=lambda count: (abs(count - self.players), count))

    def level_for(self, seat: int) -> str:
        if seat in self.seat_levels:
            return self.seat_levels[seat]
        return self.partner_level if self.is_partner(seat) else self.level

    def is_partner(self, seat: int) -> bool:
        """Whether `seat` plays on the human's (seat 0's) side in the chosen game."""
        sides = self.sides()
        if not sides:  # a count the game is not played by: no partners to speak of
            return False
        seat_side = [next(index for index, seats in enumerate(sides) if number in seats) for number in
                     range(self.players)]  # fmt: skip
        return seat != 0 and seat_side[seat] == seat_side[0]

    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side in the chosen game (Hand and Foot's six may sit as three sides of two); empty
        for a player count the game is not played by."""
        try:
            return self.rules().shape.sides
        except ValueError:
            try:
                return shape_for(self.variant, self.players).sides
            except ValueError:
                return ()

    def option(self, name: str) -> Any:
        """The value of a house rule for this game (the rule book's unless chosen otherwise)."""
        return self.options.get(name, default_value(name, self.players, self.variant))

    def set_option(self, name: str, value: Any) -> None:
        if value == default_value(name, self.players, self.variant):
            self.options.pop(name, None)
        else:
            self.options[name] = value

    def targets(self) -> tuple[int, ...]:
        """The targets offered for the chosen game (0: its usual one; where the game ends after its rounds, those
        rounds: `ends_after_rounds`)."""
        return game_facts(self.variant).targets

    def ends_after_rounds(self) -> bool:
        """Whether the chosen game may end after its rounds rather than at a target (Hand and Foot's `game_end`):
        its target 0 means those rounds, and a target chosen plays rounds until a side reaches it."""
        return "game_end" in option_names(self.variant)

    def player_counts(self) -> tuple[int, ...]:
        return variant_players(self.variant)

    def set_variant(self, variant: Variant) -> None:
        """Play another game of the family: its player counts, targets and house rules; the options and seat
        levels that do not belong to it are dropped (a level chosen seat by seat stays where the seat does)."""
        self.variant = variant
        counts = variant_players(variant)
        if self.players not in counts:
            self.players = min(counts, key=lambda count: (abs(count - self.players), count))
        if self.target not in self.targets():
            self.target = 0
        own = listed_options(variant)
        kept = {name: value for name, value in self.options.items()
                if name in own and value in option_choices(name, variant)}  # fmt: skip
        self.options = {}
        for name, value in kept.items():
            self.set_option(name, value)
        self.seat_levels = {seat: level for seat, level in self.seat_levels.items() if seat < self.players}

    def rules(self) -> Rules:
        """The rules of the chosen game. :raises ValueError: for a combination the rules refuse."""
        own = listed_options(self.variant)
        options = {name: value for name, value in self.options.items()
                   if name in own and applies(name, self.players)}  # fmt: skip
        if self.target:
            options["target_score"] = self.target
            if self.ends_after_rounds():  # a target instead of four rounds
                options["game_end"] = GameEnd.TARGET
        return Rules.for_players(self.players, variant=self.variant, **options)

    def usual_target(self) -> int:
        """The chosen game's usual target for its player count (and three-player mode)."""
        own = "three_player_mode" in option_names(self.variant)
        mode = self.option("three_player_mode") if own else ThreePlayerMode.INDIVIDUAL
        return default_target_score(self.players, mode, self.variant)

    def setup(self) -> GameSetup:
        rules = self.rules()
        levels = tuple("human" if seat == 0 else self.level_for(seat) for seat in range(self.players))
        seed = self.seed if self.seed is not None else random.randrange(10**6)
        return GameSetup(rules, levels, seed, think_s=self.think_s, practice=self.practice)

    def preset(self) -> PresetKey | None:
        """The preset these choices match, or None for a custom set of house rules."""
        chosen = {name: value for name, value in self.options.items() if applies(name, self.players)}
        for item in presets_of(self.variant):
            wanted = {name: value for name, value in item.options if applies(name, self.players)}
            if item.players not in (None, self.players) or item.target != self.target:
                continue
            if wanted == chosen:
                return item.key
        return None

    def apply_preset(self, item: Preset) -> None:
        if item.variant is not self.variant:
            self.set_variant(item.variant)
        if item.players is not None:
            self.players = item.players
        self.options = {}
        for name, value in item.options:
            self.set_option(name, value)
        self.target = item.target


def every_games_rules(choices: NewGameChoices) -> tuple[Rules, ...]:
    """The rules of every game offered, each as the new-game screen would set it up with that game chosen
    (the chosen game's as chosen; another keeps the player count and house rules it shares)."""
    return tuple(_rules_if(choices, variant) for variant in VARIANTS)


def _rules_if(choices: NewGameChoices, variant: Variant) -> Rules:
    chosen = replace(choices, options=dict(choices.options), seat_levels=dict(choices.seat_levels))
    if variant is not chosen.variant:
        chosen.set_variant(variant)
    try:
        return chosen.rules()
    except ValueError:  # a combination the rules refuse (the new-game screen says so at Start): the rule book's
        return Rules.for_players(chosen.players, variant=variant)


class NewGameScene:
    """Choices on the left, house rules in a scrolling list on the right, Start and Back below.

    Keyboard: Tab/Shift+Tab or Up/Down move the focus, Left/Right (or Space) change the focused choice,
    digits type the deal number, Enter starts (or presses the focused button), Esc goes back.
    """

    def __init__(self, theme: Theme, choices: NewGameChoices, start: Callable[[GameSetup], None],
                 back: Callable[[], None]) -> None:  # fmt: skip
        self.theme = theme
        self.choices = choices
        self.start_game = start
        self.back = back
        self.size = (1280, 800)
        self.message = ""
        self.game_lines: list[str] = []  # what the chosen game is, in lines under the house rules' heading
        self.deal = TextField(_("Deal number"), self._deal_typed, str.isdigit, MAX_DEAL_DIGITS, _("random"))
        self.deal.text = "" if choices.seed is None else str(choices.seed)
        self.house_rules = ScrollList()
        self.start_button = PushButton(_("Start"), self.start, _("Enter"))
        self.back_button = PushButton(_("Back"), back, _("Esc"))
        self.left: list[Widget] = []
        self.level_rows: dict[int, Widget] = {}  # each computer seat's level row, by seat
        self.level_note = LiveNote(self._level_note, _level_meanings)
        self.pointing = False  # the pointer moved since the last key: what it points at is explained first
        self.ring = FocusRing()
        self._rebuild()

    # -- widgets ----------------------------------------------------------------------------------------------

    def _rebuild(self, keep: str = "") -> None:
        """Make the rows for the current game and player count (seats, presets and house rules change with them)."""
        game = Choice(_("Game"), VARIANTS, lambda: self.choices.variant, self._set_variant, variant_name)
        keys: list[PresetKey | None] = [item.key for item in presets_of(self.choices.variant)]
        preset_row = Choice(_("Preset"), keys, self.choices.preset, self._choose_preset, _preset_name)
        preset_row.explain = _preset_meaning
        counts = self.choices.player_counts()
        players = Choice(_("Players"), counts, lambda: self.choices.players, self._set_players, str)
        if len(counts) == 1 and counts[0] < 6:  # six seat rows leave no line for it: the game's meaning says it
            players.explain = lambda count: _("{game} is played by {count} players only.").format(
                game=variant_name(self.choices.variant), count=count
            )
        seat_rows = self._seat_rows()
        self.left = [game, preset_row, players, *seat_rows, self.level_note, self._target_row(),
                     self._practice_row(), self.deal]  # fmt: skip
        self._fill_house_rules()
        widgets = [*self.left, self.house_rules, self.start_button, self.back_button]
        slots: dict[str, Widget] = {"game": game, "preset": preset_row, "players": players,
                                    "house_rules": self.house_rules}  # fmt: skip
        focus = slots.get(keep)
        self.ring.set_widgets(widgets, focus)
        self.resize(self.size)

    def _seat_rows(self) -> list[Widget]:
        players = self.choices.players
        sides = len(self.choices.sides())
        names = {seat: seat_label(players, 0, seat, sides) for seat in range(1, players)}
        self.level_rows = {seat: self._seat_row(seat, name) for seat, name in names.items()}
        return list(self.level_rows.values())

    def _level_note(self) -> str:
        """What the level of the seat row under the pointer or with the focus does (the pointer's first when it
        moved last); a prompt when neither is on a level row."""
        pointed = next((seat for seat, row in self.level_rows.items() if row.hover), None)
        focused = next((seat for seat, row in self.level_rows.items() if row is self.ring.focused), None)
        first, second = (pointed, focused) if self.pointing else (focused, pointed)
        seat = first if first is not None else second
        if seat is None:
            return _(LEVEL_PROMPT)
        return level_meaning(self.choices.level_for(seat))

    def _seat_row(self, seat: int, label: str) -> Widget:
        def put(level: str) -> None:
            self.choices.seat_levels[seat] = level

        return Choice(label, COMPUTER_LEVELS, lambda: self.choices.level_for(seat), put, _level_name)

    def _fill_house_rules(self) -> None:
        self.house_rules.set_items([self._option_row(name) for name in listed_options(self.choices.variant)])

    def _target_row(self) -> Widget:
        targets = self.choices.targets()
        return Choice(_("Game to"), targets, lambda: self.choices.target, self._set_target, self._target_name)

    def _practice_row(self) -> Widget:
        def put(practice: bool) -> None:
            self.choices.practice = practice

        row: Choice[bool] = Choice(_("Practice game"), (False, True), lambda: self.choices.practice, put, _yes_no)
        row.explain = lambda practice: (
            _("Undo and open hands; counted apart in the statistics.") if practice else _("A game that counts.")
        )
        return row

    def _option_row(self, name: str) -> Widget:
        def put(value: Any) -> None:
            self.choices.set_option(name, value)
            if name == "six_player_sides":  # the seats' names follow the sides
                self._rebuild("house_rules")

        variant = self.choices.variant
        row: Choice[Any] = Choice(
            option_label(name), option_choices(name, variant), lambda: self.choices.option(name), put,
            lambda value: value_label(name, value),
        )  # fmt: skip
        row.explain = lambda value: value_meaning(name, value)
        row.default = default_value(name, self.choices.players, variant)
        row.enabled = applies(name, self.choices.players)
        row.note = "" if row.enabled else not_applying_note(name)
        return row

    def _target_name(self, target: int) -> str:
        if target:
            return str(target)
        if self.choices.ends_after_rounds():
            return _("Four rounds")
        return _("Usual ({target})").format(target=self.choices.usual_target())

    # -- changes ----------------------------------------------------------------------------------------------

    def _choose_preset(self, key: PresetKey | None) -> None:
        if key is None:
            return
        before = self.choices.players, self.choices.variant, self.choices.sides()
        self.choices.apply_preset(preset(key))
        self.message = ""
        if (self.choices.players, self.choices.variant, self.choices.sides()) != before:  # the seats' names follow
            self._rebuild("preset")
        self._fill_house_rules()

    def _set_variant(self, variant: Variant) -> None:
        self.choices.set_variant(variant)
        self.message = ""
        self._rebuild("game")

    def _set_players(self, players: int) -> None:
        self.choices.players = players
        self._rebuild("players")

    def _set_target(self, target: int) -> None:
        self.choices.target = target

    def _deal_typed(self, text: str) -> None:
        self.choices.seed = int(text) if text.isdigit() else None
        self.message = ""

    def start(self) -> None:
        try:
            setup = self.choices.setup()
        except ValueError as error:  # a combination the rules refuse: say so, keep every choice
            self.message = _("These rules cannot be played together: {reason}").format(reason=error)
            return
        self.start_game(setup)

    # -- the Scene protocol ----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEMOTION):
            self.pointing = event.type == pygame.MOUSEMOTION
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            focused = self.ring.focused
            if isinstance(focused, PushButton):
                focused.key(pygame.K_RETURN, "")
            else:
                self.start()
            return
        if self.ring.handle(event) and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self._layout_left()  # a changed choice may explain itself in more or fewer lines

    def update(self, dt_s: float) -> None:
        return None

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        px = ui_px(size)
        width = size[0]
        self.start_button.box, self.back_button.box = _button_boxes(size, px)
        top, bottom = int(px * 3.2), self.start_button.box.y - int(px * 2.2)
        left_w = (width - 3 * px) * 2 // 5
        self.left_panel = Box(px, top, left_w, bottom - top)
        self.right_panel = Box(2 * px + left_w, top, width - 3 * px - left_w, bottom - top)
        self._layout_left()
        inner = self.right_panel
        small = max(MIN_TEXT_PX, px * 4 // 5)
        self.game_lines = wrap_lines(self.theme.font(small), variant_meaning(self.choices.variant), inner.w - 2 * px)
        below = int(px * 2.4) + len(self.game_lines) * int(small * 1.25) + px // 4
        rules_box = Box(inner.x + px // 2, inner.y + below, inner.w - px, inner.h - below - int(px * 0.4))
        self.house_rules.layout(rules_box, px, self.theme)

    def _layout_left(self) -> None:
        px, panel = ui_px(self.size), self.left_panel
        y = panel.y + int(px * 2.4)
        for widget in self.left:
            row_h = widget.height(px, panel.w - px, self.theme)
            widget.box = Box(panel.x + px // 2, y, panel.w - px, row_h)
            y += row_h + px // 4

    def draw(self, screen: pygame.Surface) -> None:
        theme, px = self.theme, ui_px(self.size)
        draw_backdrop(screen, theme, _("New game"), self.size)
        for panel, heading in ((self.left_panel, _("The game")), (self.right_panel, _("House rules"))):
            draw_panel(screen, theme, panel)
            theme.text(screen, heading, Box(panel.x + px, panel.y + px // 3, panel.w - 2 * px, px * 2), px, bold=True)
        small = max(MIN_TEXT_PX, px * 4 // 5)
        for number, words in enumerate(self.game_lines):  # what the chosen game is, under the house rules' heading
            top = self.right_panel.y + int(px * 2.2) + number * int(small * 1.25)
            box = Box(self.right_panel.x + px, top, self.right_panel.w - 2 * px, int(small * 1.25))
            theme.text(screen, words, box, small, colour=theme.palette.dim_text)
        self.ring.draw(screen, theme, px)
        line = Box(px, self.start_button.box.y - int(px * 1.9), self.size[0] - 2 * px, int(px * 1.6))
        hint = _("Tab or arrows: move \u00b7 Left/Right: change \u00b7 Enter: start \u00b7 Esc: back")
        words, colour = (self.message, theme.palette.warning) if self.message else (hint, theme.palette.dim_text)
        theme.text(screen, words, line, max(MIN_TEXT_PX, px * 9 // 10), colour=colour, align="centre")


def _button_boxes(size: tuple[int, int], px: int) -> tuple[Box, Box]:
    """Start and Back side by side at the bottom centre."""
    width, height = size
    button_w, button_h = min(px * 16, (width - 3 * px) // 2), int(px * 2.4)
    y = height - px - button_h
    left = width // 2 - button_w - px // 2
    return Box(left, y, button_w, button_h), Box(width // 2 + px // 2, y, button_w, button_h)


def _level_name(level: str) -> str:
    return _(LEVEL_NAMES.get(level, level))


def level_meaning(level: str) -> str:
    """What a computer level does differently, in one sentence of the player's language."""
    return _(LEVEL_MEANINGS[level]) if level in LEVEL_MEANINGS else _level_name(level)


def _level_meanings() -> list[str]:
    """Every text the level note may show (it keeps the height of the longest)."""
    return [_(LEVEL_PROMPT), *(level_meaning(level) for level in COMPUTER_LEVELS)]


def _preset_name(key: PresetKey | None) -> str:
    return _("Custom") if key is None else _(preset(key).name)


def _preset_meaning(key: PresetKey | None) -> str:
    return _("Your own choice of house rules.") if key is None else _(preset(key).description)


def _yes_no(value: bool) -> str:
    return _("Yes") if value else _("No")
