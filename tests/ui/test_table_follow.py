"""A table a person can follow: every action of every seat said in words (captions and the move log, in English
and Italian), partner's answer kept in sight, the pile taken the obvious ways, no card lost by accident, a reason
for every refusal, and the computer players paused and stepped one move at a time."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pygame
import pytest

from canasta.coach.tutorial import Topic
from canasta.engine import apply
from canasta.engine.actions import Action, Answer, AskPartner, Discard, Draw, Meld, Pass, TakePile
from canasta.engine.cards import Card, Suit
from canasta.engine.events import AnswerEvent, AskPartnerEvent, DealEvent, DiscardEvent, DrawEvent
from canasta.engine.playerview import Phase
from canasta.engine.position import load_position
from canasta.engine.refusals import Code
from canasta.i18n import set_language
from canasta.storage.settings import AnimationSpeed
from canasta.ui.kit.app import App
from canasta.ui.look.theme import TableLook
from canasta.ui.screens.tutorial import TutorialScene
from canasta.ui.table.controller import TableController
from canasta.ui.table.narration.talk import LogEntry, TableTalk
from canasta.ui.table.scene import TableScene
from tests.rules.positions import position
from tests.ui.driver import Driver
from tests.ui.scene_driver import SceneDriver

SUITS = {Suit.CLUBS: "\u2663", Suit.DIAMONDS: "\u2666", Suit.HEARTS: "\u2665", Suit.SPADES: "\u2660"}
NAMES = {"en": {1: "Left", 2: "Partner", 3: "Right"}, "it": {1: "Sinistra", 2: "Compagno", 3: "Destra"}}
# What each kind of action reads like, by language: the seat's name first, then the verb.
SAYS = {
    "en": {
        Draw: r"{name} drew (a card|\d cards) from the stock\.",
        Discard: r"{name} discarded {card}\.",
        TakePile: r"{name} took the pile \(\d+ cards?\) (with .+|onto (our|their) \w+)(, melding .+ too)?\.",
        Meld: r"{name} (melded .+|added .+ to (our|their) \w+)( and added .+)?\.",
        AskPartner: r"{name} asked (you|\w+): may I go out\?",
        Answer: r"{name}: (yes, go out|no, do not go out yet)\.",
        Pass: r"{name} passed: the hand ends\.",
    },
    "it": {
        Draw: r"{name} ha pescato (una carta|\d carte) dal tallone\.",
        Discard: r"{name} ha scartato {card}\.",
        TakePile: (
            r"{name} ha preso il pozzo \(\d+ cart[ae]\) (con .+|sulla (nostra|loro) calata di \w+)(, calando .+)?\."
        ),
        Meld: r"{name} ha (calato .+|aggiunto .+ alla (nostra|loro) calata di \w+)( e aggiunto .+)?\.",
        AskPartner: r"{name} (ti ha chiesto|ha chiesto a \w+): posso chiudere\?",
        Answer: r"{name}: (sì, chiudi|no, non chiudere ancora)\.",
        Pass: r"{name} ha passato: la mano finisce\.",
    },
}


@pytest.fixture
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    code: str = request.param
    set_language(code)
    yield code
    set_language("en")


def _label(card: Card) -> str:
    """A card as the table writes it, worked out here on its own: "10♣", "7♥"."""
    rank = "10" if card.text[0] == "T" else card.text[0]
    return rank + SUITS[card.suit] if card.suit is not None else ""


def _controller(driver: Driver) -> TableController:
    controller = driver.flow.controller
    assert controller is not None
    return controller


def _who_played(controller: TableController) -> list[tuple[int, Action]]:
    """The hand's actions so far with the seat that played each, replayed from its deal."""
    state = controller.hand_deal().deal()
    played = []
    for action in controller.record.hands[-1]:
        played.append((state.current, action))
        state = apply(state, action).state
    return played


def _expected(language: str, seat: int, action: Action) -> str:
    pattern = SAYS[language][type(action)]
    card = re.escape(_label(action.card)) if isinstance(action, Discard) else ""
    return pattern.format(name=NAMES[language][seat], card=card)


