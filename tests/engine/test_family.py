"""The family's machinery on small made-up shapes: two groups of a rank, sequences, wild melds, melds named by
index, combining, taking the pile onto a meld, going out with a sequence canasta; classic's placing untouched."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from typing import Any

import pytest

from canasta.engine.actions import (
    Action,
    Combine,
    Declared,
    Discard,
    Meld,
    Pass,
    TakePile,
    action_from_json,
    action_to_json,
)
from canasta.engine.cards import Card, Rank, Suit, make_deck
from canasta.engine.events import CombineEvent, MeldEvent, TakePileEvent, event_from_json, event_to_json
from canasta.engine.invariants import violations
from canasta.engine.judge import check, legal_actions
from canasta.engine.melds import TableMeld
from canasta.engine.play import HandOptions, PolicySeat, play_hand
from canasta.engine.playerview import DrewFrom, Phase, TurnState, asker_of, partner_to_ask
from canasta.engine.position import PositionFormatError, dump_position, load_position
from canasta.engine.refusals import Code
from canasta.engine.rules import MeldKind, PileRule, Rules
from canasta.engine.scoring import score_hand
from canasta.engine.state import GameState
from canasta.engine.transitions import Transition, apply, new_hand
from canasta.engine.views import view_for

CLASSIC = Rules.for_players(4)


def made_up(**fields: Any) -> Rules:
    """Four-player classic rules over a shape with `fields` changed."""
    return CLASSIC.with_shape(dataclasses.replace(CLASSIC.shape, **fields))


TWO_GROUPS = made_up(groups_per_rank=None, max_wilds=2, wilds_after_canasta=False)
SEQUENCES = made_up(meld_kinds=frozenset({MeldKind.GROUP, MeldKind.SEQUENCE}), sequence_bonus=1500)
WILD_MELDS = made_up(meld_kinds=frozenset({MeldKind.GROUP, MeldKind.WILD}), wild_canasta_bonus=2500)


class _Cards:
    """Hands out physical cards by notation, a new copy each time a notation comes back."""

    def __init__(self) -> None:
        self.copies: Counter[str] = Counter()

    def __call__(self, text: str) -> tuple[Card, ...]:
        cards = []
        for word in text.split():
            cards.append(Card.parse(word, self.copies[word]))
            self.copies[word] += 1
        return tuple(cards)


def table(  # noqa: PLR0913 - a builder: every part of the table is a keyword
    rules: Rules,
    hand: str,
    melds: tuple[tuple[str, MeldKind], ...] = (),
    *,
    pile: str = "5C 9D",
    phase: Phase = Phase.PLAY,
    opponents: tuple[tuple[str, MeldKind], ...] = (),
) -> GameState:
    """Seat 0 to play with `hand` and his side's `melds` (cards, kind); the rest of the deck in the stock."""
    take = _Cards()
    held = take(hand)
    pile_cards = take(pile)
    sides = [tuple(_meld(take(cards), kind) for cards, kind in side) for side in (melds, opponents)]
    placed = [*held, *pile_cards, *(card for side in sides for meld in side for card in meld.cards)]
    stock = [card for card in make_deck(rules.shape.packs, rules.shape.jokers_per_pack) if card not in set(placed)]
    stock = [card for card in stock if not card.is_red_three]  # the others' hands come from here: no red three
    others = tuple(tuple(stock[5 * seat : 5 * seat + 5]) for seat in range(3))
    drew = DrewFrom.STOCK if phase is Phase.PLAY else None
    return GameState(
        rules=rules, scores=(0, 0), dealer=3, current=0, phase=phase,
        hands=(held, *others), stock=tuple(stock[15:]), pile=pile_cards, melds=(sides[0], sides[1]),
        red_threes=(tuple(card for card in make_deck(2, 2) if card.is_red_three), ()),
        melded_this_hand=(bool(melds), bool(opponents), False, False),
        turn=TurnState(drew_from=drew), seen=((), (), (), ()),
    )  # fmt: skip


def _meld(cards: tuple[Card, ...], kind: MeldKind) -> TableMeld:
    if kind is MeldKind.GROUP:
        return TableMeld(next(card.rank for card in cards if not card.is_wild), cards)
    return TableMeld(None, cards, kind=kind)


G, S, W = MeldKind.GROUP, MeldKind.SEQUENCE, MeldKind.WILD


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in text.split())


def refusal_code(state: GameState, action: Action) -> Code | None:
    refusal = check(view_for(state, state.current), action)
    return None if refusal is None else refusal.code


