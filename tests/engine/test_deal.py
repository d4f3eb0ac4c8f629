"""`canasta.engine.new_hand`: the deal, the upcard and the dealt red threes (docs/rules.md, "The deal and the upcard").

The referee judges positions and cannot deal, so these tests call `new_hand` directly: with real shuffles for
what holds for every deal, and with rigged decks (`tests.engine.rigging`) to place a chosen upcard.
"""

import random
from collections import Counter

import pytest

from canasta.engine import apply, check, legal_actions, new_hand, view_for
from canasta.engine.actions import TakePile
from canasta.engine.cards import Card, make_deck, parse_cards, sort_key
from canasta.engine.events import DealEvent, DrawEvent, RedThreeEvent
from canasta.engine.playerview import Phase, pile_is_frozen
from canasta.engine.position import dump_position
from canasta.engine.rules import Rules
from canasta.engine.state import GameState
from tests.engine.rigging import rigged, rigged_order, texts
from tests.rules.positions import deck

DEALT = {2: 15, 3: 13, 4: 11, 6: 13}
DECK_SIZE = {2: 108, 3: 108, 4: 108, 6: 162}


def _entries(players: int) -> int:
    return 3 if players == 3 else 2


def _deal(rules: Rules, dealer: int = 0, hands: dict[int, str] | None = None, stock_top: str = "") -> GameState:
    scores = (0,) * _entries(rules.players)
    return new_hand(rules, scores, dealer, rigged(rules, dealer, hands, stock_top))


def _frozen_for_every_seat(state: GameState) -> list[bool]:
    return [pile_is_frozen(view_for(state, seat)) for seat in range(state.rules.players)]


# --- every deal ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("seed", range(6))
def test_a_deal_gives_every_seat_its_cards_and_keeps_the_whole_deck(players: int, seed: int) -> None:
    rules = Rules.for_players(players)
    dealer = seed % players
    scores = tuple(range(10, 10 * _entries(players) + 1, 10))
    state = new_hand(rules, scores, dealer, random.Random(seed))

    assert [len(hand) for hand in state.hands] == [DEALT[players]] * players
    assert not any(card.is_red_three for hand in state.hands for card in hand)
    cards = state.all_cards()
    assert len(cards) == DECK_SIZE[players]
    assert Counter(card.text for card in cards) == Counter(deck(players))
    assert Counter(cards) == Counter(make_deck(3 if players == 6 else 2))  # each physical card once
    laid_out = sum(len(row) for row in state.red_threes)
    # Each dealt red three was replaced from the stock; the upcard procedure moved cards to the pile.
    assert len(state.stock) == DECK_SIZE[players] - players * DEALT[players] - len(state.pile) - laid_out
    assert state.pile and not state.pile[-1].is_wild and not state.pile[-1].is_red_three
    assert state.current == (dealer + 1) % players
    assert state.dealer == dealer
    assert state.phase is Phase.DRAW
    assert state.scores == scores
    assert all(not side for side in state.melds)
    assert state.melded_this_hand == (False,) * players
    assert state.out is None


@pytest.mark.parametrize(
    ("players", "dealer"), [(players, dealer) for players in (2, 3, 4, 6) for dealer in range(players)]
)
def test_the_player_left_of_the_dealer_plays_first(players: int, dealer: int) -> None:
    state = new_hand(Rules.for_players(players), (0,) * _entries(players), dealer, random.Random(dealer))
    assert state.current == (dealer + 1) % players
    assert state.phase is Phase.DRAW


def test_cutthroat_deals_thirteen_cards_each() -> None:
    rules = Rules.for_players(3, three_player_mode="cutthroat")
    state = new_hand(rules, (0, 0, 0), 2, random.Random(4))
    assert [len(hand) for hand in state.hands] == [13, 13, 13]
    assert state.current == 0
    assert len(state.red_threes) == 3


def test_the_rigged_deck_deals_what_the_test_asks() -> None:
    # The helper itself: hands and the stock come out as named (upcard first).
    rules = Rules.for_players(4)
    order = rigged_order(rules, 2, {3: "KH QH", 0: "5C"}, "8H 9C")
    assert sorted(order, key=sort_key) == sorted(make_deck(2), key=sort_key)
    state = new_hand(rules, (0, 0), 2, rigged(rules, 2, {3: "KH QH", 0: "5C"}, "8H 9C"))
    assert texts(state.hands[3])[:2] == ["KH", "QH"]
    assert texts(state.hands[0])[:1] == ["5C"]
    assert texts(state.pile) == ["8H"]
    assert state.stock[0].text == "9C"


