"""The player's text of a refusal, in the player's language: one English template per refusal code.

The engine's `Refusal` carries a stable `code`, an English `message` for tools and logs, and `args`: the
numbers, cards and ranks the text needs, as (name, value) pairs. The template of a code fills `{placeholders}`
from them after translation. A code whose sentence depends on more than the numbers has one template per
`variant` (an entry of `args`). Until every part of the engine passes its args, a refusal without the args
its template needs is shown with its English message, never a wrong text.

The names of cards, ranks and suits for any text are here too (`card_name`, `rank_plural`, `suit_name`), and
cards as the table writes them (`card_label`: "7♠"), which the args named in `AS_ON_TABLE` take.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from canasta.engine.cards import Card, Rank, Suit
from canasta.engine.refusals import Code, Refusal, RefusalArg
from canasta.engine.special_hands import SpecialHand
from canasta.i18n import N_, N_plural, _, ngettext, placeholders

ArgValue = RefusalArg  # what a refusal carries for its text


@dataclass(frozen=True, slots=True)
class Template:
    """A refusal's English sentence; with `plural`, the form is picked by the number in the arg `count`."""

    text: str
    plural: str | None = None
    count: str | None = None

    @property
    def needs(self) -> frozenset[str]:
        """The names of the args the sentence shows."""
        return frozenset((placeholders(self.text) or []) + (placeholders(self.plural or "") or []))


