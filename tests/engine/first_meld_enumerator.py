"""Every first meld a seat could make, found by brute force: the oracle for `legal_actions` before a side's first
meld (docs/rules.md, "The first meld", "The discard pile" and "Melds").

For a view whose side has not melded, `candidates` lists every step that lays new melds worth at least the
side's minimum in one step: in the play phase a `Meld` of new melds from the hand; in the draw phase a `TakePile`,
the pile's top card melded with natural cards of its rank from the hand (`with_`) and more new melds from the hand
(`also`). A meld is one natural rank (never a black three), from two natural cards up, with twos and jokers
within the rules' wild limit and at least three cards in all; one meld per rank. Cards of one rank differ only by
suit, so the enumerator chooses counts (naturals of each rank, twos and jokers of each meld) and then takes the
cards from the hand.

Two cuts keep it small, and neither can hide the legal step with the fewest wild cards:

* no meld breaks the wild limit (`check` would refuse it);
* once the melds chosen so far reach the minimum, no further meld is added. Any legal step that reaches the
  minimum has such a leading part: the same melds, fewer or as many wild cards, more cards left in hand (so it
  keeps two cards whenever the bigger step keeps two; and a step that already leaves fewer than two has no room
  for another meld of three cards).

What the enumerator finds is only a candidate: `check` judges it, as it judges everything else (keeping two cards,
going out, the pile's rules). `fewest_wild_step` is the legal candidate spending the fewest wild cards, or None
when no candidate is legal.

Out of scope: a step that goes out below the minimum under the concealed going-out exemption (`legal_actions`
lists that separately, through `going_out_step`), black threes melded when going out, and additions to melds
(the side has none yet).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from canasta.engine import check, legal_actions
from canasta.engine.actions import Meld, TakePile, action_to_json
from canasta.engine.cards import Card, Rank, card_texts, points
from canasta.engine.melds import wild_capacity
from canasta.engine.playerview import Phase, PlayerView, initial_minimum, my_melds, pile_frozen_for
from canasta.engine.position import dump_view
from canasta.engine.rules import Rules

FirstMeld = Meld | TakePile


@dataclass(frozen=True, slots=True)
class Shape:
    """One meld's make-up: its rank, how many natural cards come from the hand, how many twos and jokers."""

    rank: Rank
    naturals: int
    twos: int
    jokers: int


@dataclass(frozen=True, slots=True)
class Holding:
    """The hand sorted for melding: each natural rank's cards (never threes), the twos, the jokers."""

    by_rank: dict[Rank, tuple[Card, ...]]
    twos: tuple[Card, ...]
    jokers: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Candidate:
    """A first-meld step worth at least the minimum: its melds' shapes (the take's meld first), the action,
    the wild cards it spends and the points it counts toward the minimum."""

    shapes: tuple[Shape, ...]
    action: FirstMeld
    wilds: int
    points: int


def holding(cards: Sequence[Card]) -> Holding:
    by_rank: dict[Rank, tuple[Card, ...]] = {}
    for card in cards:
        if card.is_natural:
            by_rank[card.rank] = (*by_rank.get(card.rank, ()), card)
    twos = tuple(card for card in cards if card.rank is Rank.TWO)
    jokers = tuple(card for card in cards if card.rank is Rank.JOKER)
    return Holding(by_rank, twos, jokers)


def wilds_spent(action: FirstMeld) -> int:
    """The wild cards a step puts down from the hand: over `new` for a meld, `with_` and `also` for a take."""
    cards = action.cards() if isinstance(action, Meld) else action.with_ + tuple(c for g in action.also for c in g)
    return sum(1 for card in cards if card.is_wild)


def counted_points(view: PlayerView, action: FirstMeld) -> int:
    """What the step counts toward the minimum: its cards from the hand, and the top card for a take."""
    if isinstance(action, Meld):
        return points(action.cards())
    return view.pile[-1].points + points(action.with_) + sum(points(group) for group in action.also)


def meld_shapes(rules: Rules, rank: Rank, held: int, spare: tuple[int, int], with_top: bool) -> list[Shape]:
    """Every make-up of one meld of `rank` from `held` natural cards and the `spare` (twos, jokers) at hand,
    within the wild limit; `with_top`: the pile's top card (of this rank) is in the meld too."""
    twos, jokers = spare
    shapes: list[Shape] = []
    top = 1 if with_top else 0
    for naturals in range(2 - top, held + 1):
        room = wild_capacity(rules, naturals + top, 0)
        for two_count in range(min(twos, room) + 1):
            for joker_count in range(min(jokers, room - two_count) + 1):
                if naturals + top + two_count + joker_count >= 3:
                    shapes.append(Shape(rank, naturals, two_count, joker_count))
    return shapes


