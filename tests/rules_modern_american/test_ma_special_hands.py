"""Modern American Canasta's special hands (VARIANTS C12): each hand of CLA's table made, each near miss refused
(a wild card too many, a three where none may be, a rank twice), CLA's and Pagat's values, `off`, the more
valuable hand when two fit, the draws that would complete a 13-card hand, and a property: whatever the module
names matches that hand's composition as a simple, separate checker reads C12."""

from __future__ import annotations

from collections import Counter
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from canasta.engine.cards import NATURAL_RANKS, SUITS, Card, Rank, parse_cards
from canasta.engine.rules import Rules, SpecialHands
from canasta.engine.special_hands import (
    SpecialHand,
    completing_draws,
    hands_of,
    special_hand,
    value_of,
    wins_the_game,
)

CLA, PAGAT, OFF = SpecialHands.CLA, SpecialHands.PAGAT, SpecialHands.OFF
H = SpecialHand


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text.split())


def named(text: str, table: SpecialHands = CLA) -> SpecialHand | None:
    return special_hand(cards(text), table)


# One hand of each kind, as the tests below vary them.
STRAIGHT = "AC KD QH JS TC 9D 8H 7S 6C 5D 4H 3S 2C JK"
PAIRS = "AC AD KC KD QC QD JC JD TC TD 9C 9D 8C 8D"
WILD_PAIRS = "AC AD 7C 7D KC KD QC QD JC JD TC TD 2C 2D"
GARBAGE = "KC KD KH KS QC QD QH QS JC JD JH TC TD TH"
MIAMI_PAIRS = "AC AD 7C 7D KC KD QC QD JC JD 2C 2D JK JK"
ZIP_CODE = "AC AD KC KD QC QD QH JC JD JH TC TD TH TS"
BLAST_OFF = "AC AD AH AS AC KC KD KH KS QC QD QH JC JD"
TRIPLES = "AC AD AH KC KD KH QC QD QH JC JD JH 2C JK"
QUADS = "AC AD AH AS KC KD KH KS QC QD QH QS 2C 2D"
DREAM_4 = "AC AD AH AS AC KC KD KH KS KC 2C 2D JK JK"
DREAM_5 = "AC AD AH AS AC KC KD KH KS 2C 2D 2H JK JK"
EVERY_HAND = {
    H.STRAIGHT: STRAIGHT, H.PAIRS: PAIRS, H.WILD_PAIRS: WILD_PAIRS, H.GARBAGE: GARBAGE,
    H.MIAMI_PAIRS: MIAMI_PAIRS, H.ZIP_CODE: ZIP_CODE, H.BLAST_OFF: BLAST_OFF, H.TRIPLES: TRIPLES,
    H.QUADS: QUADS, H.DREAM_HAND_4: DREAM_4, H.DREAM_HAND_5: DREAM_5,
}  # fmt: skip


# ---- each hand made, under CLA --------------------------------------------------------------------------------


@pytest.mark.parametrize(("hand", "text"), EVERY_HAND.items(), ids=[hand.value for hand in EVERY_HAND])
def test_c12_each_hand_of_the_cla_table_is_recognised(hand: SpecialHand, text: str) -> None:
    assert named(text) is hand


@pytest.mark.parametrize(("hand", "text"), EVERY_HAND.items(), ids=[hand.value for hand in EVERY_HAND])
def test_c12_suits_and_order_do_not_matter(hand: SpecialHand, text: str) -> None:
    assert special_hand(tuple(reversed(cards(text))), CLA) is hand


@pytest.mark.parametrize("count", [13, 15])
def test_c12_a_special_hand_is_exactly_fourteen_cards(count: int) -> None:
    with pytest.raises(ValueError, match="exactly 14 cards"):
        special_hand((cards(PAIRS + " 7C"))[:count], CLA)


# ---- Straight -------------------------------------------------------------------------------------------------


