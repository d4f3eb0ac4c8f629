"""Contract checks of docs/formats.md as an outside program reads them: malformed positions, views, actions
and rules get a message naming what is wrong, and nothing malformed is quietly taken for something else."""

from typing import Any

import pytest

from canasta.app.referee import handle
from canasta.engine.actions import ActionFormatError, action_from_json
from canasta.engine.position import PositionFormatError, dump_view, load_position, load_view
from canasta.engine.rules import Rules
from canasta.engine.views import view_for
from tests.rules.positions import position


def _start() -> dict[str, Any]:
    return position(4, hands={0: "5C 9H 9D"}, stock_top="7C 8D", pile="TC")


def _view() -> dict[str, Any]:
    return dump_view(view_for(load_position(_start()), 0))


@pytest.mark.parametrize(("card", "copies"), [("QH", 5), ("JK", 3)])
def test_a_card_placed_far_too_often_is_named_as_too_many_copies_not_as_unknown(card: str, copies: int) -> None:
    data = _start()
    data["stock"] = [*data["stock"], *[card] * copies]  # beyond any deck's copies of the card
    with pytest.raises(PositionFormatError) as error:
        load_position(data)
    assert "unknown" not in str(error.value)
    assert card in str(error.value) and "deck" in str(error.value)


@pytest.mark.parametrize("turn", [[], 0, "", False, [{"melded": True}]])
def test_a_turn_that_is_not_an_object_is_refused(turn: Any) -> None:
    with pytest.raises(PositionFormatError, match="turn must be an object"):
        load_position(dict(_start(), turn=turn))


@pytest.mark.parametrize("value", [0, "", [], 1])
def test_a_turn_flag_that_is_not_true_or_false_is_refused(value: Any) -> None:
    with pytest.raises(PositionFormatError, match=r"turn\.melded must be true or false"):
        load_position(dict(_start(), turn={"melded": value}))


def test_missing_or_null_turn_fields_read_as_null_or_false() -> None:
    plain = load_position(dict(_start(), turn={}))
    assert load_position(dict(_start(), turn=None)).turn == plain.turn
    nulls = {"drew_from": None, "question": None, "melded": None, "concealed": None, "exempt": None, "final": None}
    assert load_position(dict(_start(), turn=nulls)).turn == plain.turn


@pytest.mark.parametrize("history", [{}, 0, "", False])
def test_a_view_history_that_is_not_a_list_is_refused(history: Any) -> None:
    with pytest.raises(PositionFormatError, match="history must be a list of events"):
        load_view(dict(_view(), history=history))


def test_a_view_without_history_or_with_null_history_is_read() -> None:
    view = _view()
    del view["history"]
    assert load_view(view).history == ()
    assert load_view(dict(view, history=None)).history == ()


@pytest.mark.parametrize("players", [4.0, 2.0])
def test_a_player_count_that_is_not_a_whole_number_is_refused(players: Any) -> None:
    with pytest.raises(ValueError, match="players must be one of 2, 3, 4 or 6"):
        Rules.for_players(players)


def test_an_action_naming_a_card_more_often_than_any_deck_has_it_is_named_plainly() -> None:
    with pytest.raises(ActionFormatError) as error:
        action_from_json({"type": "meld", "new": [["QH"] * 9]})  # the largest deck has eight packs
    assert "copy index" not in str(error.value)
    assert "QH" in str(error.value) and "action.new[0]" in str(error.value)


def test_the_referee_names_a_position_with_too_many_copies() -> None:
    data = _start()
    data["hands"][1] = [*data["hands"][1], *["JK"] * 3]
    answer = handle({"position": data, "score": True})
    assert set(answer) == {"error"}
    assert "JK" in answer["error"] and "unknown" not in answer["error"]


def test_a_red_three_in_a_views_hand_is_named_as_in_hand() -> None:
    view = _view()
    view["hand"][0] = "3H"
    with pytest.raises(PositionFormatError, match=r"^hand: a red three is never held"):
        load_view(view)


def test_unseen_red_threes_with_no_stock_to_hold_them_are_named() -> None:
    view = _view()
    hidden_red_threes = 4 - sum(text in ("3H", "3D") for row in view["red_threes"] for text in row)
    counts = list(view["hand_counts"])
    counts[1] += view["stock_count"]
    view = dict(view, hand_counts=counts, stock_count=0)
    assert hidden_red_threes > 0
    with pytest.raises(PositionFormatError, match="red threes are not in view, but stock_count is 0"):
        load_view(view)
