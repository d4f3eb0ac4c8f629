"""What one seat may know: `view_for`, the redacted history, `Transition.events_for`, and the JSON of every
event type (docs/formats.md, "Views" and "Events"), the family's combining and taking onto a meld among them."""

import dataclasses
import json
import random
import typing
from typing import Any

import pytest

from canasta.ai.baseline import GreedyBot, RandomBot
from canasta.app.autoplay import play_hand
from canasta.engine import Transition, apply, legal_actions, new_hand, view_for
from canasta.engine.actions import Combine, Discard, Draw, Meld, TakePile
from canasta.engine.cards import Card, Rank, parse_cards
from canasta.engine.events import (
    AnswerEvent,
    AskPartnerEvent,
    BlackThreesAsideEvent,
    CombineEvent,
    DealEvent,
    DiscardEvent,
    DrawEvent,
    Event,
    HandOverEvent,
    LoneHandEvent,
    MeldEvent,
    PassEvent,
    RedThreeEvent,
    SpecialEvent,
    TakePileEvent,
    event_from_json,
    event_to_json,
)
from canasta.engine.playerview import PlayerView
from canasta.engine.position import dump_view
from canasta.engine.rules import Rules
from canasta.engine.special_hands import SpecialHand
from canasta.engine.state import GameState
from tests.engine.rigging import rigged, texts


def _c(text: str) -> Card:
    return Card.parse(text)


def _cs(text: str) -> tuple[Card, ...]:
    return parse_cards(text.split())


def _dealt() -> GameState:
    """Dealer 0; seat 2 is dealt a red three (replaced by 9C); upcard 8H; seat 1 will draw 7D."""
    rules = Rules.for_players(4)
    hands = {1: "8C 8D AC AD AH KC KD KH", 2: "3H KS"}
    return new_hand(rules, (0, 0), 0, rigged(rules, 0, hands, "8H 9C 7D 5S"))


def _seat1_drew() -> Transition:
    return apply(_dealt(), Draw())


def _cards_of(event: Event) -> list[str] | None:
    assert isinstance(event, DrawEvent)
    return None if event.cards is None else texts(event.cards)


# --- the view -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seat", range(4))
def test_a_view_shows_only_that_seats_hand(seat: int) -> None:
    state = _dealt()
    view = view_for(state, seat)
    assert view.seat == seat
    assert view.hand == state.hands[seat]
    assert view.hand_counts == (11, 11, 11, 11)
    assert view.stock_count == len(state.stock) == 108 - 44 - 1 - 1
    assert view.pile == state.pile
    assert view.melds == state.melds
    assert view.red_threes == state.red_threes
    assert (view.current, view.dealer, view.phase, view.scores) == (1, 0, state.phase, (0, 0))
    fields = {field.name for field in dataclasses.fields(PlayerView)}
    assert "hands" not in fields
    assert "stock" not in fields


@pytest.mark.parametrize("seat", range(4))
def test_a_dumped_view_holds_no_other_hand_and_no_stock(seat: int) -> None:
    state = _dealt()
    data = dump_view(view_for(state, seat))
    json.dumps(data)
    assert data["format"] == "canasta-view/1"
    assert data["seat"] == seat
    assert data["hand"] == texts(state.hands[seat])
    assert data["hand_counts"] == [11, 11, 11, 11]
    assert data["stock_count"] == 62
    assert "hands" not in data
    assert "stock" not in data
    deal = data["history"][0]
    assert deal["type"] == "deal"
    assert [hand is not None for hand in deal["hands"]] == [s == seat for s in range(4)]


@pytest.mark.parametrize("seat", [-1, 4, 6])
def test_a_view_for_a_seat_not_at_the_table_is_refused(seat: int) -> None:
    with pytest.raises(ValueError, match=str(seat)):
        view_for(_dealt(), seat)


def test_six_player_view_counts_every_hand() -> None:
    state = new_hand(Rules.for_players(6), (0, 0), 3, random.Random(8))
    view = view_for(state, 5)
    assert view.hand_counts == (13,) * 6
    assert view.stock_count == len(state.stock)
    assert view.hand == state.hands[5]


# --- the history --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seat", range(4))
def test_the_history_shows_each_seat_only_its_own_dealt_hand(seat: int) -> None:
    state = _dealt()
    deal = view_for(state, seat).history[0]
    assert isinstance(deal, DealEvent)
    for other, hand in enumerate(deal.hands):
        if other == seat:
            assert hand is not None and len(hand) == 11
        else:
            assert hand is None
    assert texts(deal.pile) == ["8H"]