# Keyed by (code, variant); the variant is "" for codes with one sentence.
TEMPLATES: Final[Mapping[tuple[Code, str], Template]] = {
    # Whose turn and which phase.
    (Code.HAND_OVER, ""): Template(N_("The hand is over.")),
    (Code.NOT_YOUR_TURN, ""): Template(N_("It is not your turn.")),
    (Code.MUST_ANSWER, ""): Template(N_("Answer your partner first: may they go out?")),
    (Code.MUST_DRAW_FIRST, ""): Template(N_("Draw first: take a card from the stock or take the pile.")),
    (Code.ALREADY_DREW, ""): Template(N_("You have already drawn this turn.")),
    # Drawing and the end of the stock.
    (Code.STOCK_EMPTY, ""): Template(N_("The stock is empty: take the pile or pass.")),
    (Code.MUST_TAKE_PILE, ""): Template(N_("The stock is empty and {card} fits your {rank}: take the pile.")),
    (Code.CANNOT_PASS, ""): Template(N_("You cannot pass now.")),
    (Code.FINAL_TURN_NO_DISCARD, ""): Template(N_("This last turn has no discard: meld or pass.")),
    # Taking the discard pile.
    (Code.PILE_EMPTY, ""): Template(N_("The discard pile is empty.")),
    (Code.PILE_BLOCKED_BLACK_THREE, ""): Template(N_("A black three on top stops you from taking the pile.")),
    (Code.PILE_TOP_WILD, ""): Template(N_("The pile cannot be taken while a wild card is on top.")),
    (Code.ONE_CARD_PILE, ""): Template(N_("Holding one card, you may not take a pile of one card.")),
    (Code.PILE_NEEDS_INITIAL_MELD, ""): Template(
        N_("Under the house rules your side must make its first meld before taking the pile.")
    ),
    (Code.PILE_FROZEN_NEEDS_NATURAL_PAIR, ""): Template(
        N_("The pile is frozen for you: show two natural {rank} from your hand to take it.")
    ),
    (Code.PILE_TAKE_NEEDS_NATURAL_PAIR, ""): Template(
        N_("Under the house rules you need two natural {rank} to take the pile.")
    ),
    (Code.PILE_TAKE_BY_ADDING_NOT_ALLOWED, ""): Template(
        N_("Under the house rules the top card may not just be added to your {rank}: show a natural pair.")
    ),
    (Code.PILE_TAKE_NEEDS_MELD, ""): Template(N_("Your side has no meld of {rank} for the top card.")),
    (Code.PILE_TAKE_WRONG_RANK, ""): Template(N_("Only {rank} and wild cards go with the top card, {card}.")),
    # Cards and melds.
    (Code.CARD_NOT_IN_HAND, ""): Template(N_("You do not hold {cards}.")),
    (Code.EMPTY_MELD_STEP, ""): Template(N_("Choose cards to meld.")),
    (Code.MELD_TOO_SMALL, "meld"): Template(N_("A meld needs at least 3 cards; this one has {size}.")),
    (Code.MELD_TOO_SMALL, "black_threes"): Template(
        N_("A meld of black threes needs at least 3 of them; this one has {size}.")
    ),
    (Code.MELD_MIXED_RANKS, "new_meld"): Template(N_("A meld holds one rank only, not {ranks}.")),
    (Code.MELD_MIXED_RANKS, "addition"): Template(N_("Only {rank} and wild cards go onto the {rank}.")),
    (Code.MELD_MIXED_RANKS, "no_sequence"): Template(
        N_("Neither a group nor a sequence: {meld}. A group holds one rank, and a sequence no wild card.")
    ),
    (Code.MELD_WITHOUT_NATURAL_RANK, ""): Template(N_("Wild cards cannot form a meld of their own.")),
    (Code.MELD_TOO_FEW_NATURALS, ""): Template(
        N_("A meld needs at least 2 natural cards; this one of {rank} has {naturals}.")
    ),
    (Code.MELD_TOO_MANY_WILDS, ""): Template(
        *N_plural(
            "A meld may hold at most {most} wild card; this one would hold {wilds}.",
            "A meld may hold at most {most} wild cards; this one would hold {wilds}.",
        ),
        count="most",
    ),
    (Code.MELD_WILDS_EXCEED_NATURALS, "not_more"): Template(
        N_(
            "Under the house rules a meld needs no more wild cards than natural cards; "
            "this one would have {naturals} natural and {wilds} wild."
        )
    ),
    (Code.MELD_WILDS_EXCEED_NATURALS, "twice"): Template(
        N_(
            "A meld needs at least twice as many natural cards as wild cards; "
            "this one would have {naturals} natural and {wilds} wild."
        )
    ),
    (Code.MELD_WILDS_EXCEED_NATURALS, "majority"): Template(
        N_(
            "Under the house rules a meld needs more natural cards than wild cards; "
            "this one would have {naturals} natural and {wilds} wild."
        )
    ),
    (Code.NO_MELD_OF_RANK, ""): Template(N_("Your side has no meld of {rank} to add to.")),
    # The family's melds.
    (Code.MELD_TOO_LARGE, ""): Template(
        N_("A meld of this kind holds at most {most} cards; this one would hold {size}.")
    ),
    (Code.NO_SUCH_MELD, ""): Template(N_("Your side has no meld number {number}.")),
    (Code.WHICH_MELD, ""): Template(N_("Your side holds {count} groups of {rank}: name the one the cards go to.")),
    # A sequence refused: its cards as a new meld whose kind was read from them ("new_meld": several ranks, so
    # no group either), as a meld written as a sequence ("sequence"), or the cards added to one ("addition").
    (Code.SEQUENCE_NATURALS_ONLY, "new_meld"): Template(
        N_(
            "Neither a group nor a sequence: {meld}. A sequence holds natural cards from 4 to ace only, never a wild "
            "card, two or three."
        )
    ),
    (Code.SEQUENCE_NATURALS_ONLY, "sequence"): Template(
        N_("No sequence: {meld}. A sequence holds natural cards from 4 to ace only, never a wild card, two or three.")
    ),
    (Code.SEQUENCE_NATURALS_ONLY, "addition"): Template(
        N_(
            "Your sequence cannot take {meld}. A sequence holds natural cards from 4 to ace only, never a wild card, "
            "two or three."
        )
    ),
    (Code.SEQUENCE_ONE_SUIT, "new_meld"): Template(
        N_("Neither a group nor a sequence: {meld}. A sequence holds cards of one suit.")
    ),
    (Code.SEQUENCE_ONE_SUIT, "sequence"): Template(N_("No sequence: {meld}. A sequence holds cards of one suit.")),
    (Code.SEQUENCE_ONE_SUIT, "addition"): Template(
        N_("Your sequence cannot take {meld}. A sequence holds cards of one suit.")
    ),
    (Code.SEQUENCE_NOT_RUN, "new_meld"): Template(
        N_("Neither a group nor a sequence: {meld}. A sequence runs in rank order without gaps or repeated ranks.")
    ),
    (Code.SEQUENCE_NOT_RUN, "sequence"): Template(
        N_("No sequence: {meld}. A sequence runs in rank order without gaps or repeated ranks.")
    ),
    (Code.SEQUENCE_NOT_RUN, "addition"): Template(
        N_("Your sequence cannot take {meld}. A sequence runs in rank order without gaps or repeated ranks.")
    ),
    (Code.WILD_MELD_WILDS_ONLY, ""): Template(N_("A meld of wild cards holds wild cards only, not {meld}.")),
    # A new meld written as an object that its cards do not make (docs/formats.md, "Actions").
    (Code.GROUP_RANK_MISMATCH, ""): Template(N_("No group of {rank}: {meld}. Its natural cards are {found}.")),
    (Code.SEQUENCE_SUIT_MISMATCH, ""): Template(N_("No sequence of {suit}: {meld}. Its cards are {found}.")),
    (Code.MELD_KIND_NOT_IN_GAME, "sequence"): Template(N_("This game has no sequences: {meld} cannot be one.")),
    (Code.MELD_KIND_NOT_IN_GAME, "wild"): Template(N_("This game has no melds of wild cards: {meld} cannot be one.")),
    (Code.WILDS_ON_CANASTA, ""): Template(N_("A completed canasta takes no more wild cards.")),
    (Code.WILDS_ON_CANASTA, "books"): Template(N_("A complete book takes no more wild cards.")),
    (Code.TOO_MANY_GROUPS, ""): Template(N_("Your side may hold at most {most} groups of {rank}.")),
    (Code.CANNOT_COMBINE, ""): Template(N_("Only two different groups of one rank can be combined.")),
    (Code.PILE_ONTO_CANASTA, ""): Template(N_("The top card of the pile may not go onto a completed canasta.")),
    (Code.PILE_TAKE_NEEDS_NATURAL_PAIR, "always_pair"): Template(N_("You need two natural {rank} to take the pile.")),
    (Code.PILE_TAKE_WRONG_RANK, "sequence"): Template(
        N_(
            "A sequence never takes the pile: {top} goes with two natural {rank} from your hand, or alone onto a "
            "meld, never with {meld}."
        )
    ),
    (Code.TAKE_ONTO_NOT_ALONE, ""): Template(
        N_("Taking the pile onto a meld moves the top card alone: meld cards from your hand afterwards.")
    ),
    (Code.BLACK_THREES_ONLY_GOING_OUT, ""): Template(N_("Black threes may be melded only when you go out.")),
    (Code.BLACK_THREES_ONLY_GOING_OUT, "never"): Template(N_("Threes are never melded in this game.")),
    (Code.BLACK_THREE_MELD_WITH_WILD, ""): Template(N_("A meld of black threes may not hold wild cards.")),
    (Code.TOO_MANY_BLACK_THREES, ""): Template(N_("A meld of black threes holds at most {most}.")),
    (Code.INITIAL_MELD_BELOW_MINIMUM, ""): Template(
        *N_plural(
            "Your first meld needs {minimum} point; these make {points}.",
            "Your first meld needs {minimum} points; these make {points}.",
        ),
        count="minimum",
    ),
    # Going out and asking partner.
    (Code.GOING_OUT_NEEDS_CANASTA, ""): Template(
        *N_plural(
            "Your side needs {needed} canasta to go out; it has {canastas}.",
            "Your side needs {needed} canastas to go out; it has {canastas}.",
        ),
        count="needed",
    ),
    (Code.GOING_OUT_NEEDS_CANASTA, "books"): Template(
        *N_plural(
            "Your side needs {needed} book to go out; it has {canastas}.",
            "Your side needs {needed} books to go out; it has {canastas}.",
        ),
        count="needed",
    ),
    (Code.MUST_KEEP_TWO_CARDS, "must_discard"): Template(
        N_("Under the house rules you go out by discarding your last card: keep a card to discard.")
    ),
    (Code.MUST_KEEP_TWO_CARDS, "must_meld"): Template(
        N_("Under the house rules you go out by melding every card, not by a discard: keep two cards or meld all.")
    ),
    (Code.MUST_KEEP_TWO_CARDS, ""): Template(
        *N_plural(
            "Keep at least two cards: your side needs {needed} canasta to go out and has {canastas}.",
            "Keep at least two cards: your side needs {needed} canastas to go out and has {canastas}.",
        ),
        count="needed",
    ),
    (Code.MUST_KEEP_TWO_CARDS, "books"): Template(
        *N_plural(
            "Keep at least two cards: your side needs {needed} book to go out and has {canastas}.",
            "Keep at least two cards: your side needs {needed} books to go out and has {canastas}.",
        ),
        count="needed",
    ),
    (Code.PARTNER_SAID_NO, ""): Template(N_("Your partner said no: you may not go out this turn.")),
    (Code.CANNOT_MELD_EVERYTHING, ""): Template(
        *N_plural(
            "You cannot go out now: going out melds every card but one discard, and {count} card fits no meld: "
            "{cards}.",
            "You cannot go out now: going out melds every card but one discard, and {count} cards fit no meld: "
            "{cards}.",
        ),
        count="count",
    ),
    (Code.GOING_OUT_NEEDS_SEQUENCE, ""): Template(N_("Your side needs a sequence canasta to go out.")),
    (Code.GOING_OUT_NEEDS_BOOKS, "all_in_foot"): Template(
        N_("Under the house rules your side goes out only once each of its players has picked up his foot.")
    ),
    (Code.GOING_OUT_NEEDS_BOOKS, ""): Template(
        N_("Your side needs {clean_needed} clean and {dirty_needed} dirty books to go out; it has {clean} and {dirty}.")
    ),
    (Code.MUST_GO_OUT, ""): Template(N_("Your partner said yes: you must go out this turn, and you can.")),
    (Code.MUST_ASK_PARTNER, ""): Template(N_("Under the house rules you must ask your partner before going out.")),
    (Code.EXEMPT_LAST_CARD, ""): Template(
        N_("After a concealed meld your last card may only be discarded or added to your own new melds.")
    ),
    (Code.NO_PARTNER, ""): Template(N_("You have no partner to ask.")),
    (Code.ASK_PARTNER_OFF, ""): Template(N_("Under the house rules nobody asks partner.")),
    (Code.ALREADY_ASKED, ""): Template(N_("You have already asked your partner this turn.")),
    (Code.ASK_AFTER_MELDING, "first_meld"): Template(N_("Ask your partner before you meld anything this turn.")),
    (Code.ASK_AFTER_MELDING, "last_card"): Template(N_("Ask your partner before melding down to your last card.")),
    (Code.NOT_ASKED, ""): Template(N_("Nobody asked you anything.")),
    (Code.ASKED_THIS_HAND, ""): Template(N_("You may ask your partner only once per hand, and you have asked.")),
    (Code.GOING_OUT_OPEN_MELD, "rank"): Template(
        N_("Your side may not go out while its meld of {rank} is incomplete ({size} of {canasta} cards).")
    ),
    (Code.GOING_OUT_OPEN_MELD, "wild"): Template(
        N_("Your side may not go out while its wild meld is incomplete ({size} of {canasta} cards).")
    ),
    (Code.MUST_KEEP_TWO_CARDS, "by_discard"): Template(
        N_("You go out only by discarding your last card: keep a card to discard.")
    ),
    # Limits on whole steps (Modern American).
    (Code.DEAD_RANK, ""): Template(
        N_("The {rank} are dead: a canasta of {rank} is complete, so nobody starts or adds to a meld of them.")
    ),
    (Code.RANK_TAKES_NO_WILD, "never"): Template(N_("A meld of {rank} never takes a wild card.")),
    (Code.RANK_TAKES_NO_WILD, "initial_only"): Template(
        N_("A meld of {rank} takes wild cards only in your side's initial meld.")
    ),
    (Code.RULE_OF_FIVE, ""): Template(
        N_(
            "A wild card joins a meld of {rank} only once it holds {needed} natural cards (outside your side's "
            "initial meld); it would hold {naturals}."
        )
    ),
    (Code.ONE_OPEN_WILD_MELD, ""): Template(N_("Your side may have only one incomplete wild meld at a time.")),
    (Code.WILD_MELD_OPEN, ""): Template(
        N_("While your side's wild meld is incomplete ({size} of {canasta} cards), wild cards go into no other meld.")
    ),
    (Code.INITIAL_MIXED_CANASTA, ""): Template(
        N_("Your side's initial meld may complete a natural canasta, not a mixed one: {meld}.")
    ),
    (Code.INITIAL_MELD_NEEDS_CLEAN_TRIPLE, ""): Template(
        N_("Your side's initial meld needs a clean triple: three or more natural cards of one rank, no wild card.")
    ),
    (Code.INITIAL_MELD_NEEDS_CLEAN_TRIPLE, "take"): Template(
        N_(
            "Your side's initial meld needs a clean triple (three or more natural cards of one rank, no wild card) "
            "from your hand: the pile's top card does not count."
        )
    ),
    (Code.INITIAL_MELD_NEEDS_CLEAN_TRIPLE, "wild"): Template(
        N_(
            "Your side's initial meld needs a clean triple (three or more natural cards of one rank, no wild card) "
            "or a wild meld of three or more."
        )
    ),
    (Code.INITIAL_MELD_NEEDS_CLEAN_TRIPLE, "wild_take"): Template(
        N_(
            "Your side's initial meld needs a clean triple (three natural cards of a rank, no wild card) or a wild "
            "meld of three, from your hand: the pile's top card does not count."
        )
    ),
    (Code.PILE_TOP_DEAD_RANK, ""): Template(
        N_("The {rank} are dead (a canasta of them is complete): the pile cannot be taken with {card} on top.")
    ),
    (Code.PILE_MELD_FULL, ""): Template(
        N_(
            "Your side's {rank} hold {size} cards: with the top card and your {shown} they would pass {most}, so the "
            "pile cannot be taken."
        )
    ),
    # Cuban Canasta's closed ranks, wild melds and black threes.
    (Code.CLOSED_RANK, ""): Template(
        N_(
            "Your side's canasta of {rank} is complete: your side adds no card to it and starts no other meld of "
            "{rank}."
        )
    ),
    (Code.PILE_TOP_CLOSED_RANK, ""): Template(
        N_("Your side's canasta of {rank} is complete: it cannot take the pile with {card} on top.")
    ),
    (Code.ONE_WILD_MELD, ""): Template(N_("Your side may make only one meld of wild cards in a hand.")),
    (Code.ONE_OPEN_MELD_PER_RANK, ""): Template(N_("Your side may have only one incomplete meld of {rank} at a time.")),
    (Code.BLACK_THREE_FIRST_ROUND, ""): Template(
        N_("No black three ({card}) may be discarded in the hand's first round: {turns} of {players} turns are over.")
    ),
    (Code.PILE_FROZEN_NEEDS_NATURAL_PAIR, "always"): Template(
        N_("The pile is always frozen: show two natural {rank} from your hand to take it.")
    ),
    # Discards a game bans (Modern American).
    (Code.THREE_DISCARD, ""): Template(N_("A three ({card}) is never discarded.")),
    (Code.WILD_DISCARD, ""): Template(
        N_("A wild card ({card}) is discarded only to go out, or when you hold nothing but wild cards.")
    ),
    (Code.DISCARD_ONTO_EMPTY_PILE, "swad"): Template(
        N_(
            "Not {card} onto an empty pile: by the SWAD rule no seven, wild card, ace or card of a dead rank starts "
            "a pile (it would hand the next player an easy take)."
        )
    ),
    (Code.DISCARD_ONTO_EMPTY_PILE, "dead"): Template(
        N_(
            "Not {card} onto an empty pile: the {rank} are dead, and by the SWAD rule no seven, wild card, ace or "
            "card of a dead rank starts a pile."
        )
    ),
    (Code.NO_LEGAL_DISCARD, ""): Template(
        N_("Not this meld: it would leave you only {cards}, and none of them may be discarded.")
    ),
    (Code.NO_LEGAL_DISCARD, "empty_pile"): Template(
        N_(
            "Not this meld: it would leave you only {cards}, and none of them may go onto an empty pile (the SWAD "
            "rule)."
        )
    ),
    (Code.NO_LEGAL_DISCARD, "first_round"): Template(
        N_("This would leave you no card you may discard: {cards} (no black three in the first round).")
    ),
    # Special hands (Modern American).
    (Code.SPECIAL_HANDS_OFF, ""): Template(N_("Under the house rules nobody lays a special hand.")),
    (Code.SPECIAL_HAND_NOT_NOW, ""): Template(
        N_("A special hand is laid right after drawing from the stock, before any meld this turn.")
    ),
    (Code.SPECIAL_HAND_SIDE_HAS_MELDED, ""): Template(
        N_("Your side has melded: only a side that has not melded may lay a special hand.")
    ),
    (Code.SPECIAL_HAND_NEEDS_14_CARDS, ""): Template(N_("A special hand is exactly 14 cards; you hold {count}.")),
    (Code.SPECIAL_HAND_NEEDS_14_CARDS, "named"): Template(
        N_("A special hand is your whole hand of {count} cards; you name {named}.")
    ),
    (Code.SPECIAL_HAND_NOT_MADE, ""): Template(N_("These cards do not make {name}, nor any other special hand.")),
    (Code.SPECIAL_HAND_NOT_MADE, "other"): Template(N_("These cards make {made}, not {name}.")),
    (Code.SPECIAL_HANDS_OFF, "keep"): Template(
        N_("Under the house rules nobody lays a special hand, so no three is kept: every three is laid out.")
    ),
    (Code.SPECIAL_HAND_SIDE_HAS_MELDED, "keep"): Template(
        N_("Your side has melded: a three is kept only for a special hand, by a side that has not melded.")
    ),
    (Code.THREE_ALREADY_KEPT, ""): Template(N_("You already keep {card}: only one three is kept for the Straight.")),
    # Pennies from Heaven: closed melds, open melds per rank, blocked tops, canasta types and the sevens lock.
    (Code.NO_LEGAL_DISCARD, "locked"): Template(
        N_("This would leave you only {cards}, and {rank} are never discarded to go out.")
    ),
    (Code.MELD_OVER_SEVEN_CARDS, ""): Template(
        N_("A meld is closed at {most} cards: a canasta takes nothing more, and this one would hold {size}.")
    ),
    (Code.PILE_TOP_BLOCKED, ""): Template(
        N_("The pile cannot be taken while {card} is on top: a wild card or a black three blocks it.")
    ),
    (Code.PILE_MELD_FULL, "closed"): Template(
        N_("Your side's {rank} are a completed canasta of {size} cards: the top card {card} cannot go onto it.")
    ),
    (Code.GOING_OUT_NEEDS_CANASTA_TYPES, ""): Template(
        N_("Your side needs a natural, a mixed, a sevens and a wild canasta to go out; it lacks the {lacks}.")
    ),
    (Code.MUST_KEEP_TWO_CARDS, "types"): Template(
        N_(
            "Keep at least two cards. Your side needs a natural, a mixed, a sevens and a wild canasta to go out; it "
            "lacks the {lacks}."
        )
    ),
    (Code.SEVEN_GOING_OUT_DISCARD, ""): Template(
        N_("{card} may not be your last discard: {rank} are never discarded to go out.")
    ),
    (Code.SEVEN_DISCARD_LOCKED, "every_side"): Template(
        N_(
            "You may not discard {card}: {rank} stay locked until every side has completed a canasta of {rank}, and "
            "{waiting} of the {sides} sides have not."
        )
    ),
    (Code.SEVEN_DISCARD_LOCKED, "own_side"): Template(
        N_("You may not discard {card}: {rank} stay locked until your side has completed a canasta of {rank}.")
    ),
}


