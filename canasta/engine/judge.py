"""Judging actions from a seat's view: `check` and `legal_actions` (re-exported by `canasta.engine`).

Everything here works on a `PlayerView`, so a computer player can ask it without ever seeing hidden cards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar, assert_never

from canasta.engine.actions import Action, Answer, AskPartner, Combine, Discard, Draw, Meld, Pass, TakePile
from canasta.engine.cards import EVERY_CARD, Card, Rank, points
from canasta.engine.family_moves import family_melds, family_takes
from canasta.engine.first_meld import fewest_wild_groups
from canasta.engine.frozen import positional_maker
from canasta.engine.going_out_rules import going_out_refusal
from canasta.engine.held import take_from_hand
from canasta.engine.melds import TableMeld, kinds_to_go_out_refusal, most_wilds, rank_name, shape_refusal, wild_capacity
from canasta.engine.pile_rules import pair_when_frozen_refusal, pile_access_refusal
from canasta.engine.playerview import (
    HandCards,
    Phase,
    PlayerView,
    Question,
    hand_cards,
    holds_foot,
    initial_minimum,
    memo_of,
    my_melds,
    partner_to_ask,
    pile_frozen_for,
    sort_out,
)
from canasta.engine.refusals import Code, Refusal
from canasta.engine.rules import AskPartner as AskPartnerOption
from canasta.engine.rules import AskPartnerTiming, PileRule, Rules, StockExhausted
from canasta.engine.steps import StepPlan, plan_combine, plan_meld, plan_take

# Refusals that `legal_actions` meets on most turns, made once (a refusal is an immutable value).
_CANNOT_PASS = Refusal(Code.CANNOT_PASS, "You cannot pass now.")
_ASK_BEFORE_MELDING = Refusal(
    Code.ASK_AFTER_MELDING, "Ask your partner before you meld anything this turn.", (("variant", "first_meld"),)
)
_ASK_BEFORE_LAST_CARD = Refusal(
    Code.ASK_AFTER_MELDING, "Ask your partner before melding down to your last card.", (("variant", "last_card"),)
)
# The moves `legal_actions` lists on most turns, made once (actions are immutable values): a discard of each
# card, drawing, passing and asking partner.
_DISCARD_OF = {card: Discard(card) for card in EVERY_CARD}
_DRAW, _PASS, _ASK = Draw(), Pass(), AskPartner()
# Meld steps and takes as `legal_actions` lists them, made from every field in order (a few per view).
_make_meld = positional_maker(Meld)
_make_take = positional_maker(TakePile)


def check(view: PlayerView, action: Action) -> Refusal | None:
    """Why `action` is not allowed for the viewing seat now, or None if it is."""
    refusal = _turn_refusal(view, action)
    if refusal is not None:
        return refusal
    match action:  # the commonest actions first
        case Discard(card):
            return _discard_refusal(view, card)
        case Draw():
            return _draw_refusal(view)
        case Meld():
            result = _meld_plan(view, action)
            return result if isinstance(result, Refusal) else None
        case TakePile():
            result = _take_plan(view, action)
            return result if isinstance(result, Refusal) else None
        case Combine():
            result = combine_plan(view, action)
            return result if isinstance(result, Refusal) else None
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
    return _planned(view, action, plan_take)


_Step = TypeVar("_Step", Meld, TakePile, Combine)


def _planned(
    view: PlayerView, action: _Step, work: Callable[[PlayerView, _Step], StepPlan | Refusal]
) -> StepPlan | Refusal:
    """`work(view, action)`, worked out once per view and action: `legal_actions` checks an action, the
    player checks it again, and `apply` plans it once more, all on the same view (which never changes)."""
    plans: dict[Meld | TakePile | Combine, StepPlan | Refusal] | None = memo_of(view).get("plans")
    if plans is None:
        plans = memo_of(view)["plans"] = {}
    plan = plans.get(action)
    if plan is None:
        plan = work(view, action)
        plans[action] = plan
    return plan


def take_plan(view: PlayerView, action: TakePile) -> StepPlan | Refusal:
    """The plan of a pile take, phase included (for the engine)."""
    refusal = _turn_refusal(view, action)
    return refusal if refusal is not None else _take_plan(view, action)


def meld_plan(view: PlayerView, action: Meld) -> StepPlan | Refusal:
    """The plan of a meld step, phase included."""
    refusal = _turn_refusal(view, action)
    return refusal if refusal is not None else _meld_plan(view, action)


def _meld_plan(view: PlayerView, action: Meld) -> StepPlan | Refusal:
    if view.phase is not Phase.PLAY:
        return Refusal(Code.MUST_DRAW_FIRST, "Draw first: take a card from the stock or take the pile.")
    return _planned(view, action, plan_meld)


def combine_plan(view: PlayerView, action: Combine) -> StepPlan | Refusal:
    """The plan of joining two groups, phase included."""
    refusal = _turn_refusal(view, action)
    if refusal is not None:
        return refusal
    if view.phase is not Phase.PLAY:
        return Refusal(Code.MUST_DRAW_FIRST, "Draw first: take a card from the stock or take the pile.")
    return _planned(view, action, plan_combine)


def _discard_refusal(view: PlayerView, card: Card) -> Refusal | None:
    if view.phase is not Phase.PLAY:
        return Refusal(Code.MUST_DRAW_FIRST, "Draw first: take a card from the stock or take the pile.")
    if view.turn.final:
        return Refusal(Code.FINAL_TURN_NO_DISCARD, "This last turn has no discard: meld or pass.")
    if card not in view.hand and all(held.text != card.text for held in view.hand):
        return Refusal(Code.CARD_NOT_IN_HAND, f"You do not hold {card.text}.", (("cards", (card,)),))
    if len(view.hand) == 1:
        melds = my_melds(view)
        canastas = sum(1 for meld in melds if meld.is_canasta(view.rules))
        return going_out_refusal(view, 0, canastas, kinds_to_go_out_refusal(melds, view.rules), by_discard=True)
    if view.turn.question is Question.YES and going_out_step(view) is not None:
        return Refusal(Code.MUST_GO_OUT, "Your partner said yes: you must go out this turn, and you can.")
    return None


def asking_barred(rules: Rules, seat: int) -> Refusal | None:
    """Why `seat` never asks partner in this game, whatever the turn (no partner, or the house rules); else None."""
    if partner_to_ask(rules, seat) is None:
        return Refusal(Code.NO_PARTNER, "You have no partner to ask.")
    if rules.ask_partner is AskPartnerOption.OFF:
        return Refusal(Code.ASK_PARTNER_OFF, "Under the house rules nobody asks partner.")
    return None


def _ask_refusal(view: PlayerView) -> Refusal | None:
    rules = view.rules
    if (barred := asking_barred(rules, view.seat)) is not None:
        return barred
    if view.turn.question is not None:
        return Refusal(Code.ALREADY_ASKED, "You have already asked your partner this turn.")
    if view.turn.melded and rules.ask_partner_timing is AskPartnerTiming.BEFORE_FIRST_MELD_OF_TURN:
        return _ASK_BEFORE_MELDING
    if view.phase is Phase.PLAY and len(view.hand) < 2:
        # With one card left after melding he is already going out: a "no" now would leave him no move.
        return _ASK_BEFORE_LAST_CARD
    return None


def forced_take(view: PlayerView) -> bool:
    """With the stock empty, whether the player must take the pile (docs/rules.md, "When the stock runs out")."""
    if view.stock_count or view.phase is not Phase.DRAW or not view.pile:
        return False
    if view.rules.stock_exhausted is not StockExhausted.CONTINUE_FORCED_TAKE:
        return False
    if pile_frozen_for(view, view.seat):
        return False
    # The top card fits some meld of the side: its group, or a sequence it extends.
    return any(not isinstance(plan_take(view, TakePile(onto=index)), Refusal) for index in range(len(my_melds(view))))


def _forced_refusal(view: PlayerView) -> Refusal:
    top = view.pile[-1]
    return Refusal(
        Code.MUST_TAKE_PILE,
        f"The stock is empty and {top.text} fits your {rank_name(top.rank)}: take the pile.",
        (("card", top), ("rank", top.rank)),
    )


def _pass_refusal(view: PlayerView) -> Refusal | None:
    if view.phase is Phase.PLAY and view.turn.final:
        return None
    if view.phase is Phase.DRAW and view.stock_count == 0:
        return _forced_refusal(view) if forced_take(view) else None
    return _CANNOT_PASS


def going_out_step(view: PlayerView) -> tuple[Meld | None, Discard | None] | None:
    """A legal way to empty the hand this turn from here (a meld step, then a discard), or None."""
    memo = memo_of(view)
    if "going_out" not in memo:
        memo["going_out"] = _going_out_step(view)
    found: tuple[Meld | None, Discard | None] | None = memo["going_out"]
    return found


def _going_out_step(view: PlayerView) -> tuple[Meld | None, Discard | None] | None:
    if view.phase is not Phase.PLAY or view.seat != view.current or holds_foot(view) or _partner_bars_going_out(view):
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

    keep = [card for card in _distinct(view.hand) if not strands_its_rank(card)]
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


def _distinct(cards: Sequence[Card]) -> list[Card]:
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


def legal_actions(view: PlayerView) -> list[Action]:
    """The legal actions of the viewing seat: every kind of move, each distinct take and discard, single
    melds and additions (with a representative choice of wild cards), plus the combined steps an initial
    meld or going out needs. Every action listed is legal; cards are listed by the copy held."""
    legal: tuple[Action, ...] | None = memo_of(view).get("legal")
    if legal is None:
        legal = memo_of(view)["legal"] = tuple(_legal_actions(view))
    return list(legal)


def _legal_actions(view: PlayerView) -> list[Action]:
    if view.phase is Phase.OVER or view.seat != view.current:
        return []
    if view.phase is Phase.ANSWER:
        return [Answer(True), Answer(False)]
    # From here `check`'s turn checks all pass, so each candidate goes straight to the rule of its kind.
    legal: list[Action] = []
    if _ask_refusal(view) is None:
        legal.append(_ASK)
    if _pass_refusal(view) is None:
        legal.append(_PASS)
    by_index = not view.rules.shape.names_by_rank  # then moves naming melds by index are listed too
    if view.phase is Phase.DRAW:
        takes = _take_candidates(view)
        if by_index:
            takes.extend(take for take in family_takes(view) if take not in takes)
        legal.extend(take for take in takes if _take_is_legal(view, take))
        return [_DRAW, *legal] if view.stock_count else legal
    legal.extend(_legal_melds(view))
    if by_index:
        legal.extend(_family_steps(view, legal))
    if view.turn.final:
        return legal
    discards = [_DISCARD_OF[card] for card in _distinct(view.hand)]
    if len(view.hand) >= 2 and view.turn.question is not Question.YES:
        return legal + discards  # nothing but going out limits a discard
    return legal + [action for action in discards if _discard_refusal(view, action.card) is None]


def _take_is_legal(view: PlayerView, take: TakePile) -> bool:
    """Whether a listed pile take is legal: by counts alone where that settles it (`_quick_take`), else by its
    plan (worked out once per view; `apply` works out the plan of the take chosen)."""
    quick = _quick_take(view, take)
    if quick is not None:
        return quick
    return isinstance(_planned(view, take, plan_take), StepPlan)


def _counts_settle(rules: Rules) -> bool:
    """Whether a meld's counts alone (`shape_refusal`) say if cards may go onto it or make it: melds named by
    rank, no cap on a group, wild cards welcome on a canasta."""
    shape = rules.shape
    return shape.names_by_rank and shape.max_group_size is None and shape.wilds_after_canasta


def _quick_take(view: PlayerView, take: TakePile) -> bool | None:
    """`plan_take`'s verdict on a take of the top card with cards from hand alone (no other new meld, none named
    by index) by a side that has melded and keeps two cards in hand, by counts alone where the shape lets them
    settle it (`_counts_settle`, under the pile rule `pair_when_frozen`): the rules of taking it, then the shape
    of the meld it makes or grows. None where only the plan can say. The caller has found the pile open to the
    viewer (`pile_access_refusal`), and the cards are the very cards held."""
    side_melds = my_melds(view)
    with_ = take.with_
    top = view.pile[-1]
    if (
        take.also
        or take.onto is not None
        or not side_melds
        or len(view.hand) - len(with_) < 2
        or top.rank is Rank.THREE
        or view.rules.shape.pile_rule is not PileRule.PAIR_WHEN_FROZEN
        or not _counts_settle(view.rules)
    ):
        return None
    meld = None
    for candidate in side_melds:  # the one group of its rank (melds named by rank)
        if candidate.rank is top.rank:
            meld = candidate
    if pair_when_frozen_refusal(view, take, top, pile_frozen_for(view, view.seat), meld is not None) is not None:
        return False
    wilds = sum(1 for card in with_ if card.is_wild)
    naturals = 1 + len(with_) - wilds
    if meld is not None:
        naturals += meld.naturals
        return shape_refusal(view.rules, top.rank, naturals, meld.wilds + wilds, wilds > 0) is None
    return shape_refusal(view.rules, top.rank, naturals, wilds, True) is None


def _family_steps(view: PlayerView, listed: list[Action]) -> list[Meld | Combine]:
    """The family's own steps (`canasta.engine.family_moves`) that are legal and not listed already."""
    steps: list[Meld | Combine] = []
    for step in family_melds(view):
        if step in listed or step in steps:
            continue
        plan = _planned(view, step, plan_combine) if isinstance(step, Combine) else _planned(view, step, plan_meld)
        if isinstance(plan, StepPlan):
            steps.append(step)
    return steps


