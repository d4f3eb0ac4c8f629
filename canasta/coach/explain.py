"""Why a move is good: one line in the player's language, from the facts the seat's view and memory give.

Every sentence is whole and translated on its own (`_` or `ngettext`, numbers and names filled in after);
a reason is a few such sentences joined by spaces. The facts are the ones the computer players work out
(`canasta.ai.knowledge`, `canasta.ai.heuristic`, the engine's plans of a step), asked again, not copied.
"""

from __future__ import annotations

from collections import Counter
from typing import assert_never

from canasta.ai.base import CardMemory
from canasta.ai.heuristic import Weights, racing
from canasta.ai.judgment import stay_edge
from canasta.ai.knowledge import discarded_rank, opponents_of, unseen
from canasta.ai.levels import hard_weights
from canasta.coach.names import card_name_with_article, rank_plural, suit_plural
from canasta.engine.actions import Action, Answer, AskPartner, Combine, Discard, Draw, Meld, Pass, TakePile
from canasta.engine.cards import Card, points
from canasta.engine.judge import check, going_out_step, legal_actions, meld_plan, take_plan
from canasta.engine.melds import TableMeld, count_canastas
from canasta.engine.memo import Memo
from canasta.engine.placing import grow
from canasta.engine.playerview import (
    PlayerView,
    hand_cards,
    holds_foot,
    initial_minimum,
    my_melds,
    my_side,
    pile_frozen_for,
    pile_is_frozen,
    side_has_melded,
    side_of,
)
from canasta.engine.refusals import Code, Refusal
from canasta.engine.rules import AskPartner as AskOption
from canasta.engine.rules import FootAfterDiscard, MeldKind, PileRule
from canasta.engine.rules.catalog import CanastaName, Judgment, game_facts
from canasta.engine.scoring import canasta_bonus
from canasta.engine.steps import StepPlan, pile_access_refusal
from canasta.i18n import _, ngettext

ANSWER_STOCK_LOW = 6  # the Hard player answers yes below this many stock cards (heuristic.answer_go_out)


def explain(view: PlayerView, memory: CardMemory, action: Action) -> str:
    """One line saying why `action` is a good move for the viewing seat now."""
    match action:
        case TakePile():
            return _take(view, action)
        case Draw():
            return _draw(view)
        case Pass():
            return _pass(view)
        case Meld():
            return _meld(view, action)
        case Combine():
            return _("Join two groups of one rank: one meld nearer a canasta, and one canasta bonus at most.")
        case Discard(card):
            return _discard(view, memory, card)
        case AskPartner():
            return _ask(view)
        case Answer(yes):
            return _answer(view, memory, yes)
        case _:
            assert_never(action)


def _line(*sentences: str | None) -> str:
    return " ".join(sentence for sentence in sentences if sentence)


def _books(view: PlayerView) -> bool:
    """Hand and Foot: melds are books, the pile is never frozen, and an empty hand leads to the foot."""
    return view.rules.shape.pile_rule is PileRule.PAIR_ALWAYS


def _frozen_for(view: PlayerView, seat: int) -> bool:
    """Whether the pile is frozen against `seat` (never in Hand and Foot, whose pile always needs a pair)."""
    return not _books(view) and pile_frozen_for(view, seat)


# -- taking the pile or drawing --------------------------------------------------------------------------


def _taken(view: PlayerView) -> tuple[Card, ...]:
    """The pile cards a take moves, the top card last: the whole pile, or Hand and Foot's top seven (or so)."""
    most = view.rules.shape.pile_take_count
    return view.pile[-most:] if most else view.pile


def _take(view: PlayerView, action: TakePile) -> str:
    count = len(_taken(view))
    head = ngettext("Take the pile: {count} card.", "Take the pile: {count} cards.", count).format(count=count)
    plan = take_plan(view, action)
    if not isinstance(plan, StepPlan):
        return head
    return _line(head, _take_gain(view, plan), _first_meld_by_take(view, action), _take_freeze(view))