def after(state: GameState, action: Action) -> GameState:
    assert refusal_code(state, action) is None
    return apply(state, action).state


def texts(meld: TableMeld) -> list[str]:
    return [card.text for card in meld.cards]


# -- several groups of a rank -----------------------------------------------------------------------------------


def test_a_new_group_of_a_rank_held_stands_beside_the_old_one_where_a_side_may_hold_several() -> None:
    melds = (("KC KD KH", G),)
    step = Meld(new=(cards("KS KS KD"),))
    two = after(table(TWO_GROUPS, "KS KS KD 5H 6H 7D", melds), step).melds[0]
    assert [meld.rank for meld in two] == [two[0].rank, two[0].rank] and [len(m.cards) for m in two] == [3, 3]
    one = after(table(CLASSIC, "KS KS KD 5H 6H 7D", melds), step).melds[0]
    assert [len(meld.cards) for meld in one] == [6]  # classic: one group per rank, the new cards join it


def test_a_rank_names_a_meld_only_where_it_is_the_sides_one_group_of_that_rank() -> None:
    state = table(TWO_GROUPS, "KS 5H 6H 7D 8C", (("KC KD KH", G), ("QC QD QH", G), ("KC KD KS", G)))
    assert refusal_code(state, Meld(add=((cards("KS")[0].rank, cards("KS")),))) is Code.WHICH_MELD
    grown = after(state, Meld(add_to=((2, cards("KS")),))).melds[0]
    assert [len(meld.cards) for meld in grown] == [3, 3, 4]
    assert refusal_code(state, Meld(add_to=((1, ()),))) is Code.EMPTY_MELD_STEP
    assert refusal_code(state, Meld(add_to=((1, cards("KS")),))) is Code.MELD_MIXED_RANKS  # kings onto the queens


def test_an_index_past_the_sides_melds_is_refused_with_its_number() -> None:
    state = table(TWO_GROUPS, "KS 5H 6H 7D 8C", (("KC KD KH", G),))
    refusal = check(view_for(state, 0), Meld(add_to=((3, cards("KS")),)))
    assert refusal is not None and refusal.code is Code.NO_SUCH_MELD and ("number", 4) in refusal.args
    assert refusal_code(table(CLASSIC, "KS 5H 6H 7D", (("KC KD KH", G),)), Meld(add_to=((1, cards("KS")),))) is (
        Code.NO_SUCH_MELD
    )


def test_combining_joins_two_groups_at_the_lower_index_and_moves_the_later_melds_down() -> None:
    state = table(TWO_GROUPS, "5H 6H 7D", (("KC KD KH", G), ("QC QD QH", G), ("KC KD 2S", G), ("9C 9D 9H", G)))
    transition = apply(state, Combine((2, 0)))
    melds = transition.state.melds[0]
    assert [texts(meld) for meld in melds] == [
        ["KC", "KD", "KH", "KC", "KD", "2S"],
        ["QC", "QD", "QH"],
        ["9C", "9D", "9H"],
    ]
    assert transition.events == (CombineEvent(0, (0, 2)),)
    assert transition.state.hands[0] == state.hands[0]
    assert violations(transition.state) == []


@pytest.mark.parametrize(
    ("melds", "pair", "code"),
    [
        ((("KC KD KH", G), ("QC QD QH", G)), (0, 1), Code.CANNOT_COMBINE),  # two ranks
        ((("KC KD KH", G),), (0, 0), Code.CANNOT_COMBINE),  # one meld with itself
        ((("KC KD 2H JK", G), ("KS KS 2S", G)), (0, 1), Code.MELD_TOO_MANY_WILDS),  # 2 + 1 wild cards > 2
        ((("KC KD KH KS KC KD KH", G), ("KS KS 2C", G)), (0, 1), Code.WILDS_ON_CANASTA),  # a wild onto a canasta
        ((("KC KD KH", G),), (0, 5), Code.NO_SUCH_MELD),
    ],
)
def test_combining_is_refused_where_the_result_breaks_a_meld_rule(
    melds: tuple[tuple[str, MeldKind], ...], pair: tuple[int, int], code: Code
) -> None:
    state = table(TWO_GROUPS, "5H 6H 7D", melds)
    before = dataclasses.replace(state)
    assert refusal_code(state, Combine(pair)) is code
    assert state == before


