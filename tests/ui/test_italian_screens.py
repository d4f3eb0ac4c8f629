"""Every screen in real Italian (the committed catalogue installed), measured at 1280x800 and 1024x700: the
screens around the table toured through every row and value, the title, the table with its buttons, tooltips,
keys overlay and messages, the hand summary, game over and the "Leave this game?" panel. No English text is
left on an Italian screen. A screenshot of each screen in English and in Italian (`screen-<name>-<lang>.png`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pytest

from canasta.engine.cards import Card, Rank, Suit
from canasta.engine.play import safe_action
from canasta.engine.refusal_text import TEMPLATES, card_name, list_words, rank_plural
from canasta.engine.refusals import Code, Refusal
from canasta.engine.rules import Rules
from canasta.i18n import (
    LOCALE_DIR,
    Entry,
    Language,
    _,
    catalogue_path,
    ngettext,
    parse_po,
    placeholders,
    set_language,
)
from canasta.storage.keeper import Keeper, open_keeper
from canasta.storage.paths import StoragePaths
from canasta.storage.settings import AnimationSpeed
from canasta.storage.settings import Language as LanguageSetting
from canasta.ui.flow.game import GameFlow
from canasta.ui.kit.app import App
from canasta.ui.look.theme import Button, Theme
from canasta.ui.screens.menus import MenuScene
from canasta.ui.screens.rules_help import RulesHelpScene
from canasta.ui.screens.statistics import StatsScene
from canasta.ui.table.coach import LINE_LABELS
from canasta.ui.table.controller import GameSetup
from canasta.ui.table.drawing.coach import HINT_MARKER, line_buttons
from canasta.ui.table.drawing.drawer import message_fit
from canasta.ui.table.layout.regions import Box, layout_table
from canasta.ui.table.scene import TableScene
from tests.ui.test_screens import Calls, _read_every_section, _screens
from tests.ui.textfit import MeasuringTheme, Overflow, press, tour

SIZES = [(1280, 800), (1024, 700)]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"
FRAME_S = 0.05
MAX_FRAMES = 20_000
SHEET_NAMES = {"Us", "Them", "You", "Left", "Partner", "Right"}  # the score sheet's names that the test gives it


def _size_id(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


class WordsTheme(MeasuringTheme):
    """A measuring theme that also keeps every text it drew (to find English left on an Italian screen)."""

    def __init__(self) -> None:
        super().__init__()
        self.words: set[str] = set()

    def text(self, screen: pygame.Surface, words: str, box: Any, px: int, **options: object) -> None:
        self.words.add(words)
        super().text(screen, words, box, px, **options)


def _english_with_italian() -> dict[str, str]:
    """Each English text of the catalogue whose Italian differs (a key letter or "Menu" stays the same)."""
    entries = parse_po(catalogue_path(Language.ITALIAN, ".po", LOCALE_DIR).read_text("utf-8"))
    return {entry.msgid: entry.msgstr[0] for entry in entries if entry.msgid and entry.msgstr[0] != entry.msgid}


def english_left(words: set[str]) -> list[str]:
    """The drawn texts that are an English catalogue text, or a button whose label or key ("Label (Key)") is."""
    english = _english_with_italian()
    found = []
    for text in sorted(words):
        label, _sep, key = text.removesuffix(")").rpartition(" (") if text.endswith(")") else (text, "", "")
        if {text, label, key} & english.keys():
            found.append(text)
    return found


@pytest.fixture
def italian() -> Iterator[None]:
    set_language("it")
    yield
    set_language("en")


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    yield
    set_language("en")


# -- the screens around the table --------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=_size_id)
def test_the_screens_around_the_table_fit_in_italian(size: tuple[int, int], italian: None) -> None:
    screen = pygame.Surface(size)
    theme = WordsTheme()
    for name, scene in _screens(Calls(), theme):
        scene.resize(size)
        draws = tour(scene, screen)  # every row, every value of every choice
        if isinstance(scene, RulesHelpScene):
            draws += _read_every_section(scene, screen)  # every page of every section
        if isinstance(scene, StatsScene):
            press(scene, pygame.K_r)  # the "Reset all statistics?" question
            scene.draw(screen)
        assert draws > 3, name
    assert theme.drawn > 1000
    assert any(words.startswith("Indietro") for words in theme.words), "the Italian catalogue is installed"
    assert not theme.overflows, "\n".join(str(overflow) for overflow in theme.overflows[:20])
    assert english_left(theme.words - SHEET_NAMES) == []


# -- the window: title, table, panels ------------------------------------------------------------------------------


@dataclass
class Window:
    """The game's window on a fresh folder, in `language`, with a measuring theme; quick computer players."""

    size: tuple[int, int]
    language: LanguageSetting
    home: Path
    shots: dict[str, Path] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.app = App(self.size)
        self.theme = WordsTheme()
        self.app.theme = self.theme
        self.keeper: Keeper = open_keeper(StoragePaths(self.home, self.home))
        self.flow = GameFlow(self.app, keeper=self.keeper)
        self.app.on_close = self.flow.leave
        # As a player would: the language, no waiting for the cards or the computer players.
        self.keeper.settings.change(language=self.language, animation_speed=AnimationSpeed.INSTANT, think_s=0.0)
        self.flow.title()
        self.frame()

    def frame(self, count: int = 1) -> None:
        for _frame in range(count):
            self.app.frame(FRAME_S)
            time.sleep(0.001)  # as the real loop waits, so the computer players' thread runs

    def key(self, key: int, text: str = "") -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0))
        self.frame()

    def hover(self, pos: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        self.frame()

    def shot(self, name: str) -> None:
        """A screenshot of the default window size only (the smaller one is measured, not pictured)."""
        if self.size == SIZES[0]:
            SCREENSHOTS.mkdir(exist_ok=True)
            path = SCREENSHOTS / f"screen-{name}-{self.language.value}.png"
            pygame.image.save(self.app.screen, str(path))
            self.shots[name] = path

    @property
    def table(self) -> TableScene:
        assert self.flow.table is not None
        return self.flow.table

    def start(self, players: int, seed: int, target: int | None = None) -> None:
        options = {} if target is None else {"target_score": target}
        levels = ("human", *("normal",) * (players - 1))
        self.flow.start(GameSetup(Rules.for_players(players, **options), levels, seed=seed, think_s=0.0))
        self.frame()  # the new table is drawn even when the human plays first
        self.until(self.table_waits_for_the_human)

    def table_waits_for_the_human(self) -> bool:
        controller = self.flow.controller
        return controller is not None and controller.human_to_act() and not self.table.animating

    def until(self, done: Callable[[], bool]) -> None:
        for _frame in range(MAX_FRAMES):
            if done():
                return
            self.frame()
        raise AssertionError("the window never got there")

    def play_the_hand(self) -> None:
        """The human plays safe moves until the hand's summary opens over the table."""
        controller = self.flow.controller
        assert controller is not None
        for _frame in range(MAX_FRAMES):
            if isinstance(self.app.scenes[-1], MenuScene):
                return
            if self.table_waits_for_the_human():
                assert controller.submit(safe_action(controller.human_view())) is None
            self.frame()
        raise AssertionError("the hand did not end")


def _refusal_args(variant: str, needs: frozenset[str]) -> tuple[tuple[str, Any], ...]:
    """Plausible values for what a refusal's sentence shows (cards and ranks with long names)."""
    values: dict[str, Any] = {
        "card": Card(Rank.QUEEN, Suit.DIAMONDS),
        "cards": (Card(Rank.SEVEN, Suit.SPADES), Card(Rank.QUEEN, Suit.DIAMONDS)),
        "rank": Rank.QUEEN,
        "ranks": (Rank.FIVE, Rank.SEVEN),
        "minimum": 90, "points": 70, "needed": 2, "canastas": 1, "most": 3, "wilds": 3, "naturals": 2, "size": 2,
    }  # fmt: skip
    args = [(name, values.get(name, 12)) for name in sorted(needs)]
    return (("variant", variant), *args) if variant else tuple(args)


def every_refusal() -> list[Refusal]:
    return [
        Refusal(code, f"refused: {code.value}", _refusal_args(variant, template.needs))
        for (code, variant), template in TEMPLATES.items()
    ]


def visit_every_screen(window: Window) -> None:
    """Title, the screens it opens, a table of each size with its tooltips, keys, messages and panels, a hand's
    summary, the score sheet, and game over; a screenshot of each."""
    flow = window.flow
    window.shot("title")
    for name, show in (("new-game", flow.new_game), ("settings", flow.settings_screen),
                       ("statistics", flow.statistics), ("rules-help", flow.rules)):  # fmt: skip
        show()
        window.frame()
        window.shot(name)
    for players in (2, 3, 6):
        window.start(players, seed=60 + players)
        window.shot(f"table-{players}-players")
    window.start(4, seed=64)
    window.shot("table")
    visit_the_table(window)
    window.play_the_hand()
    window.frame(30)  # the scores count up
    window.shot("hand-summary")
    window.key(pygame.K_RETURN)  # the next hand
    window.until(window.table_waits_for_the_human)
    flow.leave()
    window.frame()
    window.key(pygame.K_s)  # the score sheet, from the "Leave this game?" panel
    window.shot("score-sheet")
    window.key(pygame.K_ESCAPE)
    window.start(4, seed=65, target=50)  # one hand ends the game
    window.play_the_hand()
    window.frame(30)
    window.shot("game-over")


def visit_the_table(window: Window) -> None:
    table = window.table
    for name, box in table.layout.buttons:
        window.hover(box.centre)
        if name == "meld":
            window.shot("table-tooltip")
    window.hover(table.layout.stock.centre)
    window.hover(table.layout.pile.centre)
    window.key(pygame.K_F1)
    window.shot("keys")
    window.key(pygame.K_F1)
    window.hover((table.layout.pile.x, 1))  # away from anything with a tooltip
    window.key(pygame.K_h)  # a hint, with its marks
    window.shot("table-hint")
    for command in ("open_hands", "undo"):  # not a practice game: each says so
        table.command(command)
        window.frame()
    for refusal in every_refusal():
        table.refuse(refusal)
        window.frame()
    table.refuse(next(refusal for refusal in every_refusal() if refusal.code is Code.PILE_FROZEN_NEEDS_NATURAL_PAIR))
    window.frame()
    window.shot("table-refused")
    window.flow.leave()
    window.frame()
    window.shot("leave")
    window.key(pygame.K_ESCAPE)  # keep playing


SHOT_NAMES = (
    "title", "new-game", "settings", "statistics", "rules-help", "table-2-players", "table-3-players",
    "table-6-players", "table", "table-tooltip", "keys", "table-hint", "table-refused", "leave", "hand-summary",
    "score-sheet", "game-over",
)  # fmt: skip


@pytest.fixture(scope="module")
def windows(tmp_path_factory: pytest.TempPathFactory) -> Callable[[tuple[int, int], LanguageSetting], Window]:
    """Each window's visit made once for the tests of this module: (size, language) -> the window after it."""
    made: dict[tuple[tuple[int, int], LanguageSetting], Window] = {}

    def window(size: tuple[int, int], language: LanguageSetting) -> Window:
        if (size, language) not in made:
            home = tmp_path_factory.mktemp(f"home-{_size_id(size)}-{language.value}")
            made[size, language] = visited = Window(size, language, home)
            try:
                visit_every_screen(visited)
            finally:
                visited.flow.quit()
                set_language("en")
        return made[size, language]

    return window


def _placed(overflows: list[Overflow]) -> set[tuple[int, int]]:
    return {(overflow.box.x, overflow.box.y) for overflow in overflows}


@pytest.mark.parametrize("size", SIZES, ids=_size_id)
def test_the_window_in_italian_overflows_nowhere_the_english_fits(
    size: tuple[int, int], windows: Callable[[tuple[int, int], LanguageSetting], Window]
) -> None:
    english, italian = windows(size, LanguageSetting.ENGLISH), windows(size, LanguageSetting.ITALIAN)
    assert italian.theme.drawn > 500 and any(words.startswith("Nuova partita") for words in italian.theme.words)
    worse = [overflow for overflow in italian.theme.overflows if (overflow.box.x, overflow.box.y) not in
             _placed(english.theme.overflows)]  # fmt: skip
    assert worse == [], "Italian texts that do not fit where the English does:\n" + "\n".join(map(str, worse[:30]))
    assert english_left(italian.theme.words) == []


@pytest.mark.parametrize("language", [LanguageSetting.ENGLISH, LanguageSetting.ITALIAN], ids=lambda lang: lang.value)
@pytest.mark.parametrize("size", SIZES, ids=_size_id)
def test_every_text_of_the_window_fits_its_box(
    size: tuple[int, int], language: LanguageSetting, windows: Callable[[tuple[int, int], LanguageSetting], Window]
) -> None:
    overflows = windows(size, language).theme.overflows
    assert overflows == [], "\n".join(map(str, overflows[:30]))


def test_screenshots_of_every_screen_in_both_languages(
    windows: Callable[[tuple[int, int], LanguageSetting], Window],
) -> None:
    for language in (LanguageSetting.ENGLISH, LanguageSetting.ITALIAN):
        shots = windows(SIZES[0], language).shots
        assert sorted(shots) == sorted(SHOT_NAMES), language
        for path in shots.values():
            assert path.stat().st_size > 10_000, path


# -- the table's message line, sentence by sentence ------------------------------------------------------------

MESSAGE_FILES = {  # where the message line's sentences come from: the buttons beside them, a prefix
    "canasta/engine/refusal_text.py": (("why", "hint"), ""),
    "canasta/coach/explain.py": (("hint",), HINT_MARKER + " "),
    "canasta/ui/table/scene.py": (("hint",), ""),
    "canasta/ui/table/coach.py": (("hint",), ""),
}
SAMPLE_NUMBERS = {"bonus": 300, "minimum": 90, "points": 70, "count": 12, "fitting": 3}


def message_sentences() -> list[tuple[Entry, str]]:
    """Every sentence of the template that the message line shows (not the names of cards and ranks), with
    the file it comes from."""
    template = parse_po((LOCALE_DIR / "canasta.pot").read_text("utf-8"))
    found = []
    for entry in template:
        source = next((file for file in entry.references if file in MESSAGE_FILES), None)
        if source is not None and entry.msgid.endswith((".", "?", ")")):
            found.append((entry, source))
    return found


def filled(entry: Entry) -> str:
    """The sentence in the language installed, with long card and rank names and plausible numbers."""
    queen, seven = Card(Rank.QUEEN, Suit.DIAMONDS), Card(Rank.SEVEN, Suit.SPADES)
    words: dict[str, str] = {
        "card": card_name(queen),  # with its article, for the refusals and the coach alike
        "cards": list_words([card_name(seven), card_name(queen)]),
        "rank": rank_plural(Rank.QUEEN),
        "ranks": list_words([rank_plural(Rank.FIVE), rank_plural(Rank.SEVEN)]),
        "name": seat_words(),
    }
    names = (placeholders(entry.msgid) or []) + (placeholders(entry.msgid_plural or "") or [])
    values = {name: words.get(name, str(SAMPLE_NUMBERS.get(name, 12))) for name in names}
    text = _(entry.msgid) if entry.msgid_plural is None else ngettext(entry.msgid, entry.msgid_plural, 12)
    return text.format(**values)


def seat_words() -> str:
    return _("Partner")


def message_room(size: tuple[int, int], buttons: tuple[str, ...]) -> int:
    """The message line's width beside `buttons` (their labels in the language installed)."""
    layout = layout_table(size, 4, 0)
    theme = Theme()
    line = [Button(name, _(LINE_LABELS[name][0]), Box(0, 0, 0, 0), key_hint=_(LINE_LABELS[name][1]))
            for name in buttons]  # fmt: skip
    return line_buttons(layout, theme, line).w


def message_widths(size: tuple[int, int]) -> dict[str, tuple[int, int, str]]:
    """For each sentence: the width of its widest line as the message line shows it (one line, or two of small
    text when one is too long), the room it has, and the text, in the language installed."""
    theme = Theme()
    layout = layout_table(size, 4, 0)
    widths = {}
    for entry, source in message_sentences():
        buttons, prefix = MESSAGE_FILES[source]
        room = message_room(size, buttons)
        text = prefix + filled(entry)
        px, lines = message_fit(theme, layout, text, room)
        widths[entry.msgid] = (max(theme.font(px).size(line)[0] for line in lines), room, text)
    return widths


@pytest.mark.parametrize("size", SIZES, ids=_size_id)
def test_every_message_line_sentence_fits_in_italian_where_the_english_does(size: tuple[int, int]) -> None:
    english = message_widths(size)
    set_language("it")
    italian = message_widths(size)
    assert len(italian) > 80 and italian.keys() == english.keys()
    worse = [
        f"{width} px in {room} px: {text}" for msgid, (width, room, text) in italian.items()
        if width > room and english[msgid][0] <= english[msgid][1]
    ]  # fmt: skip
    assert worse == [], "Italian sentences too long for the message line:\n" + "\n".join(worse)


def test_the_message_line_measure_fills_the_sentences_and_leaves_room_for_the_buttons() -> None:
    set_language("it")
    widths = message_widths(SIZES[1])
    refusal = widths["The stock is empty and {card} fits your {rank}: take the pile."]
    hint = widths["Discard {card}: it is the card you need least."]
    assert refusal[2] == "Il tallone è vuoto e la donna di quadri va sulla tua calata di donne: prendi il pozzo."
    assert hint[2] == HINT_MARKER + " Scarta la donna di quadri: è la carta che ti serve meno."
    assert refusal[1] < hint[1], "a refusal has the Why? button beside it as well as the Hint button"