def test_c12_straight_reads_as_the_thirteen_ranks_ace_to_king_plus_a_joker() -> None:
    assert named("AS 2D 3C 4C 5H 6S 7D 8C 9H TS JD QC KH JK") is H.STRAIGHT


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("AC KD QH JS TC 9D 8H 7S 6C 5D 4H 3S 2C 2D", "two twos, no joker"),
        ("AC KD QH JS TC 9D 8H 7S 6C 5D 4H 3S JK JK", "two jokers, no two"),
        ("AC KD QH JS TC 9D 8H 7S 6C 5D 4H 4S 2C JK", "no three: a rank twice"),
        ("AC KD QH JS TC 9D 8H 7S 6C 5D 3H 3S 2C JK", "two threes, no four"),
        ("JK KD QH JS TC 9D 8H 7S 6C 5D 4H 3S 2C JK", "a wild card too many, no ace"),
    ],
)
def test_c12_straight_near_misses(text: str, why: str) -> None:
    assert named(text) is None, why


# ---- Pairs, Wild pairs, Miami pairs ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("2C AD KC KD QC QD JC JD TC TD 9C 9D 8C 8D", "a wild card stands in for an ace"),
        ("AC AD KC KD QC QD JC JD TC TD 9C 9D 3C 3D", "a pair of threes"),
        ("AC AD AH AS QC QD JC JD TC TD 9C 9D 8C 8D", "four aces are not two pairs: ranks differ"),
        ("AC AD KC KD QC QD JC JD TC TD 9C 9D 8C 7D", "an odd card"),
    ],
)
def test_c12_pairs_are_seven_different_natural_pairs(text: str, why: str) -> None:
    assert named(text) is None, why


@pytest.mark.parametrize("wild_pair", ["2C 2D", "JK JK", "2H JK"])
def test_c12_wild_pairs_take_any_two_wild_cards(wild_pair: str) -> None:
    assert named("AC AD 7C 7D KC KD QC QD JC JD TC TD " + wild_pair) is H.WILD_PAIRS


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("AC AD 8C 8D KC KD QC QD JC JD TC TD 2C 2D", "no sevens"),
        ("9C 9D 7C 7D KC KD QC QD JC JD TC TD 2C JK", "no aces"),
        ("AC AD 7C 7D KC KD QC QD JC JD TC 2H 2C 2D", "a wild card too many: it stands in for a ten"),
        ("AC AD 7C 7D KC KD QC QD JC JD 3C 3D 2C 2D", "a pair of threes"),
        ("AC AD 7C 7D KC KD KH KS JC JD TC TD 9C 9D", "a rank twice, no wild pair"),
    ],
)
def test_c12_wild_pairs_near_misses(text: str, why: str) -> None:
    assert named(text) is None, why


def test_c12_wild_pairs_of_one_rank_twice_are_four_of_a_kind_and_so_a_zip_code() -> None:
    assert named("AC AD 7C 7D KC KD KH KS JC JD TC TD 2C 2D") is H.ZIP_CODE  # KKKK a four, TT+2 and JJ+2 triples


def test_c12_miami_pairs_need_two_twos_and_two_jokers() -> None:
    assert named("AC AD 7C 7D KC KD QC QD JC JD JK JK JK JK") is H.ZIP_CODE  # four jokers: only the sets remain
    assert named("AC AD 7C 7D KC KD QC QD JC JD 3C 3D 2C 2D") is None  # a pair of threes instead of jokers
    assert named("9C 9D 7C 7D KC KD QC QD JC JD 2C 2D JK JK") is H.ZIP_CODE  # no aces: only the sets remain


def test_c12_miami_pairs_with_three_twos_and_a_joker_are_a_zip_code() -> None:
    # the wild cards stand in: KK+2+2 a four, QQ+2 and JJ+JK triples, aces and sevens the pairs
    assert named("AC AD 7C 7D KC KD QC QD JC JD 2C 2D 2H JK") is H.ZIP_CODE


def test_c12_when_miami_pairs_and_zip_code_both_fit_the_table_order_breaks_the_tie() -> None:
    assert value_of(H.MIAMI_PAIRS, CLA) == value_of(H.ZIP_CODE, CLA) == 2500
    assert named(MIAMI_PAIRS) is H.MIAMI_PAIRS
    assert matches(H.ZIP_CODE, cards(MIAMI_PAIRS))  # both really fit


