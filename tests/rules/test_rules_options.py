"""docs/rules.md, "House rules": every house-rule option value is accepted in a position's rules and travels with it.

What each value changes is tested beside the rule it changes (pile, melds, going out, stock end, scoring);
`upcard_black_three`, `upcard_specials`, `tie`, `first_dealer` and `target_score` act at the deal or between
hands, where the referee does not look, so here they are only accepted and kept.
"""

import pytest

from tests.rules.positions import assert_error, assert_legal, draw, position

# (option, every value, the default for four players; three_player_mode is tried with three players)
OPTIONS: list[tuple[str, list[object], object]] = [
    ("red_threes_negative_if", ["no_meld", "no_canasta"], "no_meld"),
    ("wild_limit", ["max3", "not_more_than_naturals", "naturals_majority"], "max3"),
    ("unfrozen_take_with_wild", [True, False], True),
    ("pile_take_by_adding_to_meld", [True, False], True),
    ("initial_meld_may_use_pile", [True, False], True),
    ("one_card_pile_restriction", [True, False], True),
    ("upcard_black_three", ["stays", "cover", "cover_and_freeze"], "stays"),
    ("upcard_specials", ["bury_in_pile", "stock_bottom"], "bury_in_pile"),
    ("black_three_discard", ["stop_next_player", "freeze_pile"], "stop_next_player"),
    ("concealed_going_out_minimum", ["exempt_after_stock_draw", "always"], "exempt_after_stock_draw"),
    ("concealed_canasta_bonus", [0, 100], 0),
    ("ask_partner", ["optional", "off", "required"], "optional"),
    ("ask_partner_timing", ["before_first_meld_of_turn", "any_time_before_going_out"], "before_first_meld_of_turn"),
    ("stock_exhausted", ["continue_forced_take", "end_after_last_discard"], "continue_forced_take"),
    ("last_card_red_three", ["end_no_meld", "end_may_meld"], "end_no_meld"),
    ("tie", ["play_another_hand", "raise_target_500", "shared_win"], "play_another_hand"),
    ("three_player_mode", ["individual", "cutthroat"], "individual"),
    ("canastas_to_go_out", [1, 2, 3], 1),
    ("target_score", [2000, 3000, 5000, 10000], 5000),
    ("first_dealer", ["random", "cut_high", "cut_low"], "random"),
]

CASES = [(option, value, default) for option, values, default in OPTIONS for value in values]


@pytest.mark.parametrize(("option", "value", "default"), CASES, ids=[f"{o}={v}" for o, v, _ in CASES])
def test_every_option_value_is_accepted_and_kept(option: str, value: object, default: object) -> None:
    players = 3 if option == "three_player_mode" else 4
    pos = position(players, hands={0: "5C 9H 9D"}, pile="8C", stock_top="7C", rules={option: value})
    new = assert_legal(pos, draw())
    # `rules` holds only what differs from the defaults (docs/formats.md, "The rules object"): a default may be
    # left out.
    assert new["rules"].get(option, default) == value
    assert new["rules"].get("players", players) == players


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("wild_limit", "max4"),
        ("ask_partner", "sometimes"),
        ("canastas_to_go_out", 4),
        ("canastas_to_go_out", 0),
        ("stock_exhausted", "reshuffle"),
        ("red_threes_negative_if", "always"),
    ],
)
def test_an_option_value_outside_the_table_is_malformed(option: str, value: object) -> None:
    pos = position(hands={0: "5C 9H 9D"}, pile="8C", rules={option: value})
    assert_error({"position": pos, "action": draw()}, option)


def test_an_unknown_option_is_malformed() -> None:
    pos = position(hands={0: "5C 9H 9D"}, pile="8C", rules={"jokers_are_red": True})
    assert_error({"position": pos, "action": draw()}, "jokers_are_red")