@pytest.mark.parametrize("language", ["en", "it"], indirect=True)
def test_every_computer_action_is_announced_once_in_order_with_the_right_words(language: str) -> None:
    driver = Driver()
    set_language(language)  # after the window's flow has applied its (default) settings
    table = driver.start(players=4, seed=11)
    controller = _controller(driver)
    for _round in range(3):
        driver.until_human_turn()
        driver.settle()
        table.command("draw")
        driver.settle()
        table.act(Discard(table.hand.order[0]))
    driver.until_human_turn()
    driver.settle()
    computers = [(seat, action) for seat, action in _who_played(controller) if seat != controller.human]
    hand = table.aside.talk.hand
    said = [entry.text for entry in table.aside.talk.log if entry.hand == hand and entry.seat not in (None, 0)]
    assert len(computers) >= 9 and len(said) == len(computers), (said, computers)
    for text, (seat, action) in zip(said, computers, strict=True):
        # The action's sentence first; a red three it brought is said after it, in the same announcement.
        assert re.match(_expected(language, seat, action) + "( |$)", text), (text, action)
    for seat in (1, 2, 3):  # each seat's caption says what it did in its latest turn, its discard last
        caption = table.aside.talk.caption(seat)
        last = next(action for who, action in reversed(computers) if who == seat)
        assert caption and re.match(_expected(language, seat, last), caption[-1])


def _log_open(table: TableScene) -> bool:
    return table.aside.log.open


def test_the_log_opens_scrolls_and_closes_without_leaving_the_game() -> None:
    driver = Driver((800, 600))
    table = driver.start(players=4, seed=12)
    for _round in range(2):
        driver.until_human_turn()
        driver.settle()
        table.command("draw")
        driver.settle()
        table.act(Discard(table.hand.order[0]))
    driver.until_human_turn()
    driver.settle()
    driver.key(pygame.K_l)
    assert _log_open(table)
    driver.screenshot("table-log-open")
    entries = table.aside.talk.log
    entries.extend(LogEntry(entries[-1].hand, 1, f"Left discarded {number}\u2663.") for number in range(2, 60))
    for _ in range(3):
        driver.key(pygame.K_UP)
    assert table.aside.log.scroll == 3
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    driver.frame()
    assert table.aside.log.scroll == 0
    driver.key(pygame.K_ESCAPE)  # closes the log, not the game
    assert not _log_open(table) and driver.app.scenes[-1] is table


def test_the_log_keeps_the_last_five_hands_and_each_caption_its_seats_latest_turn() -> None:
    driver = Driver()
    driver.start(players=4, seed=19)
    view = _controller(driver).human_view()
    talk = TableTalk()
    for hand in range(7):
        talk.hear(DealEvent(hand % 4, (None,) * 4, ()), view)
        talk.hear(DrawEvent(1, 1, None), view)
        talk.hear(DiscardEvent(1, Card.parse("5C")), view)
        talk.hear(AskPartnerEvent(2), view)
        talk.hear(AnswerEvent(0, False), view)
    assert {entry.hand for entry in talk.log} == {3, 4, 5, 6, 7}
    assert talk.caption(1) == ("Left drew a card from the stock.", "Left discarded 5\u2663.")
    assert talk.caption(2) == ("Partner asked you: may I go out?",)
    assert talk.caption(0) == ("You: no, do not go out yet.",)


def _pile_position(hand: str, pile: str, melds: dict[int, list[str]] | None = None) -> dict[str, object]:
    return position(4, hands={0: hand}, pile=pile, melds=melds or {0: ["AH AS AD"]}, current=0, phase="draw")


def _table_at(driver: Driver, text: dict[str, object]) -> TableScene:
    table = driver.start(players=4, seed=13)
    driver.settle()
    _controller(driver).state = load_position(text)
    driver.frame(4)
    driver.settle()
    return table


def _took(driver: Driver) -> bool:
    return _controller(driver).human_view().phase is Phase.PLAY and not _controller(driver).human_view().pile


ONE_WAY = ("KH KD 4C 9H 7S", "5C 7D 9S 4H 8C 6D JH QS TC KS")  # only the natural pair of kings takes it


