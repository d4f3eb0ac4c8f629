"""How the computer players judge Cuban Canasta (docs/computer-players.md, "Cuban Canasta"): the wild meld by its
make-up, the ranks a side has closed, and every decision blind to the cards its seat cannot see. The positions with
the move a good player makes are the puzzles `tests/ai/puzzles/cNN-cuban-*`."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from canasta.ai import family, wild_canastas
from canasta.engine import view_for
from canasta.engine.actions import Meld
from canasta.engine.cards import Card, Rank
from canasta.engine.playerview import PlayerView
from canasta.engine.position import load_position
from canasta.engine.rules import Rules, Variant

PUZZLES = Path(__file__).parent / "puzzles"


def puzzle_view(name: str) -> PlayerView:
    data = json.loads((PUZZLES / f"{name}.json").read_text(encoding="utf-8"))
    state = load_position({key: value for key, value in data.items() if key != "puzzle"})
    return view_for(state, state.current)


def cards(text: str) -> list[Card]:
    return [Card.parse(item) for item in text.split()]


def first_plan_step(view: PlayerView) -> Meld:
    judgment = family.Judgment(4.0, 1.0, protect_natural=True, hurried=False, racing=False)
    step = next(family.plan_steps(view, judgment), Meld())
    assert isinstance(step, Meld)
    return step


def test_only_cuban_values_a_wild_canasta_by_its_make_up() -> None:
    games = {variant: Rules.for_players(players, variant=variant.value) for variant, players in (
        (Variant.CUBAN, 4), (Variant.BOLIVIA, 4), (Variant.MODERN_AMERICAN, 4), (Variant.PENNIES_FROM_HEAVEN, 6),
        (Variant.CLASSIC, 4))}  # fmt: skip
    assert [variant for variant, rules in games.items() if wild_canastas.values_make_up(rules)] == [Variant.CUBAN]


def test_the_jokers_stay_out_of_a_wild_meld_of_twos_while_seven_twos_may_come() -> None:
    view = puzzle_view("c06-cuban-twos-only-for-the-4000-canasta")
    meld = view.melds[0][0]
    assert wild_canastas.wilds_for_meld(view, meld, cards("JK 2S")) == cards("2S")


def test_a_wild_meld_holding_a_joker_takes_the_jokers_first() -> None:
    view = puzzle_view("c06-cuban-twos-only-for-the-4000-canasta")
    meld = view.melds[0][0]
    with_joker = replace(meld, cards=(*meld.cards, Card.parse("JK")))
    assert wild_canastas.wilds_for_meld(view, with_joker, cards("2S JK")) == cards("JK 2S")


def test_the_plan_starts_the_wild_meld_with_the_twos_alone() -> None:
    step = first_plan_step(puzzle_view("c07-cuban-start-the-wild-meld-with-the-twos"))
    assert sorted(card.text for card in step.new[0]) == ["2C", "2C", "2D", "2H", "2S"]


def test_hard_never_holds_back_a_step_onto_the_wild_meld() -> None:
    view = puzzle_view("c06-cuban-twos-only-for-the-4000-canasta")
    assert family.step_matters(view, Meld(add_to=((0, tuple(cards("2S"))),)))


def test_a_closed_rank_is_planned_nowhere_and_no_pair() -> None:
    view = puzzle_view("c05-cuban-our-closed-eights-only-go-on-the-pile")
    assert wild_canastas.closed_for_me(view) == {Rank.EIGHT}
    step = first_plan_step(view)
    assert not any(card.rank is Rank.EIGHT for card in step.cards())
    assert (
        wild_canastas.keep_adjustment(view, Card.parse("8S"))
        < 0
        == wild_canastas.keep_adjustment(view, Card.parse("KH"))
    )
