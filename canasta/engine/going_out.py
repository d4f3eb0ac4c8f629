"""Why a player cannot go out now, with the numbers: the engine's answer to the table's "Go out" when there is no
way out this turn (the move itself is judged by `canasta.engine.judge` like any other)."""

from __future__ import annotations

from canasta.engine.actions import Discard, Meld
from canasta.engine.cards import Card, Rank, sort_key
from canasta.engine.judge import check, going_out_step
from canasta.engine.melds import kinds_to_go_out_refusal
from canasta.engine.playerview import Phase, PlayerView, my_canastas, my_melds
from canasta.engine.refusals import Code, Refusal
from canasta.engine.steps import going_out_refusal


def why_not_out(view: PlayerView) -> Refusal | None:
    """Why the viewing player cannot go out now (None when some legal play empties his hand this turn): not his
    turn or not drawn yet, too few canastas, his partner's "no", or cards that fit no meld."""
    if going_out_step(view) is not None:
        return None
    turn = check(view, Discard(view.hand[0])) if view.hand else None
    if view.phase is not Phase.PLAY and turn is not None:
        return turn
    refusal = going_out_refusal(view, 0, my_canastas(view), kinds_to_go_out_refusal(my_melds(view), view.rules))
    if refusal is not None:
        return refusal
    stranded = stranded_cards(view)
    if len(stranded) < 2:  # one card left over can be the discard: the melds of the rest are what fails
        kept = stranded[0] if stranded else min(view.hand, key=lambda card: card.points)
        refused = check(view, melding_all_but(view, kept))
        if refused is not None and refused.code is not Code.EMPTY_MELD_STEP:
            return refused
        stranded = stranded or (kept,)
    count = len(stranded)
    return Refusal(
        Code.CANNOT_MELD_EVERYTHING,
        f"You cannot go out now: going out melds every card but one discard, and {count} fit no meld.",
        (("count", count), ("cards", stranded)),
    )


def stranded_cards(view: PlayerView) -> tuple[Card, ...]:
    """Cards of the hand that no meld this turn could take: a natural rank held once with no meld of the side's
    to add it to, pairs beyond the wild cards that could complete them, and black threes short of a meld."""
    existing = {meld.rank for meld in my_melds(view)}
    by_rank: dict[Rank, list[Card]] = {}
    wilds = 0
    for card in sorted(view.hand, key=sort_key):
        if card.is_wild:
            wilds += 1
        else:
            by_rank.setdefault(card.rank, []).append(card)
    stranded: list[Card] = []
    for rank, held in by_rank.items():
        if rank in existing and rank is not Rank.THREE:
            continue
        if len(held) == 1 or (rank is Rank.THREE and len(held) < 3):
            stranded.extend(held)
        elif len(held) == 2 and rank is not Rank.THREE:
            if wilds:
                wilds -= 1
            else:
                stranded.extend(held)
    return tuple(stranded)


def melding_all_but(view: PlayerView, kept: Card) -> Meld:
    """Every card of the hand but `kept` put down at once: new melds by rank, additions to the side's melds, wild
    cards where a new meld needs them, else onto the first meld (the step going out would be)."""
    existing = {meld.rank for meld in my_melds(view)}
    groups: dict[Rank, list[Card]] = {}
    wilds: list[Card] = []
    for card in sorted(view.hand, key=sort_key):
        if card is kept:
            continue
        if card.is_wild:
            wilds.append(card)
        else:
            groups.setdefault(card.rank, []).append(card)
    for rank, group in groups.items():
        while wilds and rank not in existing and len(group) < 3:
            group.append(wilds.pop())
    if wilds and groups:
        next(iter(groups.values())).extend(wilds)
    new = tuple(tuple(group) for rank, group in groups.items() if rank not in existing)
    add = tuple((rank, tuple(group)) for rank, group in groups.items() if rank in existing)
    return Meld(new, add)
