"""Why an action is refused: a stable code for tests and translations, a message for people."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from canasta.engine.cards import Card, Rank, Suit
from canasta.engine.special_hands import SpecialHand


class Code(enum.StrEnum):
    """Every refusal the engine can give. The values are stable: tests and translations key on them."""

    # Whose turn and which phase.
    HAND_OVER = "hand_over"
    NOT_YOUR_TURN = "not_your_turn"
    MUST_ANSWER = "must_answer"
    MUST_DRAW_FIRST = "must_draw_first"
    ALREADY_DREW = "already_drew"
    # Drawing and the end of the stock.
    STOCK_EMPTY = "stock_empty"
    MUST_TAKE_PILE = "must_take_pile"
    CANNOT_PASS = "cannot_pass"
    FINAL_TURN_NO_DISCARD = "final_turn_no_discard"
    # Taking the discard pile.
    PILE_EMPTY = "pile_empty"
    PILE_BLOCKED_BLACK_THREE = "pile_blocked_black_three"
    PILE_TOP_WILD = "pile_top_wild"
    ONE_CARD_PILE = "one_card_pile"
    PILE_NEEDS_INITIAL_MELD = "pile_needs_initial_meld"
    PILE_FROZEN_NEEDS_NATURAL_PAIR = "pile_frozen_needs_natural_pair"
    PILE_TAKE_NEEDS_NATURAL_PAIR = "pile_take_needs_natural_pair"
    PILE_TAKE_BY_ADDING_NOT_ALLOWED = "pile_take_by_adding_not_allowed"
    PILE_TAKE_NEEDS_MELD = "pile_take_needs_meld"
    PILE_TAKE_WRONG_RANK = "pile_take_wrong_rank"
    # Cards and melds.
    CARD_NOT_IN_HAND = "card_not_in_hand"
    EMPTY_MELD_STEP = "empty_meld_step"
    MELD_TOO_SMALL = "meld_too_small"
    MELD_MIXED_RANKS = "meld_mixed_ranks"
    MELD_WITHOUT_NATURAL_RANK = "meld_without_natural_rank"
    MELD_TOO_FEW_NATURALS = "meld_too_few_naturals"
    MELD_TOO_MANY_WILDS = "meld_too_many_wilds"
    MELD_WILDS_EXCEED_NATURALS = "meld_wilds_exceed_naturals"
    NO_MELD_OF_RANK = "no_meld_of_rank"
    # The family's melds (sequences, wild melds, several groups of a rank).
    MELD_TOO_LARGE = "meld_too_large"
    NO_SUCH_MELD = "no_such_meld"
    WHICH_MELD = "which_meld"
    SEQUENCE_NATURALS_ONLY = "sequence_naturals_only"
    SEQUENCE_ONE_SUIT = "sequence_one_suit"
    SEQUENCE_NOT_RUN = "sequence_not_run"
    WILD_MELD_WILDS_ONLY = "wild_meld_wilds_only"
    GROUP_RANK_MISMATCH = "group_rank_mismatch"  # a new meld written as a group of one rank holds another
    SEQUENCE_SUIT_MISMATCH = "sequence_suit_mismatch"  # a new meld written as a sequence of one suit is another
    MELD_KIND_NOT_IN_GAME = "meld_kind_not_in_game"  # a new meld written as a kind the game does not have
    WILDS_ON_CANASTA = "wilds_on_canasta"
    TOO_MANY_GROUPS = "too_many_groups"
    CANNOT_COMBINE = "cannot_combine"
    TAKE_ONTO_NOT_ALONE = "take_onto_not_alone"
    PILE_ONTO_CANASTA = "pile_onto_canasta"
    GOING_OUT_NEEDS_SEQUENCE = "going_out_needs_sequence"
    GOING_OUT_NEEDS_BOOKS = "going_out_needs_books"
    BLACK_THREES_ONLY_GOING_OUT = "black_threes_only_going_out"
    BLACK_THREE_MELD_WITH_WILD = "black_three_meld_with_wild"
    TOO_MANY_BLACK_THREES = "too_many_black_threes"
    INITIAL_MELD_BELOW_MINIMUM = "initial_meld_below_minimum"
    # Limits on whole steps (Modern American's dead ranks, wild cards and initial meld).
    DEAD_RANK = "dead_rank"
    RANK_TAKES_NO_WILD = "rank_takes_no_wild"
    RULE_OF_FIVE = "rule_of_five"
    ONE_OPEN_WILD_MELD = "one_open_wild_meld"
    WILD_MELD_OPEN = "wild_meld_open"
    INITIAL_MIXED_CANASTA = "initial_mixed_canasta"
    INITIAL_MELD_NEEDS_CLEAN_TRIPLE = "initial_meld_needs_clean_triple"
    PILE_TOP_DEAD_RANK = "pile_top_dead_rank"
    PILE_MELD_FULL = "pile_meld_full"
    # Cuban Canasta's closed ranks, wild melds and black threes.
    CLOSED_RANK = "closed_rank"
    PILE_TOP_CLOSED_RANK = "pile_top_closed_rank"
    ONE_WILD_MELD = "one_wild_meld"
    BLACK_THREE_FIRST_ROUND = "black_three_first_round"
    # Closed melds, open melds per rank, blocked tops and canasta types (Pennies from Heaven).
    MELD_OVER_SEVEN_CARDS = "meld_over_seven_cards"
    ONE_OPEN_MELD_PER_RANK = "one_open_meld_per_rank"
    PILE_TOP_BLOCKED = "pile_top_blocked"
    GOING_OUT_NEEDS_CANASTA_TYPES = "going_out_needs_canasta_types"
    # Discards a game bans (Modern American).
    THREE_DISCARD = "three_discard"
    WILD_DISCARD = "wild_discard"
    DISCARD_ONTO_EMPTY_PILE = "discard_onto_empty_pile"
    NO_LEGAL_DISCARD = "no_legal_discard"
    SEVEN_DISCARD_LOCKED = "seven_discard_locked"  # a rank locked as a discard (Pennies' sevens)
    SEVEN_GOING_OUT_DISCARD = "seven_going_out_discard"
    # Going out and asking partner.
    GOING_OUT_NEEDS_CANASTA = "going_out_needs_canasta"
    MUST_KEEP_TWO_CARDS = "must_keep_two_cards"
    PARTNER_SAID_NO = "partner_said_no"
    CANNOT_MELD_EVERYTHING = "cannot_meld_everything"  # going out asked for, with cards that fit no meld
    MUST_GO_OUT = "must_go_out"
    MUST_ASK_PARTNER = "must_ask_partner"
    GOING_OUT_OPEN_MELD = "going_out_open_meld"
    ASKED_THIS_HAND = "asked_this_hand"
    EXEMPT_LAST_CARD = "exempt_last_card"
    NO_PARTNER = "no_partner"
    ASK_PARTNER_OFF = "ask_partner_off"
    ALREADY_ASKED = "already_asked"
    ASK_AFTER_MELDING = "ask_after_melding"
    NOT_ASKED = "not_asked"
    # Special hands (Modern American).
    SPECIAL_HANDS_OFF = "special_hands_off"
    SPECIAL_HAND_NOT_NOW = "special_hand_not_now"
    SPECIAL_HAND_SIDE_HAS_MELDED = "special_hand_side_has_melded"
    SPECIAL_HAND_NEEDS_14_CARDS = "special_hand_needs_14_cards"
    SPECIAL_HAND_NOT_MADE = "special_hand_not_made"
    THREE_ALREADY_KEPT = "three_already_kept"


# What a refusal's text shows: numbers, a card, a rank, a suit, several cards or ranks, a special hand, or a
# variant's name. (Canasta types a side lacks are words and ranks: `tuple[str | Rank, ...]`.)
RefusalArg = int | str | Card | Rank | Suit | SpecialHand | tuple[Card, ...] | tuple[Rank, ...] | tuple[str | Rank, ...]


@dataclass(frozen=True, slots=True)
class Refusal:
    """An action the rules do not allow: `code` is stable; `message` is English, for tools and logs; `args`
    are the (name, value) pairs the player's text is made from in his language (`canasta.engine.refusal_text`),
    with a "variant" entry where one code has several sentences."""

    code: Code
    message: str
    args: tuple[tuple[str, RefusalArg], ...] = ()

    def __init__(self, code: Code, message: str, args: tuple[tuple[str, RefusalArg], ...] = ()) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "message", message)
        object.__setattr__(self, "args", args)


class IllegalActionError(ValueError):
    """Raised by `apply` for an action that `check` refuses; carries the same `Refusal`."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(f"{refusal.code}: {refusal.message}")
        self.refusal = refusal