# --- the upcard ---------------------------------------------------------------------------------------------


def test_a_natural_upcard_starts_an_unfrozen_pile() -> None:
    state = _deal(Rules.for_players(4), stock_top="8H 9C")
    assert texts(state.pile) == ["8H"]
    assert state.stock[0].text == "9C"
    assert _frozen_for_every_seat(state) == [False] * 4
    assert state.pile_frozen_from_start is False


@pytest.mark.parametrize(
    ("stock_top", "pile"),
    [
        ("JK 8H 9C", ["JK", "8H"]),
        ("2C 8H 9C", ["2C", "8H"]),
        ("3H 8H 9C", ["3H", "8H"]),
        ("JK 2C 3D 3H 2S 8H 9C", ["JK", "2C", "3D", "3H", "2S", "8H"]),
    ],
)
def test_wild_and_red_three_upcards_stay_in_the_pile_and_freeze_it(stock_top: str, pile: list[str]) -> None:
    rules = Rules.for_players(4)
    state = _deal(rules, stock_top=stock_top)
    assert texts(state.pile) == pile
    assert state.stock[0].text == "9C"
    assert len(state.stock) == 108 - 44 - len(pile)
    assert _frozen_for_every_seat(state) == [True] * 4
    # A red three buried at the upcard is not laid out at the deal and brings no replacement.
    assert all(not row for row in state.red_threes)
    assert [len(hand) for hand in state.hands] == [11] * 4


@pytest.mark.parametrize("players", [2, 3, 6])
def test_the_upcard_procedure_is_the_same_for_every_player_count(players: int) -> None:
    state = _deal(Rules.for_players(players), stock_top="2D 3D 7S 9C")
    assert texts(state.pile) == ["2D", "3D", "7S"]
    assert _frozen_for_every_seat(state) == [True] * players


@pytest.mark.parametrize(("dealer", "taker", "side"), [(0, 1, 1), (3, 0, 0)])
def test_a_red_three_buried_at_the_upcard_goes_to_the_side_that_takes_the_pile(
    dealer: int, taker: int, side: int
) -> None:
    rules = Rules.for_players(4)
    state = _deal(rules, dealer, hands={taker: "7C 7D AC AD AH"}, stock_top="3H 7S 9C")
    assert state.current == taker
    assert texts(state.pile) == ["3H", "7S"]
    stock_before = len(state.stock)

    take = TakePile(with_=parse_cards(["7C", "7D"]), also=(parse_cards(["AC", "AD", "AH"]),))
    transition = apply(state, take)
    after = transition.state

    assert texts(after.red_threes[side]) == ["3H"]
    assert texts(after.red_threes[1 - side]) == []
    assert not any(card.is_red_three for hand in after.hands for card in hand)
    assert len(after.stock) == stock_before  # no replacement card for a buried red three
    assert len(after.hands[taker]) == 11 - 5  # the 3H went to the row; the 7S into the meld
    assert after.pile == ()
    assert any(isinstance(e, RedThreeEvent) and e.seat == taker and e.card.text == "3H" for e in transition.events)


def test_a_black_three_upcard_stays_on_top_and_the_first_player_cannot_take() -> None:
    rules = Rules.for_players(4)
    state = _deal(rules, 0, hands={1: "3S 3S 8C 8D"}, stock_top="3C 9C")
    assert texts(state.pile) == ["3C"]
    assert state.stock[0].text == "9C"
    view = view_for(state, 1)
    refusal = check(view, TakePile(with_=parse_cards(["3S", "3S"])))
    assert refusal is not None
    assert refusal.code == "pile_blocked_black_three"
    assert not any(isinstance(action, TakePile) for action in legal_actions(view))
    # A black three stops; it does not freeze.
    assert _frozen_for_every_seat(state) == [False] * 4
    assert state.pile_frozen_from_start is False


