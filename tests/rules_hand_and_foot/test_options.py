"""Hand and Foot's shape and options (D1, D4, D7, D8, D12, D13)."""

from __future__ import annotations

import pytest

from canasta.engine.rules import (
    AskPartner,
    ClosedBooks,
    GameEnd,
    MeldKind,
    Packs,
    Rules,
    Variant,
    WildLimit,
    option_names,
    option_values,
)

HF = Variant.HAND_AND_FOOT
NO_ADDITIONS = ClosedBooks.NO_ADDITIONS


@pytest.mark.parametrize(
    ("players", "sides", "packs"),
    [
        (2, ((0,), (1,)), 3),
        (3, ((0,), (1,), (2,)), 4),
        (4, ((0, 2), (1, 3)), 5),
        (6, ((0, 2, 4), (1, 3, 5)), 7),
    ],
)
def test_sides_and_packs_by_player_count(players: int, sides: tuple[tuple[int, ...], ...], packs: int) -> None:
    shape = Rules.for_players(players, variant="hand_and_foot").shape
    assert shape.sides == sides
    assert shape.packs == packs
    assert shape.deck_size == 54 * (players + 1)


def test_four_player_shape_defaults() -> None:
    rules = Rules.for_players(4, variant="hand_and_foot")
    shape = rules.shape
    assert shape.deck_size == 270
    assert (shape.cards_dealt, shape.foot_size, shape.draw_count) == (11, 11, 2)
    assert shape.meld_kinds == frozenset({MeldKind.GROUP})
    assert (shape.natural_canasta_bonus, shape.mixed_canasta_bonus, shape.going_out_bonus) == (500, 300, 100)
    assert shape.round_minimums == (50, 90, 120, 150)
    assert shape.books_to_go_out == (2, 2)
    assert shape.max_group_size is None and not shape.wilds_after_canasta
    assert shape.pile_take_count == 7
    assert rules.wild_limit is WildLimit.NATURALS_MAJORITY
    assert rules.ask_partner is AskPartner.REQUIRED
    assert rules.game_end is GameEnd.ROUNDS_4
    assert rules.to_dict() == {"players": 4, "variant": "hand_and_foot"}


def test_defaults_are_listed_first() -> None:
    rules = Rules.for_players(4, variant="hand_and_foot")
    for name in option_names(HF):
        values = option_values(name, HF)
        if values and not isinstance(values[0], bool):
            assert getattr(rules, name) == values[0], name
    assert rules.take_with_wild is False and rules.pile_needs_side_down is False and rules.all_in_foot is False


@pytest.mark.parametrize(
    ("options", "check"),
    [
        ({"packs": "players_plus_2"}, lambda r: r.shape.packs == 6 and r.packs is Packs.PLAYERS_PLUS_2),
        ({"hand_size": 13, "foot_size": 13}, lambda r: (r.shape.cards_dealt, r.shape.foot_size) == (13, 13)),
        ({"wild_books": 1000}, lambda r: MeldKind.WILD in r.shape.meld_kinds and r.shape.wild_canasta_bonus == 1000),
        ({"closed_books": "no_additions"}, lambda r: r.shape.max_group_size == 7 and r.closed_books is NO_ADDITIONS),
        ({"pile_take_count": 0}, lambda r: r.shape.pile_take_count == 0),
        ({"round_minimums": [60, 90, 120, 150]}, lambda r: r.shape.round_minimums == (60, 90, 120, 150)),
        ({"books_to_go_out": [1, 3]}, lambda r: r.shape.books_to_go_out == (1, 3)),
        ({"wild_limit": "not_more_than_naturals"}, lambda r: r.wild_limit is WildLimit.NOT_MORE_THAN_NATURALS),
        ({"game_end": "target", "target_score": 20000}, lambda r: r.game_end is GameEnd.TARGET),
        ({"all_in_foot": True}, lambda r: r.all_in_foot),
    ],
)
def test_options_change_the_game_and_round_trip(options: dict[str, object], check: object) -> None:
    rules = Rules.from_dict({"players": 4, "variant": "hand_and_foot", **options})
    assert callable(check) and check(rules)
    assert Rules.from_dict(rules.to_dict()) == rules
    assert rules.to_dict() == {"players": 4, "variant": "hand_and_foot", **options}


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"hand_size": 12}, "hand_size must be one of 11, 13"),
        ({"wild_limit": "max3"}, "wild_limit must be one of"),
        ({"pile_take_count": 2}, "pile_take_count must be one of"),
        ({"round_minimums": [50, 90]}, "round_minimums must be one of"),
        ({"round_minimums": "50/90"}, "round_minimums must be a list of whole numbers"),
        ({"books_to_go_out": [1]}, "books_to_go_out must be [clean, dirty]"),
        ({"ask_partner": "off"}, "ask_partner must be one of required, optional"),
        ({"top_minimum": 150}, "top_minimum is not an option of hand_and_foot"),
        ({"canastas_to_go_out": 2}, "canastas_to_go_out is not an option of hand_and_foot"),
        ({"wild_books": 1000, "players": 5}, "players must be one of"),
    ],
)
def test_bad_options_are_refused_with_the_name(options: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=None) as raised:
        Rules.from_dict({"players": 4, "variant": "hand_and_foot", **options})
    assert words in str(raised.value)


def test_hand_and_foot_options_are_no_other_games() -> None:
    for variant in (Variant.CLASSIC, Variant.SAMBA, Variant.BOLIVIA):
        assert "foot_size" not in option_names(variant)
        with pytest.raises(ValueError, match="foot_size"):
            Rules.for_players(4, variant=variant.value, foot_size=13)


def test_d12_d13_six_players_in_two_sides_of_three_or_three_sides_of_two() -> None:
    assert Rules.for_players(6, variant="hand_and_foot").shape.sides == ((0, 2, 4), (1, 3, 5))
    three = Rules.for_players(6, variant="hand_and_foot", six_player_sides="three_of_two")
    assert three.shape.sides == ((0, 3), (1, 4), (2, 5)) and three.seat_side == (0, 1, 2, 0, 1, 2)
    assert three.shape.packs == 7


@pytest.mark.parametrize(
    ("options", "take_with_wild", "initial_meld_may_use_pile"),
    [({}, False, True), ({"take_with_wild": True}, True, True), ({"pile_needs_side_down": True}, False, False)],
)
def test_hand_and_foot_names_the_pile_rules_in_its_words_over_the_one_field_of_each(
    options: dict[str, object], take_with_wild: bool, initial_meld_may_use_pile: bool
) -> None:
    """`take_with_wild` is `unfrozen_take_with_wild` (its pile is never frozen) and `pile_needs_side_down` is
    `initial_meld_may_use_pile: no`: one field per rule, the game's words in its JSON."""
    rules = Rules.from_dict({"players": 4, "variant": "hand_and_foot", **options})
    assert rules.unfrozen_take_with_wild is rules.take_with_wild is take_with_wild
    assert rules.initial_meld_may_use_pile is (not rules.pile_needs_side_down) is initial_meld_may_use_pile
    assert rules.to_dict() == {"players": 4, "variant": "hand_and_foot", **options}
    assert Rules.from_dict(rules.to_dict()) == rules