def _take_gain(view: PlayerView, plan: StepPlan) -> str | None:
    """What the pile does for the side's melds: a canasta it completes, or the meld it grows most.

    Melds are told apart by their place in the side's list (a side may hold several groups of a rank, and
    sequences and wild melds have no rank); the melds the take makes come after those held before."""
    size = view.rules.shape.canasta_size
    before = my_melds(view)
    held = Counter(card.rank for card in plan.hand if card.is_natural)
    after = plan.side_melds
    old = [len(before[index].cards) if index < len(before) else 0 for index in range(len(after))]
    reach = [len(meld.cards) + (held[meld.rank] if meld.rank is not None else 0) for meld in after]
    completes = [index for index, cards in enumerate(reach) if old[index] < size <= cards]
    if completes:
        best = max(completes, key=lambda index: reach[index])
        meld = after[best]
        if meld.rank is None:
            return _completed_canasta(view, meld)
        if _books(view):
            return _("It completes a book of {rank}.").format(rank=rank_plural(meld.rank))
        return _("It completes a canasta of {rank}.").format(rank=rank_plural(meld.rank))
    if not after:
        return None
    # The meld nearest a canasta among those the pile grows; a meld the take starts only when none grows.
    index = max(range(len(after)), key=lambda i: (reach[i] > old[i] and i < len(before), reach[i] < size, reach[i]))
    if index >= len(before):
        return _started(after[index], reach[index])
    return _brought(after[index], reach[index])


def _started(meld: TableMeld, count: int) -> str:
    if meld.kind is MeldKind.SEQUENCE and meld.suit is not None:
        return ngettext(
            "It starts a sequence of {suit} with {count} card.",
            "It starts a sequence of {suit} with {count} cards.",
            count,
        ).format(suit=suit_plural(meld.suit), count=count)
    if meld.rank is None:
        return ngettext("It starts a meld of wild cards with {count} card.",
                        "It starts a meld of wild cards with {count} cards.", count).format(count=count)  # fmt: skip
    return ngettext(
        "It starts a meld of {rank} with {count} card.", "It starts a meld of {rank} with {count} cards.", count
    ).format(rank=rank_plural(meld.rank), count=count)


def _brought(meld: TableMeld, count: int) -> str:
    if meld.kind is MeldKind.SEQUENCE and meld.suit is not None:
        return ngettext(
            "It brings your sequence of {suit} to {count} card.",
            "It brings your sequence of {suit} to {count} cards.",
            count,
        ).format(suit=suit_plural(meld.suit), count=count)
    if meld.rank is None:
        return ngettext("It brings your meld of wild cards to {count} card.",
                        "It brings your meld of wild cards to {count} cards.", count).format(count=count)  # fmt: skip
    return ngettext("It brings your {rank} to {count} card.", "It brings your {rank} to {count} cards.", count).format(
        rank=rank_plural(meld.rank), count=count
    )


def _first_meld_by_take(view: PlayerView, action: TakePile) -> str | None:
    if side_has_melded(view, my_side(view)):
        return None
    counted = view.pile[-1].points + points(action.with_) + points(card for group in action.also for card in group)
    return _first_meld(counted, initial_minimum(view))


def _first_meld(counted: int, minimum: int) -> str:
    return _("It makes your first meld: {points} of the {minimum} points needed.").format(
        points=counted, minimum=minimum
    )


def _take_freeze(view: PlayerView) -> str | None:
    if _books(view):
        return None
    if pile_is_frozen(view):
        return _("The pile is frozen, and your natural pair of {rank} opens it.").format(
            rank=rank_plural(view.pile[-1].rank)
        )
    if any(pile_frozen_for(view, seat) for seat in opponents_of(view)):
        return _("The pile is frozen for the opponents: they have not made their first meld.")
    return None


