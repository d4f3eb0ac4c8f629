"""The worker's check that a computer player's answer is a well-formed action: every kind of action the engine
has, in every game of the family, passes it when well formed and fails it when a field has the wrong type."""

from __future__ import annotations

import random
from typing import get_args

import pytest

from canasta.ai.worker import well_formed
from canasta.engine import apply, legal_actions, new_hand, view_for
from canasta.engine.actions import (
    Action,
    Answer,
    AskPartner,
    Combine,
    DeclareSpecial,
    Discard,
    Draw,
    Meld,
    Pass,
    TakePile,
)
from canasta.engine.cards import Card, Rank
from canasta.engine.playerview import Phase
from canasta.engine.rules import Rules, Variant
from canasta.engine.rules.catalog import player_counts
from canasta.engine.special_hands import SpecialHand

KING, TWO = Card.parse("KH"), Card.parse("2C")
# One well-formed example of each kind of action; a kind added to `Action` must be added here, and to the check.
EXAMPLES: dict[type, Action] = {
    Draw: Draw(),
    TakePile: TakePile((KING,), ((KING, KING, TWO),), onto=1),
    Meld: Meld(((KING, KING, TWO),), ((Rank.KING, (KING,)),), ((2, (TWO,)),)),
    Combine: Combine((0, 3)),
    Discard: Discard(KING),
    AskPartner: AskPartner(),
    Answer: Answer(yes=True),
    Pass: Pass(),
    DeclareSpecial: DeclareSpecial(SpecialHand.PAIRS, (KING,) * 14),
}
# Answers a misbehaving player could give: each has a field of a type the action does not declare, so each is
# written against mypy on purpose (the `type: ignore` markers); the worker must turn every one away.
MALFORMED: list[object] = [
    TakePile((KING,), (), onto="1"),  # type: ignore[arg-type]
    TakePile((KING,), (), onto=True),
    Meld((), (), ((Rank.KING, (KING,)),)),  # type: ignore[arg-type]  # an index keyed by rank
    Meld((), (), (("0", (KING,)),)),  # type: ignore[arg-type]
    Meld((), (), ((-1, (KING,)),)),
    Meld((), (), ((0, ("KH",)),)),  # type: ignore[arg-type]
    Combine((0,)),  # type: ignore[arg-type]
    Combine(("0", "1")),  # type: ignore[arg-type]
    Combine([0, 1]),  # type: ignore[arg-type]
    Draw(keep_three=1),  # type: ignore[arg-type]
    DeclareSpecial("pairs"),  # type: ignore[arg-type]  # a name, not the hand
    DeclareSpecial(SpecialHand.PAIRS, ["KH"]),  # type: ignore[arg-type]
]


def test_every_kind_of_action_has_a_well_formed_example() -> None:
    assert set(EXAMPLES) == set(get_args(Action)), "each kind of action is checked by the worker"
    assert all(well_formed(example) for example in EXAMPLES.values())


@pytest.mark.parametrize("answer", MALFORMED, ids=repr)
def test_a_field_of_the_wrong_type_is_not_well_formed(answer: object) -> None:
    assert not well_formed(answer)


@pytest.mark.parametrize("variant", list(Variant))
def test_every_legal_action_of_every_game_is_well_formed(variant: Variant) -> None:
    """Random legal play of a hand of each game: whatever the engine lists, the worker lets through (Combine and
    the index-addressed additions and takes of the family among them)."""
    counts = player_counts(variant)
    rules = Rules.for_players(4 if 4 in counts else counts[-1], variant=variant)  # Pennies from Heaven: six
    rng = random.Random(3)
    kinds: set[type] = set()
    for seed in range(3):
        state = new_hand(rules, (0,) * len(rules.shape.sides), 0, random.Random(seed))
        for _ in range(400):
            if state.phase is Phase.OVER:
                break
            legal = legal_actions(view_for(state, state.current))
            assert all(well_formed(action) for action in legal), [a for a in legal if not well_formed(a)]
            kinds.update(type(action) for action in legal)
            state = apply(state, rng.choice(legal)).state
    assert {Draw, Meld, Discard} <= kinds