def refusal_text(refusal: Refusal) -> str:
    """What the player reads: the code's sentence in his language, or the English message while the
    refusal lacks the args its sentence needs."""
    text = translated_text(refusal)
    return refusal.message if text is None else text


def translated_text(refusal: Refusal) -> str | None:
    """The code's sentence in the player's language, filled from the args; None when an arg is missing."""
    # A Refusal made before the engine passed args has no `args` at all.
    args: dict[str, ArgValue] = dict(refusal.args)
    variant = args.get("variant", "")
    template = TEMPLATES.get((refusal.code, variant if isinstance(variant, str) else ""))
    if template is None or not template.needs <= args.keys():
        return None
    words = {name: labels_for(args[name]) if name in AS_ON_TABLE else words_for(args[name]) for name in template.needs}
    if template.plural is None:
        return _(template.text).format(**words)
    count = args.get(template.count or "")
    if not isinstance(count, int):
        return None
    return ngettext(template.text, template.plural, count).format(**words)


# The canasta types a refusal names in words (Pennies' "natural", "mixed", "wild"; a rank of its own by its name).
_CANASTA_TYPES: Final = {"natural": N_("natural"), "mixed": N_("mixed"), "wild": N_("wild")}


def words_for(value: ArgValue) -> str:
    """An arg as words: numbers as digits, cards, ranks and suits by name, several as a list."""
    if isinstance(value, tuple) and any(isinstance(item, str) for item in value):
        return list_words([rank_plural(item) if isinstance(item, Rank) else _(_CANASTA_TYPES.get(item, item))
                           for item in value if isinstance(item, str | Rank)])  # fmt: skip
    if isinstance(value, Card):
        return card_name(value)
    if isinstance(value, Rank):
        return rank_plural(value)
    if isinstance(value, Suit):
        return suit_name(value)
    if isinstance(value, SpecialHand):
        return special_hand_name(value)
    if isinstance(value, tuple):
        return list_words([words_for(item) for item in value])
    return str(value)