# ---- Garbage --------------------------------------------------------------------------------------------------


def test_c12_garbage_takes_no_wild_card_and_with_one_the_cards_are_a_blast_off() -> None:
    # QQQQ+2 a five, KKKK a four, JJJ a triple, TT a pair
    assert named("KC KD KH KS QC QD QH QS JC JD JH TC TD 2C") is H.BLAST_OFF


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("KC KD KH KS KC KD KH KS JC JD JH TC TD TH", "two fours of one rank: eight kings"),
        ("KC KD KH KS QC QD QH QS JC JD JH KC KD KH", "a four and a triple of one rank"),
        ("KC KD KH KS QC QD QH QS JC JD JH 3C 3D 3H", "threes of a kind of threes"),
        ("KC KD KH KS QC QD QH QS JC JD JH TC TD 9C", "a pair and an odd card"),
    ],
)
def test_c12_garbage_near_misses(text: str, why: str) -> None:
    assert named(text) is None, why


def test_c12_garbage_is_worth_3000_to_cla_and_2000_to_pagat() -> None:
    assert named(GARBAGE, PAGAT) is H.GARBAGE
    assert (value_of(H.GARBAGE, CLA), value_of(H.GARBAGE, PAGAT)) == (3000, 2000)


# ---- Zip code and Blast off: matching wilds -------------------------------------------------------------------


def test_c12_zip_code_pairs_may_be_a_natural_and_a_wild_card() -> None:
    # A+2 a pair, KK a pair, QQ+JK and TT+2 triples, JJJ+2 a four
    assert named("AC 2C KC KD QC QD JK JC JD JH TC TD 2D 2H") is H.ZIP_CODE


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("AC KC QC JC JD JH TC TD TH TS 2C 2D 2H JK", "three single naturals: one would need two wild cards"),
        ("AC AD KC KD QC QD QH JC JD JH TC TD TH 3S", "a three"),
        ("AC AD KC KD QC QD QH QS QC QD TC TD TH TS", "a rank twice: six queens are not two triples"),
    ],
)
def test_c12_zip_code_near_misses(text: str, why: str) -> None:
    assert named(text) is None, why


def test_c12_two_wild_cards_alone_are_no_pair_of_a_zip_code() -> None:
    # a set needs a natural; here the two wild cards top up a Blast off instead (JJJ+2 a five, TTTT+2... a four)
    text = "AC AD 2C 2D QC QD QH JC JD JH TC TD TH TS"
    assert not matches(H.ZIP_CODE, cards(text))
    assert named(text) is H.BLAST_OFF


def test_c12_blast_off_with_matching_wilds() -> None:
    # AAA+2+JK a five, KKK+2 a four, QQ+2 a triple, JJ a pair
    assert named("AC AD AH 2C JK KC KD KH 2D QC QD 2H JC JD") is H.BLAST_OFF


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("AC KC QC QD QH JC JD JH JS 2C 2D 2H JK JK", "a single ace cannot be topped up to a triple"),
        ("AC AD AH AS AC KC KD KH KS QC QD QH JC 3D", "a three in the pair"),
        ("AC AD AH AS AC KC KD KH KS QC QD QH AH AS", "a rank twice: seven aces"),
    ],
)
def test_c12_blast_off_near_misses(text: str, why: str) -> None:
    assert named(text) is None, why


# ---- Triples, Quads, Dream hands ------------------------------------------------------------------------------


def test_c12_triples_are_natural_a_wild_stand_in_makes_the_cards_a_blast_off() -> None:
    # JJ+2 is no natural triple; the three wild cards make a five and a four of two triples instead, JJ the pair
    assert named("AC AD AH KC KD KH QC QD QH JC JD 2H 2C JK") is H.BLAST_OFF


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("AC AD AH KC KD KH QC QD QH JC JD JH 3C 3D", "a pair of threes, not wild cards"),
        ("AC AD AH KC KD KH QC QD QH JC JD JH TC TD", "a natural pair, not wild cards"),
        ("AC AD AH KC KD KH QC QD QH AC AD AH 2C JK", "a rank twice"),
    ],
)
def test_c12_triples_near_misses(text: str, why: str) -> None:
    assert named(text) is None, why


