"""Judging actions from a seat's view: `check` and `legal_actions` (re-exported by `canasta.engine`).

Everything here works on a `PlayerView`, so a computer player can ask it without ever seeing hidden cards.
"""

from __future__ import annotations

from typing import assert_never

from canasta.actions import Action, Answer, AskPartner, Discard, Draw, Meld, Pass, TakePile
from canasta.cards import Card, Rank
from canasta.melds import TableMeld, rank_name, wild_capacity
from canasta.playerview import (
    Phase,
    PlayerView,
    Question,
    initial_minimum,
    my_melds,
    my_side,
    partner_to_ask,
    pile_frozen_for,
    side_has_melded,
)
from canasta.refusals import Code, Refusal
from canasta.rules import AskPartner as AskPartnerOption
from canasta.rules import AskPartnerTiming, StockExhausted
from canasta.steps import StepPlan, going_out_refusal, pile_access_refusal, plan_meld, plan_take, take_from_hand


def check(view: PlayerView, action: Action) -> Refusal | None:
    """Why `action` is not allowed for the viewing seat now, or None if it is."""
    refusal = _turn_refusal(view, action)
    if refusal is not None:
        return refusal
    match action:
        case Draw():
            return _draw_refusal(view)
        case TakePile():
            result = _take_plan(view, action)
            return result if isinstance(result, Refusal) else None
        case Meld():
            result = meld_plan(view, action)
            return result if isinstance(result, Refusal) else None
        case Discard(card):
            return _discard_refusal(view, card)
        case AskPartner():
            return _ask_refusal(view)
        case Answer():
            return None if view.phase is Phase.ANSWER else Refusal(Code.NOT_ASKED, "Nobody asked you anything.")
        case Pass():
            return _pass_refusal(view)
        case _:
            assert_never(action)


def _turn_refusal(view: PlayerView, action: Action) -> Refusal | None:
    if view.phase is Phase.OVER:
        return Refusal(Code.HAND_OVER, "The hand is over.")
    if view.seat != view.current:
        return Refusal(Code.NOT_YOUR_TURN, "It is not your turn.")
    if view.phase is Phase.ANSWER and not isinstance(action, Answer):
        return Refusal(Code.MUST_ANSWER, "Answer your partner first: may they go out?")
    return None


def _draw_refusal(view: PlayerView) -> Refusal | None:
    if view.phase is not Phase.DRAW:
        return Refusal(Code.ALREADY_DREW, "You have already drawn this turn.")
    if view.stock_count == 0:
        if forced_take(view):
            return _forced_refusal(view)
        return Refusal(Code.STOCK_EMPTY, "The stock is empty: take the pile or pass.")
    return None


def _take_plan(view: PlayerView, action: TakePile) -> StepPlan | Refusal:
    if view.phase is not Phase.DRAW:
        return Refusal(Code.ALREADY_DREW, "You have already drawn this turn.")
    return plan_take(view, action)


def take_plan(view: PlayerView, action: TakePile) -> StepPlan | Refusal:
    """The plan of a pile take, phase included (for the engine)."""
    refusal = _turn_refusal(view, action)
    return refusal if refusal is not None else _take_plan(view, action)


def meld_plan(view: PlayerView, action: Meld) -> StepPlan | Refusal:
    """The plan of a meld step, phase included."""
    refusal = _turn_refusal(view, action)
    if refusal is not None:
        return refusal
    if view.phase is not Phase.PLAY:
        return Refusal(Code.MUST_DRAW_FIRST, "Draw first: take a card from the stock or take the pile.")
    return plan_meld(view, action)


def _discard_refusal(view: PlayerView, card: Card) -> Refusal | None:
    if view.phase is not Phase.PLAY:
        return Refusal(Code.MUST_DRAW_FIRST, "Draw first: take a card from the stock or take the pile.")
    if view.turn.final:
        return Refusal(Code.FINAL_TURN_NO_DISCARD, "This last turn has no discard: meld or pass.")
    if take_from_hand(view.hand, (card,)) is None:
        return Refusal(Code.CARD_NOT_IN_HAND, f"You do not hold {card.text}.")
    if len(view.hand) == 1:
        canastas = sum(1 for meld in my_melds(view) if meld.is_canasta(view.rules))
        return going_out_refusal(view, 0, canastas)
    if view.turn.question is Question.YES and going_out_step(view) is not None:
        return Refusal(Code.MUST_GO_OUT, "Your partner said yes: you must go out this turn, and you can.")
    return None