def test_the_history_redacts_other_seats_replacement_draws() -> None:
    state = _dealt()
    own = view_for(state, 2).history
    assert len(own) == 3
    assert isinstance(own[1], RedThreeEvent) and (own[1].seat, own[1].card.text) == (2, "3H")
    assert isinstance(own[2], DrawEvent) and (own[2].seat, own[2].count) == (2, 1)
    assert _cards_of(own[2]) == ["9C"]
    for seat in (0, 1, 3):
        history = view_for(state, seat).history
        assert isinstance(history[1], RedThreeEvent) and history[1].card.text == "3H"  # red threes are public
        assert history[2] == DrawEvent(2, 1, None)


def test_the_history_redacts_other_seats_stock_draws() -> None:
    state = _seat1_drew().state
    assert _cards_of(view_for(state, 1).history[-1]) == ["7D"]
    for seat in (0, 2, 3):
        last = view_for(state, seat).history[-1]
        assert last == DrawEvent(1, 1, None)


def test_public_events_are_seen_whole_by_everyone() -> None:
    state = _seat1_drew().state
    after = apply(state, Discard(_c("7D"))).state
    for seat in range(4):
        last = view_for(after, seat).history[-1]
        assert isinstance(last, DiscardEvent)
        assert (last.seat, last.card.text) == (1, "7D")


def test_a_pile_take_is_seen_whole_by_everyone() -> None:
    state = _dealt()
    take = TakePile(with_=_cs("8C 8D"), also=(_cs("AC AD AH"),))
    after = apply(state, take).state
    for seat in range(4):
        last = view_for(after, seat).history[-1]
        assert isinstance(last, TakePileEvent)
        assert last.seat == 1
        assert texts(last.cards) == ["8H"]
        assert sorted(texts(last.with_)) == ["8C", "8D"]


def test_the_history_can_be_left_out() -> None:
    assert view_for(_dealt(), 0, with_history=False).history == ()


# --- Transition.events_for ----------------------------------------------------------------------------------


def test_events_for_redacts_a_stock_draw_for_the_other_seats() -> None:
    transition = _seat1_drew()
    (whole,) = transition.events
    assert _cards_of(whole) == ["7D"]
    assert transition.events_for(1) == transition.events
    for seat in (0, 2, 3):
        assert transition.events_for(seat) == (DrawEvent(1, 1, None),)


def test_events_for_leaves_public_events_alone() -> None:
    transition = apply(_dealt(), TakePile(with_=_cs("8C 8D"), also=(_cs("AC AD AH"),)))
    assert any(isinstance(event, TakePileEvent) for event in transition.events)
    for seat in range(4):
        assert transition.events_for(seat) == transition.events


def test_events_for_matches_the_history_over_a_whole_hand() -> None:
    rules = Rules.for_players(4)
    state = new_hand(rules, (0, 0), 1, random.Random(21))
    collected: list[list[Event]] = [list(state.seen[seat]) for seat in range(4)]
    draws: list[tuple[int, int]] = []

    def after(before: GameState, action: Any, transition: Transition) -> None:
        for seat in range(4):
            collected[seat].extend(transition.events_for(seat))
        draws.extend((event.seat, event.count) for event in transition.events if isinstance(event, DrawEvent))

    played = play_hand(
        state, [GreedyBot(), RandomBot(random.Random(1)), GreedyBot(), RandomBot(random.Random(2))], after
    )
    assert draws, "the hand should have had stock draws"
    for seat in range(4):
        assert tuple(collected[seat]) == played.state.seen[seat]
        for event in played.state.seen[seat]:
            if isinstance(event, DrawEvent):
                assert (event.cards is not None) == (event.seat == seat)
                if event.cards is not None:
                    assert len(event.cards) == event.count


# --- event JSON (docs/formats.md, "Events") ---------------------------------------------------------------------


PAIRS = "4C 4D 5C 5D 6C 6D 8C 8D 9C 9D TC TD JC JD"