# Args shown as the table writes cards ("7♠ 8♣ 9♣"), short enough for the message line: the cards of a meld.
AS_ON_TABLE: Final = frozenset({"meld", "top"})


def labels_for(value: ArgValue) -> str:
    """Cards as the table writes them, one after another: "7♠ 8♣ 9♣", "10♥ joker" (no-break spaces between them,
    so that a message line wrapped in two keeps a meld's cards together)."""
    cards = value if isinstance(value, tuple) else (value,)
    return "\u00a0".join(card_label(card) for card in cards if isinstance(card, Card))


def list_words(items: Sequence[str]) -> str:
    """Items as one phrase: "a", "a and b", "a, b and c"."""
    if len(items) < 2:
        return "".join(items)
    # Translators: the end of a list such as "the two of hearts, the four of clubs and the jack of spades".
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


_CARD_NAMES: Final = {
    Rank.ACE: N_("the ace of {suit}"), Rank.KING: N_("the king of {suit}"), Rank.QUEEN: N_("the queen of {suit}"),
    Rank.JACK: N_("the jack of {suit}"), Rank.TEN: N_("the ten of {suit}"), Rank.NINE: N_("the nine of {suit}"),
    Rank.EIGHT: N_("the eight of {suit}"), Rank.SEVEN: N_("the seven of {suit}"), Rank.SIX: N_("the six of {suit}"),
    Rank.FIVE: N_("the five of {suit}"), Rank.FOUR: N_("the four of {suit}"), Rank.THREE: N_("the three of {suit}"),
    Rank.TWO: N_("the two of {suit}"),
}  # fmt: skip