def _wild_choices(wilds: Sequence[Card]) -> list[tuple[Card, ...]]:
    """A representative choice of wild cards to add: none, one two, one joker."""
    first: dict[Rank, Card] = {}
    for card in wilds:
        first.setdefault(card.rank, card)
    return [(), *[(first[rank],) for rank in (Rank.TWO, Rank.JOKER) if rank in first]]


def _take_candidates(view: PlayerView) -> list[TakePile]:
    if pile_access_refusal(view) is not None:
        return []
    top = view.pile[-1]  # never a wild card here
    cards = hand_cards(view)
    naturals = cards.by_rank.get(top.rank, ())
    wilds = cards.wilds
    melds = my_melds(view)
    has_meld = any([meld.rank is top.rank for meld in melds])
    withs: list[tuple[Card, ...]] = [naturals[:2], naturals] if len(naturals) >= 2 else []
    if not pile_frozen_for(view, view.seat):
        if has_meld:
            withs.extend([(), naturals[:1]])
        if naturals:
            withs.extend(naturals[:1] + chosen for chosen in _wild_choices(wilds)[1:])
    if melds:
        return [_make_take(with_, (), None, ()) for with_ in dict.fromkeys(withs)]
    minimum = initial_minimum(view)
    if _first_meld_reach(cards, top) < minimum:
        return []  # every take listed below falls short of the minimum
    # Before the initial meld, wild cards with the top card and other melds count toward the minimum: one
    # wild card of each kind, or (after those) the two or three dearest.
    bases = list(withs)
    withs.extend([base + chosen for base in bases for chosen in _wild_choices(wilds)[1:]])
    withs.extend([base + chosen for base in bases for chosen in _dearest_wilds(wilds)])
    combined: list[TakePile] = []
    for with_ in dict.fromkeys(withs):
        rest_split = take_from_hand(view.hand, with_)
        assert rest_split is not None
        base = top.points + points(with_)
        combined.extend(TakePile(with_, also) for also in _initial_groups(view.rules, rest_split[0], minimum - base))
    cheapest = _cheapest_first_take(view, cards, top)
    return combined if cheapest is None or cheapest in combined else [*combined, cheapest]