@pytest.mark.parametrize("wild_pair", ["2C 2D", "JK JK", "2C JK"])
def test_c12_quads_take_any_wild_pair(wild_pair: str) -> None:
    assert named("AC AD AH AS KC KD KH KS QC QD QH QS " + wild_pair) is H.QUADS


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("AC AD AH AS KC KD KH KS QC QD QH QS TC TD", "a natural pair, not wild cards"),
        ("AC AD AH AS KC KD KH KS QC QD QH 2S 2C 2D", "a wild card stands in for a queen"),
        ("AC AD AH AS KC KD KH KS QC QD QH QS 3C 2D", "a three"),
    ],
)
def test_c12_quads_near_misses(text: str, why: str) -> None:
    assert named(text) is None, why


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("AC AD AH AS AC KC KD KH KS KC QC 2D JK JK", "three wild cards and a queen"),
        ("AC AD AH AS AC KC KD KH KS KC 3C 2D JK JK", "a three for a wild card"),
        ("AC AD AH AS AC AD AH AS AC AD 2C 2D JK JK", "ten aces: the fives are of different ranks"),
        ("AC AD AH AS KC KD KH KS 2C 2D 2H 2S JK JK", "two fours and six wild cards"),
    ],
)
def test_c12_dream_hand_near_misses(text: str, why: str) -> None:
    assert named(text) is None, why


def test_c12_the_dream_hands_win_the_game_and_nothing_else_does() -> None:
    assert {hand for hand in SpecialHand if wins_the_game(hand)} == {H.DREAM_HAND_4, H.DREAM_HAND_5}
    assert value_of(H.DREAM_HAND_4, CLA) == value_of(H.DREAM_HAND_5, CLA) == 8500


# ---- the tables ---------------------------------------------------------------------------------------------


def test_c12_cla_values() -> None:
    assert {hand: value_of(hand, CLA) for hand in hands_of(CLA)} == {
        H.STRAIGHT: 3000, H.PAIRS: 2500, H.WILD_PAIRS: 2000, H.GARBAGE: 3000, H.MIAMI_PAIRS: 2500,
        H.ZIP_CODE: 2500, H.BLAST_OFF: 3000, H.TRIPLES: 3500, H.QUADS: 3500, H.DREAM_HAND_4: 8500,
        H.DREAM_HAND_5: 8500,
    }  # fmt: skip


def test_c12_pagat_values() -> None:
    assert {hand: value_of(hand, PAGAT) for hand in hands_of(PAGAT)} == {
        H.STRAIGHT: 3000, H.PAIRS: 2500, H.WILD_PAIRS: 2000, H.GARBAGE: 2000,
    }  # fmt: skip


@pytest.mark.parametrize(("hand", "text"), EVERY_HAND.items(), ids=[hand.value for hand in EVERY_HAND])
def test_c12_pagat_knows_only_its_four_hands(hand: SpecialHand, text: str) -> None:
    assert named(text, PAGAT) is (hand if hand in hands_of(PAGAT) else None)


@pytest.mark.parametrize(("hand", "text"), EVERY_HAND.items(), ids=[hand.value for hand in EVERY_HAND])
def test_c12_off_names_no_hand(hand: SpecialHand, text: str) -> None:
    assert named(text, OFF) is None
    assert hands_of(OFF) == ()


def test_c12_a_table_without_the_hand_has_no_value_for_it() -> None:
    with pytest.raises(ValueError, match="'pagat' has no 'triples'"):
        value_of(H.TRIPLES, PAGAT)
    with pytest.raises(ValueError, match="'off' has no 'straight'"):
        value_of(H.STRAIGHT, OFF)


def test_c12_the_option_reads_as_written() -> None:
    assert [SpecialHands(value) for value in ("cla", "pagat", "off")] == [CLA, PAGAT, OFF]


# ---- one card away ------------------------------------------------------------------------------------------


def test_completing_draws_of_a_straight_missing_its_joker() -> None:
    assert completing_draws(cards("AC KD QH JS TC 9D 8H 7S 6C 5D 4H 3S 2C"), CLA) == {Rank.JOKER: H.STRAIGHT}