def _draw(view: PlayerView) -> str:
    refusal = pile_access_refusal(view)
    if refusal is not None:
        return _blocked_pile(refusal.code)
    takes = [action for action in legal_actions(view) if isinstance(action, TakePile)]
    if takes:
        return _pile_not_worth_it(view, takes)
    top = view.pile[-1]
    naturals = hand_cards(view).by_rank.get(top.rank, ())
    if _frozen_for(view, view.seat) and len(naturals) < 2:
        return _("Draw from the stock: the pile is frozen and you hold no natural pair of {rank}.").format(
            rank=rank_plural(top.rank)
        )
    refusal = check(view, TakePile(naturals))
    if naturals and refusal is not None and refusal.code is Code.INITIAL_MELD_BELOW_MINIMUM:
        return _("Draw from the stock: taking the pile would not make the {minimum} points of your first meld.").format(
            minimum=initial_minimum(view)
        )
    if not naturals:
        return _("Draw from the stock: you hold no {rank} to take the pile with.").format(rank=rank_plural(top.rank))
    if _books(view) and len(naturals) < 2:
        return _("Draw from the stock: taking the pile needs two natural {rank}.").format(rank=rank_plural(top.rank))
    return _("Draw from the stock: the pile cannot be taken now.")


def _blocked_pile(code: Code) -> str:
    if code is Code.PILE_EMPTY:
        return _("Draw from the stock: the discard pile is empty.")
    if code is Code.PILE_BLOCKED_BLACK_THREE:
        return _("Draw from the stock: a black three on top stops you from taking the pile.")
    if code is Code.PILE_TOP_WILD:
        return _("Draw from the stock: a wild card on top stops anyone from taking the pile.")
    return _("Draw from the stock: the pile cannot be taken now.")


def _pile_not_worth_it(view: PlayerView, takes: list[TakePile]) -> str:
    """Why the stock beats a pile that could be taken: too small, too dear, or little that fits."""
    count = len(view.pile)
    if count < _weights(view).take_min_pile:
        return ngettext(
            "Draw from the stock: a pile of {count} card is not worth breaking up your cards for.",
            "Draw from the stock: a pile of {count} cards is not worth breaking up your cards for.",
            count,
        ).format(count=count)
    if all(any(card.is_wild for card in take.with_) for take in takes):
        return _("Draw from the stock: taking the pile would cost you a wild card.")
    fitting = _pile_cards_that_fit(view)
    count = len(_taken(view))
    return ngettext(
        "Draw from the stock: only {fitting} of the pile's {count} cards fits your melds or pairs.",
        "Draw from the stock: only {fitting} of the pile's {count} cards fit your melds or pairs.",
        fitting,
    ).format(fitting=fitting, count=count)


def _pile_cards_that_fit(view: PlayerView) -> int:
    """Pile cards below the top (those a take moves) that go onto the side's melds or pair with a card held."""
    held = hand_cards(view).by_rank
    melds = my_melds(view)
    return sum(1 for card in _taken(view)[:-1] if card.is_wild or card.rank in held or _fits_any(view, card, melds))


def _fits_any(view: PlayerView, card: Card, melds: tuple[TableMeld, ...], *, open_only: bool = False) -> bool:
    """Whether `card` alone may go onto one of `melds` (`open_only`: onto one that is not yet a canasta)."""
    return any(
        not isinstance(grow(view.rules, meld, (card,)), Refusal) and not (open_only and meld.is_canasta(view.rules))
        for meld in melds
    )


def _pass(view: PlayerView) -> str:
    if view.turn.final:
        return _("Pass: this last turn has no discard, and nothing more is worth melding.")
    if any(isinstance(action, TakePile) for action in legal_actions(view)):
        return _("Pass: the stock is empty, and leaving the pile ends the hand now.")
    return _("Pass: the stock is empty and the pile cannot be taken, so the hand ends.")


# -- melding ------------------------------------------------------------------------------------------------