def test_classic_never_combines_and_combining_waits_for_the_draw() -> None:
    assert refusal_code(table(CLASSIC, "5H 6H 7D", (("KC KD KH", G),)), Combine((0, 0))) is Code.CANNOT_COMBINE
    drawing = table(TWO_GROUPS, "5H 6H 7D", (("KC KD KH", G), ("KC KD KS", G)), phase=Phase.DRAW)
    assert refusal_code(drawing, Combine((0, 1))) is Code.MUST_DRAW_FIRST


def test_a_group_that_is_a_canasta_takes_natural_cards_but_no_wild_card_where_the_shape_says_so() -> None:
    melds = (("KC KD KH KS KC KD KH", G),)
    assert refusal_code(table(TWO_GROUPS, "KS 2C 5H 6H", melds), Meld(add_to=((0, cards("2C")),))) is (
        Code.WILDS_ON_CANASTA
    )
    assert refusal_code(table(TWO_GROUPS, "KS 2C 5H 6H", melds), Meld(add_to=((0, cards("KS")),))) is None
    assert refusal_code(table(CLASSIC, "KS 2C 5H 6H", melds), Meld(add_to=((0, cards("2C")),))) is None


def test_two_groups_of_one_rank_are_listed_for_combining_and_each_is_named_by_index() -> None:
    state = table(TWO_GROUPS, "KS 5H 6H 7D", (("KC KD KH", G), ("KC KD KS", G)))
    legal = legal_actions(view_for(state, 0))
    assert Combine((0, 1)) in legal
    additions = [action.add_to for action in legal if isinstance(action, Meld) and action.add_to]
    assert {index for step in additions for index, _ in step} == {0, 1}
    assert all(check(view_for(state, 0), action) is None for action in legal)


# -- taking the pile --------------------------------------------------------------------------------------------


def test_a_natural_pair_takes_the_pile_as_a_new_group_beside_the_sides_group_of_that_rank() -> None:
    melds = (("KC KD KH", G),)
    take = TakePile(cards("KS KS"))
    apart = after(table(TWO_GROUPS, "KS KS 5H 6H 7D", melds, pile="5C KD", phase=Phase.DRAW), take)
    assert [len(meld.cards) for meld in apart.melds[0]] == [3, 3]
    joined = after(table(CLASSIC, "KS KS 5H 6H 7D", melds, pile="5C KD", phase=Phase.DRAW), take)
    assert [len(meld.cards) for meld in joined.melds[0]] == [6]


def test_taking_onto_a_meld_moves_the_top_card_alone_to_the_meld_named() -> None:
    state = table(TWO_GROUPS, "KS 5H 6H 7D", (("KC KD KH", G), ("KC KD KS", G)), pile="5C 9D KH", phase=Phase.DRAW)
    assert refusal_code(state, TakePile()) is Code.WHICH_MELD  # two groups of kings: which one?
    transition = apply(state, TakePile(onto=1))
    assert [len(meld.cards) for meld in transition.state.melds[0]] == [3, 4]
    assert isinstance(transition.events[0], TakePileEvent) and transition.events[0].onto == 1
    assert sorted(card.text for card in transition.state.hands[0]) == ["5C", "5H", "6H", "7D", "9D", "KS"]
    assert refusal_code(state, TakePile(cards("KS"), onto=1)) is Code.TAKE_ONTO_NOT_ALONE
    assert refusal_code(state, TakePile(onto=2)) is Code.NO_SUCH_MELD


def test_the_top_card_goes_onto_a_sequence_it_extends_and_nowhere_else() -> None:
    melds = (("5H 6H 7H", S), ("9C 9D 9S", G))
    onto_run = table(SEQUENCES, "KS QD JC 4D", melds, pile="5C 8H", phase=Phase.DRAW)
    assert texts(after(onto_run, TakePile(onto=0)).melds[0][0]) == ["5H", "6H", "7H", "8H"]
    assert refusal_code(onto_run, TakePile(onto=1)) is Code.MELD_MIXED_RANKS
    wrong_suit = table(SEQUENCES, "KS QD JC 4D", melds, pile="5C 8S", phase=Phase.DRAW)
    assert refusal_code(wrong_suit, TakePile(onto=0)) is Code.SEQUENCE_ONE_SUIT
    assert TakePile(onto=0) in legal_actions(view_for(onto_run, 0))


# -- sequences --------------------------------------------------------------------------------------------------


def test_a_run_of_one_suit_is_a_sequence_kept_low_to_high() -> None:
    state = after(table(SEQUENCES, "7H 5H 6H KS QD JC", (("9C 9D 9S", G),)), Meld(new=(cards("7H 5H 6H"),)))
    run = state.melds[0][1]
    assert (run.kind, run.rank, run.suit, texts(run)) == (S, None, cards("5H")[0].suit, ["5H", "6H", "7H"])
    assert violations(state) == []


