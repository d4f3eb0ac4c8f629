"""Whether a player may be left with no card, or one to discard: the canastas (or books, or kinds) his side needs,
his partner's answer, and the house rules' way out (docs/rules.md, "Going out")."""

from __future__ import annotations

from canasta.engine.cards import Rank
from canasta.engine.melds import canasta_types_refusal
from canasta.engine.playerview import (
    PlayerView,
    Question,
    canastas_needed,
    foot_refills_hand,
    holds_foot,
    my_seats,
    partner_to_ask,
)
from canasta.engine.refusals import Code, Refusal
from canasta.engine.rules import AskPartner, GoingOut

_PARTNER_IN_HAND = Refusal(
    Code.GOING_OUT_NEEDS_BOOKS,
    "Under the house rules your side goes out only once each of its players has picked up his foot.",
    (("variant", "all_in_foot"),),
)


def going_out_refusal(
    view: PlayerView, cards_left: int, canastas: int, kinds: Refusal | None = None, *, by_discard: bool = False
) -> Refusal | None:
    """Whether the player may be left with `cards_left` (0: out now; 1: out by the coming discard);
    `kinds`: why the side lacks the kinds of canasta some games ask for (`kinds_to_go_out_refusal`), if it does;
    `by_discard`: the hand is emptied by discarding its last card. (Where bonus cards follow his discard,
    `bonus_cards_due`, a last card kept or discarded is no going out: the callers ask no further.)"""
    if cards_left >= 2 or (cards_left == 1 and view.turn.final) or foot_refills_hand(view):
        return None  # (in Hand and Foot a player who empties his hand takes up his foot)
    if kinds is not None and kinds.code is Code.GOING_OUT_NEEDS_CANASTA_TYPES and cards_left == 1:
        return canasta_types_refusal(kinds_lacking(kinds), keep_two=True)
    if kinds is not None and any(view.rules.shape.books_to_go_out):
        return kinds  # the books say it all (and with numbers)
    if view.rules.all_in_foot and any(holds_foot(view, seat) for seat in my_seats(view)):
        return _PARTNER_IN_HAND
    needed = canastas_needed(view)
    if canastas < needed:
        books = view.rules.shape.books  # Hand and Foot says books
        plural = ("book" if books else "canasta") + ("" if needed == 1 else "s")
        if cards_left == 1:
            return Refusal(
                Code.MUST_KEEP_TWO_CARDS,
                f"Keep at least two cards: your side needs {needed} {plural} to go out and has {canastas}.",
                (("variant", "books" if books else ""), ("needed", needed), ("canastas", canastas)),
            )
        return Refusal(
            Code.GOING_OUT_NEEDS_CANASTA,
            f"Your side needs {needed} {plural} to go out; it has {canastas}.",
            (("variant", "books" if books else ""), ("needed", needed), ("canastas", canastas)),
        )
    if kinds is not None:
        return kinds
    question = view.turn.question
    if question is Question.NO:
        return Refusal(Code.PARTNER_SAID_NO, "Your partner said no: you may not go out this turn.")
    required = view.rules.ask_partner is AskPartner.REQUIRED and partner_to_ask(view.rules, view.seat) is not None
    if required and question is not Question.YES:
        return Refusal(Code.MUST_ASK_PARTNER, "Under the house rules you must ask your partner before going out.")
    if view.rules.shape.out_by_discard_only:
        return _OUT_ONLY_BY_DISCARD if cards_left == 0 and not by_discard else None
    return _way_out_refusal(view.rules.going_out, cards_left, by_discard)


_OUT_BY_DISCARD = Refusal(
    Code.MUST_KEEP_TWO_CARDS,
    "Under the house rules you go out by discarding your last card: keep a card to discard.",
    (("variant", "must_discard"),),
)
_OUT_ONLY_BY_DISCARD = Refusal(
    Code.MUST_KEEP_TWO_CARDS,
    "You go out only by discarding your last card: keep a card to discard.",
    (("variant", "by_discard"),),
)
_OUT_BY_MELDING = Refusal(
    Code.MUST_KEEP_TWO_CARDS,
    "Under the house rules you go out by melding every card, not by a discard: keep two cards or meld all.",
    (("variant", "must_meld"),),
)


def _way_out_refusal(rule: GoingOut, cards_left: int, by_discard: bool) -> Refusal | None:
    """Hand and Foot's option `going_out`: out by melding everything, or by a last discard, or either."""
    if rule is GoingOut.MUST_DISCARD and cards_left == 0 and not by_discard:
        return _OUT_BY_DISCARD
    if rule is GoingOut.MUST_MELD and (cards_left == 1 or by_discard):
        return _OUT_BY_MELDING
    return None


def kinds_lacking(refusal: Refusal) -> tuple[str | Rank, ...]:
    """The canasta types a `going_out_needs_canasta_types` refusal names."""
    lacks = dict(refusal.args).get("lacks", ())
    return tuple(item for item in lacks if isinstance(item, str | Rank)) if isinstance(lacks, tuple) else ()
