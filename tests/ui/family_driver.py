"""Playing Samba and Bolivia through the table as a person would: the family's moves (additions by meld,
sequences, the pile onto a meld, joining two groups) done with the mouse or the keyboard."""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame

from canasta.ai.base import CardMemory
from canasta.ai.levels import make_bot
from canasta.engine.actions import Action, Combine, Meld, TakePile
from canasta.engine.playerview import my_side
from canasta.engine.rules import Rules, Variant
from canasta.storage.settings import AnimationSpeed
from canasta.ui.look.theme import TableLook
from canasta.ui.table.controller import GameSetup
from canasta.ui.table.layout.regions import meld_rects
from canasta.ui.table.scene import TableScene
from tests.ui.driver import Driver

MAX_STEPS = 20_000
# Whole games go by without the cards' flights (the hands' own tests and the monkeys play them at the usual
# speed): the game's flow from the first hand to the last is what is played here.
QUICK = TableLook(speed=AnimationSpeed.INSTANT)


def start_family(
    driver: Driver, variant: Variant, seed: int, target: int | None = None, players: int = 4
) -> TableScene:
    """A game of `variant` for `players` at the table, the human at seat 0 and Normal computer players (a shorter
    game with `target`)."""
    options = {} if target is None else {"target_score": target}
    rules = Rules.for_players(players, variant=variant, **options)
    levels = ("human",) + ("normal",) * (players - 1)
    driver.flow.start(GameSetup(rules, levels, seed, think_s=0.0))
    if driver.look is not None:
        driver.table.apply_look(driver.look)
    driver.frame()
    return driver.table


def meld_point(driver: Driver, index: int) -> tuple[int, int]:
    """A point on the human side's meld number `index` (its first card's visible corner)."""
    table = driver.table
    view = table.ctl.human_view()
    side = my_side(view)
    melds = view.melds[side]
    shapes = [(meld.label, len(meld.cards), meld.is_canasta(view.rules)) for meld in melds]
    slot = meld_rects(table.layout, side, shapes)[index]
    return (slot.box.x + slot.box.w // 2, slot.box.y + 4)


def play_family_by_mouse(driver: Driver, action: Action) -> None:
    """The human's action with the mouse alone: additions by clicking their meld, new melds with the Meld
    button, the pile dragged onto the meld it goes to, one group dragged onto another to join them."""
    match action:
        case Meld(new, add, add_to) if add_to or add:
            for index, cards in add_to:
                driver.select_by_mouse(cards)
                driver.click(meld_point(driver, index))
            for _rank, cards in add:
                driver.select_by_mouse(cards)
                driver.click(driver.button_point("meld"))
            if new:
                driver.select_by_mouse(tuple(card for group in new for card in group))
                driver.click(driver.button_point("meld"))
        case Meld(new):
            driver.select_by_mouse(tuple(card for group in new for card in group))
            driver.click(driver.button_point("meld"))
        case TakePile(with_, also, onto) if onto is not None and not with_ and not also:
            driver.drag(driver.table.layout.pile.centre, meld_point(driver, onto))
        case Combine((first, second)):
            driver.drag(meld_point(driver, second), meld_point(driver, first))
        case _:
            driver.play_by_mouse(action)


def play_family_by_keys(driver: Driver, action: Action) -> None:
    """The human's action with the keyboard alone: Tab picks the meld that M adds to, T takes the pile onto
    and C joins to another group (a chooser's number key when there are several)."""
    match action:
        case Meld(new, add, add_to) if add_to:
            for index, cards in add_to:
                pick_by_keys(driver, index)
                driver.select_by_keys(cards)
                driver.key(pygame.K_m)
            rest = tuple(card for group in new for card in group) + tuple(c for _, group in add for c in group)
            if rest:
                driver.select_by_keys(rest)
                driver.key(pygame.K_m)
        case TakePile(with_, also, onto) if onto is not None and not with_ and not also:
            pick_by_keys(driver, onto)
            driver.key(pygame.K_t)
        case Combine((first, second)):
            pick_by_keys(driver, first)
            driver.key(pygame.K_c)
            if driver.table.aside.ways:
                way = driver.table.aside.ways.index(Combine((first, second)))
                driver.key(pygame.K_1 + way)
        case _:
            driver.play_by_keys(action)


def pick_by_keys(driver: Driver, index: int) -> None:
    """Tab until the human side's meld number `index` is picked."""
    for _ in range(60):
        if driver.table.hand.picked == index:
            return
        driver.key(pygame.K_TAB)
    raise AssertionError(f"Tab never picked meld {index}")


def play_whole_game(driver: Driver, play: Callable[[Driver, Action], None]) -> tuple[int, dict[str, int]]:
    """A Normal computer player chooses for the human and each choice is done through the window (by `play`),
    hand after hand until the game is over; returns the hands played and how many actions of each kind."""
    controller = driver.flow.controller
    assert controller is not None
    bot = make_bot("normal", random.Random(5), controller.match.rules.players)
    kinds: dict[str, int] = {}
    for _ in range(MAX_STEPS):
        controller = driver.flow.controller
        assert controller is not None
        if controller.match.over:
            return len(controller.match.hands), kinds
        if controller.hand_over():
            driver.settle()
            driver.frame()
            if len(driver.app.scenes) > 1:
                driver.key(pygame.K_RETURN)  # the hand's summary: on to the next hand
            continue
        if not controller.human_to_act() or driver.table.animating:
            driver.frame()
            continue
        view = controller.human_view()
        action = bot.choose(view, CardMemory.from_view(view))
        before = controller.state
        play(driver, action)
        assert controller.state is not before, f"{action} was not played: {driver.table.message}"
        kinds[type(action).__name__] = kinds.get(type(action).__name__, 0) + 1
    raise AssertionError("the game did not end")
