"""The side's first meld that spends the fewest wild cards (docs/rules.md, "The first meld").

`legal_actions` lists a few first melds built the dearest melds first; those can spend a wild card a cheaper
combination keeps, or miss a combination altogether. This module finds, for a meld step or a pile take, the
combinations of new melds that reach the minimum with the fewest wild cards: a small search over each rank's
count of natural cards and wild cards (cards of one rank differ only by suit, and twos and jokers only by
points), keeping for each number of wild cards only the combinations no other beats on both cards laid and
points. Its answers are ordered by wild cards spent, then cards laid; the caller judges them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from canasta.engine.cards import Card, Rank
from canasta.engine.melds import wild_capacity
from canasta.engine.playerview import HandCards
from canasta.engine.rules import Rules

_ANSWERS = 4  # combinations offered at most: enough for the caller's judging to find a legal one


@dataclass(frozen=True, slots=True)
class _Part:
    """One new meld: `naturals` cards of `rank` from hand and `wilds` wild cards."""

    rank: Rank
    naturals: int
    wilds: int

    def __init__(self, rank: Rank, naturals: int, wilds: int) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "naturals", naturals)
        object.__setattr__(self, "wilds", wilds)


@dataclass(frozen=True, slots=True)
class _Combination:
    points: int  # natural cards' points, the top card's included
    parts: tuple[_Part, ...]

    def __init__(self, points: int, parts: tuple[_Part, ...]) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "parts", parts)


_States = dict[tuple[int, int], _Combination]  # (wild cards, cards laid from hand) -> the best combination


def fewest_wild_groups(
    rules: Rules, cards: HandCards, missing: int, most_laid: int, top: Card | None = None
) -> Iterator[tuple[tuple[Card, ...], ...]]:
    """New melds from `cards` worth at least `missing` points, the fewest wild cards first, then the fewest cards
    laid; each laying at most `most_laid` cards from hand. With `top` (a pile take), the top card's points count
    and the first group always holds natural cards of its rank from hand (at least two; the top card joins them
    as one more natural and is not in the group)."""
    if top is not None and len(cards.by_rank.get(top.rank, ())) < 2:
        return
    twos = [card for card in cards.wilds if card.rank is Rank.TWO]
    jokers = [card for card in cards.wilds if card.rank is Rank.JOKER]
    states = _search(rules, cards, len(cards.wilds), most_laid, top)
    answers = 0
    for (wilds, _laid), found in sorted(states.items(), key=lambda item: (item[0][0], item[0][1], -item[1].points)):
        chosen = _cheapest_wilds(twos, jokers, wilds, missing - found.points)
        if chosen is None:
            continue
        yield _groups(found.parts, cards, chosen)
        answers += 1
        if answers == _ANSWERS:
            return


@dataclass(frozen=True, slots=True)
class _Limits:
    rules: Rules
    pool: int  # wild cards held
    most_laid: int  # cards the step may lay from hand

    def __init__(self, rules: Rules, pool: int, most_laid: int) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "pool", pool)
        object.__setattr__(self, "most_laid", most_laid)


@dataclass(frozen=True, slots=True)
class _Choice:
    """A rank that may be melded: how many natural cards of it are held, each worth `worth`; `required` for the
    take's rank, whose meld also holds the top card."""

    rank: Rank
    held: int
    worth: int
    required: bool

    def __init__(self, rank: Rank, held: int, worth: int, required: bool) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "held", held)
        object.__setattr__(self, "worth", worth)
        object.__setattr__(self, "required", required)


def _search(rules: Rules, cards: HandCards, pool: int, most_laid: int, top: Card | None) -> _States:
    """Every rank's choices in turn (the top card's rank first, and required), keeping the best combinations."""
    ranks: list[Rank] = [rank for rank, held in cards.by_rank.items() if len(held) >= 2 and rank is not Rank.THREE]
    if top is not None:
        ranks = [top.rank, *[rank for rank in ranks if rank is not top.rank]]
    limits = _Limits(rules, pool, most_laid)
    states: _States = {(0, 0): _Combination(top.points if top is not None else 0, ())}
    for rank in ranks:
        held = cards.by_rank[rank]
        choice = _Choice(rank, len(held), held[0].points, top is not None and rank is top.rank)
        states = _pareto(_with_rank(limits, states, choice))
    return states


def _with_rank(limits: _Limits, states: _States, choice: _Choice) -> _States:
    """The combinations after choosing how many of a rank (and wild cards with them) to lay, or none of it."""
    grown: _States = {} if choice.required else dict(states)
    extra = 1 if choice.required else 0  # the top card
    for (wilds, laid), found in states.items():
        for naturals in range(2, choice.held + 1):
            room = min(wild_capacity(limits.rules, naturals + extra, 0), limits.pool - wilds)
            for added in range(max(0, 3 - naturals - extra), room + 1):
                key = (wilds + added, laid + naturals + added)
                points = found.points + naturals * choice.worth
                if key[1] <= limits.most_laid and (key not in grown or grown[key].points < points):
                    grown[key] = _Combination(points, (*found.parts, _Part(choice.rank, naturals, added)))
    return grown


def _pareto(states: _States) -> _States:
    """For each number of wild cards, only the combinations that more cards laid would improve on in points."""
    kept: _States = {}
    best: dict[int, int] = {}
    for (wilds, laid), found in sorted(states.items()):
        if found.points > best.get(wilds, -1):
            kept[(wilds, laid)] = found
            best[wilds] = found.points
    return kept


def _cheapest_wilds(twos: list[Card], jokers: list[Card], count: int, missing: int) -> tuple[Card, ...] | None:
    """`count` wild cards worth at least `missing` points, with as few jokers as that allows; None if none are."""
    for used_jokers in range(min(count, len(jokers)) + 1):
        used_twos = count - used_jokers
        if used_twos <= len(twos) and used_twos * 20 + used_jokers * 50 >= missing:
            return (*twos[:used_twos], *jokers[:used_jokers])
    return None


def _groups(parts: tuple[_Part, ...], cards: HandCards, wilds: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    groups: list[tuple[Card, ...]] = []
    spare = list(wilds)
    for part in parts:
        groups.append(cards.by_rank[part.rank][: part.naturals] + tuple(spare[: part.wilds]))
        del spare[: part.wilds]
    return tuple(groups)