_RANK_PLURALS: Final = {
    Rank.JOKER: N_("jokers"), Rank.TWO: N_("twos"), Rank.THREE: N_("threes"), Rank.FOUR: N_("fours"),
    Rank.FIVE: N_("fives"), Rank.SIX: N_("sixes"), Rank.SEVEN: N_("sevens"), Rank.EIGHT: N_("eights"),
    Rank.NINE: N_("nines"), Rank.TEN: N_("tens"), Rank.JACK: N_("jacks"), Rank.QUEEN: N_("queens"),
    Rank.KING: N_("kings"), Rank.ACE: N_("aces"),
}  # fmt: skip

_SUIT_NAMES: Final = {
    Suit.HEARTS: N_("hearts"), Suit.DIAMONDS: N_("diamonds"), Suit.CLUBS: N_("clubs"), Suit.SPADES: N_("spades"),
}  # fmt: skip


def card_name(card: Card) -> str:
    """A card by name, with its article: "the queen of hearts", "the joker"."""
    if card.suit is None:
        return _("the joker")
    return _(_CARD_NAMES[card.rank]).format(suit=suit_name(card.suit))


_SUIT_SYMBOLS: Final = {Suit.CLUBS: "\u2663", Suit.DIAMONDS: "\u2666", Suit.HEARTS: "\u2665", Suit.SPADES: "\u2660"}


