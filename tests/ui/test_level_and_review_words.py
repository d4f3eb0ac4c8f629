"""The words around the table that a person reads to follow it, in English and in Italian: what each computer
level does (on the new-game screen, for the level row with the focus or under the pointer), numbers with
decimals in the settings, yes answered with S (sì) as well as Y in Italian, the review's moves with their
articles."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from canasta.actions import Discard, Meld, TakePile
from canasta.cards import Card, parse_cards
from canasta.i18n import set_language
from canasta.storage.settings import Settings
from canasta.ui.layout import MIN_WINDOW, Box
from canasta.ui.new_game import (
    COMPUTER_LEVELS,
    LEVEL_MEANINGS,
    LEVEL_NAMES,
    NewGameChoices,
    NewGameScene,
    level_meaning,
)
from canasta.ui.review_screen import action_words, cards_words
from canasta.ui.settings_screen import SettingsScene
from canasta.ui.stats_screen import StatsFigures, StatsScene
from canasta.ui.theme import Theme
from canasta.ui.widgets import Choice, yes_key_hint, yes_keys
from tests.ui.textfit import press

SIZES = [(1280, 800), MIN_WINDOW]


class WordsTheme(Theme):
    """A theme that keeps the texts drawn since it was last cleared."""

    def __init__(self) -> None:
        super().__init__()
        self.words: list[str] = []

    def text(self, screen: pygame.Surface, words: str, box: Box, px: int, **options: object) -> None:
        self.words.append(words)
        super().text(screen, words, box, px, **options)

    def drawn(self, scene: NewGameScene | SettingsScene, size: tuple[int, int]) -> str:
        """Every text of one frame of `scene`, joined by spaces (wrapped lines read as one text again)."""
        self.words.clear()
        scene.draw(pygame.Surface(size))
        return " ".join(self.words)


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    set_language("en")
    yield
    set_language("en")


def _cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text.split())


# -- what each level does --------------------------------------------------------------------------------------


def _new_game(theme: Theme, players: int, size: tuple[int, int]) -> NewGameScene:
    scene = NewGameScene(theme, NewGameChoices(players=players), lambda setup: None, lambda: None)
    scene.resize(size)
    return scene


def _focus_level_row(scene: NewGameScene, seat: int) -> None:
    """Tab from the preset row down to the level row of `seat`."""
    for _ in range(1 + seat):
        press(scene, pygame.K_TAB)
    assert scene.ring.focused is scene.level_rows[seat]


def test_every_level_says_what_it_does_under_its_own_name() -> None:
    assert set(LEVEL_MEANINGS) == set(COMPUTER_LEVELS)
    for level in COMPUTER_LEVELS:
        assert LEVEL_MEANINGS[level].startswith(LEVEL_NAMES[level] + ": ")
    set_language("it")
    assert level_meaning("beginner").startswith("Principiante: ") and level_meaning("expert").startswith("Esperto: ")


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("language", ["en", "it"])
def test_the_focused_level_row_says_what_its_level_does(language: str, size: tuple[int, int]) -> None:
    set_language(language)
    theme = WordsTheme()
    scene = _new_game(theme, 6, size)
    assert level_meaning("normal") not in theme.drawn(scene, size), "no level row has the focus yet"
    _focus_level_row(scene, 1)
    assert level_meaning("normal") in theme.drawn(scene, size)
    press(scene, pygame.K_LEFT)  # Normal -> Beginner
    assert scene.choices.level_for(1) == "beginner"
    assert level_meaning("beginner") in theme.drawn(scene, size)
    press(scene, pygame.K_RIGHT)
    press(scene, pygame.K_RIGHT)
    press(scene, pygame.K_RIGHT)  # Beginner -> Normal -> Hard -> Expert
    shown = theme.drawn(scene, size)
    assert level_meaning("expert") in shown and level_meaning("beginner") not in shown
    press(scene, pygame.K_TAB)  # to the next seat's row
    assert level_meaning("normal") in theme.drawn(scene, size)


def test_the_level_under_the_pointer_is_explained_until_a_key_is_pressed() -> None:
    theme = WordsTheme()
    scene = _new_game(theme, 4, SIZES[0])
    scene.choices.seat_levels[3] = "hard"
    _focus_level_row(scene, 1)  # Normal has the focus
    row = scene.level_rows[3]
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=row.box.centre, rel=(0, 0), buttons=(0, 0, 0)))
    assert level_meaning("hard") in theme.drawn(scene, SIZES[0]), "the row under the pointer"
    press(scene, pygame.K_RIGHT)  # a key: the focused row is explained again (Normal -> Hard)
    assert scene.choices.level_for(1) == "hard"
    press(scene, pygame.K_RIGHT)
    assert level_meaning("expert") in theme.drawn(scene, SIZES[0])
    away = (scene.left_panel.x + 4, scene.left_panel.bottom - 4)
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=away, rel=(0, 0), buttons=(0, 0, 0)))
    assert level_meaning("expert") in theme.drawn(scene, SIZES[0]), "the focused row when the pointer is elsewhere"


def test_the_level_note_keeps_its_height_so_the_rows_below_do_not_move() -> None:
    scene = _new_game(Theme(), 4, MIN_WINDOW)
    target = scene.left[scene.left.index(scene.level_note) + 1]
    before = target.box
    _focus_level_row(scene, 1)
    for _ in COMPUTER_LEVELS:
        press(scene, pygame.K_RIGHT)
        assert target.box == before
        assert scene.level_note.box.bottom <= target.box.y


# -- numbers with decimals --------------------------------------------------------------------------------------


def test_the_thinking_times_read_with_a_comma_in_italian() -> None:
    set_language("it")
    scene = SettingsScene(Theme(), Settings(think_s=0.6, expert_s=1.0), lambda settings: None, lambda: None)
    scene.resize(SIZES[0])
    values = {item.label: item.value_text() for item in scene.list.items if isinstance(item, Choice)}
    assert values["Pausa di riflessione del computer"] == "0,6 s"
    assert values["Tempo di riflessione dell'Esperto"] == "1 s"
    think = next(item for item in scene.list.items if isinstance(item, Choice) and item.value_text() == "0,6 s")
    think.step(1)
    think.step(1)
    assert think.value_text() == "1,5 s"
    set_language("en")
    assert think.value_text() == "1.5 s"


# -- yes in Italian ---------------------------------------------------------------------------------------------


def test_yes_is_y_and_in_italian_s_as_well() -> None:
    assert list(yes_keys()) == [pygame.K_y]
    assert yes_key_hint() == "Y"
    set_language("it")
    assert set(yes_keys()) == {pygame.K_y, pygame.K_s} and yes_key_hint() == "S"


def _asking(scene: StatsScene) -> bool:
    """Whether the reset question is shown (a function, so each look is a fresh one)."""
    return scene.confirming


@pytest.mark.parametrize(("language", "yes", "not_yes"), [("en", pygame.K_y, pygame.K_s), ("it", pygame.K_s, None)])
def test_the_statistics_reset_question_is_answered_by_its_keys(language: str, yes: int, not_yes: int | None) -> None:
    set_language(language)
    resets: list[bool] = []
    scene = StatsScene(Theme(), StatsFigures(), lambda: resets.append(True), lambda: None)
    scene.resize(SIZES[0])
    assert scene.yes_button.hint == ("S" if language == "it" else "Y")
    press(scene, pygame.K_r)
    press(scene, pygame.K_n)
    assert not _asking(scene) and resets == [], "N keeps the statistics"
    press(scene, pygame.K_r)
    if not_yes is not None:
        press(scene, not_yes)
        assert _asking(scene) and resets == [], "S is not yes in English"
    press(scene, yes)
    assert not _asking(scene) and resets == [True]
    press(scene, yes)
    assert resets == [True], "no question, no answer"


# -- the review's moves ---------------------------------------------------------------------------------------


def test_the_review_names_single_cards_with_their_article_and_counts_the_rest() -> None:
    cards = _cards("KH KS KC 2C JK")
    assert cards_words(cards) == "3 kings, the two of clubs and the joker"
    assert action_words(Discard(Card.parse("7D"))) == "Discard the seven of diamonds"
    assert action_words(Meld(new=(cards,))) == "Meld 3 kings, the two of clubs and the joker"
    set_language("it")
    assert cards_words(cards) == "3 re, il due di fiori e il jolly"
    assert action_words(Discard(Card.parse("7D"))) == "Scarta il sette di quadri"
    assert action_words(Discard(Card.parse("AS"))) == "Scarta l'asso di picche"
    assert action_words(Discard(Card.parse("JK"))) == "Scarta il jolly"
    assert action_words(TakePile(with_=_cards("QH QD"))) == "Prendi il pozzo con 2 donne"


def test_a_rank_held_twice_is_counted_once_where_it_first_appears() -> None:
    assert cards_words(_cards("5H 2C 5S 2D")) == "2 fives and 2 twos"
    assert cards_words(_cards("AH")) == "the ace of hearts" and cards_words(()) == ""
