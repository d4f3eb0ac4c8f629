"""Settings apply at once, through the window's flow: language, colours, cards, full screen, sound, the table."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from canasta.ai.lookahead import budget_for
from canasta.ai.remote import ProcessBot
from canasta.i18n import set_language
from canasta.storage.keeper import open_keeper
from canasta.storage.paths import StoragePaths
from canasta.storage.settings import AnimationSpeed, CardStyle, Language, TableTheme
from canasta.ui.flow.game import GameFlow
from canasta.ui.kit.app import App
from canasta.ui.look.sound import SoundBoard
from canasta.ui.look.theme import PALETTES
from canasta.ui.screens.menus import MenuScene
from canasta.ui.screens.settings import SettingsScene


@pytest.fixture
def flow(tmp_path: Path) -> Iterator[GameFlow]:
    keeper = open_keeper(StoragePaths(tmp_path, tmp_path), background=False)
    flow = GameFlow(App(), keeper=keeper, sound=SoundBoard(volume=80))
    yield flow
    flow.quit()
    set_language("en")


def test_a_changed_setting_takes_effect_at_once_and_is_kept(flow: GameFlow, tmp_path: Path) -> None:
    flow.choices.level = "expert"
    flow.start(flow.choices.setup())
    table = flow.table
    assert table is not None
    settings = replace(
        flow.settings, table_theme=TableTheme.HIGH_CONTRAST, card_style=CardStyle.FOUR_COLOUR, volume=30, muted=True,
        animation_speed=AnimationSpeed.FAST, large_cards=True, think_s=1.5, full_screen=True, expert_s=5.0,
    )  # fmt: skip
    assert flow.controller is not None
    experts = [bot for bot in flow.controller.computers.bots if isinstance(bot, ProcessBot)]
    assert len(experts) == 2 and all(bot.budget == budget_for(1.0) for bot in experts)
    flow.live.choose(settings)
    assert all(bot.budget.seconds == 5.0 and bot.budget.samples > budget_for(1.0).samples for bot in experts)
    flow.start(flow.choices.setup())  # a new game's Experts think as long as the setting says
    assert flow.controller is not None
    assert {bot.budget for bot in flow.controller.computers.bots if isinstance(bot, ProcessBot)} == {budget_for(5.0)}
    assert flow.app.theme.palette == PALETTES[TableTheme.HIGH_CONTRAST]
    assert flow.app.theme.style == "four_colour"
    assert table.look.card_style is CardStyle.FOUR_COLOUR and table.look.large_cards
    assert table.look.speed is AnimationSpeed.FAST
    assert flow.app.state.full_screen
    assert flow.sound is not None and flow.sound.volume == 30 and flow.sound.muted
    assert flow.controller is not None and flow.controller.setup.think_s == 1.5
    kept = open_keeper(StoragePaths(tmp_path, tmp_path), background=False).settings.settings
    assert kept == settings, "the settings are kept for the next start"


def test_the_language_changes_every_text_at_once(flow: GameFlow) -> None:
    flow.settings_screen()
    screen = flow.app.scenes[-1]
    assert isinstance(screen, SettingsScene)
    flow.live.choose(replace(flow.settings, language=Language.ITALIAN))
    flow.title()
    title = flow.app.scenes[-1]
    assert isinstance(title, MenuScene)
    assert "Nuova partita" in [button.label for button in title.buttons]
