"""Cuban Canasta's words at the table: the move log says black threes set aside from a taken pile, with the cards."""

from __future__ import annotations

import random
from dataclasses import replace

import pygame
import pytest

from canasta.engine import new_hand, view_for
from canasta.engine.cards import parse_cards
from canasta.engine.events import BlackThreesAsideEvent
from canasta.engine.game.scoring import wild_canasta_bonus
from canasta.engine.melds import TableMeld
from canasta.engine.rules import MeldKind, Rules
from canasta.i18n import set_language
from canasta.ui.look.theme import Theme
from canasta.ui.table.drawing.meld_badges import varies_by_make_up, wild_meld_wordings
from canasta.ui.table.drawing.melds import BadgePainter
from canasta.ui.table.drawing.seats import SeatDrawer
from canasta.ui.table.layout.regions import layout_table
from canasta.ui.table.narration.prompts import info_lines
from canasta.ui.table.narration.sentences import narrate
from canasta.ui.table.narration.stakes import black_threes_aside_wordings


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


def test_black_threes_set_aside_show_their_count_and_points_beside_the_red_threes() -> None:
    set_language("en")
    rules = Rules.for_players(4, variant="cuban")
    view = view_for(new_hand(rules, (0, 0), 3, random.Random(1)), 0)
    assert black_threes_aside_wordings(view, 0) == ()
    aside = replace(view, black_threes=(tuple(parse_cards(["3S", "3C"])), ()))
    assert black_threes_aside_wordings(aside, 0)[:2] == ("2 black threes set aside: +10", "Black threes 2: +10")
    assert black_threes_aside_wordings(aside, 0)[-1] == "3\u2660\u2663 \u00d72"
    assert black_threes_aside_wordings(aside, 1) == ()


def test_the_header_says_black_threes_may_not_be_discarded_while_the_first_round_lasts() -> None:
    set_language("en")
    rules = Rules.for_players(4, variant="cuban")
    view = view_for(new_hand(rules, (0, 0), 3, random.Random(1)), 0)
    ban = "No black three may be discarded yet (first round)"
    assert ban in info_lines(view, 7500, 1, paused=False)
    assert ban not in info_lines(replace(view, turns_played=4), 7500, 1, paused=False)
    classic = view_for(new_hand(Rules.for_players(4), (0, 0), 3, random.Random(1)), 0)
    assert ban not in info_lines(classic, 5000, 1, paused=False)


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)], ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_black_threes_badge_keeps_within_the_threes_column(language: str, size: tuple[int, int]) -> None:
    pygame.display.init()
    pygame.font.init()
    set_language(language)
    try:
        rules = Rules.for_players(4, variant="cuban")
        view = view_for(new_hand(rules, (0, 0), 3, random.Random(1)), 0)
        view = replace(view, black_threes=(tuple(parse_cards(["3S", "3C", "3S"])), tuple(parse_cards(["3C"]))),
                       red_threes=(tuple(parse_cards(["3H", "3D"])), ()))  # fmt: skip
        theme = Theme()
        layout = layout_table(size, 4)
        badges = SeatDrawer(theme, BadgePainter(theme)).stake_badges(layout, view)
        assert len(badges) == 2
        font = theme.font(layout.small_px, True)
        for side, badge in zip(layout.sides, badges, strict=True):
            column = side.red_threes
            assert column.x <= badge.box.x and badge.box.right <= column.right, (badge, column)
            assert column.y <= badge.box.y and badge.box.bottom <= column.bottom, (badge, column)
            assert all(font.size(line)[0] + 6 <= badge.box.w for line in badge.lines), badge
            assert "3\u2660\u2663" in " ".join(badge.lines) and "\u00d7" in " ".join(badge.lines)
    finally:
        set_language("en")


def test_a_wild_canasta_is_badged_with_its_value_by_what_it_is_made_of() -> None:
    rules = Rules.for_players(4, variant="cuban")
    assert varies_by_make_up(rules)
    made = {"2C 2D 2H 2S 2C 2D 2H": 4000, "JK JK JK JK 2C 2D 2H": 3000, "JK 2C 2D 2H 2S 2C 2D": 2000}
    for cards, bonus in made.items():
        meld = TableMeld(None, tuple(parse_cards(cards.split())), kind=MeldKind.WILD)
        assert wild_canasta_bonus(rules, meld) == bonus
        assert wild_meld_wordings(7, True, None, bonus)[:2] == (f"Wild canasta {bonus}", f"Wild {bonus}")
    assert not varies_by_make_up(Rules.for_players(6, variant="pennies_from_heaven"))
    assert wild_meld_wordings(7, True, None) == ("Wild canasta", "7 wild")
