"""docs/formats.md and "What always holds" in docs/rules.md: malformed input gets {"error": ...} naming the
problem, never an exception."""

import copy

import pytest

from tests.rules.positions import Position, assert_error, discard, draw, handle, position


def valid() -> Position:
    """A well-formed position to spoil."""
    return position(hands={0: "5C 9H 9D"}, pile="8C", melds={1: ["KC KD KH"]})


def test_an_unknown_card_is_named() -> None:
    pos = valid()
    pos["hands"][0].append("1X")
    pos["stock"].pop()
    assert_error({"position": pos, "action": draw()}, "1X")


def test_a_card_placed_too_often_is_named() -> None:
    pos = valid()
    index = next(i for i, card in enumerate(pos["stock"]) if card != "KH")
    pos["stock"][index] = "KH"  # a third KH, and one card missing
    assert_error({"position": pos, "action": draw()}, "KH")


@pytest.mark.parametrize("change", ["missing", "extra"])
def test_a_deck_of_the_wrong_size_is_malformed(change: str) -> None:
    pos = valid()
    if change == "missing":
        pos["stock"].pop()
    else:
        pos["stock"].append("JK")
    assert_error({"position": pos, "action": draw()})


def test_a_three_pack_deck_in_a_four_player_game_is_malformed() -> None:
    pos = position(6, hands={0: "5C 9H 9D"}, pile="8C")
    pos["rules"] = {"players": 4}
    extra = pos["hands"][4] + pos["hands"][5]
    pos["hands"] = pos["hands"][:4]
    pos["hands"][1] += extra
    pos["melded_this_hand"] = pos["melded_this_hand"][:4]
    assert_error({"position": pos, "action": draw()})


def test_a_bad_phase_is_named() -> None:
    pos = valid()
    pos["phase"] = "dance"
    assert_error({"position": pos, "action": draw()}, "phase")


@pytest.mark.parametrize("field", ["hands", "stock", "pile", "melds", "current", "phase"])
def test_a_missing_field_is_named(field: str) -> None:
    pos = valid()
    del pos[field]
    assert_error({"position": pos, "action": draw()}, field)


def test_a_wrong_format_is_named() -> None:
    pos = valid()
    pos["format"] = "canasta-position/9"
    assert_error({"position": pos, "action": draw()}, "format")


@pytest.mark.parametrize("current", [4, -1, "0"])
def test_a_current_seat_out_of_range_is_named(current: object) -> None:
    pos = valid()
    pos["current"] = current
    assert_error({"position": pos, "action": draw()}, "current")


def test_an_unsupported_player_count_is_named() -> None:
    pos = valid()
    pos["rules"] = {"players": 5}
    pos["hands"].append(["6C"])
    assert_error({"position": pos, "action": draw()}, "players")


def test_scores_of_the_wrong_length_are_named() -> None:
    pos = valid()
    pos["scores"] = [0, 0, 0]
    assert_error({"position": pos, "action": draw()}, "scores")


def test_an_unknown_action_type_is_malformed() -> None:
    text = assert_error({"position": valid(), "action": {"type": "fly"}})
    assert "fly" in text or "type" in text


def test_an_unknown_card_in_an_action_is_malformed() -> None:
    pos = valid()
    pos["phase"] = "play"
    pos["turn"]["drew_from"] = "stock"
    assert_error({"position": pos, "action": discard("ZZ")}, "ZZ")


@pytest.mark.parametrize(
    "request_",
    [
        None,
        42,
        "draw",
        [],
        {},
        {"position": None, "action": {"type": "draw"}},
        {"action": {"type": "draw"}},
        {"position": {"format": "canasta-position/1"}, "action": {"type": "draw"}},
    ],
    ids=["null", "number", "string", "list", "empty", "null-position", "no-position", "empty-position"],
)
def test_garbage_gets_an_error_not_an_exception(request_: object) -> None:
    result = handle(copy.deepcopy(request_))
    assert isinstance(result, dict) and "error" in result


def test_a_request_without_action_or_score_is_malformed() -> None:
    assert_error({"position": valid()})


def test_a_well_formed_position_is_judged_even_if_play_could_not_reach_it() -> None:
    # Seat 0 holds 20 cards: unusual, but complete and well-formed.
    pos = position(hands={0: "5C 5D 5H 6C 6D 6H 7C 7D 7H 9C 9D 9H TC TD TH JC JD JH QC QD"}, pile="8C")
    result = handle({"position": pos, "action": draw()})
    assert result.get("legal") is True, result