def _ask_refusal(view: PlayerView) -> Refusal | None:
    rules = view.rules
    if partner_to_ask(rules, view.seat) is None:
        return Refusal(Code.NO_PARTNER, "You have no partner to ask.")
    if rules.ask_partner is AskPartnerOption.OFF:
        return Refusal(Code.ASK_PARTNER_OFF, "Under the house rules nobody asks partner.")
    if view.turn.question is not None:
        return Refusal(Code.ALREADY_ASKED, "You have already asked your partner this turn.")
    if view.turn.melded and rules.ask_partner_timing is AskPartnerTiming.BEFORE_FIRST_MELD_OF_TURN:
        return Refusal(Code.ASK_AFTER_MELDING, "Ask your partner before you meld anything this turn.")
    if view.phase is Phase.PLAY and len(view.hand) < 2:
        # With one card left after melding he is already going out: a "no" now would leave him no move.
        return Refusal(Code.ASK_AFTER_MELDING, "Ask your partner before melding down to your last card.")
    return None


def forced_take(view: PlayerView) -> bool:
    """With the stock empty, whether the player must take the pile (RULES.md §6)."""
    if view.stock_count or view.phase is not Phase.DRAW or not view.pile:
        return False
    if view.rules.stock_exhausted is not StockExhausted.CONTINUE_FORCED_TAKE:
        return False
    top = view.pile[-1]
    if pile_frozen_for(view, view.seat) or not any(meld.rank is top.rank for meld in my_melds(view)):
        return False
    return not isinstance(plan_take(view, TakePile()), Refusal)


def _forced_refusal(view: PlayerView) -> Refusal:
    top = view.pile[-1]
    return Refusal(
        Code.MUST_TAKE_PILE, f"The stock is empty and {top.text} fits your {rank_name(top.rank)}: take the pile."
    )


def _pass_refusal(view: PlayerView) -> Refusal | None:
    if view.phase is Phase.PLAY and view.turn.final:
        return None
    if view.phase is Phase.DRAW and view.stock_count == 0:
        return _forced_refusal(view) if forced_take(view) else None
    return Refusal(Code.CANNOT_PASS, "You cannot pass now.")


def going_out_step(view: PlayerView) -> tuple[Meld | None, Discard | None] | None:
    """A legal way to empty the hand this turn from here (a meld step, then a discard), or None."""
    if "going_out" not in view.memo:
        view.memo["going_out"] = _going_out_step(view)
    found: tuple[Meld | None, Discard | None] | None = view.memo["going_out"]
    return found


def _going_out_step(view: PlayerView) -> tuple[Meld | None, Discard | None] | None:
    if view.phase is not Phase.PLAY or view.seat != view.current:
        return None
    hand = view.hand
    if len(hand) == 1 and not view.turn.final:
        discard = Discard(hand[0])
        return (None, discard) if _discard_refusal(view, hand[0]) is None else None
    choices = _cards_to_keep(view)
    for kept in choices:
        rest = hand if kept is None else _without(hand, kept)
        meld = _meld_everything(view, rest)
        if meld is not None and isinstance(meld_plan(view, meld), StepPlan):
            return meld, (None if kept is None else Discard(kept))
    return None


