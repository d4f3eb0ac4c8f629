"""Modern American Canasta at the table (docs/variants.md, "Modern American Canasta"): each side's threes with what
they count now and its sign, the turn card in the stock and said when drawn, bonus cards said and counted, dead ranks
marked on the table and in the hand, an open sevens, aces or wild meld showing what it risks, the header saying the
minimum, the clean triple and the canastas to go out."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pygame
import pytest

from canasta.engine.cards import Card, Rank
from canasta.engine.events import BonusCardsEvent, DrawEvent, RedThreeEvent
from canasta.engine.playerview import PlayerView
from canasta.engine.position import load_position
from canasta.engine.rules import Rules, Variant
from canasta.engine.views import view_for
from canasta.ui.look.theme import Theme
from canasta.ui.table.buttons import refreshed_buttons
from canasta.ui.table.controller import GameSetup
from canasta.ui.table.drawing.seats import side_header
from canasta.ui.table.drawing.tips import meld_tip
from canasta.ui.table.input.hand import HandInput
from canasta.ui.table.layout.regions import layout_table
from canasta.ui.table.narration.score_changes import hand_points
from canasta.ui.table.narration.sentences import narrate, threes_turned_words
from canasta.ui.table.narration.stakes import (
    bonus_cards_taken,
    dead,
    risk,
    stock_words,
    threes_wordings,
    turn_card_waits,
)
from canasta.ui.table.narration.talk import TableTalk
from tests.rules.positions import position as classic_position
from tests.rules_modern_american.ma_engine_positions import group, position, wild
from tests.ui.driver import Driver

KINGS = group("K", "KC KD KS KH KC KD KS")
ACES = group("A", "AC AD AH AS AC AD AH")


@pytest.fixture(autouse=True)
def _fonts() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    yield


def view_of(**fields: Any) -> PlayerView:
    fields.setdefault("current", 0)
    fields.setdefault("phase", "play")
    fields.setdefault("turn", {"drew_from": "stock"})
    fields.setdefault("hands", {0: "9H 9S 4C 5D 6S"})
    return view_for(load_position(position(**fields)), 0)


def test_a_sides_threes_say_what_they_count_with_the_sign_its_canastas_give() -> None:
    threes = {0: "3H 3D 3C", 1: "3S"}
    none = view_of(threes=threes, melds={0: [group("Q", "QC QD QH")], 1: [group("J", "JC JD JH")]})
    assert threes_wordings(none, 0) == ("Threes \u2212400", "\u2212400")  # two red (300) and a black (100)
    assert threes_wordings(none, 1) == ("Threes \u2212100", "\u2212100")
    one = view_of(threes=threes, melds={0: [KINGS]})
    assert threes_wordings(one, 0)[-1] == "0"
    two = view_of(threes=threes, melds={0: [KINGS, group("Q", "QC QD QH QS QC QD QH")]})
    assert threes_wordings(two, 0)[-1] == "+400"
    assert threes_wordings(view_of(threes=threes), 1)[0] == "Threes \u2212100"
    assert threes_wordings(view_of(), 0) == ()


def test_the_hand_figure_counts_melds_against_a_side_without_a_canasta() -> None:
    view = view_of(threes={0: "3H"}, melds={0: [group("Q", "QC QD QH")]})
    assert hand_points(view, 0) == -30 - 100
    view = view_of(threes={0: "3H"}, melds={0: [KINGS, group("Q", "QC QD QH")]})
    assert hand_points(view, 0) == 500 + 70 + 30 + 0


def test_the_stock_says_whether_the_turn_card_is_still_in_it() -> None:
    full = view_of()
    assert turn_card_waits(full) and stock_words(full) == f"Stock {full.stock_count} \u00b7 turn card in it"
    late = _with_stock(full, full.rules.shape.turn_card_depth - 1)
    assert not turn_card_waits(late) and stock_words(late) == "Stock 8 \u00b7 turn card drawn"
    classic = view_for(load_position(_classic()), 0)
    assert stock_words(classic) == f"Stock {classic.stock_count}" and not turn_card_waits(classic)


def _classic() -> dict[str, Any]:
    return classic_position(4, hands={0: "KH KD 4C"}, current=0, phase="play")


def test_drawing_the_turn_card_is_said_and_no_other_draw_says_it() -> None:
    view = view_of()
    depth = view.rules.shape.turn_card_depth
    talk = TableTalk()
    card = Card.parse("4H")
    lines = talk.hear_all([DrawEvent(1, 1, None)], _with_stock(view, depth - 1))
    assert "Left drew the turn card: nobody takes bonus cards from now on." in lines[0].text
    assert talk.said(1)[-1].short.endswith("Drew the turn card.")
    lines = TableTalk().hear_all([DrawEvent(1, 1, None)], _with_stock(view, depth))
    assert "turn card" not in lines[0].text
    lines = TableTalk().hear_all([DrawEvent(0, 1, (card,))], _with_stock(view, depth - 2))
    assert "turn card" not in lines[0].text


def _with_stock(view: PlayerView, count: int) -> PlayerView:
    return replace(view, stock_count=count)


def test_bonus_cards_are_said_and_counted_by_side() -> None:
    view = view_of(melds={0: [KINGS], 1: [ACES]}, bonus_cards=[True, True], bonus_order=[1, 0])
    assert bonus_cards_taken(view, 1) == 4 and bonus_cards_taken(view, 0) == 3
    assert narrate(BonusCardsEvent(1, 4, None), view).text == "Left took 4 bonus cards."
    assert narrate(BonusCardsEvent(1, 4, None), view, short=True).text == "Took 4 bonus cards."
    assert narrate(BonusCardsEvent(0, 3, None), view).text == "You took 3 bonus cards."
    assert bonus_cards_taken(view_of(melds={0: [KINGS]}, bonus_cards=[False, False]), 0) == 0


def test_a_black_three_is_said_as_black() -> None:
    view = view_of(threes={0: "3C"})
    assert narrate(RedThreeEvent(0, Card.parse("3C")), view).text.startswith("You laid out a black three (3\u2663).")


def test_a_dead_rank_is_marked_and_an_open_costly_meld_shows_its_risk() -> None:
    view = view_of(melds={0: [group("7", "7C 7S 7C 7S 7D"), wild("JK 2D 2H")], 1: [ACES]})
    sevens, wilds = view.melds[0]
    assert dead(view) == frozenset({Rank.ACE})
    assert risk(view, sevens) == 2500 and risk(view, wilds) == 2000 and risk(view, view.melds[1][0]) == 0
    assert "counts \u22122500 against your side" in meld_tip(view, 0, sevens)
    assert "Its rank is dead" in meld_tip(view, 1, view.melds[1][0])


def test_the_header_says_the_minimum_with_a_clean_triple_then_the_canastas_to_go_out() -> None:
    assert side_header(view_of(), 0)[2].endswith("first meld 125 with a clean triple")
    assert side_header(view_of(melds={0: [KINGS]}), 0)[2].endswith("1 of 2 canastas to go out")


def test_the_table_draws_it_all(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []
    rendered = Theme.rendered

    def recording(self: Theme, words: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        drawn.append(words)
        return rendered(self, words, *args, **kwargs)

    monkeypatch.setattr(Theme, "rendered", recording)
    driver = Driver((1280, 800))
    rules = Rules.for_players(4, variant=Variant.MODERN_AMERICAN)
    driver.flow.start(GameSetup(rules, ("human", "normal", "normal", "normal"), seed=7, think_s=0.0))
    driver.frame()
    driver.settle()
    controller = driver.flow.controller
    assert controller is not None
    controller.state = load_position(position(
        hands={0: "7H 7D 9H 9S KH 2C 4C"}, melds={0: [KINGS, group("7", "7C 7S 7C 7S 7D"), wild("JK 2D 2H")],
                                                   1: [ACES]},
        threes={0: "3H 3D 3C", 1: "3S"}, pile="8S 5C", current=0, phase="play", turn={"drew_from": "stock"},
        bonus_cards=[True, True], bonus_order=[1, 0],
    ))  # fmt: skip
    driver.frame(4)
    driver.settle()
    drawn.clear()
    driver.frame(2)
    for words in ("5 \u00b7 \u22122500", "dead", "+3", "+4", "0"):
        assert words in drawn, words
    assert any(words.endswith("\u22122000") for words in drawn), "the open wild meld's risk"
    assert any(words.endswith("\u00b7 dead") or words == "Dead" for words in drawn), "the kings' canasta"


def test_the_go_out_button_says_which_special_hand_it_declares() -> None:
    garbage = "4C 4D 4H 4S 5C 5D 5H 5S 6C 6D 6H 8C 8D 8H"
    view = view_for(load_position(position(phase="play", turn={"drew_from": "stock"}, hands={0: garbage},
                                           current=0)), 0)  # fmt: skip
    game = _Sight(view)
    hand = HandInput(lambda: None, game)  # type: ignore[arg-type,return-value]  # no layout needed
    buttons = refreshed_buttons({}, layout_table((1280, 800), 4), game, hand, False)  # type: ignore[arg-type]  # a stand-in game
    assert buttons["go_out"].label == "Declare Garbage" and buttons["go_out"].enabled
    plain = view_of()
    buttons = refreshed_buttons({}, layout_table((1280, 800), 4), _Sight(plain), hand, False)  # type: ignore[arg-type]  # a stand-in game
    assert buttons["go_out"].label == "Go out"


class _Sight:
    def __init__(self, view: PlayerView) -> None:
        self.view = view

    def human_view(self) -> PlayerView:
        return self.view

    def human_to_act(self) -> bool:
        return True


def test_threes_turning_to_count_for_a_side_are_not_called_red() -> None:
    view = view_of(threes={0: "3H 3C"}, melds={0: [KINGS, group("Q", "QC QD QH QS QC QD QH")]})
    assert threes_turned_words(view, 0, 200) == "Our threes count for us now (+200)."
