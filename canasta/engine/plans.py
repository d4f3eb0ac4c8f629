"""The plan of a meld step, a pile take or a combination, phase included, worked out once per view and action:
`legal_actions` checks an action, the player checks it again, and `apply` plans it once more, all on one view."""

from __future__ import annotations

from typing import assert_never

from canasta.engine.actions import Action, Answer, Combine, Meld, TakePile
from canasta.engine.memo import MemoBy
from canasta.engine.playerview import Phase, PlayerView
from canasta.engine.refusals import Code, Refusal
from canasta.engine.steps import StepPlan, plan_combine, plan_meld, plan_take


def turn_refusal(view: PlayerView, action: Action) -> Refusal | None:
    if view.phase is Phase.OVER:
        return Refusal(Code.HAND_OVER, "The hand is over.")
    if view.seat != view.current:
        return Refusal(Code.NOT_YOUR_TURN, "It is not your turn.")
    if view.phase is Phase.ANSWER and not isinstance(action, Answer):
        return Refusal(Code.MUST_ANSWER, "Answer your partner first: may they go out?")
    return None


def take_plan_in_turn(view: PlayerView, action: TakePile) -> StepPlan | Refusal:
    if view.phase is not Phase.DRAW:
        return Refusal(Code.ALREADY_DREW, "You have already drawn this turn.")
    return planned(view, action)


def planned(view: PlayerView, action: Meld | TakePile | Combine) -> StepPlan | Refusal:
    """The plan of a step (phase checks are the caller's), worked out once per distinct view and action:
    `legal_actions` checks an action, the player checks it again, and `apply` plans it once more."""
    return _PLANS(view, action)


def _plan(view: PlayerView, action: Meld | TakePile | Combine) -> StepPlan | Refusal:
    match action:
        case Meld():
            return plan_meld(view, action)
        case TakePile():
            return plan_take(view, action)
        case Combine():
            return plan_combine(view, action)
        case _:
            assert_never(action)


_PLANS: MemoBy[PlayerView, Meld | TakePile | Combine, StepPlan | Refusal] = MemoBy(_plan)


def take_plan(view: PlayerView, action: TakePile) -> StepPlan | Refusal:
    """The plan of a pile take, phase included (for the engine)."""
    refusal = turn_refusal(view, action)
    return refusal if refusal is not None else take_plan_in_turn(view, action)


def meld_plan(view: PlayerView, action: Meld) -> StepPlan | Refusal:
    """The plan of a meld step, phase included."""
    refusal = turn_refusal(view, action)
    return refusal if refusal is not None else meld_plan_in_turn(view, action)


def meld_plan_in_turn(view: PlayerView, action: Meld) -> StepPlan | Refusal:
    if view.phase is not Phase.PLAY:
        return Refusal(Code.MUST_DRAW_FIRST, "Draw first: take a card from the stock or take the pile.")
    return planned(view, action)


def combine_plan(view: PlayerView, action: Combine) -> StepPlan | Refusal:
    """The plan of joining two groups, phase included."""
    refusal = turn_refusal(view, action)
    if refusal is not None:
        return refusal
    if view.phase is not Phase.PLAY:
        return Refusal(Code.MUST_DRAW_FIRST, "Draw first: take a card from the stock or take the pile.")
    return planned(view, action)