def _meld(view: PlayerView, action: Meld) -> str:
    count = len(action.cards())
    head = ngettext("Meld {count} card.", "Meld {count} cards.", count).format(count=count)
    plan = meld_plan(view, action)
    if not isinstance(plan, StepPlan):
        return head
    canastas = count_canastas(plan.side_melds, view.rules)
    if not plan.hand and holds_foot(view):
        return _line(head, _to_foot(view))
    if not plan.hand:
        return _going_out(view, _going_out_bonus(view, plan.side_melds, plan.concealed))
    if len(plan.hand) == 1 and canastas >= view.rules.canastas_to_go_out and going_out_step(view) is not None:
        bonus = _going_out_bonus(view, plan.side_melds, plan.concealed)
        return _line(_("Meld all but your last card, then discard it."), _going_out(view, bonus))
    return _line(head, *_meld_facts(view, action, plan))


def _meld_facts(view: PlayerView, action: Meld, plan: StepPlan) -> list[str]:
    """The canastas the step completes, the first meld it makes, or how it grows the side's melds. Melds are
    told apart by their place in the side's list; the step's new melds come after those held before."""
    rules = view.rules
    before = my_melds(view)
    facts: list[str] = []
    for index, meld in enumerate(plan.side_melds):
        old = before[index] if index < len(before) else None
        if meld.is_canasta(rules) and (old is None or not old.is_canasta(rules)):
            facts.append(_completed_canasta(view, meld))
    if not before:
        facts.append(_first_meld(points(card for group in action.new for card in group), initial_minimum(view)))
    elif not facts:
        grown = _grown_meld(view, action, plan)
        facts.extend([grown] if grown else [])
    return facts


def _to_foot(view: PlayerView) -> str:
    count = (view.foot_counts[view.seat] if view.foot_counts else 0) or 0
    return ngettext(
        "Your hand is empty, so you pick up your foot and play on with its {count} card.",
        "Your hand is empty, so you pick up your foot and play on with its {count} cards.",
        count,
    ).format(count=count)


def _completed_canasta(view: PlayerView, meld: TableMeld) -> str:
    bonus = canasta_bonus(view.rules, (meld,))
    if _books(view):
        return _completed_book(meld, bonus)
    if meld.kind is MeldKind.SEQUENCE and meld.suit is not None:
        if game_facts(view.rules.variant).sequence_canasta is CanastaName.ESCALERA:
            text = _("It completes an escalera of {suit}: {bonus} points.")
        else:
            text = _("It completes a samba of {suit}: {bonus} points.")
        return text.format(suit=suit_plural(meld.suit), bonus=bonus)
    if meld.rank is None:
        return _("It completes a bolivia: {bonus} points.").format(bonus=bonus)
    if meld.wilds == 0:
        text = _("It completes a natural canasta of {rank}: {bonus} points.")
    else:
        text = _("It completes a mixed canasta of {rank}: {bonus} points.")
    return text.format(rank=rank_plural(meld.rank), bonus=bonus)


def _completed_book(meld: TableMeld, bonus: int) -> str:
    if meld.rank is None:
        return _("It completes a book of wild cards: {bonus} points.").format(bonus=bonus)
    if meld.wilds == 0:
        text = _("It completes a clean book of {rank}: {bonus} points.")
    else:
        text = _("It completes a dirty book of {rank}: {bonus} points.")
    return text.format(rank=rank_plural(meld.rank), bonus=bonus)


def _grown_meld(view: PlayerView, action: Meld, plan: StepPlan) -> str | None:
    """The meld the step grows most, with how far it is from a canasta."""
    before, after = my_melds(view), plan.side_melds
    touched = {index for index, _cards in action.add_to}
    touched |= {index for rank, _cards in action.add for index, meld in enumerate(before) if meld.rank is rank}
    touched |= set(range(len(before), len(after)))
    grown = [after[index] for index in sorted(touched) if index < len(after)]
    if not grown:
        return None
    meld = max(grown, key=lambda m: (not m.is_canasta(view.rules), len(m.cards)))
    missing = view.rules.shape.canasta_size - len(meld.cards)
    if missing <= 0:
        return _("Cards on the table count for your side; in your hand they would count against it.")
    if meld.kind is MeldKind.SEQUENCE and meld.suit is not None:
        return ngettext(
            "Your sequence of {suit} needs {count} more card for a canasta.",
            "Your sequence of {suit} needs {count} more cards for a canasta.",
            missing,
        ).format(suit=suit_plural(meld.suit), count=missing)
    if meld.rank is None and _books(view):
        return ngettext(
            "Your meld of wild cards needs {count} more card for a book.",
            "Your meld of wild cards needs {count} more cards for a book.",
            missing,
        ).format(count=missing)
    if meld.rank is None:
        return ngettext(
            "Your meld of wild cards needs {count} more card for a bolivia.",
            "Your meld of wild cards needs {count} more cards for a bolivia.",
            missing,
        ).format(count=missing)
    if _books(view):
        return ngettext(
            "Your {rank} need {count} more card for a book.",
            "Your {rank} need {count} more cards for a book.",
            missing,
        ).format(rank=rank_plural(meld.rank), count=missing)
    return ngettext(
        "Your {rank} need {count} more card for a canasta.",
        "Your {rank} need {count} more cards for a canasta.",
        missing,
    ).format(rank=rank_plural(meld.rank), count=missing)


