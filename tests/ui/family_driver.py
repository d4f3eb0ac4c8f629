"""Playing Samba and Bolivia through the table as a person would: the family's moves (additions by meld,
sequences, the pile onto a meld, joining two groups) done with the mouse or the keyboard."""

from __future__ import annotations

import pygame

from canasta.engine.actions import Action, Combine, Meld, TakePile
from canasta.engine.playerview import my_side
from canasta.engine.rules import Rules, Variant
from canasta.ui.table.controller import GameSetup
from canasta.ui.table.layout.regions import meld_rects
from canasta.ui.table.scene import TableScene
from tests.ui.driver import Driver


def start_family(driver: Driver, variant: Variant, seed: int, target: int | None = None) -> TableScene:
    """A four-player game of `variant` at the table, the human at seat 0 (a shorter game with `target`)."""
    options = {} if target is None else {"target_score": target}
    rules = Rules.for_players(4, variant=variant, **options)
    levels = ("human", "normal", "normal", "normal")
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