def test_completing_draws_name_each_hand_the_draw_would_make() -> None:
    garbage_less_a_ten = cards("KC KD KH KS QC QD QH QS JC JD JH TC TD")
    assert completing_draws(garbage_less_a_ten, CLA) == {
        Rank.TEN: H.GARBAGE,
        Rank.KING: H.BLAST_OFF, Rank.QUEEN: H.BLAST_OFF,  # a natural five
        Rank.TWO: H.BLAST_OFF, Rank.JOKER: H.BLAST_OFF,  # TT+wild a triple
    }  # fmt: skip
    assert completing_draws(garbage_less_a_ten, PAGAT) == {Rank.TEN: H.GARBAGE}
    assert completing_draws(garbage_less_a_ten, OFF) == {}


def test_completing_draws_of_a_hand_far_from_any() -> None:
    assert completing_draws(cards("AC KD QH JS TC 9D 8H 7S 6C 5D 4H 4S 2C"), CLA) == {}


def test_completing_draws_needs_thirteen_cards() -> None:
    with pytest.raises(ValueError, match="13 cards, not 14"):
        completing_draws(cards(PAIRS), CLA)


# ---- a separate reading of C12, and the property ----------------------------------------------------------------

# hand: (natural set sizes, whether a set may hold wild stand-ins, wild cards outside the sets, naturals it must
# hold as pairs). Sets are of different natural ranks; a stand-in set holds no more wilds than naturals.
COMPOSITIONS: dict[SpecialHand, tuple[tuple[int, ...], bool, int, tuple[Rank, ...]]] = {
    H.PAIRS: ((2,) * 7, False, 0, ()),
    H.WILD_PAIRS: ((2,) * 6, False, 2, (Rank.ACE, Rank.SEVEN)),
    H.MIAMI_PAIRS: ((2,) * 5, False, 4, (Rank.ACE, Rank.SEVEN)),
    H.GARBAGE: ((4, 4, 3, 3), False, 0, ()),
    H.ZIP_CODE: ((2, 2, 3, 3, 4), True, 0, ()),
    H.BLAST_OFF: ((5, 4, 3, 2), True, 0, ()),
    H.TRIPLES: ((3,) * 4, False, 2, ()),
    H.QUADS: ((4,) * 3, False, 2, ()),
    H.DREAM_HAND_4: ((5, 5), False, 4, ()),
    H.DREAM_HAND_5: ((5, 4), False, 5, ()),
}
STRAIGHT_RANKS = sorted(rank.value for rank in Rank)  # A … K, a two, a three and a joker: 14


def matches(hand: SpecialHand, hand_cards: tuple[Card, ...]) -> bool:
    """C12's composition of `hand`, checked by trying every way of laying the naturals into the sets."""
    ranks = [card.rank for card in hand_cards]
    if hand is H.STRAIGHT:
        return sorted(rank.value for rank in ranks) == STRAIGHT_RANKS
    if Rank.THREE in ranks:
        return False
    if hand is H.MIAMI_PAIRS and (ranks.count(Rank.TWO), ranks.count(Rank.JOKER)) != (2, 2):
        return False
    sizes, stand_ins, loose_wilds, required = COMPOSITIONS[hand]
    naturals = Counter(rank for rank in ranks if rank in NATURAL_RANKS)
    wilds = len(ranks) - sum(naturals.values())
    if len(naturals) != len(sizes) or any(naturals[rank] != 2 for rank in required):
        return False
    for order in permutations(naturals):
        topped_up = [size - naturals[rank] for rank, size in zip(order, sizes, strict=True)]
        limits = [naturals[rank] if stand_ins else 0 for rank in order]
        fits = all(0 <= n <= most for n, most in zip(topped_up, limits, strict=True))
        if fits and sum(topped_up) + loose_wilds == wilds:
            return True
    return False


