"""The settings screen: every change applies at once through `on_change(settings)` (the stored `Settings`). It
opens from the title screen, and from the game's menu over the table, to which Back returns."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pygame

from canasta.i18n import N_, _, decimal
from canasta.storage.settings import AnimationSpeed, CardStyle, Language, Settings, TableTheme
from canasta.ui.geometry import Box
from canasta.ui.kit.app import App
from canasta.ui.kit.widgets import (
    Choice,
    FocusRing,
    PushButton,
    ScrollList,
    Widget,
    draw_backdrop,
    draw_panel,
    screen_frame,
    ui_px,
)
from canasta.ui.look.theme import Theme

# A language is named in its own language, so a player finds his whatever is shown now.
NATIVE_NAMES = {"en": "English", "it": "Italiano"}
VOLUMES = tuple(range(0, 101, 10))
THINK_PAUSES = (0.0, 0.3, 0.6, 1.0, 1.5, 2.5)
EXPERT_TIMES = (0.5, 1.0, 2.0, 5.0)


NAMES: dict[Any, str] = {
    AnimationSpeed.SLOW: N_("Slow"), AnimationSpeed.NORMAL: N_("Normal"), AnimationSpeed.FAST: N_("Fast"),
    AnimationSpeed.INSTANT: N_("Instant"),
    CardStyle.CLASSIC: N_("Classic"), CardStyle.FOUR_COLOUR: N_("Four colours"),
    TableTheme.GREEN: N_("Green baize"), TableTheme.HIGH_CONTRAST: N_("High contrast"),
}  # fmt: skip


def _on_off(value: bool) -> str:
    return _("On") if value else _("Off")


def _named(value: Any) -> str:
    return _(NAMES[value])


def _language(language: Language) -> str:
    return _("As the system") if language is Language.SYSTEM else NATIVE_NAMES[language.value]


def _volume(percent: int) -> str:
    return _("{percent}%").format(percent=percent)


def _pause(seconds: float) -> str:
    return _("None") if seconds == 0 else _seconds(seconds)


def _seconds(seconds: float) -> str:
    return _("{seconds} s").format(seconds=decimal(seconds))


# (field, label, values, how a value reads, what the setting does)
ROWS: tuple[tuple[str, str, tuple[Any, ...], Callable[[Any], str], str], ...] = (
    ("language", N_("Language"), tuple(Language), _language,
     N_("The language of every text in the game.")),
    ("animation_speed", N_("Animation speed"), tuple(AnimationSpeed), _named, N_("How fast cards move.")),
    ("reduced_motion", N_("Reduced motion"), (False, True), _on_off,
     N_("Cards jump to their place instead of sliding.")),
    ("volume", N_("Sound volume"), VOLUMES, _volume, N_("How loud the sounds are.")),
    ("muted", N_("Mute"), (False, True), _on_off, N_("No sound at all.")),
    ("card_style", N_("Card style"), tuple(CardStyle), _named,
     N_("Four colours give every suit its own colour.")),
    ("large_cards", N_("Large cards"), (False, True), _on_off, N_("Bigger cards, easier to read.")),
    ("table_theme", N_("Table"), tuple(TableTheme), _named, N_("The colour of the table.")),
    ("think_s", N_("Computer thinking pause"), THINK_PAUSES, _pause,
     N_("The pause after each computer move; a longer pause also gives more time to read what it says.")),
    ("expert_s", N_("Expert's thinking time"), EXPERT_TIMES, _seconds,
     N_("How long the Expert may think over a hard decision: longer plays stronger.")),
    ("full_screen", N_("Full screen"), (False, True), _on_off, N_("The game fills the whole screen.")),
    ("confirm_risky_discard", N_("Confirm risky discards"), (False, True), _on_off,
     N_("Asks before you discard a card the next player can take the pile with.")),
)  # fmt: skip


class SettingsScene:
    """One row per setting (Left/Right or a click changes it, at once), and Back (Esc)."""

    def __init__(self, theme: Theme, settings: Settings, on_change: Callable[[Settings], None],
                 back: Callable[[], None]) -> None:  # fmt: skip
        self.theme = theme
        self.settings = settings
        self.on_change = on_change
        self.back = back
        self.size = (1280, 800)
        self.list = ScrollList([self._row(*row) for row in ROWS])
        self.back_button = PushButton(_("Back"), back, _("Esc"))
        self.ring = FocusRing([self.list, self.back_button])
        self.panel = Box(0, 0, 0, 0)

    def _row(self, name: str, label: str, values: tuple[Any, ...], reads: Callable[[Any], str], does: str) -> Widget:
        row: Choice[Any] = Choice(
            _(label), values, lambda: getattr(self.settings, name), lambda value: self._change(name, value), reads
        )
        row.explain = lambda _value: _(does)
        return row

    def _change(self, name: str, value: Any) -> None:
        self.settings = replace(self.settings, **{name: value})
        self.on_change(self.settings)
        if name == "language":  # the new catalogue is installed now: say everything again in it
            self.list.set_items([self._row(*row) for row in ROWS])
            self.back_button.label, self.back_button.hint = _("Back"), _("Esc")

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        self.ring.handle(event)

    def update(self, dt_s: float) -> None:
        return None

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        frame = screen_frame(size, 52)
        (self.back_button.box,) = frame.buttons
        self.panel = frame.panel
        self.list.layout(frame.inner, frame.px, self.theme)

    def draw(self, screen: pygame.Surface) -> None:
        theme, px = self.theme, ui_px(self.size)
        draw_backdrop(screen, theme, _("Settings"), self.size)
        draw_panel(screen, theme, self.panel)
        self.ring.draw(screen, theme, px)


def settings_over_table(app: App, settings: Settings, on_change: Callable[[Settings], None]) -> None:
    """The settings screen over the table (from the game's menu): each change applies at once, to the table too
    (its look, pace, sound and language), and Back (Esc) returns to the same table, the game as it was."""
    app.push(SettingsScene(app.theme, settings, on_change, app.pop))
