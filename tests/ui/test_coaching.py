"""Practice and coaching in the window: the hint is the Hard player's legal move; undo goes back exactly and
counts the game as practice; open hands only in practice games; a deal replayed deals the same cards; the
review's estimates are the look-ahead's with a fixed seed; the guided first game is played to its end by
posted events. Screenshots of each (screenshots/coach-*.png)."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from canasta.ai.levels import make_bot
from canasta.ai.lookahead import Budget
from canasta.coach.explain import explain
from canasta.coach.hint import Hint
from canasta.coach.replay_deal import autoplay_seat
from canasta.coach.review import review_hand
from canasta.coach.undo import memories_at
from canasta.engine import check
from canasta.engine.actions import Draw
from canasta.engine.playerview import score_index
from canasta.engine.position import dump_position
from canasta.engine.refusal_text import refusal_text
from canasta.engine.refusals import Code
from canasta.engine.rules import Rules
from canasta.storage.record import replay
from canasta.storage.saves import AutoSaver, comparable
from canasta.storage.settings import AnimationSpeed
from canasta.storage.stats import StatsBook
from canasta.ui.kit.app import App
from canasta.ui.look.theme import TableLook
from canasta.ui.screens.menus import MenuScene
from canasta.ui.screens.replay import Mode, ReplayScreen, TableOptions, expert_seed
from canasta.ui.screens.review import ReviewEntry, ReviewScreen, difference_words
from canasta.ui.screens.tutorial import TutorialScene
from canasta.ui.table.controller import GameSetup, TableController
from canasta.ui.table.drawing.coach import HINT_MARKER, open_hand_rects
from tests.ui.driver import Driver
from tests.ui.scene_driver import SceneDriver

INSTANT = TableLook(speed=AnimationSpeed.INSTANT)
LEVELS = ("human", "normal", "normal", "normal")
SMALL = Budget(samples=1, seconds=None)  # the Expert's look-ahead, kept small so the tests stay quick
MAX_STEPS = 3000


def _setup(practice: bool, seed: int = 21) -> GameSetup:
    return GameSetup(Rules.for_players(4), LEVELS, seed, think_s=0.0, practice=practice)


def _start(setup: GameSetup) -> tuple[Driver, TableController]:
    """A window with the game of `setup` at the table, at instant speed, the human's turn come."""
    driver = Driver(look=INSTANT)
    driver.flow.start(setup)
    driver.table.apply_look(INSTANT)
    controller = driver.flow.controller
    assert controller is not None
    for _ in range(MAX_STEPS):
        if controller.human_to_act():
            return driver, controller
        driver.frame()
    raise AssertionError("the human's turn never came")


def _until_human(controller: TableController) -> None:
    """Let the computer players move until the human has something to do (or the hand is over)."""
    for _ in range(MAX_STEPS):
        if controller.human_to_act() or controller.hand_over():
            return
        controller.update(0.05)
        time.sleep(0.001)  # the computer players think on their own thread
    raise AssertionError("the computer players never gave the turn back")


def _play_turn_by_hints(controller: TableController) -> None:
    """The human plays his whole turn as the hints say."""
    while controller.human_to_act():
        given = controller.hint()
        assert given is not None
        assert controller.submit(given.action) is None


def _play_hand(controller: TableController) -> None:
    for _ in range(MAX_STEPS):
        _until_human(controller)
        if controller.hand_over():
            return
        _play_turn_by_hints(controller)
    raise AssertionError("the hand did not end")


@pytest.fixture(scope="module")
def played() -> Iterator[TableController]:
    """A practice hand played to its end, the human following the hints."""
    controller = TableController(_setup(practice=True, seed=33))
    _play_hand(controller)
    yield controller
    controller.close()


# -- the hint ---------------------------------------------------------------------------------------------------


def test_the_hint_is_the_hard_players_legal_move_through_the_table() -> None:
    driver, controller = _start(_setup(practice=False, seed=5))  # hints are for every game
    hints = 0
    while hints < 8 and not controller.hand_over():
        while not controller.human_to_act() and not controller.hand_over():
            driver.frame()
        if controller.hand_over():
            break
        driver.key(pygame.K_h)
        shown = _hint_shown(driver)
        assert shown is not None, driver.table.message
        action = shown.action
        view = controller.human_view()
        memory = memories_at(controller.state)[controller.human]
        assert check(view, action) is None
        assert action == make_bot("hard", random.Random(controller.hint_seed()), 4).choose(view, memory)
        assert driver.table.message == f"{HINT_MARKER} {explain(view, memory, action)}"
        if hints == 1:
            driver.screenshot("coach-hint")
        before = controller.state
        driver.play_by_keys(action)
        assert controller.state is not before, driver.table.message
        assert _hint_shown(driver) is None, "a hint goes once its move is played"
        hints += 1
    assert hints == 8
    controller.close()


def _hint_shown(driver: Driver) -> Hint | None:
    hint = driver.table.coach.hint
    return None if hint is None else hint[0]


