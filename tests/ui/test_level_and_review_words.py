"""The words around the table that a person reads to follow it, in English and in Italian: what each computer
level does (on the new-game screen, for the level row with the focus or under the pointer), numbers with
decimals in the settings, yes answered with S (sì) as well as Y in Italian, the review's moves with their
articles and what its points mean, the replay's band while the Expert plays the human's seat."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import pygame
import pytest

from canasta.ai.lookahead import Budget
from canasta.coach.review import ReviewItem
from canasta.coach.undo import Decision
from canasta.engine import new_hand
from canasta.engine.actions import Discard, Draw, Meld, TakePile
from canasta.engine.cards import Card, parse_cards
from canasta.engine.playerview import Phase
from canasta.engine.rules import Rules
from canasta.i18n import set_language
from canasta.storage.settings import AnimationSpeed, Settings
from canasta.ui.kit.app import App
from canasta.ui.kit.widgets import Choice, ui_px, yes_key_hint, yes_keys
from canasta.ui.look.theme import TableLook, Theme
from canasta.ui.screens.menus import MenuScene
from canasta.ui.screens.new_game import (
    COMPUTER_LEVELS,
    LEVEL_MEANINGS,
    NewGameChoices,
    NewGameScene,
    level_meaning,
)
from canasta.ui.screens.replay import Mode, ReplayScreen, TableOptions
from canasta.ui.screens.review import NOTE_LINE_EM, ReviewScreen, action_words, cards_words, estimate_note
from canasta.ui.screens.settings import SettingsScene
from canasta.ui.screens.statistics import StatsFigures, StatsScene
from canasta.ui.table.controller import HandDeal
from canasta.ui.table.layout.regions import MIN_WINDOW, Box
from canasta.ui.table.narration.seats import LEVEL_NAMES
from canasta.ui.table.scene import TableScene
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

    def drawn(self, scene: NewGameScene | SettingsScene | ReviewScreen, size: tuple[int, int]) -> str:
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
    """Tab from the game row down past the preset and players rows to the level row of `seat`."""
    for _ in range(2 + seat):
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


def test_the_review_says_what_its_points_mean() -> None:
    assert "averages over 8 possible ways" in estimate_note(8) and "One replay of this deal" in estimate_note(8)
    assert "over 1 possible way the rest" in estimate_note(1)
    set_language("it")
    assert estimate_note(8).startswith("I punti sono stime: medie su 8 modi possibili")


def _review(theme: Theme, size: tuple[int, int], items: list[ReviewItem]) -> ReviewScreen:
    state = new_hand(Rules.for_players(4), (0, 0), 3, random.Random(5))
    screen = ReviewScreen(theme, [Decision(state, Draw())], 1, lambda: None, start=False)
    screen.resize(size)
    screen.show(items)
    return screen


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("language", ["en", "it"])
def test_the_review_shows_the_note_on_its_points_above_the_entries(language: str, size: tuple[int, int]) -> None:
    set_language(language)
    theme = WordsTheme()
    better = TakePile(with_=_cards("QH QD"))
    item = ReviewItem(0, Draw(), better, "A reason.", 123.4, 8)
    screen = _review(theme, size, [item])
    shown = theme.drawn(screen, size)
    assert estimate_note(8) in shown and screen.note_lines
    assert screen.panel.y >= _note_bottom(screen), "the note ends above the panel of entries"
    assert "123" in shown and "123.4" not in shown and "123,4" not in shown, "the points are whole"
    agreeing = _review(WordsTheme(), size, [])
    assert not agreeing.note_lines, "no points, no note"


def _note_bottom(screen: ReviewScreen) -> int:
    px = ui_px(screen.size)
    status_bottom = px // 2 + int(px * 2.4) + int(px * 1.8)
    return status_bottom + len(screen.note_lines) * round(px * NOTE_LINE_EM)


# -- the replay: the Expert in the human's seat -------------------------------------------------------------------

INSTANT = TableLook(speed=AnimationSpeed.INSTANT)
HUMAN_MOVES = ("meld", "discard", "take_pile", "ask_partner", "go_out", "pass")


def _deal() -> HandDeal:
    levels = ("human", "normal", "normal", "normal")
    return HandDeal(Rules.for_players(4), levels, 0, (0, 0), 3, seed=7, number=0, target=5000)


def _frames(app: App, count: int) -> None:
    for _ in range(count):
        app.frame(0.05)
        time.sleep(0.001)


@pytest.mark.parametrize("language", ["en", "it"])
def test_while_the_expert_plays_a_band_says_so_and_the_human_moves_are_dimmed(language: str) -> None:
    set_language(language)
    app = App(SIZES[1])
    theme = WordsTheme()
    screen = ReplayScreen(theme, _deal(), lambda: None, TableOptions(INSTANT, think_s=0.05),
                          budget=Budget(samples=1, seconds=None))  # fmt: skip
    app.push(screen)
    assert not screen.menu.buttons[1].enabled or screen.expert.ready, "Watch waits for the Expert's hand"
    assert screen.expert.wait(120)
    _frames(app, 1)
    assert screen.menu.buttons[1].enabled
    screen.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w, mod=0, unicode="w", scancode=0))
    assert _mode(screen) is Mode.WATCHING and _table(screen) is not None
    who, what = screen.band_words()
    assert who == ("L'Esperto gioca al tuo posto" if language == "it" else "Expert plays your seat") and what
    human_turn_said = False
    for _ in range(2000):
        table = _table(screen)
        if table is None:
            break
        theme.words.clear()
        _frames(app, 1)
        if _table(screen) is None:
            break
        assert any(who in words for words in theme.words), "the band is drawn over every frame"
        assert table.size[1] == SIZES[1][1] - screen.band.h, "the table lies below the band"
        assert not any(table.buttons[name].enabled for name in HUMAN_MOVES if name in table.buttons)
        view = table.ctl.human_view()
        if view.current == view.seat and view.phase is not Phase.OVER:
            expected = "L'Esperto sceglie la sua mossa al tuo posto" if language == "it" else "The Expert is choosing"
            assert expected in table.message
            human_turn_said = True
    assert human_turn_said and _mode(screen) is Mode.MENU, "the Expert's hand was shown to its end"


def _mode(screen: ReplayScreen) -> Mode:
    """What the replay shows (a function, so each look is a fresh one)."""
    return screen.mode


def _table(screen: ReplayScreen) -> TableScene | None:
    return screen.table


def test_a_key_for_a_disabled_menu_button_does_nothing() -> None:
    pressed: list[str] = []
    menu = MenuScene(Theme(), "Menu")
    menu.add("on", "On", lambda: pressed.append("on"), pygame.K_o, "O")
    menu.add("off", "Off", lambda: pressed.append("off"), pygame.K_f, "F")
    menu.buttons[1].enabled = False
    menu.resize(SIZES[0])
    menu.draw(pygame.Surface(SIZES[0]))
    for key in (pygame.K_f, pygame.K_o):
        menu.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    menu.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=menu.buttons[1].box.centre, button=1))
    assert pressed == ["on"]


def test_a_menu_line_too_wide_for_the_panel_is_wrapped_above_the_buttons() -> None:
    theme = WordsTheme()
    menu = MenuScene(theme, "Menu")
    long_line = "A line of the replay's choices far too long for one line of the panel: " * 3
    menu.lines = [long_line.strip(), "Short."]
    menu.add("back", "Back", lambda: None, pygame.K_ESCAPE, "Esc")
    menu.resize(MIN_WINDOW)
    theme.words.clear()
    menu.draw(pygame.Surface(MIN_WINDOW))
    shown = [words for words in theme.words if words.startswith(("A line", "line", "of the", "panel"))]
    assert len(shown) >= 3, "wrapped into lines"
    font = theme.font(menu.font_px)
    panel_w = min(MIN_WINDOW[0] - 40, max(520, MIN_WINDOW[0] // 2))
    assert all(font.size(words)[0] <= panel_w - 2 * menu.font_px for words in shown), "each line fits the panel"
    assert "Short." in theme.words