def _cards_to_keep(view: PlayerView) -> list[Card | None]:
    """The cards worth trying as the final discard (None: meld everything). A natural rank held once with
    no meld to add it to, or one or two black threes, can only be the discard: more than one such card
    and going out is impossible."""
    counts: dict[Rank, int] = {}
    for card in view.hand:
        if not card.is_wild:
            counts[card.rank] = counts.get(card.rank, 0) + 1
    melded = {meld.rank for meld in my_melds(view)}
    stranded = [
        card
        for card in view.hand
        if not card.is_wild
        and card.rank not in melded
        and (counts[card.rank] == 1 or (card.rank is Rank.THREE and counts[card.rank] < 3))
    ]
    if len(stranded) > 1 or (stranded and view.turn.final):
        return []
    if _canastas_within_reach(view, counts) < view.rules.canastas_to_go_out:
        return []
    if stranded:
        return [stranded[0]]
    if view.turn.final:
        return [None]

    def strands_its_rank(card: Card) -> bool:
        """Discarding it would leave one card of a rank with no meld (or one or two black threes)."""
        if card.is_wild or card.rank in melded:
            return False
        return counts[card.rank] == 2 or (card.rank is Rank.THREE and counts[card.rank] == 3)

    keep = [card for card in _distinct(view.hand) if not strands_its_rank(card)]
    return [None, *sorted(keep, key=lambda card: card.points)]


def _canastas_within_reach(view: PlayerView, counts: dict[Rank, int]) -> int:
    """An upper bound on the canastas the side could have after melding the whole hand."""
    rules = view.rules
    size = rules.shape.canasta_size
    sizes = {meld.rank: len(meld.cards) for meld in my_melds(view)}
    for rank, count in counts.items():
        if rank is not Rank.THREE:
            sizes[rank] = sizes.get(rank, 0) + count
    wilds = sum(1 for card in view.hand if card.is_wild)
    reach = sum(1 for grown in sizes.values() if grown >= size)
    for gap in sorted(size - grown for grown in sizes.values() if grown < size):
        if gap > min(wilds, rules.shape.max_wilds):
            break
        wilds -= gap
        reach += 1
    return reach


def _distinct(cards: tuple[Card, ...]) -> list[Card]:
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
    existing = {meld.rank: meld for meld in my_melds(view)}
    slots: dict[Rank, _Slot] = {}
    for rank in set(by_rank) | set(existing):
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


def legal_actions(view: PlayerView) -> list[Action]:
    """The legal actions of the viewing seat: every kind of move, each distinct take and discard, single
    melds and additions (with a representative choice of wild cards), plus the combined steps an initial
    meld or going out needs. Every action listed is legal; cards are listed by the copy held."""
    if "legal" not in view.memo:
        view.memo["legal"] = tuple(_legal_actions(view))
    return list(view.memo["legal"])


def _legal_actions(view: PlayerView) -> list[Action]:
    if view.phase is Phase.OVER or view.seat != view.current:
        return []
    if view.phase is Phase.ANSWER:
        return [Answer(True), Answer(False)]
    candidates: list[Action] = [AskPartner(), Pass()]
    if view.phase is Phase.DRAW:
        candidates.extend(_take_candidates(view))
        legal = [action for action in candidates if check(view, action) is None]
        return [Draw(), *legal] if view.stock_count else legal
    to_check, sure = _meld_candidates(view)
    candidates.extend(to_check)
    legal = [action for action in candidates if check(view, action) is None] + sure
    discards = [Discard(card) for card in _distinct(view.hand)]
    if view.turn.final:
        return legal
    if len(view.hand) >= 2 and view.turn.question is not Question.YES:
        return legal + list(discards)  # nothing but going out limits a discard
    return legal + [action for action in discards if check(view, action) is None]


def _wild_choices(wilds: list[Card]) -> list[tuple[Card, ...]]:
    """A representative choice of wild cards to add: none, one two, one joker."""
    choices: list[tuple[Card, ...]] = [()]
    for rank in (Rank.TWO, Rank.JOKER):
        card = next((card for card in wilds if card.rank is rank), None)
        if card is not None:
            choices.append((card,))
    return choices