def _first_meld_reach(cards: HandCards, top: Card | None) -> int:
    """An upper bound on the points of the first melds `_initial_groups` and `fewest_wild_groups` can offer from
    `cards` (with `top`, a pile take's: its points and every natural card of its rank held): every wild card and
    the natural cards of each rank held at least twice (threes aside). Below the minimum, none is worth
    working out."""
    reach = points(cards.wilds)
    if top is not None:
        reach += top.points
    for rank, held in cards.by_rank.items():
        if (len(held) >= 2 and rank is not Rank.THREE) or (top is not None and rank is top.rank):
            reach += held[0].points * len(held)
    return reach


def _cheapest_first_meld(view: PlayerView, cards: HandCards) -> Meld | None:
    """The legal first meld step that spends the fewest wild cards (then lays the fewest cards), if any."""
    for groups in fewest_wild_groups(view.rules, cards, initial_minimum(view), len(view.hand) - 2):
        meld = Meld(new=groups)
        if isinstance(_planned(view, meld, plan_meld), StepPlan):
            return meld
    return None


def _cheapest_first_take(view: PlayerView, cards: HandCards, top: Card) -> TakePile | None:
    """The legal first-meld take of the pile that spends the fewest wild cards (then lays the fewest), if any."""
    most_laid = len(view.hand) + len(view.pile) - 3  # the pile below the top card joins the hand
    for groups in fewest_wild_groups(view.rules, cards, initial_minimum(view), most_laid, top):
        take = TakePile(groups[0], groups[1:])
        if isinstance(_planned(view, take, plan_take), StepPlan):
            return take
    return None