# -- undo -------------------------------------------------------------------------------------------------------


def test_undo_goes_back_exactly_and_the_game_counts_as_practice(tmp_path: Path) -> None:
    stats = StatsBook(tmp_path / "statistics.json")
    saver = AutoSaver(tmp_path / "game.json")
    controller = TableController(_setup(practice=True), saver=saver, stats=stats)
    _until_human(controller)
    start, record = controller.state, controller.record
    assert controller.submit(Draw()) is None
    assert controller.tools.undo_action()
    assert controller.state == start and controller.record.hands == record.hands
    _play_turn_by_hints(controller)
    _until_human(controller)
    assert len(controller.record.hands[-1]) > len(record.hands[-1]) + 2
    assert not controller.tools.can_undo_action(), "nothing of the turn just begun to take back"
    assert controller.tools.undo_turn()  # back over the computer players' moves, to the start of the human's turn
    assert controller.state == start and controller.record.hands == record.hands
    assert controller.record.practice
    assert replay(controller.record).state == controller.state, "the record still replays to the table"
    saved = AutoSaver(tmp_path / "game.json").load().value
    assert saved is not None and comparable(dump_position(saved.state)) == comparable(dump_position(controller.state))
    for seat, memory in enumerate(memories_at(start)):
        assert vars_of(controller.computers.memories[seat]) == vars_of(memory)
    _play_hand(controller)
    assert stats.statistics(practice=True).tally().hands == 1
    assert stats.statistics().tally().hands == 0
    controller.close()


def vars_of(memory: object) -> dict[str, object]:
    return {name: getattr(memory, name) for name in dir(memory) if not name.startswith("_")
            and not callable(getattr(memory, name))}  # fmt: skip


def test_a_game_that_is_not_practice_takes_nothing_back() -> None:
    driver, controller = _start(_setup(practice=False))
    driver.key(pygame.K_d)
    drawn = controller.state
    driver.key(pygame.K_u)
    assert controller.state is drawn and not controller.record.practice
    assert "practice" in driver.table.message
    assert "undo" not in driver.table.buttons, "no Undo button outside practice games"
    controller.close()


def test_undo_and_shift_undo_through_the_window() -> None:
    driver, controller = _start(_setup(practice=True, seed=8))
    start = controller.state
    driver.key(pygame.K_d)
    driver.click(driver.table.buttons["undo"].box.centre)
    assert controller.state == start
    driver.key(pygame.K_d)
    _shift_u(driver)
    assert controller.state == start
    controller.close()


def _shift_u(driver: Driver) -> None:
    driver.settle()
    shift_u = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=pygame.KMOD_SHIFT, unicode="U", scancode=0)
    pygame.event.post(shift_u)
    driver.frame()


# -- open hands -------------------------------------------------------------------------------------------------


def test_open_hands_only_in_practice_games() -> None:
    for practice in (False, True):
        driver, controller = _start(_setup(practice=practice, seed=6))
        driver.key(pygame.K_o)
        shown = controller.tools.shown_hands()
        if not practice:
            assert shown == {} and not controller.record.practice
            assert "practice" in driver.table.message
        else:
            assert set(shown) == {1, 2, 3}
            assert all(shown[seat] == controller.state.hands[seat] for seat in shown)
            for seat in shown:
                boxes = open_hand_rects(driver.table.layout, seat, len(shown[seat]))
                assert all(driver.table.layout.window.contains(box) for box in boxes)
            driver.screenshot("coach-open-hands")
            driver.key(pygame.K_o)
            assert controller.tools.shown_hands() == {}
        controller.close()


# -- replaying the deal -----------------------------------------------------------------------------------------


def test_a_replayed_deal_deals_the_same_cards(played: TableController) -> None:
    deal = played.hand_deal()
    dealt = played.tools.history.states[0]
    assert deal.deal() == dealt
    assert deal.played == played.hand_scores()[score_index(dealt.rules, played.human)]
    app = App((1280, 800))
    closed: list[bool] = []
    screen = ReplayScreen(app.theme, deal, lambda: closed.append(True), TableOptions(INSTANT, think_s=0.0),
                          budget=SMALL)  # fmt: skip
    app.push(screen)
    driver = SceneDriver(app, lambda: screen.table)
    assert screen.expert.wait(120)
    driver.frame()
    expected = autoplay_seat(dealt, played.human, deal.levels, expert_seed(deal), SMALL)
    assert screen.expert.result().result.final == expected.final
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p", scancode=0))
    driver.frame()
    assert _mode(screen) is Mode.PLAYING and screen.controller is not None
    assert screen.controller.state.hands == dealt.hands and screen.controller.state.stock == dealt.stock
    driver.key(pygame.K_ESCAPE)
    assert _mode(screen) is Mode.MENU
    driver.key(pygame.K_w)
    assert _mode(screen) is Mode.WATCHING
    for _ in range(MAX_STEPS):
        if _mode(screen) is Mode.MENU:
            break
        driver.frame()
    assert _mode(screen) is Mode.MENU, "the Expert's hand was shown to its end"
    total = screen.expert_score()
    assert total is not None and total.total == expected.points_for(played.human)
    assert screen.rows()[-1][3] == f"{expected.points_for(played.human):+d}"
    driver.screenshot("coach-replay")
    driver.key(pygame.K_ESCAPE)
    assert closed == [True]