class _Search:
    """New melds from a holding, rank by rank, worth at least some points, none added once they are reached."""

    def __init__(self, rules: Rules, cards: Holding, ranks: list[Rank]) -> None:
        self.rules = rules
        self.cards = cards
        self.ranks = ranks
        self.value = {rank: cards.by_rank[rank][0].points for rank in ranks}
        self.two_points = cards.twos[0].points if cards.twos else 0
        self.joker_points = cards.jokers[0].points if cards.jokers else 0
        # The points of every natural card from each rank on: no choice from there can make more (wilds aside).
        self.ahead = [sum(self.value[r] * len(cards.by_rank[r]) for r in ranks[i:]) for i in range(len(ranks) + 1)]

    def shape_points(self, shape: Shape) -> int:
        value = self.value.get(shape.rank, 0)
        return value * shape.naturals + self.two_points * shape.twos + self.joker_points * shape.jokers

    def groups(self, twos: int, jokers: int, missing: int) -> Iterator[tuple[Shape, ...]]:
        return self._walk(0, twos, jokers, missing, [])

    def _walk(
        self, index: int, twos: int, jokers: int, missing: int, chosen: list[Shape]
    ) -> Iterator[tuple[Shape, ...]]:
        if missing <= 0:
            yield tuple(chosen)
            return
        reach = self.ahead[index] + twos * self.two_points + jokers * self.joker_points
        if index == len(self.ranks) or reach < missing:
            return
        rank = self.ranks[index]
        yield from self._walk(index + 1, twos, jokers, missing, chosen)
        held = len(self.cards.by_rank[rank])
        for shape in meld_shapes(self.rules, rank, held, (twos, jokers), False):
            chosen.append(shape)
            yield from self._walk(
                index + 1, twos - shape.twos, jokers - shape.jokers, missing - self.shape_points(shape), chosen
            )
            chosen.pop()


def _cards_for(shapes: Sequence[Shape], cards: Holding) -> list[tuple[Card, ...]]:
    """The hand's cards for each shape in turn: the first natural cards of its rank, the next twos and jokers."""
    twos, jokers = list(cards.twos), list(cards.jokers)
    groups: list[tuple[Card, ...]] = []
    for shape in shapes:
        naturals = cards.by_rank.get(shape.rank, ())[: shape.naturals]
        groups.append((*naturals, *twos[: shape.twos], *jokers[: shape.jokers]))
        del twos[: shape.twos], jokers[: shape.jokers]
    return groups


def _candidate(shapes: tuple[Shape, ...], action: FirstMeld, view: PlayerView) -> Candidate:
    return Candidate(shapes, action, sum(s.twos + s.jokers for s in shapes), counted_points(view, action))


def meld_candidates(view: PlayerView) -> list[Candidate]:
    """Every first meld from the hand in the play phase (new melds only), as counted by the enumerator."""
    cards = holding(view.hand)
    ranks = [rank for rank, held in cards.by_rank.items() if len(held) >= 2]
    search = _Search(view.rules, cards, ranks)
    found: list[Candidate] = []
    for shapes in search.groups(len(cards.twos), len(cards.jokers), initial_minimum(view)):
        found.append(_candidate(shapes, Meld(new=tuple(_cards_for(shapes, cards))), view))
    return found


def take_candidates(view: PlayerView) -> list[Candidate]:
    """Every first-meld take of the pile: the top card with natural cards of its rank (and wild cards) from the
    hand, and the new melds from the rest of the hand that bring the step to the minimum."""
    if not view.pile or not view.pile[-1].is_natural:
        return []  # an empty pile, or a black three or wild card on top: never taken
    top = view.pile[-1]
    cards = holding(view.hand)
    held = len(cards.by_rank.get(top.rank, ()))
    ranks = [rank for rank, group in cards.by_rank.items() if len(group) >= 2 and rank is not top.rank]
    search = _Search(view.rules, cards, ranks)
    minimum = initial_minimum(view)
    found: list[Candidate] = []
    for lead in meld_shapes(view.rules, top.rank, held, (len(cards.twos), len(cards.jokers)), True):
        lead_points = top.points + top.points * lead.naturals
        lead_points += search.two_points * lead.twos + search.joker_points * lead.jokers
        twos, jokers = len(cards.twos) - lead.twos, len(cards.jokers) - lead.jokers
        for also in search.groups(twos, jokers, minimum - lead_points):
            shapes = (lead, *also)
            with_, *groups = _cards_for(shapes, cards)
            found.append(_candidate(shapes, TakePile(with_, tuple(groups)), view))
    return found