# -- going out, asking, answering -----------------------------------------------------------------------------


def _going_out_bonus(view: PlayerView, melds: tuple[TableMeld, ...], concealed: bool) -> int:
    shape = view.rules.shape
    own_canasta = any(meld.this_turn and meld.is_canasta(view.rules) for meld in melds)
    return shape.concealed_going_out_bonus if concealed and own_canasta else shape.going_out_bonus


def _going_out(view: PlayerView, bonus: int) -> str:
    """Going out, and the cards the opponents are caught with (in Hand and Foot, their feet not picked up too)."""
    feet = view.foot_counts or (None,) * view.rules.players
    caught = sum(view.hand_counts[seat] + (feet[seat] or 0) for seat in opponents_of(view))
    return ngettext(
        "Go out now: your side scores {bonus} for going out, and the opponents are caught with {count} card.",
        "Go out now: your side scores {bonus} for going out, and the opponents are caught with {count} cards.",
        caught,
    ).format(bonus=bonus, count=caught)


def _ask(view: PlayerView) -> str:
    bonus = view.rules.shape.going_out_bonus
    if view.rules.ask_partner is AskOption.REQUIRED:
        return _("Ask your partner first: the house rules require it before going out.")
    if going_out_step(view) is not None:
        return _("Ask your partner: you can go out now and score {bonus} for it.").format(bonus=bonus)
    return _("Ask your partner: if they say yes, your side can race to go out before the opponents.")


def _answer(view: PlayerView, memory: CardMemory, yes: bool) -> str:
    held = points(view.hand)
    if yes and view.stock_count < ANSWER_STOCK_LOW:
        return _("Answer yes: the stock is nearly gone, so go out while you can.")
    if game_facts(view.rules.variant).judgment is Judgment.COUNTING:
        return _answer_by_the_round(view, memory, yes)
    if yes:
        return ngettext(
            "Answer yes: your hand holds only {points} point, so little counts against your side.",
            "Answer yes: your hand holds only {points} points, so little counts against your side.",
            held,
        ).format(points=held)
    return ngettext(
        "Answer no: your hand holds {points} point that would count against your side; meld first.",
        "Answer no: your hand holds {points} points that would count against your side; meld first.",
        held,
    ).format(points=held)


def _answer_by_the_round(view: PlayerView, memory: CardMemory, yes: bool) -> str:
    """Classic's answer, as its players weigh it: one more round against going out now (`judgment.stay_edge`)."""
    edge = round(stay_edge(view, memory, (view.seat - 2) % view.rules.players))
    if yes:
        return _("Answer yes: going out now is worth more to your side than one more round of melding.")
    return ngettext(
        "Answer no: one more round is worth about {points} point more to your side than going out now; meld first.",
        "Answer no: one more round is worth about {points} points more to your side than going out now; meld first.",
        max(edge, 0),
    ).format(points=max(edge, 0))


# -- discarding ---------------------------------------------------------------------------------------------