def card_label(card: Card) -> str:
    """A card as the table writes it: "7♥", "10♣", "joker" (the move log's way,
    `canasta.ui.table.narration.sentences`)."""
    if card.suit is None:
        return _("joker")
    return f"{'10' if card.rank is Rank.TEN else card.rank.value}{_SUIT_SYMBOLS[card.suit]}"


def rank_plural(rank: Rank) -> str:
    """A rank in the plural, as in "your meld of kings"."""
    return _(_RANK_PLURALS[rank])


def suit_name(suit: Suit) -> str:
    """A suit's name, as in "the queen of hearts"."""
    return _(_SUIT_NAMES[suit])


SPECIAL_HAND_NAMES: Final = {  # English, as the table shows them (translated where shown)
    SpecialHand.STRAIGHT: N_("Straight"), SpecialHand.PAIRS: N_("Pairs"), SpecialHand.WILD_PAIRS: N_("Wild pairs"),
    SpecialHand.GARBAGE: N_("Garbage"), SpecialHand.MIAMI_PAIRS: N_("Miami pairs"),
    SpecialHand.ZIP_CODE: N_("Zip code"), SpecialHand.BLAST_OFF: N_("Blast off"), SpecialHand.TRIPLES: N_("Triples"),
    SpecialHand.QUADS: N_("Quads"), SpecialHand.DREAM_HAND_4: N_("Dream hand +4"),
    SpecialHand.DREAM_HAND_5: N_("Dream hand +5"),
}  # fmt: skip


def special_hand_name(hand: SpecialHand) -> str:
    """A special hand's name as the table shows it: "Garbage", "Dream hand +4"."""
    return _(SPECIAL_HAND_NAMES[hand])