@pytest.mark.parametrize(
    ("laid", "code"),
    [
        ("5H 6S 7H", Code.SEQUENCE_ONE_SUIT),
        ("5H 6H 8H", Code.SEQUENCE_NOT_RUN),
        ("5H 5H 6H", Code.SEQUENCE_NOT_RUN),
        ("KH AH 4H", Code.SEQUENCE_NOT_RUN),  # the ace is high only: nothing wraps
        ("3S 4S 5S", Code.SEQUENCE_NATURALS_ONLY),
        ("5H 6H", Code.MELD_TOO_SMALL),
        ("5H 6H 2C", Code.MELD_MIXED_RANKS),  # a wild card never joins a sequence: as a group it mixes ranks
    ],
)
def test_what_is_no_sequence_is_refused_with_the_reason(laid: str, code: Code) -> None:
    state = table(SEQUENCES, f"{laid} KS QD JC", (("9C 9D 9S", G),))
    assert refusal_code(state, Meld(new=(cards(laid),))) is code


def test_a_sequence_grows_at_either_end_up_to_its_most_cards_and_is_then_a_canasta() -> None:
    state = table(SEQUENCES, "4H 9H TH JH KS QD", (("5H 6H 7H 8H", S),))
    grown = after(state, Meld(add_to=((0, cards("4H 9H TH")),)))
    assert texts(grown.melds[0][0]) == ["4H", "5H", "6H", "7H", "8H", "9H", "TH"]
    assert refusal_code(state, Meld(add_to=((0, cards("4H 9H TH JH")),))) is Code.MELD_TOO_LARGE
    assert refusal_code(state, Meld(add_to=((0, cards("TH")),))) is Code.SEQUENCE_NOT_RUN
    assert score_hand(grown)[0].canastas == 1500  # the shape's sequence bonus, not a natural canasta's 500


def test_the_classic_shape_still_refuses_a_run() -> None:
    assert refusal_code(table(CLASSIC, "5H 6H 7H KS QD", (("9C 9D 9S", G),)), Meld(new=(cards("5H 6H 7H"),))) is (
        Code.MELD_MIXED_RANKS
    )


def test_new_runs_and_additions_at_each_end_are_listed() -> None:
    state = table(SEQUENCES, "4H 8H 9C TC JC KS QD", (("5H 6H 7H", S),))
    legal = legal_actions(view_for(state, 0))
    assert Meld(new=(cards("9C TC JC"),)) in legal
    assert Meld(add_to=((0, cards("4H")),)) in legal and Meld(add_to=((0, cards("8H")),)) in legal
    assert all(check(view_for(state, 0), action) is None for action in legal)


# -- wild melds -------------------------------------------------------------------------------------------------


def test_wild_cards_alone_make_a_wild_meld_of_at_most_its_size_where_the_shape_has_them() -> None:
    state = after(table(WILD_MELDS, "JK 2C 2D KS QD JC", (("9C 9D 9S", G),)), Meld(new=(cards("JK 2C 2D"),)))
    assert (state.melds[0][1].kind, state.melds[0][1].rank) == (W, None)
    full = table(WILD_MELDS, "JK 2S KS QD JC", (("JK JK 2C 2D 2H 2S", W),))
    assert refusal_code(full, Meld(add_to=((0, cards("JK")),))) is None
    assert refusal_code(full, Meld(add_to=((0, cards("JK 2S")),))) is Code.MELD_TOO_LARGE
    assert refusal_code(full, Meld(add_to=((0, cards("KS")),))) is Code.WILD_MELD_WILDS_ONLY
    completed = after(full, Meld(add_to=((0, cards("JK")),)))
    assert score_hand(completed)[0].canastas == 2500
    classic = table(CLASSIC, "JK 2C 2D KS QD", (("9C 9D 9S", G),))
    assert refusal_code(classic, Meld(new=(cards("JK 2C 2D"),))) is Code.MELD_WITHOUT_NATURAL_RANK


# -- going out --------------------------------------------------------------------------------------------------