def _every_event() -> list[tuple[Event, dict[str, Any]]]:
    """Each event type with the keys docs/formats.md gives it (at least)."""
    return [
        (
            DealEvent(3, (_cs("KH QS"), None, None, None), _cs("JK 8H"), ()),
            {"type": "deal", "dealer": 3, "pile": ["JK", "8H"]},
        ),
        (DrawEvent(2, 1, None), {"seat": 2, "type": "draw", "from": "stock", "count": 1}),
        (DrawEvent(0, 2, _cs("7C 8D")), {"seat": 0, "type": "draw", "from": "stock", "count": 2}),
        (RedThreeEvent(2, _c("3H")), {"seat": 2, "type": "red_three", "card": "3H"}),
        (
            TakePileEvent(3, _cs("7D JK 8S"), _cs("8H 2C"), (_cs("KH KS KD"),)),
            {"seat": 3, "type": "take_pile", "cards": ["7D", "JK", "8S"], "with": ["8H", "2C"]},
        ),
        (
            MeldEvent(3, (_cs("QH QS 2C"),), ((Rank.KING, _cs("KD")),)),
            {"seat": 3, "type": "meld", "new": [["QH", "QS", "2C"]], "add": {"K": ["KD"]}},
        ),
        (CombineEvent(2, (1, 4)), {"seat": 2, "type": "combine", "melds": [1, 4]}),
        (DiscardEvent(3, _c("7S")), {"seat": 3, "type": "discard", "card": "7S"}),
        (AskPartnerEvent(0), {"seat": 0, "type": "ask_partner"}),
        (AnswerEvent(2, False), {"seat": 2, "type": "answer", "yes": False}),
        (LoneHandEvent(1), {"seat": 1}),
        (PassEvent(2), {"seat": 2}),
        (
            SpecialEvent(1, SpecialHand.PAIRS, _cs(PAIRS)),
            {"seat": 1, "type": "special", "name": "pairs", "cards": PAIRS.split()},
        ),
        (HandOverEvent(0, True), {"out": 0}),
        (
            BlackThreesAsideEvent(3, _cs("3S 3C")),
            {"seat": 3, "type": "black_threes_aside", "cards": ["3S", "3C"]},
        ),
    ]


def test_the_list_covers_every_event_type() -> None:
    assert {type(event) for event, _ in _every_event()} == set(typing.get_args(Event))


@pytest.mark.parametrize(("event", "expected"), _every_event(), ids=lambda value: type(value).__name__)
def test_event_json_has_the_designed_keys(event: Event, expected: dict[str, Any]) -> None:
    data = event_to_json(event)
    assert {key: data.get(key) for key in expected} == expected
    assert isinstance(data.get("type"), str)
    assert json.loads(json.dumps(data)) == data


def test_event_json_types_are_distinct() -> None:
    kinds = [event_to_json(event)["type"] for event, _ in _every_event()]
    assert len(set(kinds)) == len(set(typing.get_args(Event)))


def test_the_designed_events_have_exactly_the_designed_keys() -> None:
    exact = {
        "ask_partner": {"seat": 0, "type": "ask_partner"},
        "answer": {"seat": 2, "type": "answer", "yes": False},
        "discard": {"seat": 3, "type": "discard", "card": "7S"},
        "red_three": {"seat": 2, "type": "red_three", "card": "3H"},
        "meld": {"seat": 3, "type": "meld", "new": [["QH", "QS", "2C"]], "add": {"K": ["KD"]}},
        "combine": {"seat": 2, "type": "combine", "melds": [1, 4]},
    }
    for event, _ in _every_event():
        data = event_to_json(event)
        if data["type"] in exact:
            assert data == exact[data["type"]]


def test_a_take_onto_a_meld_names_the_meld_in_json() -> None:
    onto = event_to_json(TakePileEvent(1, _cs("7C 9C KH"), (), (), 0))
    assert onto == {"seat": 1, "type": "take_pile", "cards": ["7C", "9C", "KH"], "with": [], "also": [], "onto": 0}
    assert "onto" not in event_to_json(TakePileEvent(1, _cs("7C 9C KH"), _cs("KS KD"), ()))
    assert event_from_json(onto) == TakePileEvent(1, _cs("7C 9C KH"), (), (), 0)


def test_additions_by_index_are_written_as_a_list_and_by_rank_alone_as_an_object() -> None:
    by_index = MeldEvent(0, (), ((Rank.QUEEN, _cs("QD")),), ((3, _cs("5H JK")), (0, _cs("KD"))))
    data = event_to_json(by_index)
    assert data["add"] == [
        {"rank": "Q", "cards": ["QD"]},
        {"meld": 3, "cards": ["5H", "JK"]},
        {"meld": 0, "cards": ["KD"]},
    ]
    assert event_from_json(data) == by_index
    by_rank = MeldEvent(0, (), ((Rank.QUEEN, _cs("QD")),))
    assert event_to_json(by_rank)["add"] == {"Q": ["QD"]}
    assert event_from_json(event_to_json(by_rank)) == by_rank


def test_a_combine_event_reads_back() -> None:
    assert event_from_json({"seat": 2, "type": "combine", "melds": [1, 4]}) == CombineEvent(2, (1, 4))


def test_a_redacted_draw_carries_no_cards_in_json() -> None:
    data = event_to_json(DrawEvent(2, 1, None))
    assert data.get("cards") is None
    own = event_to_json(DrawEvent(2, 2, _cs("7C 3H")))
    assert own.get("cards") == ["7C", "3H"]


