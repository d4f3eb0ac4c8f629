"""Nothing happens at the table without a word or a mark: a seat's caption holds its whole turn (or says how many
of its actions it leaves out, and opens the log on a click), a red three says what it did to the score, cards
taken from the pile are marked new, the cards a computer player melded are lit for a moment, and where the table
put the wild cards of a meld step the player did not aim is said."""

from __future__ import annotations

import re

import pytest

from canasta.engine import view_for
from canasta.engine.cards import Card, Rank
from canasta.engine.events import DiscardEvent, DrawEvent, Event, MeldEvent, RedThreeEvent
from canasta.engine.playerview import PlayerView
from canasta.engine.position import load_position
from canasta.storage.settings import AnimationSpeed
from canasta.ui.kit.animation import Timing
from canasta.ui.table.drawing.caption_fit import more_words
from canasta.ui.table.drawing.seats import side_header
from canasta.ui.table.drawing.talk import caption_bubble
from canasta.ui.table.layout.regions import layout_table
from canasta.ui.table.narration.own_news import wilds_went
from canasta.ui.table.narration.talk import TableTalk
from canasta.ui.table.scene import TableScene
from canasta.ui.table.sprites import LIT_FADE_S, LIT_S, HandPlan, Motion, SpriteBoard, card_placements, choreograph
from tests.rules.positions import position
from tests.ui.driver import Driver

PARTNER = 2  # "Partner" with four players, "Left partner" with six: on the human's side either way
# The partner's side after his turn: the two of hearts he added to the aces, and the nines and kings he melded.
AFTER_THE_TURN = {0: ["AH AS AD 2H", "9S 9H 9D", "KS KC KD"]}


def _table_at(driver: Driver, players: int, text: dict[str, object]) -> TableScene:
    """A table showing `text`, the human to act (so no computer player moves while the test looks)."""
    table = driver.start(players=players, seed=13)
    driver.settle()
    controller = driver.flow.controller
    assert controller is not None
    controller.state = load_position(text)
    driver.frame(3)
    driver.settle()
    return table


def _whole_turn(driver: Driver, players: int) -> TableScene:
    """The partner's whole turn heard at the table: a draw, two melds, an addition and a discard."""
    text = position(players, hands={0: "QH QD 4C 8H 7S"}, pile="5C 7D 6S", melds=AFTER_THE_TURN, current=0)
    table = _table_at(driver, players, text)
    view = table.ctl.human_view()
    aces, nines, kings = view.melds[0]
    turn: list[Event] = [
        DrawEvent(PARTNER, 2, None),
        MeldEvent(PARTNER, (nines.cards,), ()),
        MeldEvent(PARTNER, (kings.cards,), ()),
        MeldEvent(PARTNER, (), ((Rank.ACE, aces.cards[-1:]),)),
        DiscardEvent(PARTNER, Card.parse("3S")),
    ]
    table.aside.talk.hear_all(turn, view)
    return table


TURN_WORDS = (r"[Dd]rew 2 cards", r"9♠ 9♥ 9♦", r"K♠ K♣ K♦", r"2♥ to our aces", r"[Dd]iscarded 3♠")


@pytest.mark.parametrize(("players", "size"), [(4, (1280, 800)), (4, (800, 600)), (6, (800, 600)), (6, (1920, 1080))])
def test_a_caption_holds_a_whole_computer_turn_in_whole_sentences(players: int, size: tuple[int, int]) -> None:
    driver = Driver(size)
    table = _whole_turn(driver, players)
    caption = table.aside.caption(table.theme, table.layout, PARTNER)
    shown = " ".join(caption.lines)
    assert caption.more == 0, caption
    for words in TURN_WORDS:  # in the order played
        assert re.search(words, shown), (words, caption.lines)
    said = table.aside.talk.said(PARTNER)
    assert len(said) == 5
    assert shown in (" ".join(part.full for part in said), " ".join(part.short for part in said))  # none cut


