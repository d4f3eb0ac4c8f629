"""One name for the cards a side is caught with, on every screen that scores a hand: "Cards left in hand", and in a
game whose sides have feet "Cards left in hands and feet" (the feet not picked up count too)."""

from __future__ import annotations

import pytest

from canasta.engine.match import HandResult, Match
from canasta.engine.rules import Rules
from canasta.engine.scoring import SideScore
from canasta.ui.screens.menus import breakdown_lines, summary_rows
from canasta.ui.screens.score_sheet import sheet_lines

SEATS = ("You", "Left", "Partner", "Right")
WORDS = {False: "Cards left in hand", True: "Cards left in hands and feet"}


@pytest.mark.parametrize(("variant", "feet"), [("classic", False), ("samba", False), ("hand_and_foot", True)])
def test_the_summary_the_score_sheet_and_the_replay_name_the_cards_left_alike(variant: str, feet: bool) -> None:
    rules = Rules.for_players(4, variant=variant)
    side = SideScore(300, 100, 100, 200, -45)
    match = Match(rules, (655, 655), 1, rules.target_score, (HandResult(0, (side, side), (655, 655), 0),))
    summary = [row[0] for row in summary_rows(match, (side, side), ["Us", "Them"])]
    sheet = [line.cells[0] for line in sheet_lines(match, SEATS)]
    replay = [label for _, label in breakdown_lines(rules)]
    for screen in (summary, sheet, replay):
        assert WORDS[feet] in screen and WORDS[not feet] not in screen, screen
