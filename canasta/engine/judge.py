"""Judging actions from a seat's view: `check` and `legal_actions` (re-exported by `canasta.engine`), by one path
for every game.

Everything here works on a `PlayerView`, so a computer player can ask it without ever seeing hidden cards.
"""

from __future__ import annotations

from typing import assert_never

from canasta.engine.actions import (
    Action,
    Answer,
    AskPartner,
    Combine,
    DeclareSpecial,
    Discard,
    Draw,
    Meld,
    Pass,
    TakePile,
)
from canasta.engine.candidates import counts_settle, legal_melds, take_candidates
from canasta.engine.cards import EVERY_CARD, Rank
from canasta.engine.declaring import keep_three_refusal, special_refusal, special_to_declare
from canasta.engine.discard_bans import first_round
from canasta.engine.index_moves import index_melds, index_takes
from canasta.engine.melds import rank_name, shape_refusal
from canasta.engine.memo import Memo
from canasta.engine.pile_rules import pair_when_frozen_refusal
from canasta.engine.plans import (
    combine_plan,
    meld_plan,
    meld_plan_in_turn,
    planned,
    take_plan,
    take_plan_in_turn,
    turn_refusal,
)
from canasta.engine.playerview import Phase, PlayerView, Question, my_melds, partner_to_ask, pile_frozen_for
from canasta.engine.refusals import Code, Refusal
from canasta.engine.rules import AskPartner as AskPartnerOption
from canasta.engine.rules import AskPartnerTiming, PileRule, Rules, SpecialHands, StockExhausted
from canasta.engine.steps import StepPlan, plan_take
from canasta.engine.way_out import discard_refusal, distinct, going_out_step

__all__ = [
    "asking_barred",
    "check",
    "combine_plan",
    "forced_take",
    "going_out_step",
    "legal_actions",
    "meld_plan",
    "take_plan",
]

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
DISCARD_OF = {card: Discard(card) for card in EVERY_CARD}
_DRAW, _PASS, _ASK = Draw(), Pass(), AskPartner()
_DRAW_KEEPING_THREE = Draw(keep_three=True)


def check(view: PlayerView, action: Action) -> Refusal | None:
    """Why `action` is not allowed for the viewing seat now, or None if it is."""
    refusal = turn_refusal(view, action)
    if refusal is not None:
        return refusal
    match action:  # the commonest actions first
        case Discard(card):
            return discard_refusal(view, card)
        case Draw(keep_three):
            return _draw_refusal(view) or (keep_three_refusal(view) if keep_three else None)
        case Meld():
            result = meld_plan_in_turn(view, action)
            return result if isinstance(result, Refusal) else None
        case TakePile():
            result = take_plan_in_turn(view, action)
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
        case DeclareSpecial():
            return special_refusal(view, action)
        case _:
            assert_never(action)


def _draw_refusal(view: PlayerView) -> Refusal | None:
    if view.phase is not Phase.DRAW:
        return Refusal(Code.ALREADY_DREW, "You have already drawn this turn.")
    if view.stock_count == 0:
        if forced_take(view):
            return _forced_refusal(view)
        return Refusal(Code.STOCK_EMPTY, "The stock is empty: take the pile or pass.")
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
    if view.asked and view.asked[view.seat]:
        return Refusal(Code.ASKED_THIS_HAND, "You may ask your partner only once per hand, and you have asked.")
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


def legal_actions(view: PlayerView) -> list[Action]:
    """The legal actions of the viewing seat: every kind of move, each distinct take and discard, single
    melds and additions (with a representative choice of wild cards), plus the combined steps an initial
    meld or going out needs. Every action listed is legal; cards are listed by the copy held."""
    return list(_LEGAL(view))


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
        takes = take_candidates(view)
        if by_index:
            takes.extend(take for take in index_takes(view) if take not in takes)
        legal.extend(take for take in takes if _take_is_legal(view, take))
        if not view.stock_count:
            return legal
        keeping = view.rules.special_hands is not SpecialHands.OFF and keep_three_refusal(view) is None
        return [_DRAW, _DRAW_KEEPING_THREE, *legal] if keeping else [_DRAW, *legal]
    special = special_to_declare(view)
    if special is not None:
        legal.append(DeclareSpecial(special))
    legal.extend(legal_melds(view))
    if by_index:
        legal.extend(_index_steps(view, legal))
    if view.turn.final:
        return legal
    discards = [DISCARD_OF[card] for card in distinct(view.hand)]
    shape = view.rules.shape
    limited = shape.discard_bans or shape.discard_locked_rank is not None or first_round(view.rules, view.turns_played)
    if len(view.hand) >= 2 and view.turn.question is not Question.YES and not limited:
        return legal + discards  # nothing but going out (and a game's bans) limits a discard
    return legal + [action for action in discards if discard_refusal(view, action.card) is None]


def _listed(view: PlayerView) -> tuple[Action, ...]:
    return tuple(_legal_actions(view))


_LEGAL = Memo(_listed)  # once per distinct view


def _take_is_legal(view: PlayerView, take: TakePile) -> bool:
    """Whether a listed pile take is legal: by counts alone where that settles it (`_quick_take`), else by its
    plan (worked out once per view; `apply` works out the plan of the take chosen)."""
    quick = _quick_take(view, take)
    if quick is not None:
        return quick
    return isinstance(planned(view, take), StepPlan)


def _quick_take(view: PlayerView, take: TakePile) -> bool | None:
    """`plan_take`'s verdict on a take of the top card with cards from hand alone (no other new meld, none named
    by index) by a side that has melded and keeps two cards in hand, by counts alone where the shape lets them
    settle it (`counts_settle`, under the pile rule `pair_when_frozen`): the rules of taking it, then the shape
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
        or not counts_settle(view.rules)
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


def _index_steps(view: PlayerView, listed: list[Action]) -> list[Meld | Combine]:
    """The steps of `canasta.engine.index_moves` that are legal and not listed already."""
    steps: list[Meld | Combine] = []
    for step in index_melds(view):
        if step in listed or step in steps:
            continue
        plan = planned(view, step)
        if isinstance(plan, StepPlan):
            steps.append(step)
    return steps