def test_a_caption_short_of_room_leaves_out_whole_actions_counted_in_more_which_opens_the_log() -> None:
    driver = Driver((1280, 800))  # six players: a caption beside a top plate has three short lines
    table = _whole_turn(driver, 6)
    caption = table.aside.caption(table.theme, table.layout, PARTNER)
    said = table.aside.talk.said(PARTNER)
    shown = " ".join(caption.lines)
    kept = [part for part in said if part.short in shown]
    assert caption.more > 0 and len(kept) + caption.more == len(said)
    assert shown == " ".join([part.short for part in kept] + [more_words(caption.more)])  # whole sentences only
    assert "9♠ 9♥ 9♦" in shown and "K♠ K♣ K♦" in shown  # the new melds are the last to go; the draw the first
    assert not any(part.short.startswith("Drew") for part in kept)
    bubble = caption_bubble(table.theme, table.layout, table.layout.seats[PARTNER].caption, caption)
    assert bubble is not None and not _log_open(table)
    driver.frame()
    driver.screenshot("table-caption-more")
    driver.click(bubble.centre)
    assert _log_open(table) and driver.app.scenes[-1] is table


def _log_open(table: TableScene) -> bool:
    return table.aside.log.open


def _view(text: dict[str, object]) -> PlayerView:
    return view_for(load_position(text), 0)


def test_a_red_three_says_what_it_did_to_the_score() -> None:
    # Left's side has 145 points of melds and no canasta; where red threes count against a side until it has a
    # canasta, the one Left lays out takes its figure for the hand from +145 to +45.
    melds = {1: ["AH AS AD", "KH KS KD KC", "9S 9H 9D", "5S 5H 5D"]}
    rules = {"red_threes_negative_if": "no_canasta"}
    view = _view(position(4, hands={0: "QH QD 4C"}, melds=melds, red_threes={1: "3H"}, rules=rules))
    assert "this hand +45" in side_header(view, 1)[2]
    talk = TableTalk()
    line = talk.hear(RedThreeEvent(1, view.red_threes[1][0]), view)
    assert line.text == (
        "Left laid out a red three (3♥). Their score this hand: +145 → +45. "
        "Red threes count against a side until it has a canasta."
    )
    assert talk.said(1)[-1].short == "Laid out a red three (3♥): -100."


def test_the_humans_red_threes_are_said_with_the_score_they_change_on_his_message_line() -> None:
    driver = Driver()
    melds = {0: ["AH AS AD", "KH KS KD KC", "9S 9H 9D", "5S 5H 5D"]}  # 145 points, no canasta
    text = position(
        4, hands={0: "QH QD 4C 8H 7S"}, pile="5C 7D 6S", melds=melds, stock_top="3H 3D 7C 8D", current=0,
        rules={"red_threes_negative_if": "no_canasta"},
    )  # fmt: skip
    table = _table_at(driver, 4, text)
    table.command("draw")  # the three of hearts, and the three of diamonds drawn to replace it
    driver.frame()
    driver.settle()
    assert "Your red threes (3♥ 3♦): this hand +145 → -55." in table.message, table.message
    log = table.aside.talk.log[-1].text
    assert "You laid out a red three (3♥). Our score this hand: +145 → +45." in log
    assert "You laid out a red three (3♦). Our score this hand: +45 → -55." in log
    driver.screenshot("table-red-three-said")


def test_red_threes_turning_to_count_for_a_side_are_said() -> None:
    talk = TableTalk()
    before = _view(position(4, hands={0: "QH QD 4C", 1: "KH KS KD 7C"}, red_threes={1: "3H"}))
    talk.hear(DrawEvent(1, 1, None), before)  # Left's red three counts against his side: it has no meld
    after = _view(position(4, hands={0: "QH QD 4C", 1: "7C"}, melds={1: ["KH KS KD"]}, red_threes={1: "3H"}))
    line = talk.hear(MeldEvent(1, (after.melds[1][0].cards,), ()), after)
    assert line.text == "Left melded K♥ K♠ K♦. Their red threes count for them now (+100)."


