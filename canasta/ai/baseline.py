"""Two baseline players, for soaking and as the yardstick the real players must beat.

`RandomBot` picks any legal action. `GreedyBot` melds whatever it can, takes the pile when it can, and
discards its least useful card.
"""

from __future__ import annotations

import random

from canasta.ai.base import CardMemory
from canasta.ai.knowledge import going_out_if_asked
from canasta.engine.actions import Action, Answer, AskPartner, Discard, Draw, Meld, Pass, TakePile
from canasta.engine.cards import Card, Rank, points
from canasta.engine.judge import check, going_out_step, legal_actions
from canasta.engine.melds import groups_by_rank, wild_capacity
from canasta.engine.playerview import Phase, PlayerView, hand_cards, initial_minimum, my_melds
from canasta.engine.steps import pile_access_refusal


class RandomBot:
    """Any legal action, uniformly; answers at random."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def choose(self, view: PlayerView, memory: CardMemory) -> Action:
        if view.phase is Phase.ANSWER:
            return Answer(self.answer_go_out(view, memory))
        return self._rng.choice(legal_actions(view))

    def answer_go_out(self, view: PlayerView, memory: CardMemory) -> bool:
        return self._rng.random() < 0.5


class GreedyBot:
    """Melds whatever it can, takes the pile when it can, discards its least useful card."""

    def choose(self, view: PlayerView, memory: CardMemory) -> Action:
        if view.phase is Phase.ANSWER:
            return Answer(self.answer_go_out(view, memory))
        if view.phase is Phase.DRAW:
            return self._draw(view)
        return self._play(view)

    def answer_go_out(self, view: PlayerView, memory: CardMemory) -> bool:
        return True

    def _draw(self, view: PlayerView) -> Action:
        top = view.pile[-1] if view.pile else None
        # `legal_actions` lists a take whenever any take is legal (the simple ones below among them); no take is
        # looked for under a top card that stops every take, or when the pile cannot be taken at all.
        takes = (
            [action for action in legal_actions(view) if isinstance(action, TakePile)]
            if top is not None and not top.is_wild and not top.is_black_three and pile_access_refusal(view) is None
            else []
        )
        if takes:
            assert top is not None
            naturals = hand_cards(view).by_rank.get(top.rank, ())
            # The same take may come up more than once (say, with no natural card held): check it once.
            for with_ in dict.fromkeys((naturals, naturals[:2], ())):
                simple = TakePile(with_)
                if check(view, simple) is None:
                    return simple
            return min(takes, key=lambda take: sum(1 for card in take.with_ if card.is_wild))
        return Draw() if view.stock_count else Pass()

    def _play(self, view: PlayerView) -> Action:
        out = going_out_step(view)
        if out is None and going_out_if_asked(view) is not None and check(view, AskPartner()) is None:
            return AskPartner()  # the house rules make a player ask before going out
        if out is not None:
            meld, discard = out
            action: Action | None = meld if meld is not None else discard
            if action is not None:
                return action
        meld = self._meld_step(view)
        if meld is not None:
            return meld
        if view.turn.final:
            return Pass()
        return self._discard(view)

    def _meld_step(self, view: PlayerView) -> Meld | None:
        """Every natural group of three or more, pairs with a wild card, and additions, as one step;
        if that is refused, the largest legal part of it."""
        cards = hand_cards(view)
        wilds = list(cards.wilds)
        melds = my_melds(view)
        existing = groups_by_rank(melds)
        new: list[tuple[Card, ...]] = []
        add: list[tuple[Rank, tuple[Card, ...]]] = []
        for rank, naturals in cards.by_rank.items():
            if rank is Rank.THREE:
                continue
            if rank in existing:
                add.append((rank, naturals))
            elif len(naturals) >= 3:
                new.append(naturals)
            elif len(naturals) == 2 and wilds and not melds:
                new.append((*naturals, wilds.pop()))
        if wilds:
            added = dict(add)  # the natural cards going onto each meld, before any wild card
            for rank, meld in existing.items():
                near_canasta = len(meld.cards) + len(added.get(rank, ())) in (5, 6)
                if wilds and near_canasta and wild_capacity(view.rules, meld.naturals, meld.wilds) > 0:
                    add.append((rank, (wilds.pop(),)))
        if not new and not add:
            return None
        candidates = [Meld(tuple(new), _merge_adds(add))]
        candidates.extend(Meld(new=(group,)) for group in new)
        candidates.extend(Meld(add=(item,)) for item in add)
        minimum = 0 if melds else initial_minimum(view)
        for candidate in candidates:
            laid = candidate.cards()
            if laid and points(laid) >= minimum and check(view, candidate) is None:
                return candidate
        return None

    def _discard(self, view: PlayerView) -> Action:
        by_rank = hand_cards(view).by_rank

        def usefulness(card: Card) -> tuple[int, int]:
            """Lower is a better discard: black threes first, then lone cards, cheap before dear, wild cards
            last."""
            if card.is_black_three:
                return (0, 0)
            if card.is_wild:
                return (9, card.points)
            return (len(by_rank[card.rank]), card.points)

        for card in sorted(view.hand, key=usefulness):
            discard = Discard(card)
            if check(view, discard) is None:
                return discard
        return legal_actions(view)[0]


def _merge_adds(add: list[tuple[Rank, tuple[Card, ...]]]) -> tuple[tuple[Rank, tuple[Card, ...]], ...]:
    merged: dict[Rank, tuple[Card, ...]] = {}
    for rank, cards in add:
        merged[rank] = merged.get(rank, ()) + cards
    return tuple(merged.items())
