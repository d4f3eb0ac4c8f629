"""What a special hand on the table must be (Modern American, docs/variants.md "Special hands"): one check for the
position reader and the invariants alike. A special hand is laid only as the hand ends, alone on its side, its
14 cards make the hand it names under the table's `special_hands`, and `out` names it, both ways."""

from __future__ import annotations

from canasta.engine.game.state import GameState
from canasta.engine.playerview import Phase, side_of
from canasta.engine.rules import MeldKind, SpecialHands
from canasta.engine.special_hands import HAND_SIZE, special_hand


def special_problems(state: GameState) -> list[str]:
    """Every way the special hands on the table (or named by `out`) break the rules, described; empty when none."""
    problems: list[str] = []
    for side, melds in enumerate(state.melds):
        specials = [meld for meld in melds if meld.kind is MeldKind.SPECIAL]
        if specials:
            problems.extend(_side_problems(state, side))
    out = state.out
    if out is not None and out.special is not None:
        side = side_of(state.rules, state.lone_hand, out.seat)
        laid = [meld.special for meld in state.melds[side] if meld.kind is MeldKind.SPECIAL]
        if laid != [out.special]:
            problems.append(
                f"out.special is {out.special.value!r}, but melds[{side}] holds no special hand of that name"
            )
    return problems


def _side_problems(state: GameState, side: int) -> list[str]:
    rules = state.rules
    melds = state.melds[side]
    where = f"melds[{side}]"
    if rules.special_hands is SpecialHands.OFF:
        return [f"{where}: a special hand, but this game is played without special hands"]
    problems: list[str] = []
    if state.phase is not Phase.OVER:
        problems.append(f"{where}: a special hand ends the hand, so the phase must be over")
    if len(melds) != 1:
        problems.append(f"{where}: a special hand is its side's only meld, but the side has {len(melds)}")
    for meld in melds:
        if meld.kind is not MeldKind.SPECIAL or meld.special is None:
            continue
        name = meld.special.value
        if len(meld.cards) != HAND_SIZE:
            problems.append(f"{where}: a special hand is exactly {HAND_SIZE} cards; {name} has {len(meld.cards)}")
            continue
        made = special_hand(meld.cards, rules.special_hands)
        if made is not meld.special:
            makes = "no special hand" if made is None else made.value
            problems.append(f"{where}: these cards make {makes}, not {name} (special_hands {rules.special_hands})")
        out = state.out
        if out is None or out.special is not meld.special or side_of(rules, state.lone_hand, out.seat) != side:
            problems.append(f'{where}: a {name} was laid, so out must be {{"seat": ..., "special": "{name}"}} of side '
                            f"{side}")  # fmt: skip
    return problems
