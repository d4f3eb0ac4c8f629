"""Pennies from Heaven (docs/variants.md), rule-sheet clauses E3, E5 and E7 and clarifications H12 and H13: melds of
three to seven closed at seven, wild melds, one incomplete meld per rank, sevens with or without wild cards, black
threes only going out; the pile's blocked tops and where a take's cards go; the initial-meld minimums."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules_pennies.pennies import after, group, meld, position, refused, take, wild

OPENED = group("A", "AC AD AH")  # the side has made its first meld


def _play(hand: str, melds: list[dict[str, Any]] | None = None, **fields: Any) -> dict[str, Any]:
    return position(phase="play", hands={0: hand}, melds={0: melds if melds is not None else [OPENED]}, **fields)


def test_e3_wild_cards_alone_make_a_wild_meld_of_three() -> None:
    new = after(_play("JK 2C 2D 9C 9D"), meld("JK 2C 2D"))["position"]
    made = new["melds"][0][-1]
    assert (made["kind"], made["cards"]) == ("wild", ["JK", "2C", "2D"])


@pytest.mark.parametrize(
    ("hand", "action"),
    [
        ("KC KD KH KS KC KD KH KS 9C 9D", meld("KC KD KH KS KC KD KH KS")),  # a new group of eight
        ("JK JK 2C 2D 2H 2S 2C 2D 9C 9D", meld("JK JK 2C 2D 2H 2S 2C 2D")),  # a wild meld of eight
    ],
)
def test_e3_h12_no_meld_holds_more_than_seven_cards(hand: str, action: dict[str, Any]) -> None:
    refused(_play(hand), action, "meld_over_seven_cards", "7", "8")


@pytest.mark.parametrize("card", ["KS", "2C"])
def test_e3_h12_a_canasta_of_seven_takes_nothing_more_not_even_a_natural(card: str) -> None:
    pos = _play(f"{card} 9C 9D", [group("K", "KC KD KH KS KC KD KH")])
    refused(pos, meld(add=[(0, card)]), "meld_over_seven_cards", "7", "8")


def test_e3_a_group_holds_at_most_three_wild_cards() -> None:
    refused(_play("KC KD 2C 2D JK JK 9C 9D"), meld("KC KD 2C 2D JK JK"), "meld_too_many_wilds", "3")


def test_h12_one_step_may_complete_a_canasta_and_start_another_group_of_its_rank() -> None:
    pos = _play("KC KD KH KS KC KD KH KS KC KD 9C 9D")
    new = after(pos, meld("KC KD KH KS KC KD KH", "KS KC KD"))["position"]
    assert [len(item["cards"]) for item in new["melds"][0] if item.get("rank") == "K"] == [7, 3]


def test_e3_a_new_group_of_a_completed_rank_is_allowed() -> None:
    pos = _play("KC KD KS 9C 9D", [group("K", "KC KD KH KS KC KD KH")])
    assert len(after(pos, meld("KC KD KS"))["position"]["melds"][0]) == 2


def test_e3_never_two_incomplete_groups_of_one_rank() -> None:
    refused(_play("KC KD KH 9C 9D", [group("K", "KC KD KS")]), meld("KC KD KH"), "one_open_meld_per_rank", "kings")


def test_e3_never_two_incomplete_wild_melds() -> None:
    refused(_play("2H 2S JK 9C 9D", [wild("JK 2C 2D")]), meld("2H 2S JK"), "one_open_wild_meld")


def test_e13_new_meld_after_canasta_no_closes_the_rank() -> None:
    rules = {"new_meld_after_canasta": False}
    pos = _play("KC KD KS 9C 9D", [group("K", "KC KD KH KS KC KD KH")], rules=rules)
    refused(pos, meld("KC KD KS"), "meld_over_seven_cards")
    done = _play("2H 2S JK 9C 9D", [wild("JK JK 2C 2D 2H 2S 2C")], rules=rules)
    refused(done, meld("2H 2S JK"), "one_wild_meld")


def test_e3_sevens_are_a_rank_like_any_other_and_by_option_take_no_wild_card() -> None:
    assert after(_play("7C 7D 2C 9C 9D"), meld("7C 7D 2C"))["position"]["melds"][0][-1]["rank"] == "7"
    refused(_play("7C 7D 2C 9C 9D", rules={"sevens_wild": "none"}), meld("7C 7D 2C"), "rank_takes_no_wild", "sevens")


def test_e3_black_threes_only_going_out() -> None:
    refused(_play("3C 3S 3C 9C 9D"), meld("3C 3S 3C"), "black_threes_only_going_out")


@pytest.mark.parametrize("top", ["2C", "JK", "3S"])
def test_e5_h13_a_wild_card_or_black_three_on_top_blocks_the_pile(top: str) -> None:
    pos = position(hands={0: "9C 9D 2D 3C 5C"}, melds={0: [OPENED]}, pile=f"5D {top}")
    taking = take("9C 9D") if top != "3S" else take("3C 2D")
    refused(pos, taking, "pile_top_blocked", top)


def _taker(group_cards: str, hand: str = "KC KD 9C 9D 5C", **fields: Any) -> dict[str, Any]:
    return position(hands={0: hand}, melds={0: [OPENED, group("K", group_cards)]}, pile="6D KH", **fields)


def test_e5_h13_the_takes_cards_join_the_sides_incomplete_group_of_that_rank() -> None:
    new = after(_taker("KC KD KS"), take("KC KD"))["position"]
    assert [len(item["cards"]) for item in new["melds"][0]] == [3, 6]


def test_h13_a_take_that_would_pass_seven_cards_is_refused() -> None:
    refused(_taker("KC KD KS KH KC"), take("KC KD"), "pile_meld_full", "5", "7")


def test_h13_a_completed_canasta_never_takes_the_top_card() -> None:
    full = _taker("KC KD KS KH KC KD KS")
    refused(full, take(), "pile_meld_full", "KH")
    new = after(full, take("KC KD"))["position"]  # a natural pair starts a new group of the rank
    assert [len(item["cards"]) for item in new["melds"][0]] == [3, 7, 3]


def test_h13_a_named_meld_must_be_the_incomplete_group() -> None:
    pos = position(hands={0: "KC KD 9C 9D 5C"}, pile="6D KH",
                   melds={0: [OPENED, group("K", "KC KD KS KH KC KD KS"), group("K", "KS KC KD")]})  # fmt: skip
    refused(pos, take(onto=1), "pile_meld_full")
    assert len(after(pos, take(onto=2))["position"]["melds"][0][2]["cards"]) == 4


def test_e5_a_frozen_pile_needs_a_natural_pair() -> None:
    pos = position(hands={0: "KC 2D 9C 9D 5C"}, melds={0: [OPENED, group("K", "KC KD KS")]}, pile="6D JK 5H KH")
    refused(pos, take("KC 2D"), "pile_frozen_needs_natural_pair", "kings")


def test_h11_a_seven_on_top_may_be_taken() -> None:
    pos = position(hands={0: "7C 7D 9C 9D 5C"}, melds={0: [OPENED]}, pile="6D 7H")
    assert after(pos, take("7C 7D"))["position"]["melds"][0][-1]["rank"] == "7"


@pytest.mark.parametrize(
    ("score", "options", "needed"),
    [(-20, {}, 15), (0, {}, 50), (500, {}, 90), (1000, {}, 120), (1500, {}, 150),
     (500, {"minimums": "standard_150"}, 50), (1500, {"minimums": "standard_150"}, 150)],
)  # fmt: skip
def test_e7_the_initial_meld_minimum_by_the_sides_score(score: int, options: dict[str, str], needed: int) -> None:
    pos = position(phase="play", hands={0: "KC KD KH 9C 9D"}, scores=[score, 0], rules=options)
    refusal = refused(pos, meld("KC KD KH"), "initial_meld_below_minimum", "30") if needed > 30 else None
    assert refusal is None or str(needed) in refusal
    if needed <= 30:
        after(pos, meld("KC KD KH"))


def test_e7_a_wild_meld_counts_its_cards_toward_the_minimum() -> None:
    pos = position(phase="play", hands={0: "JK JK 2C 9C 9D"}, scores=[0, 0])
    after(pos, meld("JK JK 2C"))  # 120 points