def _dearest_wilds(wilds: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Choices of two or three wild cards for one meld: the two dearest held, and the three dearest."""
    dearest = sorted(wilds, key=lambda card: -card.points)
    return [tuple(dearest[:count]) for count in range(2, min(3, len(dearest)) + 1)]


def _initial_groups(rules: Rules, cards: tuple[Card, ...], missing: int) -> list[tuple[tuple[Card, ...], ...]]:
    """Ways (a handful) to add new melds from `cards` worth at least `missing` points; () when none needed.

    The dearest melds with at most one wild card each, taken until they reach it; then the fewest of them that
    reach it with the other wild cards added (the dearest wild card first, each onto the meld with the most room
    for it), when that differs."""
    options: list[tuple[tuple[Card, ...], ...]] = [()]
    if missing <= 0:
        return options
    groups = sorted(_single_groups(sort_out(cards)), key=lambda group: -points(group))
    chosen: list[tuple[Card, ...]] = []
    used: set[Card] = set()
    total = 0
    for listed in groups:
        group = _fresh_wilds(listed, cards, used)
        if group is None or any(g[0].rank is group[0].rank for g in chosen):
            continue
        chosen.append(group)
        used.update(group)
        total += points(group)
        if total >= missing:
            options.append(tuple(chosen))
            break
    # Also the fewest leading melds that reach it, topped up with the wild cards they leave: that keeps more
    # cards in hand (a step must leave two) when the melds above use too many or fall short.
    wilds = [card for card in cards if card.is_wild]
    for count in range(1, len(chosen) + 1):
        lead = chosen[:count]
        held = {card for group in lead for card in group}
        spare = [card for card in wilds if card not in held]
        topped = _top_up(rules, lead, spare, missing - sum(points(group) for group in lead))
        if topped is not None:
            return options if topped in options else [*options, topped]
    return options


def _fresh_wilds(group: tuple[Card, ...], cards: tuple[Card, ...], used: set[Card]) -> tuple[Card, ...] | None:
    """`group` with each wild card already `used` by another meld swapped for an unused one of the same rank
    (two pairs may each take a two), or None when its natural cards are used or no such wild card is left."""
    fresh = [card for card in cards if card.is_wild and card not in used and card not in group]
    swapped: list[Card] = []
    for card in group:
        if card in used:
            if not card.is_wild:
                return None
            same = next((other for other in fresh if other.rank is card.rank), None)
            if same is None:
                return None
            fresh.remove(same)
            swapped.append(same)
        else:
            swapped.append(card)
    return tuple(swapped)


def _top_up(
    rules: Rules, groups: list[tuple[Card, ...]], wilds: list[Card], missing: int
) -> tuple[tuple[Card, ...], ...] | None:
    """`groups` (at least one) with wild cards from `wilds` added (the dearest first, each onto the group with
    the most room for it) until they gain `missing` points, or None when the wild cards or the room run out."""
    grown = [list(group) for group in groups]
    for wild in sorted(wilds, key=lambda card: -card.points):
        if missing <= 0:
            break
        room = [_room(rules, group) for group in grown]
        if max(room) <= 0:
            return None
        grown[room.index(max(room))].append(wild)
        missing -= wild.points
    return tuple(tuple(group) for group in grown) if missing <= 0 else None


def _room(rules: Rules, group: list[Card]) -> int:
    """How many more wild cards the meld `group` may take under the rules' wild limit."""
    wilds = sum(1 for card in group if card.is_wild)
    return wild_capacity(rules, len(group) - wilds, wilds)


def _single_groups(cards: HandCards) -> list[tuple[Card, ...]]:
    """New melds that could be laid from `cards`: each rank's naturals with a few wild-card choices."""
    choices = _wild_choices(cards.wilds)
    groups: list[tuple[Card, ...]] = []
    for rank, naturals in cards.by_rank.items():
        if len(naturals) >= 2 and rank is not Rank.THREE:
            groups.extend([naturals + chosen for chosen in choices if len(naturals) + len(chosen) >= 3])
    return groups


def _legal_melds(view: PlayerView) -> list[Meld]:
    """The legal meld steps: new melds, additions, a step that goes out; each checked unless it is plainly
    legal (it leaves two cards in hand, with no exemption in force, on a side that has melded)."""
    melds = my_melds(view)
    hand = view.hand
    by_rank = view.rules.shape.names_by_rank  # else `canasta.engine.family_moves` lists additions, by index
    # How many cards a step may put down and still leave two in hand (none while an exemption is in force, nor
    # where the counts do not settle a meld's shape, or a meld takes no wild card: then every step is checked).
    plain = _counts_settle(view.rules) and most_wilds(view.rules) != 0 and not view.turn.exempt
    spare = len(hand) - 2 if plain else -1
    cards = hand_cards(view)
    legal: list[Meld] = []
    if melds:
        # Natural cards of a rank the side has not melded, with at most one wild card: any shape rule holds.
        existing = {meld.rank for meld in melds} if view.rules.shape.groups_per_rank == 1 else set()
        for group in _single_groups(cards):
            if group[0].rank not in existing:
                _keep_if_legal(view, _make_meld((group,), (), (), ()), len(group) <= spare, legal)
    elif _first_meld_reach(cards, None) >= initial_minimum(view):  # else no first meld reaches the minimum
        for option in _initial_groups(view.rules, hand, initial_minimum(view))[1:]:
            _keep_if_legal(view, Meld(new=option), False, legal)
        cheapest = _cheapest_first_meld(view, cards)
        if cheapest is not None and cheapest not in legal:
            legal.append(cheapest)
    sure: list[Meld] = []
    for rank, added in _additions(view, melds, cards) if by_rank else ():
        # Natural cards may go onto any meld without limit, and a wild card within the meld's room.
        addition = _make_meld((), ((rank, added),), (), ())
        if len(added) <= spare:
            sure.append(addition)
        else:
            _keep_if_legal(view, addition, False, legal)
    out = going_out_step(view)
    if out is not None and out[0] is not None:
        _keep_if_legal(view, out[0], False, legal)
    return legal + sure


def _keep_if_legal(view: PlayerView, meld: Meld, plainly_legal: bool, legal: list[Meld]) -> None:
    if plainly_legal or isinstance(_planned(view, meld, plan_meld), StepPlan):
        legal.append(meld)


def _additions(view: PlayerView, melds: tuple[TableMeld, ...], cards: HandCards) -> list[tuple[Rank, tuple[Card, ...]]]:
    """One or all naturals of a rank onto its meld, or one wild card (of each kind) where the meld has room."""
    distinct_wilds = _distinct(cards.wilds)
    moves: list[tuple[Rank, tuple[Card, ...]]] = []
    for meld in melds:
        if meld.rank is None:
            continue
        naturals = cards.by_rank.get(meld.rank)
        if naturals:
            moves.append((meld.rank, naturals))
            if len(naturals) > 1:
                moves.append((meld.rank, (naturals[0],)))
        if distinct_wilds and wild_capacity(view.rules, meld.naturals, meld.wilds) > 0:
            moves.extend([(meld.rank, (wild,)) for wild in distinct_wilds])
    return moves
