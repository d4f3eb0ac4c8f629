"""The table's feel through the window: cards move in time and end where the engine says, input waits and a
click hurries, every speed plays a whole hand, the looks, the keys' help and tooltips; screenshots of each."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

import pygame
import pytest

from canasta.engine.actions import Draw, TakePile
from canasta.engine.cards import Card
from canasta.engine.events import DealEvent, Event
from canasta.engine.position import load_position
from canasta.storage.settings import AnimationSpeed, CardStyle, TableTheme
from canasta.ui.look.theme import TableLook
from canasta.ui.table.controller import TableController
from canasta.ui.table.scene import TableScene
from canasta.ui.table.sprites import Area, card_placements
from tests.rules.positions import position
from tests.ui.driver import Driver
from tests.ui.test_table_play import _play_hand


class RecordingEvents(deque[Event]):
    """The controller's event queue, remembering every event put in it."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[Event] = []

    def extend(self, events: Iterable[Event]) -> None:
        batch = list(events)
        self.seen.extend(batch)
        super().extend(batch)


class SoundLog:
    def __init__(self) -> None:
        self.played: list[Event] = []

    def play_for(self, event: Event) -> None:
        self.played.append(event)


def _controller(driver: Driver) -> TableController:
    controller = driver.flow.controller
    assert controller is not None
    return controller


def _at_rest_and_true(table: TableScene) -> None:
    """Every sprite rests at the place the view gives its card, and every card the view shows has one."""
    targets = card_placements(table.layout, table.ctl.human_view(), table.hand.plan())
    assert set(table.board.sprites) == set(targets)
    now = table.clock.now_s
    for card, sprite in table.board.sprites.items():
        assert sprite.rest == targets[card]
        assert sprite.pose(now) == targets[card].pose
    assert table.board.incoming(now) == {}


def _take_pile_position(players: int = 4) -> dict[str, object]:
    return position(
        players,
        hands={0: "KH KD 4C 9H 7S"},
        pile="5C 7D 9S 4H 8C 6D JH QS TC KS",
        melds={0: ["AH AS AD"]},
        current=0,
        phase="draw",
    )


def test_a_pile_capture_moves_card_by_card_and_ends_where_the_engine_says() -> None:
    driver = Driver()
    table = driver.start(players=4, seed=50)
    controller = _controller(driver)
    driver.settle()
    controller.state = load_position(_take_pile_position())
    driver.frame(8)  # no events: the cards simply go to their places
    pile = controller.human_view().pile
    assert table.act(TakePile(tuple(card for card in controller.human_view().hand if card.text in ("KH", "KD"))))
    driver.frame()
    assert table.animating
    seen_moving: set[Card] = set()
    for index in range(12):
        seen_moving |= {card for card in pile if table.board.sprites[card].moving(table.clock.now_s)}
        driver.screenshot(f"pile-capture-{index:02d}")
        driver.frame(2)
    assert seen_moving == set(pile), "every card of the pile travelled"
    driver.settle()
    _at_rest_and_true(table)
    assert {table.board.sprites[card].rest.area for card in pile} <= {Area.HAND, Area.MELD}


def test_input_waits_while_the_table_moves_and_a_click_hurries_it() -> None:
    driver = Driver()
    table = driver.start(players=4, seed=51)
    controller = _controller(driver)
    driver.frame()
    assert table.animating, "the deal plays"
    hand = controller.human_view().hand
    assert any(table.board.sprites[card].moving(table.clock.now_s) for card in hand)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=table.layout.stock.centre, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=table.layout.stock.centre, button=1))
    driver.app.frame(0.01)
    assert controller.human_view().hand == hand, "the click did not draw: it only hurried the deal"
    assert not any(table.board.sprites[card].moving(table.clock.now_s) for card in hand)
    driver.settle()
    _at_rest_and_true(table)


def test_an_illegal_drop_slides_back_and_shows_the_engines_message() -> None:
    driver = Driver()
    table = driver.start(players=4, seed=14)
    controller = _controller(driver)
    while not controller.human_to_act():
        driver.frame()
    driver.settle()
    card = table.hand.order[0]
    home = table.board.sprites[card].rest
    driver.drag(driver.card_point(card), table.layout.sides[0].meld_area.centre)  # before drawing
    assert "Draw first" in table.message
    flight = table.board.sprites[card].flight
    assert flight is not None, "the card slides back"
    assert flight.start.rect != home.pose.rect and flight.end == home.pose
    driver.frame(10)
    _at_rest_and_true(table)