def _discard(view: PlayerView, memory: CardMemory, card: Card) -> str:
    if len(view.hand) == 1 and holds_foot(view):
        name = card_name_with_article(card)
        if view.rules.foot_after_discard is FootAfterDiscard.AT_ONCE:
            return _("Discard {card}, your last card: you pick up your foot and play on at once.").format(card=name)
        return _("Discard {card}, your last card: you pick up your foot and play it from your next turn.").format(
            card=name
        )
    if len(view.hand) == 1:
        own = my_melds(view)
        return _going_out(view, _going_out_bonus(view, own, view.turn.concealed))
    name = card_name_with_article(card)
    following = (view.seat + 1) % view.rules.players
    if side_of(view.rules, view.lone_hand, following) == my_side(view):
        return _("Discard {card}: the next player is your partner.").format(card=name)
    if card.is_black_three:
        return _("Discard {card}: a black three stops the next player from taking the pile.").format(card=name)
    if card.is_wild:
        return _wild_discard(view, name)
    return _safe_discard(view, memory, card, following).format(card=name, rank=rank_plural(card.rank))


def _wild_discard(view: PlayerView, name: str) -> str:
    count = len(view.pile)
    if _books(view):
        return _("Discard {card}: with a wild card on top the next player cannot take the pile.").format(card=name)
    if pile_is_frozen(view):
        return ngettext(
            "Discard {card}: with a wild card on top nobody can take the pile of {count} card.",
            "Discard {card}: with a wild card on top nobody can take the pile of {count} cards.",
            count,
        ).format(card=name, count=count)
    return ngettext(
        "Discard {card}: a wild card freezes the pile of {count} card; from now on only a natural pair takes it.",
        "Discard {card}: a wild card freezes the pile of {count} cards; from now on only a natural pair takes it.",
        count,
    ).format(card=name, count=count)


def _safe_discard(view: PlayerView, memory: CardMemory, card: Card, following: int) -> str:
    """The strongest reason the card is safe to let go of, as a text with {card} and {rank} still to fill."""
    rank = card.rank
    rules = view.rules
    hidden = unseen(view, rank)
    books = _books(view)
    frozen = _frozen_for(view, following)
    their_melds = view.melds[side_of(rules, view.lone_hand, following)]
    racing_now = racing(view, _weights(view)) and card.points >= 10
    samba = rules.shape.pile_rule is PileRule.PAIR_OR_UNFINISHED_MELD
    onto_meld = rules.pile_take_by_adding_to_meld and not books
    if not frozen and onto_meld and _fits_any(view, card, their_melds, open_only=samba):
        if racing_now:
            return _("Discard {card}: the hand may end soon, so shed the cards that cost the most.")
        if not any(meld.rank is rank for meld in their_melds):
            return _("Discard {card}: the next player's side can add it to a sequence, but every other card costs "
                     "more.")  # fmt: skip
        return _("Discard {card}: the next player's side can add it to their {rank}, but every other card costs more.")
    if hidden == 0:
        return _("Discard {card}: all the other {rank} are in sight, so nobody can pair it.")
    pair_only = not rules.take_with_wild if books else frozen or not rules.unfrozen_take_with_wild
    if hidden == 1 and pair_only:
        return _("Discard {card}: only one more of the {rank} is out of sight, so nobody can hold a pair.")
    if frozen:
        return _("Discard {card}: the pile is frozen for the next player, who would need a natural pair of {rank}.")
    if discarded_rank(memory, following, rank):
        return _("Discard {card}: the next player let one of the {rank} go before, so they are unlikely to want it.")
    if racing_now:
        return _("Discard {card}: the hand may end soon, so shed the cards that cost the most.")
    if len(hand_cards(view).by_rank.get(rank, ())) == 1:
        return _("Discard {card}: it is a single card that pairs nothing in your hand.")
    return _("Discard {card}: it is the card you need least.")


def _weights(view: PlayerView) -> Weights:
    """The Hard player's weights for this table (the hint's player)."""
    return _COACH_WEIGHTS(view)


def _read_weights(view: PlayerView) -> Weights:
    return hard_weights(view.rules.players)


_COACH_WEIGHTS = Memo(_read_weights)  # read once per distinct view