@pytest.mark.parametrize("how", ["click", "drag", "key", "button"])
def test_with_nothing_selected_the_one_way_to_take_the_pile_is_taken(how: str) -> None:
    driver = Driver()
    table = _table_at(driver, _pile_position(*ONE_WAY))
    assert table.buttons["take_pile"].enabled
    pile = table.layout.pile.centre
    match how:
        case "click":
            driver.click(pile)
        case "drag":
            driver.drag(pile, table.layout.human.hand.centre)
        case "key":
            driver.key(pygame.K_t)
        case "button":
            driver.click(table.layout.button("take_pile").centre)
    assert _took(driver), table.message
    assert {card.text for card in _controller(driver).human_view().melds[0][-1].cards} >= {"KH", "KD", "KS"}


def test_several_ways_open_a_chooser_that_takes_the_one_picked() -> None:
    driver = Driver()
    # No natural pair of sevens: the seven goes with a two or with the joker, two ways as plain as each other.
    table = _table_at(driver, _pile_position("7H 2C JK 4C 9H", "5C 6D 9S 7D"))
    driver.key(pygame.K_t)
    assert len(table.aside.ways) >= 2 and not _took(driver)
    labels = [button.label for button in table.aside.chooser_buttons(table.layout, table.ctl.human_view())]
    assert labels[:2] == ["with 7\u2665 2\u2663", "with 7\u2665 joker"], labels
    driver.screenshot("table-take-chooser")
    driver.key(pygame.K_2)
    assert _took(driver)
    assert any(card.text == "JK" for meld in table.ctl.human_view().melds[0] for card in meld.cards)


def test_the_chooser_closes_on_escape_and_takes_nothing() -> None:
    driver = Driver()
    table = _table_at(driver, _pile_position("7H 2C JK 4C 9H", "5C 6D 9S 7D"))
    driver.click(table.layout.pile.centre)
    assert table.aside.ways
    driver.key(pygame.K_ESCAPE)
    assert not table.aside.ways and not _took(driver) and driver.app.scenes[-1] is table


def test_the_take_button_is_enabled_exactly_when_some_take_is_legal() -> None:
    driver = Driver()
    table = _table_at(driver, _pile_position("KH 4D 4C 9H 7S", "5C 7D 9S 4H 8C 6D JH QS TC KS"))
    assert not table.buttons["take_pile"].enabled  # one king and no meld of kings: no take
    driver.key(pygame.K_t)
    assert not _took(driver) and table.message  # says why
    _controller(driver).state = load_position(_pile_position(*ONE_WAY))
    driver.frame(3)
    assert table.buttons["take_pile"].enabled


def test_x_with_nothing_selected_discards_nothing_and_says_to_pick_a_card() -> None:
    driver = Driver()
    table = driver.start(players=4, seed=14)
    driver.until_human_turn()
    driver.settle()
    table.command("draw")
    driver.frame()
    driver.settle()
    table.hand.selected.clear()
    held = len(table.hand.order)
    driver.key(pygame.K_x)
    assert len(table.hand.order) == held and _controller(driver).human_view().phase is Phase.PLAY
    assert "Pick the card to discard" in table.message


def test_the_card_just_drawn_is_marked_until_the_turn_ends() -> None:
    driver = Driver()
    table = driver.start(players=4, seed=15)
    driver.until_human_turn()
    driver.settle()
    before = set(table.hand.order)
    table.command("draw")
    driver.frame()
    driver.settle()
    drawn = set(table.hand.order) - before
    assert drawn and table._hand_state().fresh == frozenset(drawn)
    table.act(Discard(next(card for card in table.hand.order if card not in drawn)))
    driver.frame(2)
    assert table._hand_state().fresh == frozenset()


def test_a_focused_and_selected_card_looks_different_from_a_focused_one() -> None:
    driver = Driver()
    table = driver.start(players=4, seed=16)
    driver.until_human_turn()
    driver.settle()
    table.hand.focus = 3
    card = table.hand.order[3]
    driver.frame(2)
    focused = pygame.Surface.copy(driver.app.screen)
    table.hand.selected = {card}
    driver.frame(20)
    driver.settle()
    both = driver.app.screen
    box = table.layout.human.hand
    region = pygame.Rect(box.x, box.y, box.w, box.h)
    pixels = [pygame.image.tobytes(shot.subsurface(region).copy(), "RGB") for shot in (focused, both)]
    assert pixels[0] != pixels[1]