def test_a_game_that_asks_for_a_sequence_canasta_to_go_out_refuses_the_last_discard_without_one() -> None:
    rules = made_up(meld_kinds=frozenset({G, S}), going_out_needs_sequence=True)
    groups_only = table(rules, "5C", (("KC KD KH KS KC KD KH", G),))
    assert refusal_code(groups_only, Discard(cards("5C")[0])) is Code.GOING_OUT_NEEDS_SEQUENCE
    with_run = table(rules, "5C", (("KC KD KH KS KC KD KH", G), ("5H 6H 7H 8H 9H TH JH", S)))
    assert refusal_code(with_run, Discard(cards("5C")[0])) is None
    assert refusal_code(table(CLASSIC, "5C", (("KC KD KH KS KC KD KH", G),)), Discard(cards("5C")[0])) is None


# -- classic through the new doors, and the JSON ------------------------------------------------------------------


def test_in_classic_a_meld_named_by_index_is_the_meld_of_that_rank() -> None:
    state = table(CLASSIC, "KS QS 5H 6H 7D", (("QC QD QH", G), ("KC KD KH", G)))
    by_index = apply(state, Meld(add_to=((1, cards("KS")),))).state
    by_rank = apply(state, Meld(add=((cards("KS")[0].rank, cards("KS")),))).state
    assert by_index.melds == by_rank.melds and by_index.hands == by_rank.hands
    onto = table(CLASSIC, "KS 5H 6H 7D", (("QC QD QH", G), ("KC KD KH", G)), pile="5C KD", phase=Phase.DRAW)
    assert apply(onto, TakePile(onto=1)).state.melds == apply(onto, TakePile()).state.melds
    assert refusal_code(onto, TakePile(onto=0)) is Code.NO_SUCH_MELD  # the top king does not go onto the queens


@pytest.mark.parametrize(
    "action",
    [
        Combine((1, 4)),
        TakePile(onto=2),
        Meld(new=(cards("5H 6H 7H"),), add_to=((2, cards("7S")),)),
        Meld(add=((cards("KS")[0].rank, cards("KS")),), add_to=((0, cards("2C")),)),
    ],
)
def test_the_familys_actions_read_back_from_their_json(action: Action) -> None:
    assert action_from_json(action_to_json(action)) == action


def test_classic_actions_and_events_keep_their_json() -> None:
    king = cards("KS")[0].rank
    assert action_to_json(Meld(add=((king, cards("KS")),))) == {"type": "meld", "new": [], "add": {"K": ["KS"]}}
    assert action_to_json(TakePile(cards("KS KS"))) == {"type": "take_pile", "with": ["KS", "KS"], "also": []}
    assert event_to_json(MeldEvent(1, (), ((king, cards("KS")),))) == {
        "seat": 1, "type": "meld", "new": [], "add": {"K": ["KS"]},
    }  # fmt: skip


def test_a_new_meld_written_as_an_object_reads_as_its_cards_and_what_it_declares() -> None:
    data = {"type": "meld", "new": [{"kind": "sequence", "suit": "S", "cards": ["4S", "5S", "6S"]}],
            "add": [{"meld": 2, "cards": ["7S"]}]}  # fmt: skip
    spades = (Declared(MeldKind.SEQUENCE, suit=Suit.SPADES),)
    assert action_from_json(data) == Meld(new=(cards("4S 5S 6S"),), add_to=((2, cards("7S")),), declared=spades)
    assert action_to_json(action_from_json(data)) == data


@pytest.mark.parametrize(
    "event",
    [CombineEvent(2, (0, 3)), TakePileEvent(1, cards("5C KD"), (), (), 1), MeldEvent(0, (), (), ((1, cards("KS")),))],
)
def test_the_familys_events_read_back_from_their_json(event: Any) -> None:
    assert event_from_json(event_to_json(event)) == event


# -- seats and whole hands ----------------------------------------------------------------------------------------


def test_six_player_samba_partners_sit_three_apart_and_classic_partners_two() -> None:
    samba = Rules.for_players(6, variant="samba")
    assert [partner_to_ask(samba, seat) for seat in range(6)] == [3, 4, 5, 0, 1, 2]
    assert [asker_of(samba, partner_to_ask(samba, seat) or 0) for seat in range(6)] == list(range(6))
    classic = Rules.for_players(6)
    assert [partner_to_ask(classic, seat) for seat in range(6)] == [2, 3, 4, 5, 0, 1]
    assert [asker_of(classic, seat) for seat in range(6)] == [4, 5, 0, 1, 2, 3]


