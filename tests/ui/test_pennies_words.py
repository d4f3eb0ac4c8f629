"""Pennies from Heaven's words at the table: a packet (not a foot), hands (not rounds), canastas (not books), and the
four canasta types going out needs, each with whether the side has one."""

from __future__ import annotations

import random
from dataclasses import replace

from canasta.engine import new_hand, view_for
from canasta.engine.cards import Rank, parse_cards
from canasta.engine.events import DrawEvent, PickUpFootEvent
from canasta.engine.melds import TableMeld
from canasta.engine.playerview import PlayerView
from canasta.engine.rules import Rules
from canasta.i18n import set_language
from canasta.ui.screens.menus import breakdown_lines
from canasta.ui.table.controller import GameSetup
from canasta.ui.table.narration.feet import feet_words, foot_badge_wordings, foot_tooltip, progress_wordings
from canasta.ui.table.narration.prompts import info_lines
from canasta.ui.table.narration.sentences import narrate
from canasta.ui.table.narration.stakes import hand_marks
from tests.ui.driver import Driver


def pennies_view() -> PlayerView:
    set_language("en")
    rules = Rules.for_players(6, variant="pennies_from_heaven")
    return view_for(new_hand(rules, (0, 0), 5, random.Random(1)), 0)


def test_the_move_log_says_the_packet_is_taken_up() -> None:
    view = pennies_view()
    assert narrate(PickUpFootEvent(1, 11, None), view).text.endswith(" took up the packet: 11 cards.")
    assert narrate(PickUpFootEvent(0, 11, None), view).text == "You took up your packet: 11 cards."


def test_the_header_says_hands_and_the_four_canasta_types() -> None:
    lines = info_lines(pennies_view(), 20_000, 3, paused=False)
    assert lines[0] == "Hand 3"
    assert "Out with a natural, a mixed, a sevens and a wild canasta" in lines
    assert not any("Round" in line or "books" in line for line in lines)


def test_each_side_shows_its_canasta_types_and_packets() -> None:
    view = pennies_view()
    assert progress_wordings(view, 0)[0] == (
        "Out: natural no, mixed no, sevens no, wild no \u00b7 packets taken up 0 of 3"
    )
    assert feet_words(view, 1) == "packets taken up 0 of 3"
    assert foot_tooltip(view, 0, 11) == "Your packet: 11 cards face down, taken up with your first canasta."


def test_your_face_down_packet_is_badged_as_a_packet_not_a_foot() -> None:
    view = pennies_view()
    assert foot_badge_wordings(view, 0, 11) == ("Packet 11", "11")
    assert foot_badge_wordings(view, 1, 11) == ("11",)
    hand_and_foot = view_for(new_hand(Rules.for_players(4, variant="hand_and_foot"), (0, 0), 3, random.Random(1)), 0)
    assert foot_badge_wordings(hand_and_foot, 0, 11) == ("Foot 11", "11")


def test_the_hand_summary_says_canastas_and_packets() -> None:
    lines = dict(breakdown_lines(pennies_view().rules))
    assert lines["canastas"] == "Canastas"
    assert lines["in_hand"] == "Cards left in hands and packets"
    assert lines["total"] == "Hand total"


def test_the_move_log_heads_hands_not_rounds() -> None:
    driver = Driver((1280, 800))
    rules = Rules.for_players(6, variant="pennies_from_heaven")
    driver.flow.start(GameSetup(rules, ("human",) + ("normal",) * 5, 3, think_s=0.0))
    driver.frame()
    table = driver.table
    table.aside.hear([DrawEvent(1, 2, None)], table.ctl.human_view())
    assert table.aside.log_rows(table.theme, table.layout)[0] == ("Hand 1", True)


def test_sevens_locked_as_discards_are_marked_in_the_hand_until_the_lock_lifts() -> None:
    view = pennies_view()
    assert hand_marks(view) == {Rank.SEVEN: "locked"}
    assert hand_marks(view_for(new_hand(Rules.for_players(4), (0, 0), 0, random.Random(1)), 0)) == {}
    sevens = TableMeld(Rank.SEVEN, tuple(parse_cards(["7H", "7D", "7C", "7S", "7H", "7D", "7C"])))
    lifted = replace(view, melds=tuple((sevens,) for _side in view.melds))
    assert hand_marks(lifted) == {}
