"""Going out this turn: whether a discard may go (the last card is a way out; a partner's yes obliges), and a legal
way to empty the hand from here (`going_out_step`: a meld step putting down all but the discard, wild cards
placed to make the most canastas), for every game."""

from __future__ import annotations

from collections.abc import Sequence

from canasta.engine.actions import Discard, Meld
from canasta.engine.cards import Card, Rank
from canasta.engine.discard_bans import discard_ban_refusal, first_round_refusal, locked_discard_refusal
from canasta.engine.going_out_rules import going_out_refusal
from canasta.engine.held import take_from_hand
from canasta.engine.melds import TableMeld, kinds_to_go_out_refusal, most_wilds, wild_capacity
from canasta.engine.memo import Memo
from canasta.engine.plans import meld_plan
from canasta.engine.playerview import (
    HandCards,
    Phase,
    PlayerView,
    Question,
    bonus_cards_due,
    foot_refills_hand,
    hand_cards,
    my_melds,
    my_side,
    packet_comes_now,
    partner_to_ask,
)
from canasta.engine.refusals import Code, Refusal
from canasta.engine.rules import AskPartner as AskPartnerOption
from canasta.engine.rules import Rules
from canasta.engine.steps import StepPlan


def discard_refusal(view: PlayerView, card: Card) -> Refusal | None:
    if view.phase is not Phase.PLAY:
        return Refusal(Code.MUST_DRAW_FIRST, "Draw first: take a card from the stock or take the pile.")
    if view.turn.final:
        return Refusal(Code.FINAL_TURN_NO_DISCARD, "This last turn has no discard: meld or pass.")
    if card not in view.hand and all(held.text != card.text for held in view.hand):
        return Refusal(Code.CARD_NOT_IN_HAND, f"You do not hold {card.text}.", (("cards", (card,)),))
    rules = view.rules
    banned = (
        first_round_refusal(rules, card, view.turns_played)
        or discard_ban_refusal(rules, card, view.hand, view.pile, view.melds)
        or locked_discard_refusal(rules, card, view.hand, view.melds, my_side(view))
    )
    if banned is not None:
        return banned
    if len(view.hand) == 1:
        melds = my_melds(view)
        canastas = sum(1 for meld in melds if meld.is_canasta(view.rules))
        kinds = kinds_to_go_out_refusal(melds, view.rules)
        refusal = going_out_refusal(view, 0, canastas, kinds, by_discard=True)
        if refusal is not None and view.rules.shape.bonus_cards and bonus_cards_due(view):
            return None  # not going out: the bonus cards follow this discard
        return refusal
    if view.turn.question is Question.YES and going_out_step(view) is not None:
        return Refusal(Code.MUST_GO_OUT, "Your partner said yes: you must go out this turn, and you can.")
    return None


def going_out_step(view: PlayerView) -> tuple[Meld | None, Discard | None] | None:
    """A legal way to empty the hand this turn from here (a meld step, then a discard), or None."""
    return _GOING_OUT(view)


def _going_out_step(view: PlayerView) -> tuple[Meld | None, Discard | None] | None:
    if view.phase is not Phase.PLAY or view.seat != view.current or foot_refills_hand(view):
        return None
    if _partner_bars_going_out(view):
        return None
    hand = view.hand
    if len(hand) == 1 and not view.turn.final:
        discard = Discard(hand[0])
        return (None, discard) if discard_refusal(view, hand[0]) is None else None
    choices = _cards_to_keep(view)
    for kept in choices:
        rest = hand if kept is None else _without(hand, kept)
        meld = _meld_everything(view, rest)
        plan = None if meld is None else meld_plan(view, meld)
        if isinstance(plan, StepPlan) and not packet_comes_now(view, my_melds(view), plan.side_melds):
            return meld, (None if kept is None else Discard(kept))
    return None


_GOING_OUT = Memo(_going_out_step)  # once per distinct view


def _partner_bars_going_out(view: PlayerView) -> bool:
    """Whether the question to partner rules out going out this turn whatever the cards (`going_out_refusal`'s
    last checks): partner said no, or the house rules make the player ask first and he has no yes. Every way
    out tried below ends with no card or one card left, where those checks apply, so none need be tried."""
    question = view.turn.question
    if question is Question.NO:
        return True
    rules = view.rules
    return (
        rules.ask_partner is AskPartnerOption.REQUIRED
        and partner_to_ask(rules, view.seat) is not None
        and question is not Question.YES
    )


