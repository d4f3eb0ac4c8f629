"""The computer players' judgment of Hand and Foot (`canasta.ai.hand_foot`): books toward the requirement, clean
groups kept clean, dirty books with wild cards, emptying the hand to reach the foot, the pile only a natural pair
takes, an unplayed foot counted against its side, and decisions blind to every foot still down."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from canasta.ai import hand_foot, knowledge
from canasta.ai.base import CardMemory
from canasta.ai.levels import make_bot
from canasta.app.cli import run
from canasta.engine import view_for
from canasta.engine.actions import Meld
from canasta.engine.pile_rules import natural_and_wild_take, top_card_alone_takes
from canasta.engine.playerview import PlayerView, my_melds
from canasta.engine.position import load_position
from canasta.engine.rules import Rules, Variant
from tests.ai.test_puzzles import MIN_PUZZLES_PER_FAMILY_GAME, PUZZLES, puzzle_view, read
from tests.rules_hand_and_foot.hf import CLEAN_EIGHTS, CLEAN_KINGS, DIRTY_FIVES, DIRTY_QUEENS, book, position

OTHERS = {1: "4C 4D 6S 7S 8C 9D TH JC", 2: "4H 5D 6C 7D 8S 9H TC JD", 3: "4S 5H 6H 7H 8D 9C TS JH"}


def view_of(hand: str, melds: list[dict[str, Any]], **fields: Any) -> PlayerView:
    """Seat 0's view in its play phase, holding `hand`, its side holding `melds`."""
    data = position(hands={0: hand, **OTHERS}, melds={0: melds}, pile="6D 4S 7C 5H", phase="play", **fields)
    return view_for(load_position(data), 0)


def first_step(view: PlayerView, *, racing: bool = False, wild_reserve: float = 1.0) -> Meld:
    """The whole plan (an empty step when there is nothing to meld)."""
    return next(hand_foot.plan_steps(view, racing=racing, wild_reserve=wild_reserve), Meld())


def wilds_onto(step: Meld, index: int) -> int:
    return sum(1 for card in dict(step.add_to).get(index, ()) if card.is_wild)


def test_books_are_counted_clean_and_dirty_and_what_going_out_still_lacks() -> None:
    melds = [book("K", CLEAN_KINGS), book("5", DIRTY_FIVES), book("Q", DIRTY_QUEENS), book("9", "9C 9D 9H")]
    view = view_of("7H", melds)
    tabled, rules = my_melds(view), view.rules
    assert hand_foot.books(tabled, rules) == (1, 2)
    assert hand_foot.books_short(tabled, rules) == (1, 0)
    assert hand_foot.books_short((), rules) == (2, 2)


def test_wild_cards_finish_a_dirty_book_and_spare_the_clean_group_the_side_needs() -> None:
    view = view_of("2C JK 7H", [book("K", CLEAN_KINGS), book("Q", "QC QD QH QS QC"), book("9", "9C 9D 9H 9S 2H")])
    step = first_step(view)
    assert wilds_onto(step, 1) == 0  # the queens are the side's clean book to come
    assert wilds_onto(step, 2) == 2  # the nines become a dirty book of seven


def test_a_clean_group_no_clean_book_needs_becomes_dirty_while_dirty_books_lack() -> None:
    melds = [book("K", CLEAN_KINGS), book("8", CLEAN_EIGHTS), book("Q", "QC QD QH QS QC")]
    assert wilds_onto(first_step(view_of("2C 2D 7H", melds)), 2) == 2
    # With a clean book still to make, the same queens stay clean.
    assert wilds_onto(first_step(view_of("2C 2D 7H", [melds[0], melds[2]])), 1) == 0


def test_the_foot_waiting_makes_the_plan_spend_its_last_wild_card_on_a_pair() -> None:
    melds = [book("K", CLEAN_KINGS), book("9", "9C 9D 9H")]
    reaching = view_of("9S 5C 5D 2H", melds)
    assert hand_foot.reaching_foot(reaching)
    assert len(first_step(reaching).cards()) == 4  # the whole hand: the foot is picked up at once
    in_foot = view_of("9S 5C 5D 2H 7H", melds, feet={0: None})
    assert not hand_foot.reaching_foot(in_foot)
    assert {card.text for card in first_step(in_foot).cards()} == {"9S"}  # the wild card is kept back


