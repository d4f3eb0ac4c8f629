"""Modern American's special hands on a table headless (docs/variants.md C6, C12): K draws keeping a three for the
Straight, then G lays the Straight down; the side's meld is the special hand and the hand is over."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from canasta.engine.position import load_position
from canasta.engine.rules import Rules, Variant
from canasta.engine.special_hands import SpecialHand
from canasta.ui.flow.game import GameFlow
from canasta.ui.kit.app import App
from canasta.ui.table.controller import GameSetup
from tests.rules_modern_american.ma_engine_positions import position

STRAIGHT_BUT_THREE = "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 2C JK"


def _press(flow: GameFlow, key: int, text: str) -> None:
    """A key, once the cards are at rest (a key while they move only hurries them), and the frames it takes."""
    table = flow.table
    assert table is not None
    for _ in range(2000):
        if not table.animating:
            break
        flow.app.frame(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0))
    for _ in range(5):
        flow.app.frame(1 / 60)


def test_k_keeps_a_three_for_the_straight_and_g_lays_it_down() -> None:
    app = App((1280, 800))
    flow = GameFlow(app)
    rules = Rules.for_players(4, variant=Variant.MODERN_AMERICAN)
    flow.start(GameSetup(rules, ("human", "normal", "normal", "normal"), 5, think_s=0.0))
    controller = flow.controller
    assert controller is not None
    hands = {0: STRAIGHT_BUT_THREE, 1: "9H 9S 7D KD", 2: "TH TS QD", 3: "JH JS QS AD"}
    controller.state = load_position(position(hands=hands, stock_top="3S 8D"))
    _press(flow, pygame.K_k, "k")
    assert "3S" in [card.text for card in controller.state.hands[0]], "the three drawn is kept in hand"
    _press(flow, pygame.K_g, "g")
    out = controller.state.out
    assert out is not None and out.special is SpecialHand.STRAIGHT
    assert controller.state.melds[0][0].special is SpecialHand.STRAIGHT
