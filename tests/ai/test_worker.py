"""The worker's check that a computer player's answer is a well-formed action: every kind of action the engine
has, in every game of the family, passes it when well formed and fails it when a field has the wrong type."""

from __future__ import annotations

import random
from collections.abc import Callable
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
from canasta.engine.compiled import engine_compiled
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
# written against mypy on purpose (the `type: ignore` markers); the worker must turn every one away. Each is made
# when its test runs: the compiled engine checks its fields' types as it builds an action, so there some of them
# cannot be made at all.
MALFORMED: dict[str, Callable[[], object]] = {
    "onto a text": lambda: TakePile((KING,), (), onto="1"),  # type: ignore[arg-type]
    "onto True": lambda: TakePile((KING,), (), onto=True),
    "an index keyed by rank": lambda: Meld((), (), ((Rank.KING, (KING,)),)),  # type: ignore[arg-type]
    "an index as text": lambda: Meld((), (), (("0", (KING,)),)),  # type: ignore[arg-type]
    "a negative index": lambda: Meld((), (), ((-1, (KING,)),)),
    "cards as text": lambda: Meld((), (), ((0, ("KH",)),)),  # type: ignore[arg-type]
    "one group": lambda: Combine((0,)),  # type: ignore[arg-type]
    "groups as text": lambda: Combine(("0", "1")),  # type: ignore[arg-type]
    "groups in a list": lambda: Combine([0, 1]),  # type: ignore[arg-type]
    "keep_three a number": lambda: Draw(keep_three=1),  # type: ignore[arg-type]
    "a special hand by name": lambda: DeclareSpecial("pairs"),  # type: ignore[arg-type]
    "special cards as a list": lambda: DeclareSpecial(SpecialHand.PAIRS, ["KH"]),  # type: ignore[arg-type]
}


def test_every_kind_of_action_has_a_well_formed_example() -> None:
    assert set(EXAMPLES) == set(get_args(Action)), "each kind of action is checked by the worker"
    assert all(well_formed(example) for example in EXAMPLES.values())


@pytest.mark.parametrize("name", MALFORMED)
def test_a_field_of_the_wrong_type_is_not_well_formed(name: str) -> None:
    try:
        answer = MALFORMED[name]()
    except TypeError:  # the compiled engine would not build it: no player can give it
        assert engine_compiled(), f"{name}: the pure engine builds any action, as Python builds any value"
        return
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