LOOKS = {
    "classic-green": TableLook(),
    "classic-high-contrast": TableLook(table_theme=TableTheme.HIGH_CONTRAST),
    "four-colour-green": TableLook(card_style=CardStyle.FOUR_COLOUR),
    "four-colour-high-contrast": TableLook(card_style=CardStyle.FOUR_COLOUR, table_theme=TableTheme.HIGH_CONTRAST),
    "large-cards": TableLook(large_cards=True),
    "large-cards-four-colour-high-contrast": TableLook(
        CardStyle.FOUR_COLOUR, large_cards=True, table_theme=TableTheme.HIGH_CONTRAST
    ),
}


def test_screenshots_of_every_look_and_the_look_changes_mid_game() -> None:
    driver = Driver()
    table = driver.start(players=4, seed=52)
    controller = _controller(driver)
    driver.settle()
    controller.state = load_position(_take_pile_position())
    screens: dict[str, bytes] = {}
    for name, look in LOOKS.items():
        table.apply_look(look)
        driver.frame()
        assert not table.animating and table.layout.large_cards == look.large_cards
        assert table.theme.palette == look.palette  # the table is drawn on the look's felt
        assert driver.app.screen.get_at((2, 2)) == table.theme.background(driver.app.size).get_at((2, 2))
        _at_rest_and_true(table)
        driver.screenshot(f"look-{name}")
        screens[name] = pygame.image.tobytes(driver.app.screen, "RGB")
    assert screens["classic-green"] != screens["four-colour-green"], "the four-colour deck is drawn"
    width = table.layout.card_size[0]
    table.apply_look(TableLook())
    assert table.layout.card_size[0] < width


@pytest.mark.parametrize(
    "look",
    [TableLook(speed=speed) for speed in AnimationSpeed] + [TableLook(reduced_motion=True)],
    ids=[speed.value for speed in AnimationSpeed] + ["reduced-motion"],
)
def test_a_whole_hand_at_every_speed(look: TableLook) -> None:
    driver = Driver(look=look)
    driver.start(players=2, seed=60)
    controller = _controller(driver)
    sound = SoundLog()
    driver.table.sound = sound
    controller.events = RecordingEvents()
    assert _play_hand(driver, driver.play_by_mouse) > 3
    assert len(driver.app.scenes) == 2, "the hand summary follows the going-out moment"
    assert sound.played == controller.events.seen, "a sound cue for every event, in order"
    _at_rest_and_true(driver.table)


def test_the_deal_is_animated_and_its_sound_plays_first() -> None:
    driver = Driver()
    controller_events: list[Event] = []
    table = driver.start(players=4, seed=53)
    sound = SoundLog()
    table.sound = sound
    controller = _controller(driver)
    controller_events.extend(controller.events)
    driver.frame()
    assert not sound.played or isinstance(sound.played[0], DealEvent)
    human_cards = controller.human_view().hand
    moving = [card for card in human_cards if card in table.board.sprites and table.board.sprites[card].flight]
    assert moving, "the human's cards are dealt one by one"
    assert table.board.incoming(table.clock.now_s), "the other players' cards are on their way"


def test_keys_help_and_tooltips() -> None:
    driver = Driver()
    table = driver.start(players=4, seed=54)
    driver.settle()
    shown = []
    driver.key(pygame.K_F1)
    shown.append(table.help_shown)
    driver.screenshot("table-help")
    driver.key(pygame.K_F1)
    shown.append(table.help_shown)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_SHIFT, unicode="?"))
    driver.frame()
    shown.append(table.help_shown)
    driver.key(pygame.K_ESCAPE)
    shown.append(table.help_shown)
    assert shown == [True, False, True, False], "F1 and ? open and close the keys; Escape closes them"
    assert len(driver.app.scenes) == 1, "Escape closed the help, not the game"
    point = table.layout.button("meld").centre
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0)))
    driver.frame()
    tooltip = table._overlay().tooltip
    assert tooltip is not None and "Meld" in tooltip[0] and "M" in tooltip[0]
    driver.screenshot("table-tooltip")
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=table.layout.stock.centre, rel=(0, 0), buttons=(0,) * 3)
    )
    driver.frame()
    tooltip = table._overlay().tooltip
    assert tooltip is not None and "D" in tooltip[0]


def test_the_draw_turns_face_up_for_the_human() -> None:
    driver = Driver()
    table = driver.start(players=4, seed=55)
    controller = _controller(driver)
    while not controller.human_to_act():
        driver.frame()
    driver.settle()
    before = set(controller.human_view().hand)
    assert table.act(Draw())
    driver.frame()
    drawn = [card for card in controller.human_view().hand if card not in before]
    flight = table.board.sprites[drawn[0]].flight
    assert flight is not None and not flight.start.face_up and flight.end.face_up
    assert flight.start.rect[:2] == (table.layout.stock.x, table.layout.stock.y)