def _take_candidates(view: PlayerView) -> list[Action]:
    if pile_access_refusal(view) is not None:
        return []
    top = view.pile[-1]
    naturals = tuple(card for card in view.hand if card.rank is top.rank)
    wilds = [card for card in view.hand if card.is_wild]
    melded = side_has_melded(view, my_side(view))
    has_meld = any(meld.rank is top.rank for meld in my_melds(view))
    withs: list[tuple[Card, ...]] = [naturals[:2], naturals] if len(naturals) >= 2 else []
    if not pile_frozen_for(view, view.seat):
        if has_meld:
            withs.extend([(), naturals[:1]])
        withs.extend(naturals[:1] + chosen for chosen in _wild_choices(wilds)[1:] if naturals)
    if melded:
        return [TakePile(with_) for with_ in dict.fromkeys(withs)]
    # Before the initial meld, wild cards with the top card and other melds count toward the minimum.
    withs.extend([base + chosen for base in list(withs) for chosen in _wild_choices(wilds)[1:]])
    minimum = initial_minimum(view)
    combined: list[Action] = []
    for with_ in dict.fromkeys(withs):
        rest_split = take_from_hand(view.hand, with_)
        assert rest_split is not None
        base = top.points + sum(card.points for card in with_)
        combined.extend(TakePile(with_, also) for also in _initial_groups(view, rest_split[0], minimum - base))
    return combined


def _initial_groups(view: PlayerView, cards: tuple[Card, ...], missing: int) -> list[tuple[tuple[Card, ...], ...]]:
    """Ways (a handful) to add new melds from `cards` worth at least `missing` points; () when none needed."""
    options: list[tuple[tuple[Card, ...], ...]] = [()]
    if missing <= 0:
        return options
    groups = _single_groups(view, cards)
    groups.sort(key=lambda group: -sum(card.points for card in group))
    chosen: list[tuple[Card, ...]] = []
    used: list[Card] = []
    total = 0
    for group in groups:
        if any(card in used for card in group) or any(g[0].rank is group[0].rank for g in chosen):
            continue
        chosen.append(group)
        used.extend(group)
        total += sum(card.points for card in group)
        if total >= missing:
            options.append(tuple(chosen))
            break
    return options


def _single_groups(view: PlayerView, cards: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    """New melds that could be laid from `cards`: each rank's naturals with a few wild-card choices."""
    by_rank: dict[Rank, list[Card]] = {}
    for card in cards:
        if card.is_natural:
            by_rank.setdefault(card.rank, []).append(card)
    wilds = [card for card in cards if card.is_wild]
    groups: list[tuple[Card, ...]] = []
    for naturals in by_rank.values():
        if len(naturals) < 2:
            continue
        for chosen in _wild_choices(wilds):
            if len(naturals) + len(chosen) >= 3:
                groups.append(tuple(naturals) + chosen)
    return groups


def _meld_candidates(view: PlayerView) -> tuple[list[Action], list[Action]]:
    """(candidates to check, additions known to be legal without a check)."""
    melds = my_melds(view)
    existing = {meld.rank for meld in melds}
    hand = view.hand
    moves: list[Action] = []
    if side_has_melded(view, my_side(view)):
        moves.extend(Meld(new=(group,)) for group in _single_groups(view, hand) if group[0].rank not in existing)
    else:
        moves.extend(Meld(new=option) for option in _initial_groups(view, hand, initial_minimum(view))[1:])
    sure: list[Action] = []
    for addition in _additions(view, melds, hand):
        keeps_two = len(hand) - len(addition.cards()) >= 2
        (sure if keeps_two and not view.turn.exempt else moves).append(addition)
    out = going_out_step(view)
    if out is not None and out[0] is not None:
        moves.append(out[0])
    return moves, sure


def _additions(view: PlayerView, melds: tuple[TableMeld, ...], hand: tuple[Card, ...]) -> list[Meld]:
    """One or all naturals of a rank onto its meld, or one wild card (of each kind) where the meld has room.

    Where two or more cards stay in hand and no exemption is in force, these are legal without a check:
    natural cards may be added to any meld without limit, and a wild card within the meld's room."""
    wilds = _distinct(tuple(card for card in hand if card.is_wild))
    moves: list[Meld] = []
    for meld in melds:
        naturals = tuple(card for card in hand if card.rank is meld.rank)
        if naturals:
            moves.append(Meld(add=((meld.rank, naturals),)))
            if len(naturals) > 1:
                moves.append(Meld(add=((meld.rank, naturals[:1]),)))
        if wild_capacity(view.rules, meld.naturals, meld.wilds) > 0:
            moves.extend(Meld(add=((meld.rank, (wild,)),)) for wild in wilds)
    return moves
