"""Cuban Canasta's words at the table: the move log says black threes set aside from a taken pile, with the cards."""

from __future__ import annotations

import random

from canasta.engine import new_hand, view_for
from canasta.engine.cards import parse_cards
from canasta.engine.events import BlackThreesAsideEvent
from canasta.engine.rules import Rules
from canasta.i18n import set_language
from canasta.ui.table.narration.sentences import narrate


def test_the_move_log_says_black_threes_set_aside() -> None:
    set_language("en")
    rules = Rules.for_players(4, variant="cuban")
    view = view_for(new_hand(rules, (0, 0), 3, random.Random(1)), 0)
    threes = parse_cards(["3S", "3C"])
    assert narrate(BlackThreesAsideEvent(0, threes), view).text == (
        "You set aside black threes from the pile (3♠ 3♣): out of play, 5 points each."
    )
    assert narrate(BlackThreesAsideEvent(1, threes), view).text.endswith(
        "set aside black threes from the pile (3♠ 3♣): out of play, 5 points each."
    )
    assert narrate(BlackThreesAsideEvent(1, threes), view, short=True).text == "Set aside 3♠ 3♣."
