"""What the window says it offers, it lists in full: the F1 list names every key of the table, the title names
every game the engine plays, and the rules opened from the title offer every game's rules, their search finding
the words of each."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

import pygame
import pytest

from canasta.engine.rules import AskPartner, MeldKind, MeldNaming, Rules, ThreePlayerMode, Variant
from canasta.engine.rules.shape import GROUPS_ONLY
from canasta.i18n import set_language
from canasta.ui.kit.widgets import TextLine
from canasta.ui.look.theme import Theme
from canasta.ui.screens.house_rules import variant_name
from canasta.ui.screens.menus import MenuScene
from canasta.ui.screens.rules_help import RulesHelpScene, SectionEntry
from canasta.ui.screens.rules_text import Section
from canasta.ui.table.drawing.drawer import TableDrawer
from canasta.ui.table.drawing.help_overlay import KEY_HELP, key_rows
from canasta.ui.table.layout.regions import Box
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
    written = [re.sub(r" \(.*\)", "", row.keys) for row in KEY_HELP]  # ". (full stop)": "."
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


# -- the key list of one game: what its rules and shape allow, never the game's name ----------------------------


def listed(rules: Rules, seat: int = 0) -> dict[str, str]:
    """The keys the list shows in a game of `rules`, each with what it says it does."""
    return {row.keys: row.meaning for row in key_rows(rules, seat)}


@pytest.mark.parametrize(
    "rules",
    [Rules.for_players(2), Rules.for_players(3), Rules.for_players(3, three_player_mode=ThreePlayerMode.CUTTHROAT)],
    ids=["two", "three", "cutthroat"],
)
def test_without_a_partner_the_key_list_offers_no_asking(rules: Rules) -> None:
    keys = listed(rules)
    assert "A" not in keys and "Y / N" not in keys
    assert {"L", "B", ". (full stop)", "D", "F1 or ?"} <= set(keys)


def test_with_a_partner_the_key_list_offers_asking_unless_the_house_rules_bar_it() -> None:
    assert {"A", "Y / N", "L", "B", ". (full stop)"} <= set(listed(Rules.for_players(4)))
    assert {"A", "Y / N"} <= set(listed(Rules.for_players(6, variant=Variant.SAMBA), seat=3))
    assert "A" not in listed(Rules.for_players(4, ask_partner=AskPartner.OFF))


def test_no_row_of_the_key_list_names_a_game() -> None:
    names = [variant_name(game) for game in Variant]
    assert not [row.meaning for row in KEY_HELP if any(name in row.meaning for name in names)]


CLASSIC = Rules.for_players(4)
SAMBA = Rules.for_players(4, variant=Variant.SAMBA)
PICKS = "Pick one of your melds for M"
SHAPES = {  # made-up games: the list follows their shape, not their name
    "classic": (CLASSIC, None, None),
    "classic with sequences": (
        CLASSIC.with_shape(replace(CLASSIC.shape, meld_kinds=frozenset({MeldKind.GROUP, MeldKind.SEQUENCE}))),
        f"{PICKS} and T",
        None,
    ),
    "classic with groups to join": (
        CLASSIC.with_shape(replace(CLASSIC.shape, groups_per_rank=None)),
        f"{PICKS}, T and C",
        "C",
    ),
    "samba": (SAMBA, f"{PICKS}, T and C", "C"),
    "samba of one group a rank, no sequence": (
        SAMBA.with_shape(
            replace(SAMBA.shape, groups_per_rank=1, meld_kinds=GROUPS_ONLY, meld_naming=MeldNaming.BY_RANK)
        ),
        None,
        None,
    ),
    "samba without joining": (SAMBA.with_shape(replace(SAMBA.shape, groups_per_rank=1)), f"{PICKS} and T", None),
    "hand and foot": (Rules.for_players(4, variant=Variant.HAND_AND_FOOT), PICKS, None),
}


@pytest.mark.parametrize("game", SHAPES)
def test_picking_a_meld_and_joining_groups_are_listed_exactly_where_the_shape_allows_them(game: str) -> None:
    rules, tab, join = SHAPES[game]
    keys = listed(rules)
    assert keys.get("Tab") == tab
    assert ("C" in keys) == (join is not None)
    assert {"L", "B", ". (full stop)"} <= set(keys)


class NotedWords(Theme):
    """A theme that notes every text it draws."""

    def __init__(self) -> None:
        super().__init__()
        self.said: list[str] = []

    def text(self, screen: pygame.Surface, words: str, box: Box, px: int, **options: object) -> None:
        self.said.append(words)
        super().text(screen, words, box, px, **options)


@pytest.mark.parametrize("players", [2, 4])
def test_f1_shows_the_rows_of_this_game(players: int) -> None:
    driver = Driver()
    table = driver.start(players=players)
    table.theme = theme = NotedWords()
    table.drawer = TableDrawer(theme)
    driver.key(pygame.K_F1)
    driver.frame()
    assert table.help_shown
    rows = key_rows(table.ctl.setup.rules, table.ctl.human)
    assert [row.keys for row in rows if row.keys in theme.said] == [row.keys for row in rows]
    asking = "Ask your partner whether you may go out"
    assert (asking in theme.said) == (players == 4)
    driver.flow.quit()