def _random_hand(rules: Rules, seed: int, kinds: Counter[str]) -> GameState:
    """Up to 1500 random legal actions of a seeded hand, every invariant checked, each kind of action counted."""
    rng = random.Random(seed)
    state = new_hand(rules, (0,) * len(rules.shape.sides), 0, rng)
    actions = 0

    def check(_before: GameState, action: Action, step: Transition) -> None:
        nonlocal actions
        actions += 1
        kinds[type(action).__name__] += 1
        assert violations(step.state) == [], action

    seats = [PolicySeat(lambda view: rng.choice(legal_actions(view)))] * rules.players
    return play_hand(state, seats, HandOptions(on_step=check, stop=lambda _: actions >= 1500)).state


@pytest.mark.parametrize(("variant", "players"), [("samba", 4), ("samba", 6), ("bolivia", 4)])
def test_random_legal_play_of_the_familys_shapes_keeps_every_invariant(variant: str, players: int) -> None:
    rules = Rules.for_players(players, variant=variant)
    kinds: Counter[str] = Counter()
    for seed in range(3):
        state = _random_hand(rules, seed, kinds)
        kinds.update(meld.kind.value for side in state.melds for meld in side)
    assert kinds["sequence"] > 0 and kinds["Combine"] + kinds["TakePile"] > 0


# -- reading the family's JSON strictly ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "declared"),
    [
        ({"kind": "sequence", "suit": "H", "cards": ["QH", "QS", "QD"]}, Declared(MeldKind.SEQUENCE, suit=Suit.HEARTS)),
        ({"kind": "group", "rank": "K", "cards": ["QH", "QS", "QD"]}, Declared(MeldKind.GROUP, Rank.KING)),
        ({"kind": "group", "cards": ["JK", "2C", "2D"]}, Declared(MeldKind.GROUP)),
        ({"kind": "wild", "cards": ["JK", "2C", "KD"]}, Declared(MeldKind.WILD)),
        ({"kind": "sequence", "cards": ["5H", "6H", "2C"]}, Declared(MeldKind.SEQUENCE)),
        ({"kind": "sequence", "suit": "S", "cards": ["5H", "6H", "7H"]}, Declared(MeldKind.SEQUENCE, suit=Suit.SPADES)),
    ],
)
def test_a_new_meld_written_as_an_object_its_cards_do_not_make_is_read_for_the_rules_to_judge(
    written: dict[str, Any], declared: Declared
) -> None:
    action = action_from_json({"type": "meld", "new": [written]})
    assert isinstance(action, Meld) and action.declared == (declared,)
    assert [card.text for card in action.new[0]] == written["cards"]
    assert action_to_json(action)["new"] == [written]


@pytest.mark.parametrize(
    ("written", "named"),
    [
        ({"kind": "run", "cards": ["5H", "6H", "7H"]}, r"action\.new\[0\]\.kind"),
        ({"kind": "sequence", "rank": "5", "cards": ["5H", "6H", "7H"]}, r"action\.new\[0\]: only a group has a rank"),
        ({"kind": "group", "suit": "H", "cards": ["5H", "5S", "5D"]}, r"action\.new\[0\]: only a sequence has a suit"),
        ({"kind": "group", "rank": "2", "cards": ["2H", "2S", "2D"]}, r"action\.new\[0\]\.rank"),
        ({"kind": "sequence", "suit": "X", "cards": ["5H", "6H", "7H"]}, r"action\.new\[0\]\.suit"),
        ({"kind": "wild", "cards": "JK"}, r"action\.new\[0\]\.cards"),
    ],
)
def test_a_new_meld_object_that_cannot_be_read_is_a_format_error(written: dict[str, Any], named: str) -> None:
    with pytest.raises(ValueError, match=named):
        action_from_json({"type": "meld", "new": [written]})


@pytest.mark.parametrize(
    "event",
    [
        {"seat": 0, "type": "combine", "melds": [5, -1]},
        {"seat": 0, "type": "take_pile", "cards": ["5C"], "with": [], "onto": -2},
    ],
)
def test_an_event_naming_a_negative_meld_index_is_refused(event: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="meld's index"):
        event_from_json(event)


def test_a_rank_entry_of_an_addition_list_is_named_where_it_stands() -> None:
    with pytest.raises(ValueError, match=r"action\.add\[1\]\.cards"):
        action_from_json({"type": "meld", "add": [{"meld": 0, "cards": ["KS"]}, {"rank": "Q", "cards": "QS"}]})


def _samba_position() -> dict[str, Any]:
    rules = Rules.for_players(4, variant="samba")
    state = new_hand(rules, (0, 0), 0, random.Random(3))
    data: dict[str, Any] = json.loads(json.dumps(dump_position(state)))
    return data