def test_cards_taken_from_the_pile_are_marked_new_in_the_humans_hand() -> None:
    driver = Driver()
    pile = "5C 7D 9S 4H 8C 6D JH QS TC KS"  # the natural pair of kings takes it: the king goes to a new meld
    table = _table_at(driver, 4, position(4, hands={0: "KH KD 4C 9H 7S"}, pile=pile, melds={0: ["AH AS AD"]}))
    table.command("take_pile")
    driver.frame()
    driver.settle()
    assert {card.text for card in table.aside.fresh} == set(pile.split()) - {"KS"}
    driver.screenshot("table-pile-taken-new")


@pytest.mark.parametrize("speed", [AnimationSpeed.NORMAL, AnimationSpeed.INSTANT])
def test_the_cards_a_computer_melded_are_lit_once_they_land_and_then_fade(speed: AnimationSpeed) -> None:
    view = _view(position(4, hands={0: "QH QD 4C"}, melds={0: ["7C 7D 7H"], 1: ["9S 9H 9D"]}))
    layout, timing = layout_table((1280, 800), 4, 0), Timing().scaled(speed)
    nines, sevens = view.melds[1][0].cards, view.melds[0][0].cards
    board = SpriteBoard()
    events = [MeldEvent(1, (nines,), ()), MeldEvent(0, (sevens,), ())]  # Left's meld, then the human's own
    plan = choreograph(events, layout, view, timing)
    board.reconcile(card_placements(layout, view, HandPlan(tuple(view.hand))), 0.0, Motion(timing), plan)
    landed = max(plan.lit.values())

    def lit(now_s: float) -> list[float]:
        return [drawn.lit for drawn in board.drawn(now_s) if drawn.card in nines]

    def own(now_s: float) -> list[float]:
        return [drawn.lit for drawn in board.drawn(now_s) if drawn.card in sevens]

    if timing.fly_s:
        assert lit(0.0) == [0.0, 0.0, 0.0]  # still on their way
    assert lit(landed + 0.05) == [1.0, 1.0, 1.0] and own(landed + 0.05) == [0.0, 0.0, 0.0]
    assert all(0 < strength < 1 for strength in lit(landed + LIT_S - LIT_FADE_S / 2))  # fading
    board.settle(landed + LIT_S)
    assert lit(landed + LIT_S) == [0.0, 0.0, 0.0] and not board.lit


def test_where_the_table_put_wild_cards_the_player_did_not_aim_is_said() -> None:
    driver = Driver()
    text = position(
        4, hands={0: "2H JK 4C 8H 7S 9D"}, pile="5C 7D 6S", melds={0: ["QH QS QD QC", "7C 7D 7H"]}, phase="play"
    )
    table = _table_at(driver, 4, text)
    table.hand.selected = {card for card in table.hand.order if card.text in ("2H", "JK")}
    table.command("meld")  # no meld aimed at: the table chooses where they go
    driver.frame()
    driver.settle()
    went = next(meld for meld in table.ctl.human_view().melds[0] if any(card.text == "2H" for card in meld.cards))
    assert went.rank is not None
    ranks = {Rank.QUEEN: "queens", Rank.SEVEN: "sevens"}[went.rank]
    assert re.search(rf"(2♥ and joker|Joker and 2♥) went to our {ranks}\.", table.message), table.message
    driver.screenshot("table-wilds-went")


def test_wild_cards_laid_with_their_naturals_in_one_meld_need_no_word() -> None:
    text = position(4, hands={0: "4C"}, melds={0: ["QH QS 2H", "7C 7D 7H JK"]}, phase="play")
    view = _view(text)
    queens, sevens = view.melds[0]
    assert wilds_went(view, MeldEvent(0, (queens.cards,), ())) == []
    family_step = MeldEvent(0, (), (), ((1, sevens.cards[-1:]),))  # a wild card alone, by the meld's number
    assert wilds_went(view, family_step) == ["Joker went to our sevens."]