def _physical(counts: dict[Rank, int]) -> tuple[Card, ...]:
    """Distinct cards of the 108-card deck with these rank counts."""
    return tuple(
        Card.of(rank, None if rank is Rank.JOKER else SUITS[i % 4], i if rank is Rank.JOKER else i // 4)
        for rank, count in counts.items()
        for i in range(count)
    )


@st.composite
def fourteen_cards(draw: st.DrawFn) -> tuple[Card, ...]:
    """Fourteen cards built near the special hands: natural ranks in bunches, maybe threes, wild cards for the rest."""
    ranks = draw(st.lists(st.sampled_from(NATURAL_RANKS), min_size=1, max_size=11, unique=True))
    counts = {Rank.THREE: draw(st.sampled_from([0, 0, 0, 1, 2]))}
    budget = 14 - counts[Rank.THREE]
    for rank in ranks:
        if budget:
            counts[rank] = draw(st.integers(1, min(5, budget)))
            budget -= counts[rank]
    counts[Rank.JOKER] = draw(st.integers(0, min(4, budget)))
    twos = budget - counts[Rank.JOKER]
    counts[Rank.TWO] = min(twos, 8)
    counts[ranks[0]] += twos - counts[Rank.TWO]  # a deck holds eight twos: the rest are more of the first rank
    return _physical({rank: count for rank, count in counts.items() if count})


EXAMPLE_COUNTS = [Counter(card.rank for card in cards(text)) for text in EVERY_HAND.values()]


@st.composite
def mutated_special_hands(draw: st.DrawFn) -> tuple[Card, ...]:
    """A special hand of the table with one rank swapped for another, or left as it is."""
    counts = dict(draw(st.sampled_from(EXAMPLE_COUNTS)))
    if draw(st.booleans()):
        taken = draw(st.sampled_from(sorted(counts, key=lambda rank: rank.value)))
        counts[taken] -= 1
        given_rank = draw(st.sampled_from([*NATURAL_RANKS, Rank.TWO, Rank.JOKER, Rank.THREE]))
        if counts.get(given_rank, 0) < (4 if given_rank is Rank.JOKER else 8):
            counts[given_rank] = counts.get(given_rank, 0) + 1
        else:
            counts[taken] += 1
    return _physical({rank: count for rank, count in counts.items() if count})


@settings(max_examples=500)
@given(hand_cards=st.one_of(fourteen_cards(), mutated_special_hands()), table=st.sampled_from(list(SpecialHands)))
def test_property_the_named_hand_matches_and_is_the_most_valuable_that_does(
    hand_cards: tuple[Card, ...], table: SpecialHands
) -> None:
    assert len(hand_cards) == 14
    found = special_hand(hand_cards, table)
    fitting = [hand for hand in hands_of(table) if matches(hand, hand_cards)]
    if found is None:
        assert fitting == []
    else:
        assert matches(found, hand_cards)
        assert value_of(found, table) == max(value_of(hand, table) for hand in fitting)


@settings(max_examples=100)
@given(hand_cards=mutated_special_hands(), dropped=st.integers(0, 13), table=st.sampled_from([CLA, PAGAT]))
def test_property_completing_draws_are_the_draws_that_make_a_hand(
    hand_cards: tuple[Card, ...], dropped: int, table: SpecialHands
) -> None:
    thirteen = hand_cards[:dropped] + hand_cards[dropped + 1 :]
    expected = {}
    for rank in [*NATURAL_RANKS, Rank.TWO, Rank.JOKER, Rank.THREE]:
        drawn = Card.of(rank, None, 15) if rank is Rank.JOKER else Card.of(rank, SUITS[0], 7)  # never in a hand here
        assert drawn not in thirteen
        hand = special_hand((*thirteen, drawn), table)
        if hand is not None:
            expected[rank] = hand
    assert completing_draws(thirteen, table) == expected


@pytest.mark.parametrize("table", ["cla", "pagat", "off"])
def test_c12_the_tables_option_is_what_the_module_reads(table: str) -> None:
    rules = Rules.for_players(4, variant="modern_american", special_hands=table)
    expected = H.GARBAGE if table != "off" else None
    assert special_hand(cards(GARBAGE), rules.special_hands) is expected


def test_c12_modern_american_plays_clas_list_by_default() -> None:
    assert Rules.for_players(4, variant="modern_american").special_hands is CLA
