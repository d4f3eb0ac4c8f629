"""The invariants the engine keeps at every step (docs/rules.md, "What always holds"), checked by tests and the soak."""

from __future__ import annotations

from collections import Counter

from canasta.engine.cards import make_deck
from canasta.engine.melds import count_canastas
from canasta.engine.playerview import Phase, side_of
from canasta.engine.state import GameState


def violations(state: GameState) -> list[str]:
    """Every broken invariant of `state`, described; empty when all hold."""
    return _conservation(state) + _red_threes(state) + _melds(state) + _empty_hands(state)


def _conservation(state: GameState) -> list[str]:
    shape = state.rules.shape
    expected = make_deck(shape.packs, shape.jokers_per_pack)
    cards = state.all_cards()
    if len(cards) == len(expected) and set(cards) == set(expected):
        return []
    found = Counter(cards)
    problems = [f"{card!r} is in {count} places" for card, count in found.items() if count > 1]
    problems.extend(f"{card!r} is nowhere" for card in expected if card not in found)
    problems.extend(f"{card!r} is not in this deck" for card in found if card not in set(expected))
    return problems


def _red_threes(state: GameState) -> list[str]:
    problems = [
        f"a red three is in hand {seat}" for seat, hand in enumerate(state.hands) if any(c.is_red_three for c in hand)
    ]
    if state.pile and state.pile[-1].is_red_three:
        problems.append("a red three is on top of the pile")
    for side, melds in enumerate(state.melds):
        problems.extend(
            f"a red three is in a meld of side {side}" for m in melds if any(c.is_red_three for c in m.cards)
        )
    return problems


def _melds(state: GameState) -> list[str]:
    problems: list[str] = []
    limit = state.rules.shape.max_wilds
    for side, melds in enumerate(state.melds):
        ranks = [meld.rank for meld in melds]
        if len(set(ranks)) != len(ranks):
            problems.append(f"side {side} has two melds of one rank")
        for meld in melds:
            if len({card.rank for card in meld.cards if not card.is_wild}) != 1:
                problems.append(f"a meld of side {side} has two natural ranks")
            if meld.naturals < 2:
                problems.append(f"a meld of side {side} has fewer than 2 naturals")
            if meld.wilds > limit and not state.rules.cutthroat:
                problems.append(f"a meld of side {side} has more than {limit} wild cards")
    return problems


def _empty_hands(state: GameState) -> list[str]:
    rules = state.rules
    problems: list[str] = []
    for seat, hand in enumerate(state.hands):
        if hand:
            continue
        side = side_of(rules, state.lone_hand, seat)
        if count_canastas(state.melds[side], rules) < rules.canastas_to_go_out:
            problems.append(f"seat {seat} has an empty hand without the canastas to go out")
        elif state.phase is not Phase.OVER:
            problems.append(f"seat {seat} has an empty hand but the hand is not over")
    return problems