def candidates(view: PlayerView) -> list[Candidate]:
    """The first-meld candidates of the view's phase, the fewest wild cards first (more points first among
    equals); none once the side has melded."""
    if my_melds(view) or view.seat != view.current:
        return []
    if view.phase is Phase.PLAY:
        found = meld_candidates(view)
    elif view.phase is Phase.DRAW:
        found = take_candidates(view)
    else:
        return []
    return sorted(found, key=lambda candidate: (candidate.wilds, -candidate.points))


def fewest_wild_step(view: PlayerView) -> Candidate | None:
    """The legal candidate (by `check`) spending the fewest wild cards, or None when no candidate is legal."""
    return next((c for c in candidates(view) if check(view, c.action) is None), None)


def listed_first_melds(view: PlayerView) -> list[FirstMeld]:
    """What `legal_actions` lists as a first meld of the view's phase, legal by `check`: takes of the pile in the
    draw phase; in the play phase meld steps worth the minimum (not a concealed going out below it)."""
    listed: list[FirstMeld] = []
    for action in legal_actions(view):
        if isinstance(action, Meld | TakePile) and _first_meld_kind(view, action) and check(view, action) is None:
            listed.append(action)
    return listed


def _first_meld_kind(view: PlayerView, action: FirstMeld) -> bool:
    """A take in the draw phase; in the play phase a meld step worth the minimum."""
    if isinstance(action, TakePile):
        return view.phase is Phase.DRAW
    return view.phase is Phase.PLAY and points(action.cards()) >= initial_minimum(view)


def _has_black_threes(action: FirstMeld) -> bool:
    cards = action.cards() if isinstance(action, Meld) else tuple(c for g in action.also for c in g)
    return any(card.is_black_three for card in cards)


def completeness_failure(view: PlayerView) -> str | None:
    """None when `legal_actions` lists, for the view's first-meld chance, a legal first meld whenever one exists
    and one spending the fewest wild cards any legal first meld spends; else what is wrong, with the position."""
    if my_melds(view):
        return None
    best = fewest_wild_step(view)
    listed = listed_first_melds(view)
    counts = sorted({wilds_spent(action) for action in listed})
    in_scope = [action for action in listed if not _has_black_threes(action)]
    cheapest = min((wilds_spent(action) for action in in_scope), default=None)
    if best is None and cheapest is None:
        return None
    if best is None or (cheapest is not None and cheapest < best.wilds):
        # The enumerator's own check: a listed step it did not find, or found with more wild cards.
        return _report(view, "the enumerator missed a legal first meld that legal_actions lists", best, listed)
    if not listed:
        return _report(view, "legal_actions lists no first meld, though one is legal", best, listed)
    if best.wilds not in counts:
        problem = f"legal_actions lists first melds spending {counts} wild cards, none spending {best.wilds}"
        return _report(view, problem, best, listed)
    return None


def describe(view: PlayerView) -> str:
    """The position in a line: players, phase, minimum, hand, pile top and size, whether frozen, house rules."""
    top = view.pile[-1].text if view.pile else "none"
    frozen = "frozen" if pile_frozen_for(view, view.seat) else "not frozen"
    rules = json.dumps(view.rules.to_dict(), sort_keys=True)
    return (
        f"{view.rules.players} players, seat {view.seat}, {view.phase.value} phase, minimum {initial_minimum(view)}, "
        f"hand {' '.join(card_texts(view.hand))}, pile top {top} of {len(view.pile)} ({frozen}), rules {rules}"
    )


def action_text(action: FirstMeld) -> str:
    return json.dumps(action_to_json(action), separators=(",", ":"))


def view_json(view: PlayerView) -> str:
    """The view as `canasta-view/1` JSON without its history: `load_view` reads it back to replay the failure."""
    data = dump_view(view)
    del data["history"]
    return json.dumps(data, separators=(",", ":"))


def _report(view: PlayerView, problem: str, best: Candidate | None, listed: list[FirstMeld]) -> str:
    found = "none" if best is None else f"{action_text(best.action)} ({best.wilds} wild, {best.points} points)"
    shown = "; ".join(f"{action_text(action)} ({wilds_spent(action)} wild)" for action in listed) or "none"
    return (
        f"{problem}\n  position: {describe(view)}\n  listed: {shown}\n  enumerator: {found}\n  view: {view_json(view)}"
    )