def _mode(screen: ReplayScreen) -> Mode:
    return screen.mode


# -- the review -------------------------------------------------------------------------------------------------


def test_the_review_shows_the_look_aheads_estimates_from_a_fixed_seed(played: TableController) -> None:
    decisions = played.tools.decisions()
    seed, budget = played.tools.review_seed(), Budget(samples=2, seconds=None)
    app = App((1280, 800))
    screen = ReviewScreen(app.theme, decisions, seed, app.pop, budget=budget)
    app.push(screen)
    app.frame(0.05)
    assert screen.job is not None and screen.job.wait(120)
    app.frame(0.05)
    expected = review_hand(decisions, seed, budget)
    assert screen.items == expected
    entries = [item for item in screen.list.items if isinstance(item, ReviewEntry)]
    assert [entry.item for entry in entries] == expected
    for entry in entries:
        assert difference_words(entry.item) in entry.heading
        assert str(round(entry.item.difference)) in entry.heading
    app.frame(0.05)
    SceneDriver(app, lambda: None).screenshot("coach-review")


def test_leaving_the_review_gives_it_up(played: TableController) -> None:
    app = App((1280, 800))
    left: list[bool] = []
    screen = ReviewScreen(app.theme, played.tools.decisions(), 1, lambda: left.append(True))
    app.push(screen)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.frame(0.05)
    assert left == [True]
    assert screen.job is not None and screen.job.progress.cancelled
    assert screen.job.wait(60) and not screen.job.ready


# -- the guided first game --------------------------------------------------------------------------------------


def _note(scene: TutorialScene) -> str:
    """What the lesson said of the last move (read through a call, so each read is a fresh one)."""
    return scene.game.note


def test_the_tutorial_is_played_to_its_end_by_posted_events() -> None:
    app = App((1280, 800))
    finished: list[str] = []
    rules_asked: list[Code] = []
    scene = TutorialScene(app.theme, lambda: finished.append("done"), lambda: finished.append("menu"), look=INSTANT,
                          think_s=0.0, on_rule_help=rules_asked.append)  # fmt: skip
    app.push(scene)
    driver = SceneDriver(app, lambda: scene, scene.to_window)
    driver.frame()
    run = scene.game.run
    driver.key(pygame.K_t)  # a black three on the pile: the rules refuse, and say why
    refused = scene.coach.last_refusal
    assert refused is not None and scene.message == refusal_text(refused) and run.index == 0
    assert "why" in scene.buttons
    driver.click(scene.buttons["why"].box.centre)
    assert rules_asked == [refused.code]
    driver.screenshot("coach-tutorial-refused")
    steps = 0
    while run.step is not None or run.computer_to_move():
        driver.frame()
        step = run.step
        if step is None or not scene.game.human_to_act():
            continue
        assert scene.coach.hint is not None, "the lesson's move is marked"
        if steps == 1:  # a legal move that is not the lesson's is refused with the lesson's words
            driver.key(pygame.K_x)  # with no card picked, X discards nothing: it says to pick one
            assert run.index == 1 and not _note(scene) and "Pick the card" in scene.message
            driver.key(pygame.K_SPACE)
            driver.key(pygame.K_x)
            assert run.index == 1 and _note(scene)
            driver.screenshot("coach-tutorial")
        driver.play(step.expected)
        assert run.index == steps + 1, scene.message
        steps += 1
    driver.settle()
    driver.frame(3)
    assert scene.finished and steps == len(run.steps)
    driver.screenshot("coach-tutorial-done")
    driver.key(pygame.K_RETURN)
    assert finished == ["done"]


# -- from the window's flow -------------------------------------------------------------------------------------


def test_the_hand_summary_opens_the_review_and_the_replay_and_the_title_the_lesson() -> None:
    driver, controller = _start(_setup(practice=False, seed=8))
    _play_hand(controller)
    for _ in range(10):  # the table notices the end of the hand and the flow shows the summary
        driver.frame()
    summary = _top(driver)
    assert isinstance(summary, MenuScene) and {"review", "replay"} <= {button.name for button in summary.buttons}
    driver.key(pygame.K_r)
    assert isinstance(_top(driver), ReviewScreen)
    driver.key(pygame.K_ESCAPE)
    assert _top(driver) is summary
    driver.key(pygame.K_d)
    assert isinstance(_top(driver), ReplayScreen)
    driver.flow.quit()
    lesson = Driver()
    lesson.key(pygame.K_l)
    assert isinstance(_top(lesson), TutorialScene), "Learn to play (L) on the title screen"
    lesson.flow.quit()


def _top(driver: Driver) -> object:
    """The scene on top (a function, so each look is a fresh one)."""
    return driver.app.scenes[-1]