def _cards_to_keep(view: PlayerView) -> list[Card | None]:
    """The cards worth trying as the final discard (None: meld everything). A natural rank held once with
    no meld to add it to, or one or two black threes, can only be the discard: more than one such card
    and going out is impossible."""
    cards = hand_cards(view)
    melds = my_melds(view)
    melded = {meld.rank for meld in melds}
    stranded: list[Card] = []
    pairs = 0  # natural pairs with no meld of their rank: each new meld of them needs a wild card
    for rank, held in cards.by_rank.items():
        if rank in melded:
            continue
        if len(held) == 1 or (rank is Rank.THREE and len(held) < 3):
            stranded.extend(held)
        elif len(held) == 2:
            pairs += 1
    if len(stranded) > 1 or (stranded and view.turn.final) or pairs > len(cards.wilds):
        return []
    if _canastas_within_reach(view.rules, melds, cards) < view.rules.canastas_to_go_out:
        return []
    if stranded:
        return [stranded[0]]
    if view.turn.final:
        return [None]

    def strands_its_rank(card: Card) -> bool:
        """Discarding it would leave one card of a rank with no meld (or one or two black threes)."""
        if card.is_wild or card.rank in melded:
            return False
        count = len(cards.by_rank[card.rank])
        return count == 2 or (card.rank is Rank.THREE and count == 3)

    keep = [card for card in distinct(view.hand) if not strands_its_rank(card)]
    return [None, *sorted(keep, key=lambda card: card.points)]


def _canastas_within_reach(rules: Rules, melds: tuple[TableMeld, ...], cards: HandCards) -> int:
    """An upper bound on the canastas the side could have after melding the whole hand."""
    size = rules.shape.canasta_size
    sizes = {meld.rank: len(meld.cards) for meld in melds if meld.rank is not None}
    others = len(melds) - len(sizes)  # sequences, wild melds, second groups of a rank: counted as reachable
    for rank, held in cards.by_rank.items():
        if rank is not Rank.THREE:
            sizes[rank] = sizes.get(rank, 0) + len(held)
    wilds = len(cards.wilds)
    reach = others
    gaps: list[int] = []
    for grown in sizes.values():
        if grown >= size:
            reach += 1
        else:
            gaps.append(size - grown)
    for gap in sorted(gaps):
        if gap > min(wilds, most_wilds(rules) or wilds):
            break
        wilds -= gap
        reach += 1
    return reach


def distinct(cards: Sequence[Card]) -> list[Card]:
    seen: dict[str, Card] = {}
    for card in cards:
        seen.setdefault(card.text, card)
    return list(seen.values())


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    split = take_from_hand(hand, (card,))
    assert split is not None
    return split[0]


class _Slot:
    """One rank's part of a going-out step: the cards it takes and its room for wild cards."""

    __slots__ = ("cards", "need", "room", "size")

    def __init__(self, cards: list[Card], need: int, room: int, size: int) -> None:
        self.cards = cards
        self.need = need  # wild cards a new meld must have to reach three cards
        self.room = room  # wild cards it may still take
        self.size = size  # its size once the natural cards are in


def _meld_everything(view: PlayerView, cards: tuple[Card, ...]) -> Meld | None:
    """One meld step putting down all of `cards`, wild cards placed to make as many canastas as possible."""
    rules = view.rules
    by_rank: dict[Rank, list[Card]] = {}
    wilds = [card for card in cards if card.is_wild]
    for card in cards:
        if not card.is_wild:
            by_rank.setdefault(card.rank, []).append(card)
    existing = {meld.rank: meld for meld in my_melds(view) if meld.rank is not None}
    slots: dict[Rank, _Slot] = {}
    # The hand's ranks in the order held, then the side's other melds: a fixed order, so that where the
    # wild cards go never depends on how a set happens to be laid out in memory.
    ranks = list(by_rank) + [rank for rank in existing if rank not in by_rank]
    for rank in ranks:
        naturals = by_rank.get(rank, [])
        meld = existing.get(rank)
        if rank is Rank.THREE:
            if meld is None and not 3 <= len(naturals) <= 2 * rules.shape.packs:
                return None
            slots[rank] = _Slot(list(naturals), 0, 0, len(naturals))
        elif meld is None:
            if len(naturals) < 2:
                return None
            room = wild_capacity(rules, len(naturals), 0)
            slots[rank] = _Slot(list(naturals), max(0, 3 - len(naturals)), room, len(naturals))
        else:
            room = wild_capacity(rules, len(naturals) + meld.naturals, meld.wilds)
            slots[rank] = _Slot(list(naturals), 0, room, len(naturals) + len(meld.cards))
    if any(slot.need > slot.room for slot in slots.values()):
        return None
    if not sum(slot.need for slot in slots.values()) <= len(wilds) <= sum(slot.room for slot in slots.values()):
        return None
    _place_wilds(rules.shape.canasta_size, wilds, slots)
    new = tuple(tuple(slot.cards) for rank, slot in slots.items() if rank not in existing and slot.cards)
    add = tuple((rank, tuple(slot.cards)) for rank, slot in slots.items() if rank in existing and slot.cards)
    return Meld(new, add)


def _place_wilds(canasta_size: int, wilds: list[Card], slots: dict[Rank, _Slot]) -> None:
    """The wild cards each new meld needs first, then those that complete the most canastas, then the rest."""
    pool = list(wilds)

    def place(slot: _Slot, count: int) -> None:
        for _ in range(count):
            slot.cards.append(pool.pop())
        slot.room -= count
        slot.size += count

    for slot in slots.values():
        place(slot, slot.need)
    for slot in sorted(slots.values(), key=lambda s: (max(0, canasta_size - s.size), -s.size)):
        gap = canasta_size - slot.size
        if 0 < gap <= min(slot.room, len(pool)):
            place(slot, gap)
    for slot in slots.values():
        place(slot, min(slot.room, len(pool)))
