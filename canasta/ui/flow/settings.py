"""The settings in force in the window, applied at once wherever they show: the language, the colours and cards,
full screen, the sound, and the open game's look and thinking pauses. With a keeper a change is kept (its
listeners apply it); without one (tests) it is applied here and forgotten."""

from __future__ import annotations

import logging
from typing import Protocol

from canasta.i18n import set_language
from canasta.storage.keeper import Keeper
from canasta.storage.settings import Language, Settings
from canasta.ui.kit.app import App
from canasta.ui.look.sound import SoundBoard
from canasta.ui.look.theme import PALETTES, TableLook
from canasta.ui.table.controller import TableController
from canasta.ui.table.scene import TableScene

LOG = logging.getLogger(__name__)


class OpenGame(Protocol):
    """Where the game in progress is (the flow): its controller and its table, when one is open."""

    @property
    def controller(self) -> TableController | None: ...

    @property
    def table(self) -> TableScene | None: ...


class SettingsInForce:
    """The settings of one window: read from the keeper (the defaults without one), changed, and applied."""

    def __init__(self, app: App, keeper: Keeper | None, sound: SoundBoard | None, game: OpenGame) -> None:
        self._app = app
        self._keeper = keeper
        self._sound = sound
        self._game = game
        self._language: Language | None = None  # the language installed last (reading a catalogue takes a while)
        if keeper is not None:
            keeper.settings.listen(self.apply)  # settings apply at once

    @property
    def now(self) -> Settings:
        return self._keeper.settings.settings if self._keeper is not None else Settings()

    def choose(self, settings: Settings) -> None:
        """The settings screen changed something: keep it (the store's listeners apply it), or apply it here."""
        if self._keeper is None:
            self.apply(settings)
            return
        try:
            self._keeper.settings.change(**{name: getattr(settings, name) for name in settings.__slots__})
        except ValueError as error:
            LOG.warning("a setting was refused: %s", error)

    def apply(self, settings: Settings) -> None:
        """Language, colours and cards, full screen, sound, and the open game's look and thinking pause."""
        if settings.language is not self._language:  # not again for every volume or colour change
            set_language(settings.language.value)
            self._language = settings.language
        self._app.theme.restyle(settings.card_style.value, PALETTES[settings.table_theme])
        self._app.set_full_screen(settings.full_screen)
        if self._sound is not None:
            self._sound.set_volume(settings.volume)
            self._sound.set_muted(settings.muted)
        controller, table = self._game.controller, self._game.table
        if controller is not None:
            controller.set_think_s(settings.think_s)
            controller.set_expert_s(settings.expert_s)
        if table is not None:
            table.apply_look(table_look(settings))


def table_look(settings: Settings) -> TableLook:
    """The table's look as the settings choose it."""
    return TableLook(
        settings.card_style, settings.large_cards, settings.table_theme, settings.animation_speed,
        settings.reduced_motion, settings.confirm_risky_discard,
    )  # fmt: skip