def test_a_closed_book_takes_the_natural_cards_of_its_rank() -> None:
    step = first_step(view_of("KS KH KD 7C", [book("K", CLEAN_KINGS)]))
    assert [card.text for card in dict(step.add_to)[0]] == ["KS", "KH", "KD"]
    assert not step.new


def test_only_a_natural_pair_takes_the_pile_of_hand_and_foot() -> None:
    hand_and_foot = Rules.for_players(4, variant=Variant.HAND_AND_FOOT)
    assert not natural_and_wild_take(hand_and_foot)
    assert not top_card_alone_takes(hand_and_foot)
    with_wild = load_position(position(rules={"take_with_wild": True})).rules
    assert natural_and_wild_take(with_wild)
    classic = Rules.for_players(4)
    assert natural_and_wild_take(classic) is classic.unfrozen_take_with_wild
    assert top_card_alone_takes(classic) is classic.pile_take_by_adding_to_meld


def test_an_unplayed_foot_is_reckoned_against_its_side() -> None:
    holding = view_of("7H", [book("K", CLEAN_KINGS)])
    assert hand_foot.foot_points(holding) == 11 * hand_foot.FOOT_CARD_POINTS
    assert hand_foot.foot_points(view_of("7H", [book("K", CLEAN_KINGS)], feet={0: None})) == 0.0


def test_the_answer_counts_the_foot_still_down() -> None:
    """The same small hand answers yes once its foot is played and no while the foot waits (the opponents far
    from going out)."""
    books = [book("K", CLEAN_KINGS), book("8", CLEAN_EIGHTS), book("5", DIRTY_FIVES), book("Q", DIRTY_QUEENS)]
    answers = []
    for feet in ({2: None}, {0: None, 2: None}):
        data = position(
            hands={0: "4C 5D 6H", **OTHERS}, melds={0: books}, feet=feet, phase="answer",
            turn={"question": "asked", "drew_from": None}, melded_this_hand=[True] * 4,
        )  # fmt: skip
        view = view_for(load_position(data), 0)
        answers.append(make_bot("normal", random.Random(1)).answer_go_out(view, CardMemory.from_view(view)))
    assert answers == [False, True]


def test_bench_ai_times_the_levels_in_hand_and_foot(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["bench", "ai", "--levels", "normal", "--hands", "1", "--variant", "hand_and_foot", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["positions"] > 0 and figures["levels"]["normal"]["p95_ms"] > 0


HAND_AND_FOOT_HEURISTICS = frozenset(
    {"clean books", "dirty books", "reaching the foot", "pile capture", "discard safety", "going out",
     "answering partner", "initial meld"}
)  # fmt: skip


def test_hand_and_foot_has_ten_puzzles_covering_its_judgments() -> None:
    """At least ten positions of Hand and Foot (tests/ai/puzzles/hNN-hand-and-foot-*.json), each a game of Hand
    and Foot with its round and feet, covering the judgments above."""
    heuristics: set[str] = set()
    count = 0
    for path in PUZZLES:
        data = read(path)
        view, _ = puzzle_view(data)
        if view.rules.variant is Variant.HAND_AND_FOOT:
            assert path.name.startswith("h") and "feet" in data and "round" in data, path.name
            count += 1
            heuristics.add(data["puzzle"]["heuristic"])
    assert count >= MIN_PUZZLES_PER_FAMILY_GAME
    assert heuristics >= HAND_AND_FOOT_HEURISTICS, HAND_AND_FOOT_HEURISTICS - heuristics


def test_drawing_past_a_pair_tells_nothing_of_a_side_the_pile_waits_for() -> None:
    """Under `pile_needs_side_down` a side without its first meld may not take the pile: its drawing past a pile it
    could pair says nothing of its hand (the players read the one rule the engine judges by)."""
    rules = Rules.for_players(4, variant=Variant.HAND_AND_FOOT, pile_needs_side_down=True)
    assert not knowledge._pair_would_take(rules, set(), None, 1)
    assert knowledge._pair_would_take(rules, {3}, None, 1)  # his partner has melded: the pile was open to him
