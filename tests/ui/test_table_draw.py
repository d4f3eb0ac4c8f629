"""What the table writes beside the cards: each side's panel header, and the warning before a risky discard."""

from __future__ import annotations

import random

import pytest

from canasta.engine import new_hand, view_for
from canasta.engine.cards import Card
from canasta.engine.playerview import PlayerView
from canasta.engine.position import load_position
from canasta.engine.rules import Rules
from canasta.ui.table.drawing.seats import side_header
from canasta.ui.table.input.actions import risky_discard
from tests.rules import positions


@pytest.mark.parametrize("players", [2, 4, 6])
def test_with_partners_the_panels_name_the_sides_us_and_them_with_their_players(players: int) -> None:
    rules = Rules.for_players(players)
    state = new_hand(rules, (1520, 740), 0, random.Random(3))
    view = view_for(state, 0)
    headers = [side_header(view, side) for side in range(2)]
    if players == 2:
        assert [name for name, _, _ in headers] == ["You", "Opponent"]
        assert [members for _, members, _ in headers] == ["", ""]
    else:
        assert [name for name, _, _ in headers] == ["Us", "Them"]
        mine = "You, Partner" if players == 4 else "You, Left partner, Right partner"
        theirs = "Left, Right" if players == 4 else "Left, Opposite, Right"
        assert [members for _, members, _ in headers] == [mine, theirs]
    assert headers[0][2].startswith("Score 1520 \u00b7 this hand ") and "first meld needs 90" in headers[0][2]
    assert headers[1][2].startswith("Score 740 \u00b7 this hand ") and "first meld needs 50" in headers[1][2]


def test_without_partners_each_player_has_a_panel_of_his_own() -> None:
    state = new_hand(Rules.for_players(3), (0, 0, 0), 0, random.Random(3))
    view = view_for(state, 0)
    assert [side_header(view, side)[:2] for side in range(3)] == [("You", ""), ("Left", ""), ("Right", "")]


def test_a_panel_counts_the_sides_points_this_hand() -> None:
    text = positions.position(
        hands={0: "7H 7D KC"},
        pile="4C 9D",
        melds={0: [["KH", "KS", "KD", "KC", "KH", "KS", "2C"]], 1: [["5H", "5S", "5D"]]},
        red_threes={1: "3H"},
        phase="play",
        current=0,
    )
    view = view_for(load_position(text), 0)
    assert "this hand +380" in side_header(view, 0)[2]  # a mixed canasta: 300, six kings (60) and a two (20)
    assert "this hand +115" in side_header(view, 1)[2]  # three fives (15) and a red three (100)


# -- asking before a risky discard ------------------------------------------------------------------------------


def _view_with(melds_of_them: list[str], pile: str, my_hand: str = "7H 7D KC QS 5D") -> PlayerView:
    melds: dict[int, list[list[str]]] = {0: [["AH", "AS", "AD"]]}
    if melds_of_them:
        melds[1] = [melds_of_them]
    text = positions.position(hands={0: my_hand}, pile=pile, melds=melds, phase="play", current=0)
    return view_for(load_position(text), 0)


def test_a_card_the_next_opponents_can_add_to_their_meld_is_risky() -> None:
    view = _view_with(["7C", "7S", "7C"], pile="4C 9D")
    warning = risky_discard(view, Card.parse("7H"))
    assert warning is not None and "3 cards" in warning and "sevens" in warning


@pytest.mark.parametrize(
    ("their_meld", "pile", "card"),
    [
        (["KH", "KS", "KD"], "4C 9D", "7H"),  # no meld of sevens over there
        (["7C", "7S", "7C"], "4C 2D 9D", "7H"),  # the pile is frozen: adding to a meld does not take it
        (["7C", "7S", "7C"], "4C 9D", "3S"),  # a black three stops the pile
        ([], "4C 9D", "7H"),  # they have not melded: the pile is frozen for them
    ],
)
def test_other_discards_are_not_called_risky(their_meld: list[str], pile: str, card: str) -> None:
    view = _view_with(their_meld, pile=pile, my_hand="7H 7D KC 3S 5D")
    assert risky_discard(view, Card.parse(card)) is None


def test_with_the_setting_on_a_risky_discard_is_asked_about_then_played(monkeypatch: pytest.MonkeyPatch) -> None:
    from canasta.engine.actions import Discard, Draw
    from canasta.storage.settings import AnimationSpeed
    from canasta.ui.look.theme import TableLook
    from canasta.ui.table import scene as table_scene
    from tests.ui.driver import Driver

    monkeypatch.setattr(table_scene, "risky_discard", lambda view, card: "careful")
    driver = Driver(look=TableLook(speed=AnimationSpeed.INSTANT, confirm_risky_discard=True))
    table = driver.start(levels=("human", "greedy", "greedy", "greedy"))
    driver.until_human_turn()
    assert table.act(Draw())
    card = table.ctl.human_view().hand[0]
    before = table.ctl.human_view()
    assert not table.act(Discard(card)) and table.message == "careful"
    assert table.ctl.human_view() == before, "nothing is played while the player is asked"
    assert table.act(Discard(card)), "the same discard again plays it"
    driver.flow.quit()


@pytest.mark.parametrize("moved", [False, True], ids=["clicked", "dragged"])
def test_a_card_held_by_the_pointer_that_leaves_the_hand_is_let_go(moved: bool) -> None:
    """Found by the monkey: a button held on a card while that card was played (a double click, a key)."""
    import pygame

    from canasta.engine.actions import Discard, Draw
    from canasta.storage.settings import AnimationSpeed
    from canasta.ui.look.theme import TableLook
    from tests.ui.driver import Driver

    driver = Driver(look=TableLook(speed=AnimationSpeed.INSTANT))
    table = driver.start(levels=("human", "greedy", "greedy", "greedy"))
    driver.until_human_turn()
    assert table.act(Draw())
    driver.settle()
    card = table.hand.order[0]
    start = driver.card_point(card)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    driver.frame()
    assert table.act(Discard(card))  # the card goes while the button is still down
    driver.frame()
    for step in range(1, 4 if moved else 1):  # a drag, drawn, then the release
        pos = (start[0] + 20 * step, start[1] - 30 * step)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(20, -30), buttons=(1, 0, 0)))
        driver.frame()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1))
    driver.frame()
    assert table.hand.drag is None and card not in table.hand.order
    driver.flow.quit()
