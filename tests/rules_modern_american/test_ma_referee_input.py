"""Modern American Canasta positions as the referee reads them (docs/formats.md; rule-sheet part F: F1 the variant, F2
meld objects, F3 melds by index, F5 threes and bonus cards, F7 the deck): what it writes back, and malformed input
answered with {"error": ...} naming the field, never a traceback, also through `python -m canasta referee`."""

from __future__ import annotations

import json

import pytest

from tests.engine.test_cli import _canasta, _json_lines
from tests.rules_modern_american.ma_positions import (
    FORMAT,
    VARIANT,
    assert_error,
    assert_legal,
    discard,
    down,
    draw,
    group,
    playing,
    position,
    refused,
    same,
    wild,
)


def test_f1_f5_a_position_reads_and_writes_back_as_version_2_with_its_threes() -> None:
    pos = position(hands={0: "9C 9D 6S"}, melds={0: [down()]}, threes={0: "3H 3C", 1: "3S"}, stock_top="5C")
    new = assert_legal(pos, draw())
    assert new["format"] == FORMAT
    assert new["rules"] == {"players": 4, "variant": VARIANT}, "rules hold only what differs from the defaults"
    assert sorted(new["threes"][0]) == ["3C", "3H"] and new["threes"][1] == ["3S"]
    assert new["bonus_cards"] == [True, False]
    assert new["melds"][0] == [{"kind": "group", "rank": "8", "cards": ["8C", "8D", "8H"]}]


def test_f1_a_modern_american_position_written_as_version_1_is_refused() -> None:
    pos = position()
    pos["format"] = "canasta-position/1"
    assert_error({"position": pos, "action": draw()}, "format")


def test_f1_an_unknown_option_is_named() -> None:
    pos = position(rules={"canastas_per_rank": 3})
    assert_error({"position": pos, "action": draw()}, "canastas_per_rank")


def test_f1_an_option_value_out_of_range_is_named() -> None:
    pos = position(rules={"draw_count": 5})
    assert_error({"position": pos, "action": draw()}, "draw_count")


def test_f5_red_threes_instead_of_threes_is_named() -> None:
    pos = position(threes={0: "3H"})
    pos["red_threes"] = pos.pop("threes")
    assert_error({"position": pos, "action": draw()}, "threes")


def test_f5_a_natural_card_in_a_threes_row_is_named() -> None:
    pos = position(threes={0: "3H"})
    pos["stock"].remove("9C")
    pos["threes"][0].append("9C")
    assert_error({"position": pos, "action": draw()}, "threes[0]")


def test_f2_an_unknown_meld_kind_is_named() -> None:
    pos = position(melds={0: [down()]})
    pos["melds"][0][0]["kind"] = "samba"
    assert_error({"position": pos, "action": draw()}, "kind")


@pytest.mark.parametrize(
    ("bad", "named"),
    [
        (group("9", "9C 9D 9H 9S 9C 9D 9H 9S"), "7"),  # more than seven cards
        (group("9", "9C 9D 2C 2D JK"), "wild"),  # three wild cards
        (group("7", "7C 7D 7H 2C"), "seven"),  # a wild card among sevens
        (wild("2C 2D 9H"), "9H"),  # a natural card in a wild meld
    ],
)
def test_g_a_meld_the_game_never_allows_is_malformed(bad: dict[str, object], named: str) -> None:
    pos = position(melds={0: [down()]})
    cards = bad["cards"]
    assert isinstance(cards, list)
    for card in cards:
        pos["stock"].remove(card)
    pos["melds"][0].append(bad)
    assert_error({"position": pos, "action": draw()}, named)


def test_f2_a_sequence_is_no_meld_of_this_game() -> None:
    pos = playing("5H 6H 7H 9S 6S", melds={0: [down()]})
    action = {"type": "meld", "new": [{"kind": "sequence", "cards": ["5H", "6H", "7H"]}]}
    refused(pos, action, "meld_kind_not_in_game")


def test_f3_an_addition_naming_no_meld_by_index_is_refused() -> None:
    pos = playing("9C 9D 6S", melds={0: [down()]})
    refused(pos, {"type": "meld", "add": [{"meld": 4, "cards": ["9C"]}]}, "no_such_meld")


def test_the_referee_command_answers_each_line_and_never_shows_a_traceback() -> None:
    good = {"position": playing("9C 9D 6S", melds={0: [down()]}, pile="5C"), "action": discard("6S")}
    wrong_count = position()
    wrong_count["rules"]["players"] = 6
    lines = [
        json.dumps(good),
        "{not json",
        json.dumps({"position": wrong_count, "action": draw()}),
        json.dumps({"position": position(melds={0: [group("K", "KC KD KH")]}), "score": True}),
    ]
    result = _canasta("referee", stdin="\n".join(lines) + "\n")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    answers = _json_lines(result.stdout)
    assert len(answers) == 4
    assert answers[0]["legal"] is True and same(answers[0]["position"]["hands"][0], "9C 9D")
    assert set(answers[1]) == {"error"} and set(answers[2]) == {"error"}
    assert "players" in answers[2]["error"]
    assert len(answers[3]["score"]) == 2