def test_a_position_says_its_format_by_its_game() -> None:
    samba = _samba_position()
    assert samba["format"] == "canasta-position/2" and dump_position(load_position(samba)) == samba
    for wrong in ("canasta-position/1", None):
        with pytest.raises(PositionFormatError, match="canasta-position/2' for samba"):
            load_position({**samba, "format": wrong} if wrong else {k: v for k, v in samba.items() if k != "format"})
    classic = json.loads(json.dumps(dump_position(new_hand(CLASSIC, (0, 0), 0, random.Random(3)))))
    with pytest.raises(PositionFormatError, match="canasta-position/1' for classic"):
        load_position({**classic, "format": "canasta-position/2"})


def test_a_family_meld_names_its_kind_and_only_a_sequence_has_a_suit() -> None:
    samba = _samba_position()  # melds are read before the deck is counted: the cards need not be taken from elsewhere
    run = ["5S", "6S", "7S"]
    samba["melds"][0] = [run]
    with pytest.raises(PositionFormatError, match=r"melds\[0\]\[0\] must be an object with its kind"):
        load_position(samba)
    samba["melds"][0] = [{"kind": "group", "suit": "S", "cards": run}]
    with pytest.raises(PositionFormatError, match="only a sequence has a suit"):
        load_position(samba)
    samba["melds"][0] = [{"cards": run}]
    with pytest.raises(PositionFormatError, match=r"melds\[0\]\[0\]\.kind is missing"):
        load_position(samba)
    samba["melds"][0] = [{"kind": "sequence", "suit": "S", "cards": ["7S", "6S", "5S"]}]
    with pytest.raises(PositionFormatError, match="low to high"):
        load_position(samba)
    classic = json.loads(json.dumps(dump_position(new_hand(CLASSIC, (0, 0), 0, random.Random(3)))))
    classic["melds"][0] = [{"kind": "group", "cards": ["KS", "KD", "KC"]}]
    with pytest.raises(PositionFormatError, match="a classic meld is its cards"):
        load_position(classic)


def test_a_game_that_asks_for_clean_and_dirty_books_to_go_out_counts_them() -> None:
    rules = made_up(books_to_go_out=(1, 1))
    clean_only = table(rules, "5C", (("KC KD KH KS KC KD KH", G), ("QC QD QH", G)))
    refusal = check(view_for(clean_only, 0), Discard(cards("5C")[0]))
    assert refusal is not None and refusal.code is Code.GOING_OUT_NEEDS_BOOKS
    assert dict(refusal.args) == {"clean_needed": 1, "dirty_needed": 1, "clean": 1, "dirty": 0}
    both = table(rules, "5C", (("KC KD KH KS KC KD KH", G), ("QC QD QH QS QC QD 2H", G)))
    assert refusal_code(both, Discard(cards("5C")[0])) is None


# -- Samba's pile ---------------------------------------------------------------------------------------------------

SAMBA_LIKE = made_up(
    groups_per_rank=None, max_wilds=2, wilds_after_canasta=False, pile_rule=PileRule.PAIR_OR_UNFINISHED_MELD,
    meld_kinds=frozenset({G, S}), concealed_exemption=False,
)  # fmt: skip


@pytest.mark.parametrize(
    ("melds", "take", "code"),
    [
        ((("KC KD KH", G),), TakePile(cards("KS 2C")), Code.PILE_TAKE_NEEDS_NATURAL_PAIR),  # one natural, one wild
        ((), TakePile(cards("KS 2C")), Code.PILE_TAKE_NEEDS_NATURAL_PAIR),
        ((("KC KD KH KS KC KD KH", G),), TakePile(onto=0), Code.PILE_ONTO_CANASTA),
        ((("KC KD KH KS KC KD KH", G),), TakePile(), Code.PILE_ONTO_CANASTA),
        ((("QC QD QH", G),), TakePile(), Code.PILE_TAKE_NEEDS_MELD),
        ((("KC KD KH", G),), TakePile(cards("QS JS")), Code.PILE_TAKE_WRONG_RANK),  # never starts a sequence
        ((("KC KD KH", G),), TakePile(cards("KS KS 2C")), None),  # a natural pair, and a wild card within the limit
        ((("KC KD KH", G),), TakePile(onto=0), None),
        ((("KC KD KH", G),), TakePile(), None),  # the side's one group of kings
    ],
)
def test_samba_takes_the_pile_with_a_natural_pair_or_the_top_card_alone_onto_a_meld_short_of_a_canasta(
    melds: tuple[tuple[str, MeldKind], ...], take: TakePile, code: Code | None
) -> None:
    state = table(SAMBA_LIKE, "KS KS 2C QS JS 5H 6D", melds, pile="5C KD", phase=Phase.DRAW)
    assert refusal_code(state, take) is code
    classic_rules = made_up(groups_per_rank=None, max_wilds=2, wilds_after_canasta=False)
    if take == TakePile(cards("KS 2C")) and melds:  # classic's house rules allow a natural and a wild card
        assert (
            refusal_code(table(classic_rules, "KS KS 2C QS JS 5H 6D", melds, pile="5C KD", phase=Phase.DRAW), take)
            is None
        )