def test_under_cover_a_black_three_upcard_is_covered_and_the_pile_is_not_frozen() -> None:
    rules = Rules.for_players(4, upcard_black_three="cover")
    state = _deal(rules, 0, hands={1: "8C 8D AC AD AH"}, stock_top="3C 8H 9C")
    assert texts(state.pile) == ["3C", "8H"]
    assert state.stock[0].text == "9C"
    assert _frozen_for_every_seat(state) == [False] * 4
    assert state.pile_frozen_from_start is False
    take = TakePile(with_=parse_cards(["8C", "8D"]), also=(parse_cards(["AC", "AD", "AH"]),))
    assert check(view_for(state, 1), take) is None


def test_under_cover_a_wild_card_turned_onto_the_black_three_still_freezes() -> None:
    rules = Rules.for_players(4, upcard_black_three="cover")
    state = _deal(rules, stock_top="3C JK 8H 9C")
    assert texts(state.pile) == ["3C", "JK", "8H"]
    assert _frozen_for_every_seat(state) == [True] * 4


def test_under_cover_and_freeze_the_covered_pile_is_frozen_from_the_start() -> None:
    rules = Rules.for_players(4, upcard_black_three="cover_and_freeze")
    state = _deal(rules, stock_top="3S 8H 9C")
    assert texts(state.pile) == ["3S", "8H"]
    assert state.stock[0].text == "9C"
    assert state.pile_frozen_from_start is True
    assert _frozen_for_every_seat(state) == [True] * 4
    assert dump_position(state).get("pile_frozen_from_start") is True


def test_the_freeze_from_the_upcard_goes_when_the_pile_is_taken() -> None:
    rules = Rules.for_players(4, upcard_black_three="cover_and_freeze")
    state = _deal(rules, 0, hands={1: "8C 8D AC AD AH"}, stock_top="3S 8H 9C")
    take = TakePile(with_=parse_cards(["8C", "8D"]), also=(parse_cards(["AC", "AD", "AH"]),))
    after = apply(state, take).state
    assert after.pile == ()
    assert after.pile_frozen_from_start is False
    assert "pile_frozen_from_start" not in dump_position(after)


def test_under_cover_and_freeze_a_natural_upcard_does_not_freeze() -> None:
    rules = Rules.for_players(4, upcard_black_three="cover_and_freeze")
    state = _deal(rules, stock_top="8H 9C")
    assert texts(state.pile) == ["8H"]
    assert state.pile_frozen_from_start is False
    assert _frozen_for_every_seat(state) == [False] * 4


def test_stock_bottom_sends_a_wild_upcard_to_the_bottom_of_the_stock() -> None:
    rules = Rules.for_players(4, upcard_specials="stock_bottom")
    state = _deal(rules, stock_top="JK 8H 9C")
    assert texts(state.pile) == ["8H"]
    assert state.stock[0].text == "9C"
    assert state.stock[-1].text == "JK"
    assert len(state.stock) == 108 - 44 - 1
    deal = state.seen[0][0]
    assert isinstance(deal, DealEvent)
    assert texts(deal.to_stock_bottom) == ["JK"]


def test_stock_bottom_sends_red_threes_and_wild_cards_until_a_natural_is_turned() -> None:
    rules = Rules.for_players(4, upcard_specials="stock_bottom")
    state = _deal(rules, stock_top="3H 2C 8H 9C")
    assert texts(state.pile) == ["8H"]
    assert Counter(texts(state.stock[-2:])) == Counter(["3H", "2C"])
    assert all(not row for row in state.red_threes)  # a red three sent to the stock is nobody's yet
    assert len(state.stock) == 108 - 44 - 1


# --- dealt red threes ---------------------------------------------------------------------------------------


def test_a_dealt_red_three_is_laid_out_and_replaced_from_the_stock() -> None:
    state = _deal(Rules.for_players(4), 0, hands={2: "3D KS"}, stock_top="8H 9C TC")
    assert texts(state.red_threes[0]) == ["3D"]
    assert "3D" not in texts(state.hands[2])
    assert Counter(texts(state.hands[2])) >= Counter(["KS", "9C"])
    assert len(state.hands[2]) == 11
    assert state.stock[0].text == "TC"
    assert len(state.stock) == 108 - 44 - 1 - 1