def test_a_redacted_deal_carries_no_other_hand_in_json() -> None:
    data = event_to_json(DealEvent(3, (_cs("KH QS"), None, None, None), _cs("8H"), ()))
    assert data["hands"] == [["KH", "QS"], None, None, None]


def test_a_deal_to_the_stock_bottom_names_the_cards_in_json() -> None:
    data = event_to_json(DealEvent(0, (None, None, None, None), _cs("8H"), _cs("JK 3D")))
    assert data["to_stock_bottom"] == ["JK", "3D"]


def test_a_dumped_view_history_never_shows_another_seats_drawn_cards() -> None:
    rules = Rules.for_players(4)
    state = new_hand(rules, (0, 0), 2, random.Random(33))
    played = play_hand(state, [GreedyBot() for _ in range(4)]).state
    for seat in range(4):
        history = dump_view(view_for(played, seat))["history"]
        json.dumps(history)
        draws = [entry for entry in history if entry["type"] == "draw"]
        assert draws
        for entry in draws:
            assert ("cards" in entry and entry["cards"] is not None) == (entry["seat"] == seat)
        meld_entries = [entry for entry in history if entry["type"] in ("meld", "take_pile")]
        assert all("seat" in entry for entry in meld_entries)


def test_a_meld_step_event_lists_the_new_melds_and_additions() -> None:
    state = apply(_dealt(), TakePile(with_=_cs("8C 8D"), also=(_cs("AC AD AH"),))).state
    step = apply(state, Meld(new=(_cs("KC KD KH"),)))
    (event,) = step.events
    assert isinstance(event, MeldEvent)
    assert event_to_json(event) == {"seat": 1, "type": "meld", "new": [["KC", "KD", "KH"]], "add": {}}
    for seat in range(4):
        assert step.events_for(seat) == step.events


def test_a_copy_of_a_view_made_with_replace_carries_no_answer_of_the_original() -> None:
    """Answers worked out about a view are kept beside it: `dataclasses.replace` gives a view that works them
    out afresh (a view with an empty stock no longer lists the draw)."""
    state = new_hand(Rules.for_players(4), (0, 0), 0, random.Random(5))
    view = view_for(state, state.current)
    assert Draw() in legal_actions(view)
    emptied = dataclasses.replace(view, stock_count=0)
    assert Draw() not in legal_actions(emptied)
    assert Draw() in legal_actions(view)  # the original keeps its own answer
    assert not any(field.name == "memo" for field in dataclasses.fields(view)), "no cache inside the value"


# --- the family's steps, as everyone sees them ----------------------------------------------------------------------


def _samba_kings_combined() -> Transition:
    """Samba, dealer 0: seat 1 draws, lays two groups of kings and combines them, naming the later one first;
    seat 2 is dealt a king to discard and seat 1's partner a pair of aces."""
    rules = Rules.for_players(4, variant="samba")
    hands = {1: "KC KD KH KS KC KD 9C", 2: "KH 5D", 3: "AC AD"}
    state = new_hand(rules, (0, 0), 0, rigged(rules, 0, hands, "7C 8C 8D 6S 6H"))
    state = apply(state, Draw()).state
    state = apply(state, Meld(new=(_cs("KC KD KH"), _cs("KS KC KD")))).state
    assert [meld.label for meld in state.melds[1]] == ["K", "K"]
    return apply(state, Combine((1, 0)))


def test_a_combine_is_seen_whole_by_everyone_and_keeps_the_lower_index() -> None:
    transition = _samba_kings_combined()
    assert transition.events == (CombineEvent(1, (0, 1)),)
    assert event_to_json(transition.events[0]) == {"seat": 1, "type": "combine", "melds": [0, 1]}
    for seat in range(4):
        assert transition.events_for(seat) == transition.events
    (kings,) = transition.state.melds[1]
    assert sorted(texts(kings.cards)) == ["KC", "KC", "KD", "KD", "KH", "KS"]


def test_a_take_onto_a_meld_is_seen_whole_by_everyone() -> None:
    state = apply(_samba_kings_combined().state, Discard(_c("9C"))).state
    state = apply(apply(state, Draw()).state, Discard(_c("KH"))).state
    assert (state.current, texts(state.pile)) == (3, ["7C", "9C", "KH"])
    take = apply(state, TakePile(onto=0))
    (event,) = [event for event in take.events if isinstance(event, TakePileEvent)]
    assert event_to_json(event) == {
        "seat": 3, "type": "take_pile", "cards": ["7C", "9C", "KH"], "with": [], "also": [], "onto": 0,
    }  # fmt: skip
    for seat in range(4):
        assert take.events_for(seat) == take.events
    assert len(take.state.melds[1][0].cards) == 7
    assert dump_view(view_for(take.state, 0))["history"][-1]["onto"] == 0