def test_a_frozen_pile_needs_the_natural_pair_in_samba_too() -> None:
    state = table(SAMBA_LIKE, "KS KS 2C QS JS 5H 6D", (("KC KD KH", G),), pile="5C 2D KD", phase=Phase.DRAW)
    assert refusal_code(state, TakePile(onto=0)) is Code.PILE_FROZEN_NEEDS_NATURAL_PAIR
    taken = after(state, TakePile(cards("KS KS")))
    assert [len(meld.cards) for meld in taken.melds[0]] == [3, 3]  # a new group beside the old one
    assert Rules.for_players(4, variant="samba").shape.pile_rule is PileRule.PAIR_OR_UNFINISHED_MELD


def test_a_first_meld_that_needs_a_sequence_and_a_group_together_is_listed() -> None:
    state = table(SAMBA_LIKE, "TH JH QH KS KS KD 9C 4D 6S")  # 30 + 30: neither reaches the 50 alone
    legal = legal_actions(view_for(state, 0))
    firsts = [action for action in legal if isinstance(action, Meld) and action.new]
    assert firsts and all(sum(card.points for card in action.cards()) >= 50 for action in firsts)
    assert [[card.text for card in meld] for meld in firsts[0].new] == [["TH", "JH", "QH"], ["KS", "KS", "KD"]]
    assert all(check(view_for(state, 0), action) is None for action in legal)


def test_a_first_take_of_the_pile_that_needs_a_sequence_beside_the_pair_is_listed() -> None:
    # The pair of kings with the top king make 30; the run of hearts 30 more: 60 reaches the 50.
    state = table(SAMBA_LIKE, "KS KS TH JH QH 9C 4D 6S", pile="5C KD", phase=Phase.DRAW)
    takes = [action for action in legal_actions(view_for(state, 0)) if isinstance(action, TakePile)]
    assert [[card.text for card in meld] for take in takes for meld in take.also] == [["TH", "JH", "QH"]]
    assert all(check(view_for(state, 0), take) is None for take in takes)


def test_samba_has_no_concealed_exemption_from_the_minimum() -> None:
    concealed = "KC KD KH KS KC KD KH 5C"  # seven kings laid whole, the 5C discarded: 70 points, below 90
    for rules, allowed in ((CLASSIC, True), (SAMBA_LIKE, False)):
        state = dataclasses.replace(
            table(rules, concealed), scores=(1500, 0), turn=TurnState(DrewFrom.STOCK, concealed=True)
        )
        step = Meld(new=(cards("KC KD KH KS KC KD KH"),))
        assert (refusal_code(state, step) is None) is allowed
    assert Rules.for_players(4, variant="samba").shape.concealed_exemption is False


def test_with_the_stock_empty_a_samba_player_must_take_a_pile_whose_top_card_fits_a_sequence() -> None:
    state = table(SAMBA_LIKE, "KS QD JC 4D", (("5H 6H 7H", S),), pile="5C 8H", phase=Phase.DRAW)
    empty = dataclasses.replace(
        state, stock=(), hands=(state.hands[0], *(hand + state.stock[i::3] for i, hand in enumerate(state.hands[1:])))
    )
    assert refusal_code(empty, Pass()) is Code.MUST_TAKE_PILE
    assert TakePile(onto=0) in legal_actions(view_for(empty, 0))
    no_fit = table(SAMBA_LIKE, "KS QD JC 4D", (("5H 6H 7H", S),), pile="5C 9S", phase=Phase.DRAW)
    no_fit_empty = dataclasses.replace(
        no_fit,
        stock=(),
        hands=(no_fit.hands[0], *(hand + no_fit.stock[i::3] for i, hand in enumerate(no_fit.hands[1:]))),
    )
    assert refusal_code(no_fit_empty, Pass()) is None