def test_a_replacement_that_is_a_red_three_is_laid_out_and_replaced_too() -> None:
    state = _deal(Rules.for_players(4), 0, hands={3: "3H"}, stock_top="8H 3D 3H 9C TC")
    assert Counter(texts(state.red_threes[1])) == Counter(["3H", "3D", "3H"])
    assert "9C" in texts(state.hands[3])
    assert len(state.hands[3]) == 11
    assert state.stock[0].text == "TC"


def test_dealt_red_threes_are_laid_out_from_the_dealers_left() -> None:
    # Dealer 1: seat 2 first, then 3, then 0, then 1. Seat 3 (side 1) holds two red threes and its second
    # replacement is a red three too; seat 0 (side 0) holds one.
    state = _deal(Rules.for_players(4), 1, hands={0: "3H", 3: "3D 3H"}, stock_top="8H 9C 3D TC JD 5S")
    assert Counter(texts(state.red_threes[1])) == Counter(["3D", "3H", "3D"])
    assert texts(state.red_threes[0]) == ["3H"]
    assert Counter(texts(state.hands[3])) >= Counter(["9C", "TC"])
    assert "JD" in texts(state.hands[0])
    assert [len(hand) for hand in state.hands] == [11] * 4
    assert state.stock[0].text == "5S"
    assert len(state.stock) == 108 - 44 - 1 - 4

    seen_by_3 = state.seen[3][1:]
    assert [(type(e).__name__, getattr(e, "seat", None)) for e in seen_by_3] == [
        ("RedThreeEvent", 3),
        ("DrawEvent", 3),
        ("RedThreeEvent", 3),
        ("DrawEvent", 3),
        ("RedThreeEvent", 3),
        ("DrawEvent", 3),
        ("RedThreeEvent", 0),
        ("DrawEvent", 0),
    ]
    draws = [e for e in seen_by_3 if isinstance(e, DrawEvent)]
    assert [None if e.cards is None else texts(e.cards) for e in draws] == [["9C"], ["3D"], ["TC"], None]
    assert all(e.count == 1 for e in draws)
    threes = [e.card.text for e in seen_by_3 if isinstance(e, RedThreeEvent)]
    assert Counter(threes[:3]) == Counter(["3D", "3H", "3D"]) and threes[3] == "3H"
    # Seat 0 sees its own replacement and only the count of seat 3's.
    own = [e for e in state.seen[0] if isinstance(e, DrawEvent)]
    assert [None if e.cards is None else texts(e.cards) for e in own] == [None, None, None, ["JD"]]


def test_two_players_replace_a_dealt_red_three_with_one_card() -> None:
    state = _deal(Rules.for_players(2), 0, hands={1: "3H"}, stock_top="8H 9C TC")
    assert texts(state.red_threes[1]) == ["3H"]
    assert len(state.hands[1]) == 15
    assert "9C" in texts(state.hands[1])
    assert state.stock[0].text == "TC"


def test_six_players_deal_thirteen_and_lay_out_red_threes_by_side() -> None:
    state = _deal(Rules.for_players(6), 5, hands={4: "3H", 1: "3D"}, stock_top="8H 9C TC JC")
    # Dealer 5: seat 0 first ... seat 1 before seat 4.
    assert texts(state.red_threes[1]) == ["3D"]
    assert texts(state.red_threes[0]) == ["3H"]
    assert "9C" in texts(state.hands[1])
    assert "TC" in texts(state.hands[4])
    assert [len(hand) for hand in state.hands] == [13] * 6
    assert len(state.all_cards()) == 162
    assert state.current == 0


def test_the_deal_event_shows_the_dealt_cards_and_the_upcard_pile() -> None:
    rules = Rules.for_players(4)
    state = _deal(rules, 0, hands={1: "3H KS"}, stock_top="JK 8H 9C")
    deal = state.seen[1][0]
    assert isinstance(deal, DealEvent)
    assert deal.dealer == 0
    assert texts(deal.pile) == ["JK", "8H"]
    dealt = deal.hands[1]
    assert dealt is not None
    assert len(dealt) == 11
    assert Counter(texts(dealt)) >= Counter(["3H", "KS"])
    assert all(isinstance(card, Card) for card in dealt)