def test_go_out_refused_says_why_with_the_numbers_and_offers_why() -> None:
    driver = Driver()
    text = position(4, hands={0: "KH KD KC 4C 9H"}, pile="5C 7D", melds={0: ["AH AS AD"]}, current=0, phase="play")
    table = _table_at(driver, text)
    driver.key(pygame.K_g)
    assert "needs 1 canasta to go out; it has 0" in table.message
    assert table.coach.last_refusal is not None and table.coach.last_refusal.code is Code.GOING_OUT_NEEDS_CANASTA
    assert table.buttons["why"].enabled


def test_partners_answer_stays_in_sight_until_the_asker_acts() -> None:
    driver = Driver()
    table = driver.start(players=4, seed=17)
    driver.until_human_turn()
    driver.settle()
    table.command("ask_partner")
    for _ in range(200):
        driver.frame()
        if table.ctl.human_to_act() and table.ctl.human_view().turn.question is not None:
            break
    driver.settle()
    answer = table.aside.talk.caption(2)[-1]
    assert answer.startswith("Partner: ") and ("go out" in answer)
    assert "Partner said" in table.message
    table.command("draw")
    driver.frame()
    driver.settle()
    assert "Partner said" in table.message and table.aside.talk.caption(2)[-1] == answer


def test_pause_holds_the_computers_and_step_lets_one_move_through() -> None:
    driver = Driver()
    table = driver.start(players=4, seed=18)
    driver.until_human_turn()
    driver.settle()
    controller = _controller(driver)
    driver.key(pygame.K_b)
    assert table.aside.pace.paused and table.buttons["pause"].label == "Resume"
    table.command("draw")
    driver.settle()
    table.act(Discard(table.hand.order[0]))
    moves = len(controller.record.hands[-1])
    driver.frame(60)
    assert len(controller.record.hands[-1]) == moves, "paused: nobody moved"
    assert table.buttons["step"].enabled
    driver.key(pygame.K_PERIOD)
    for _ in range(100):
        driver.frame()
        if len(controller.record.hands[-1]) > moves:
            break
    driver.frame(40)
    assert len(controller.record.hands[-1]) == moves + 1, "one step, one move"
    driver.key(pygame.K_b)
    driver.until_human_turn()


@pytest.mark.parametrize("how", ["click", "drag", "key", "button"])
def test_the_lessons_take_the_pile_step_works_every_obvious_way(how: str) -> None:
    app = App((1280, 800))
    scene = TutorialScene(app.theme, lambda: None, lambda: None, look=TableLook(speed=AnimationSpeed.INSTANT),
                          think_s=0.0)  # fmt: skip
    app.push(scene)
    driver = SceneDriver(app, lambda: scene, scene.to_window)
    driver.frame()
    run = scene.game.run
    while run.step is None or run.step.topic is not Topic.TAKE_PILE or not scene.game.human_to_act():
        driver.frame()
        if run.step is not None and scene.game.human_to_act() and run.step.topic is not Topic.TAKE_PILE:
            driver.play(run.step.expected)
    at = run.index
    assert scene.buttons["take_pile"].enabled and not scene.hand.selected
    pile = scene.layout.pile.centre
    match how:
        case "click":
            driver.click(pile)
        case "drag":
            driver.settle()
            start, end = scene.to_window(pile), scene.to_window(scene.layout.human.hand.centre)
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
            for step in range(1, 5):
                pos = (start[0] + (end[0] - start[0]) * step // 4, start[1] + (end[1] - start[1]) * step // 4)
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
                driver.frame()
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
            driver.frame()
        case "key":
            driver.key(pygame.K_t)
        case "button":
            driver.click(scene.layout.button("take_pile").centre)
    assert run.index == at + 1 and not scene.game.note, scene.message
