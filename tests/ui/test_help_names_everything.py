"""What the window says it offers, it lists in full: the F1 list names every key of the table, the title names
every game the engine plays, and the rules opened from the title offer every game's rules, their search finding
the words of each."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pygame
import pytest

from canasta.engine.rules import Variant
from canasta.i18n import set_language
from canasta.ui.kit.widgets import TextLine
from canasta.ui.screens.house_rules import variant_name
from canasta.ui.screens.menus import MenuScene
from canasta.ui.screens.rules_help import RulesHelpScene, SectionEntry
from canasta.ui.screens.rules_text import Section
from canasta.ui.table.drawing.help_overlay import KEY_HELP
from canasta.ui.table.scene import HELP_KEYS, KEYS
from tests.ui.driver import Driver
from tests.ui.textfit import press

SHOWN_AS = {pygame.K_RETURN: "Enter", pygame.K_KP_ENTER: "Enter", pygame.K_PERIOD: ".", pygame.K_QUESTION: "?"}


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    set_language("en")
    yield


def shown_name(key: int) -> str:
    """A key as the list writes it: "D", "F2", "Enter", "."."""
    return SHOWN_AS.get(key, pygame.key.name(key).upper())


def test_the_key_list_names_every_key_of_the_table() -> None:
    pygame.display.init()
    written = [re.sub(r" \(.*\)", "", keys) for keys, _meaning in KEY_HELP]  # ". (full stop)": "."
    listed = {part.strip() for keys in written for part in re.split(r" / | or |\+", keys)}
    missing = sorted({shown_name(key) for key in (*KEYS, *HELP_KEYS)} - listed)
    assert not missing, f"keys the table answers but F1 does not list: {missing}"


def test_the_title_names_every_game_the_engine_plays() -> None:
    driver = Driver()
    title = driver.app.scenes[-1]
    assert isinstance(title, MenuScene)
    for game in Variant:
        assert variant_name(game) in title.lines[0], f"{game.value} is not named on the title screen"
    driver.flow.quit()


def title_rules() -> RulesHelpScene:
    driver = Driver()
    driver.key(pygame.K_r)
    scene = driver.app.scenes[-1]
    assert isinstance(scene, RulesHelpScene)
    driver.flow.quit()
    return scene


def test_the_title_screens_rules_offer_every_game() -> None:
    scene = title_rules()
    assert scene.game_row is not None and scene.game_row.values == tuple(Variant)
    assert scene.rules.variant is Variant.CLASSIC, "open at the game New game has chosen"
    scene.ring.focus(scene.game_row)
    seen = []
    for _ in Variant:
        seen.append(scene.rules.variant)
        assert scene.sections == scene.books[scene.rules.variant][1]
        listed = [item.section for item in scene.index.items if isinstance(item, SectionEntry)]
        assert listed == list(scene.sections) and scene.shown in scene.sections
        press(scene, pygame.K_RIGHT)
    assert seen == list(Variant)


def own_word(game: Variant, texts: dict[Variant, str]) -> str:
    """A word of at least five letters that only this game's rules use."""
    words: dict[Variant, set[str]] = {variant: set(re.findall(r"[a-z]{5,}", text)) for variant, text in texts.items()}
    others = set().union(*(words[variant] for variant in texts if variant is not game))
    return min(words[game] - others)


def all_text(sections: tuple[Section, ...]) -> str:
    return " ".join(f"{section.title} " + " ".join(p.text for p in section.paragraphs) for section in sections)


def test_the_search_of_the_title_screens_rules_looks_in_every_game() -> None:
    scene = title_rules()
    scene.resize((1280, 800))
    texts = {game: all_text(sections).casefold() for game, (_rules, sections) in scene.books.items()}
    for game in Variant:
        word = own_word(game, texts)
        press(scene, pygame.K_f, "f", pygame.KMOD_CTRL)
        for letter in word:
            press(scene, pygame.K_a, letter)
        own = scene.books[game][1]
        found = [item for item in scene.index.items if isinstance(item, SectionEntry)]
        assert found and all(any(item.section is section for section in own) for item in found), word
        headings = [" ".join(item.cells) for item in scene.index.items if isinstance(item, TextLine)]
        assert headings == [variant_name(game)], "what is found is listed under its game's name"
        scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=found[-1].box.centre, button=1))
        assert scene.shown is found[-1].section and scene.rules.variant is game, "the Game row follows"
        assert scene.game_row is not None and scene.game_row.value_text() == variant_name(game)
        press(scene, pygame.K_f, "f", pygame.KMOD_CTRL)
        for _ in word:
            press(scene, pygame.K_BACKSPACE)
        listed = [item.section for item in scene.index.items if isinstance(item, SectionEntry)]
        assert listed == list(own), "without a search, the sections of the game shown"


def test_a_search_lists_what_it_finds_in_several_games_under_each_games_name() -> None:
    scene = title_rules()
    scene.resize((1280, 800))
    press(scene, pygame.K_f, "f", pygame.KMOD_CTRL)
    for letter in "wild":
        press(scene, pygame.K_a, letter)
    headings = [" ".join(item.cells) for item in scene.index.items if isinstance(item, TextLine)]
    assert headings == [variant_name(game) for game in Variant]
