"""Cuban Canasta's invariants (VARIANTS part G, docs/variants.md): what `violations` and `step_violations` find when a
state breaks them (the soak checks them after every action)."""

from __future__ import annotations

from dataclasses import replace

from canasta.engine.cards import Card
from canasta.engine.game.position import load_position
from canasta.engine.invariants import step_violations, violations
from canasta.engine.melds import TableMeld
from canasta.engine.rules import MeldKind
from canasta.engine.state import GameState
from tests.rules_cuban.cuban_positions import down, playing, position, wild


def _state(**kw: object) -> GameState:
    return load_position(playing("3S KC QD", **kw))


def test_g_a_legal_position_keeps_every_invariant() -> None:
    assert violations(_state(black_threes={0: "3C"}, turns_played=1)) == []


def test_g_black_threes_rows_hold_only_black_threes() -> None:
    state = _state()
    card = state.stock[0]
    bad = replace(state, black_threes=((card,), ()), stock=state.stock[1:])
    assert any("black_threes[0]" in problem for problem in violations(bad))


def test_g_one_wild_meld_per_side() -> None:
    state = load_position(playing("KC QD 9S", melds={0: [down(), wild("2C 2D JK")]}))
    extra = TableMeld(None, tuple(Card.parse(text, 1) for text in ("2H", "2S", "JK")), kind=MeldKind.WILD)
    taken = [card for card in state.stock if card not in extra.cards]
    bad = replace(state, melds=((*state.melds[0], extra), state.melds[1]), stock=tuple(taken))
    assert any("2 wild melds" in problem for problem in violations(bad))


def test_g_no_black_three_discarded_in_the_first_round() -> None:
    before = _state(turns_played=1)
    three = next(card for card in before.hands[0] if card.is_black_three)
    after = replace(before, hands=(tuple(c for c in before.hands[0] if c != three), *before.hands[1:]),
                    pile=(*before.pile, three))  # fmt: skip
    assert any("first round" in problem for problem in step_violations(before, after))
    later = replace(before, turns_played=4)
    assert step_violations(later, replace(after, turns_played=4)) == []


def test_g_no_pile_taken_with_a_wild_card_or_black_three_on_top() -> None:
    before = load_position(position(hands={0: "KC KD 9S"}, pile="5C 3S", melds={0: [down()]}))
    after = replace(before, pile=(), hands=(before.hands[0] + before.pile, *before.hands[1:]))
    assert any("3S on top" in problem for problem in step_violations(before, after))
