"""A game's shape as data: the kinds of meld, how the pile is taken, how melds are named, and `Shape` itself, whose
fields any game may set (the games' own shapes are in `canasta.engine.rules.games`)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from canasta.engine.cards import Rank


class MeldKind(enum.StrEnum):
    """Kinds of meld: cards of one rank (classic has only these), a run of one suit, wild cards alone; and a special
    hand of Modern American laid down whole (never a meld a game's shape lists: it ends the hand)."""

    GROUP = "group"
    SEQUENCE = "sequence"
    WILD = "wild"
    SPECIAL = "special"


class PileRule(enum.StrEnum):
    """How the discard pile may be taken (`canasta.engine.pile_rules` holds one small function for each).

    `PAIR_WHEN_FROZEN`: a frozen pile needs a natural pair of the top card's rank; an open one also a natural
    card and wild cards, or the top card alone onto the side's group of its rank, as the house rules allow.
    `PAIR_OR_UNFINISHED_MELD`: always a natural pair, frozen or not (never one natural with wild cards, never
    cards that make a sequence with the top card); otherwise the top card alone onto a group or sequence of the
    side that is not yet a canasta, while the pile is not frozen.
    `PAIR_ALWAYS`: the pile is never frozen, and always a natural pair of the top card's rank (or one natural
    card and a wild card, by the house rule) is melded with it; the top card never goes alone onto a meld."""

    PAIR_WHEN_FROZEN = "pair_when_frozen"
    PAIR_OR_UNFINISHED_MELD = "pair_or_unfinished_meld"
    PAIR_ALWAYS = "pair_always"
    PAIR_ALWAYS_FROZEN = "pair_always_frozen"


class MeldNaming(enum.StrEnum):
    """How actions and positions name a side's melds: by rank (every meld a group, one group per rank; the
    position format `/1`), or by index (melds of several kinds, or several groups of a rank, or a game written
    in the format `/2`, whose melds carry their kind)."""

    BY_RANK = "by_rank"
    BY_INDEX = "by_index"


class PacketTrigger(enum.StrEnum):
    """When a player takes up the second set of cards dealt him face down (a foot, a packet): once his hand is
    empty (Hand and Foot), or in the step in which he himself completes his first canasta (Pennies from Heaven)."""

    HAND_EMPTY = "hand_empty"
    OWN_FIRST_CANASTA = "own_first_canasta"


GROUPS_ONLY = frozenset({MeldKind.GROUP})  # classic's kinds of meld


@dataclass(frozen=True, slots=True)
class Shape:
    """The game's shape as data: what a variant (Samba, Hand and Foot, ...) would change.

    `sides` lists the seats of each scoring side (the meld areas); `minimums` lists (from score, minimum)
    steps in rising order; `red_three_bonus[n]` is the bonus for n red threes.

    The family's fields (their defaults are classic's): `max_wilds` is the most wild cards in a group;
    `max_group_size` caps a group (None: no cap); `run_size` is the most cards of a sequence or a wild meld
    (at that size it is a canasta and closed); `groups_per_rank` is how many groups of one rank a side may
    hold (None: any number, and new groups never merge with old ones); `wilds_after_canasta` says whether a
    group of `canasta_size` cards still takes wild cards; `natural_canasta_bonus` and `mixed_canasta_bonus`
    are also Hand and Foot's clean and dirty books; `sequence_bonus` and `wild_canasta_bonus` are the bonuses of
    a sequence canasta (a samba, an escalera) and of a wild canasta (a bolivia); `going_out_needs_sequence`
    asks for a sequence canasta among those needed to go out; `books_to_go_out` is the (clean, dirty) group
    canastas a side needs to go out (Hand and Foot's books; none in classic); `foot_size` and `round_minimums`
    are Hand and Foot's feet and its first-meld minimum by round; `target` is the score that ends a game by
    default; `pile_rule` picks how the pile may be taken; `concealed_exemption` says whether a concealed going
    out after a stock draw may skip the first-meld minimum (classic's house rule; never in Samba).
    `meld_naming` says how actions and positions name melds: by rank where every meld is a group, one per rank
    (else by index, whatever it says; `names_by_rank`).
    `threes_meld` says whether black threes may be melded (going out; never in Hand and Foot);
    `upcard_to_bottom` sends every wild card and three turned as the upcard to the bottom of the stock (Hand and
    Foot); `pile_take_count` is how many cards a take moves from the top of the pile (0: the whole pile).
    `books` says that the game calls its canastas books (Hand and Foot), so its texts do too.
    `red_threes_may_count_against` says whether red threes count against a side that has not melded (or, by the
    house rule, lacks canastas); never in Hand and Foot. `held_red_three` is what a red three still held at the
    end counts against its side (0 where every red three is laid out as it comes: only Hand and Foot's hands and
    feet hold one).

    Fields of the rules Modern American brought (every default is classic's, which has none of them):
    `upcard` says whether a card is turned to start the pile (no: it starts empty); `lays_out_black_threes` lays
    threes of both colours out as they come, scored per colour (`red_three_bonus` then by colour) with the sign
    the side's canastas give; `last_three_kept`: a three that is the last stock card stays in hand and ends the
    hand; `turn_card_depth` is the turn card's place from the bottom of the stock (drawn once the stock holds
    fewer cards: `turn_card_drawn`); `bonus_cards` are the cards the first and the second side take from the
    stock after the discard of the turn in which a player made its initial meld from his hand while the turn card
    was not drawn. The initial meld: `top_card_counts_for_minimum` (no: a pile's top card counts neither toward
    the minimum nor toward the clean triple), `initial_clean_triple` (the step holds a group of three or more
    natural cards and no wild card, of a live rank; or, with `initial_wild_meld_for_triple`, a wild meld of
    three or more), `initial_mixed_canasta_barred` (the step completes no mixed canasta), `splash` (a natural or
    wild canasta laid whole from hand needs no minimum). Wild cards: `rule_of_five` is how many natural cards a
    group must hold to take a wild card after the side's initial-meld step (0: no such rule);
    `wildless_ranks` never take one; `initial_only_wild_ranks` take one only in the initial-meld step (then
    they are ordinary groups); `one_open_wild_meld`: a side holds one incomplete wild meld at a time and, while it
    does, puts wild cards nowhere else; `dead_ranks`: once any side completes a canasta of a rank, nobody starts
    or adds to a meld of it nor takes the pile with it on top. `discard_bans`: never a three, a wild card only
    going out or from a hand of wild cards only, and no seven, wild card, ace or dead rank onto an empty pile
    (a meld that would leave no such discard is refused); `out_by_discard_only`; `eighth_card_going_out` lets a
    group pass `max_group_size` in the step before the going-out discard. Scoring: `rank_canasta_bonus` is the
    bonus of a natural canasta of those ranks; `wild_canasta_twos_bonus` (seven twos) and
    `wild_canasta_jokers_bonus` (four jokers and three twos) are wild canastas' bonuses beside
    `wild_canasta_bonus`; `scores_by_canasta_count`: a side with no canasta counts its melded cards and threes
    against it and no bonus, one with one canasta its threes as 0; `incomplete_rank_penalty` (a natural group of
    that rank short of a canasta), `incomplete_wild_penalty` (an incomplete wild meld; the `..._jokers_penalty`
    when it holds four jokers) and `held_rank_penalty` (each player holding three or more of that rank) count
    against the side.

    Fields of the rules Cuban Canasta brought: `closed_ranks`: once a side's group of a rank is a canasta, that
    side (alone) neither adds to it, starts another group of the rank nor takes the pile with it on top (where
    `dead_ranks` closes the rank for every side); `wild_melds_per_side` caps the wild melds a side makes in a hand
    (None: no cap); `first_round_black_three_ban`: no black three is discarded in the hand's first round (its first
    `players` turns), nor may a step leave only black threes in hand then; `black_threes_aside`: black threes found
    in a taken pile leave play, set aside in the taking side's `black_threes` row (never in a hand), scored by
    `black_three_aside_bonus[n]`; `black_threes_row`: the position keeps a side's black threes in that row apart
    from the red ones (set aside, or laid out where `lays_out_black_threes`); `open_melds_per_rank`: where a side
    may hold several groups of a rank (or wild melds), how many of them may be incomplete at once (None: any; 1 in
    Pennies from Heaven too); `new_group_joins_open_group`: there, a new group of a rank (or a pile take's) joins
    the side's incomplete group of that rank, or one made in the same step, rather than standing apart (Cuban
    Canasta's `new_meld_after_canasta`; Pennies' melds name the group they add to, and its takes follow
    `take_joins_open_group`).

    Fields of the rules Pennies from Heaven brought (every default is classic's): `packet_trigger` says when the
    foot (Pennies' packet) is taken up, and `packet_next_turn` delays it to the player's next turn (the seat is
    then `packet_due`); `unplayed_foot_counts` says whether a foot still face down at the end counts against its
    side. `melds_close_at_canasta`: every meld closes at `canasta_size` cards and a step that passes it is refused
    as such (`meld_over_seven_cards`). `take_joins_open_group`:
    a pile take's cards join the side's incomplete group of the top card's rank, or start a group where it has
    none, never passing the cap (`pile_meld_full`). `pile_top_blocks`: a wild card or black three on top blocks
    the pile with one refusal (`pile_top_blocked`). `rank_canasta_types` are ranks whose canastas, natural or
    mixed, are a type of their own with that bonus (sevens, 1500); `canasta_types_to_go_out`: going out needs a
    natural, a mixed, a wild canasta and one of each such rank. `red_threes_need_canasta_of`: red threes count
    against a side without a canasta of that rank (in place of the option `red_threes_negative_if`).
    `discard_locked_rank`: a card of that rank is not discarded until every side (with `lock_lifts_for_own_side`,
    the player's own) has completed a canasta of it, unless the hand holds nothing else, and never as the last
    card; a step that would leave such a card alone in hand is refused.
    """

    packs: int
    jokers_per_pack: int
    cards_dealt: int
    draw_count: int
    sides: tuple[tuple[int, ...], ...]
    meld_kinds: frozenset[MeldKind]
    canasta_size: int
    natural_canasta_bonus: int
    mixed_canasta_bonus: int
    going_out_bonus: int
    concealed_going_out_bonus: int
    red_three_bonus: tuple[int, ...]
    minimums: tuple[tuple[int, int], ...]
    max_wilds: int = 3
    max_group_size: int | None = None
    run_size: int = 7
    groups_per_rank: int | None = 1
    wilds_after_canasta: bool = True
    sequence_bonus: int = 0
    wild_canasta_bonus: int = 0
    going_out_needs_sequence: bool = False
    books_to_go_out: tuple[int, int] = (0, 0)
    pile_rule: PileRule = PileRule.PAIR_WHEN_FROZEN
    concealed_exemption: bool = True
    foot_size: int = 0
    round_minimums: tuple[int, ...] = ()
    target: int = 5000
    threes_meld: bool = True
    upcard_to_bottom: bool = False
    pile_take_count: int = 0
    books: bool = False
    meld_naming: MeldNaming = MeldNaming.BY_RANK
    red_threes_may_count_against: bool = True
    held_red_three: int = 0
    # The deal, the threes and the stock.
    upcard: bool = True
    lays_out_black_threes: bool = False
    last_three_kept: bool = False
    turn_card_depth: int = 0
    bonus_cards: tuple[int, ...] = ()
    # The initial meld.
    top_card_counts_for_minimum: bool = True
    initial_clean_triple: bool = False
    initial_wild_meld_for_triple: bool = False
    initial_mixed_canasta_barred: bool = False
    splash: bool = False
    # Wild cards in groups, wild melds and dead ranks.
    rule_of_five: int = 0
    wildless_ranks: frozenset[Rank] = frozenset()
    initial_only_wild_ranks: frozenset[Rank] = frozenset()
    one_open_wild_meld: bool = False
    dead_ranks: bool = False
    # Discards and going out.
    discard_bans: bool = False
    out_by_discard_only: bool = False
    eighth_card_going_out: bool = False
    # Scoring.
    rank_canasta_bonus: tuple[tuple[Rank, int], ...] = ()
    wild_canasta_twos_bonus: int = 0
    wild_canasta_jokers_bonus: int = 0
    scores_by_canasta_count: bool = False
    incomplete_rank_penalty: tuple[tuple[Rank, int], ...] = ()
    incomplete_wild_penalty: int = 0
    incomplete_wild_jokers_penalty: int = 0
    held_rank_penalty: tuple[tuple[Rank, int], ...] = ()
    # Closed ranks and black threes.
    closed_ranks: bool = False
    wild_melds_per_side: int | None = None
    first_round_black_three_ban: bool = False
    black_threes_aside: bool = False
    black_three_aside_bonus: tuple[int, ...] = ()
    black_threes_row: bool = False
    open_melds_per_rank: int | None = None
    new_group_joins_open_group: bool = False
    # The packet, closed melds, canasta types and the discard lock.
    packet_trigger: PacketTrigger = PacketTrigger.HAND_EMPTY
    packet_next_turn: bool = False
    unplayed_foot_counts: bool = True
    melds_close_at_canasta: bool = False
    take_joins_open_group: bool = False
    pile_top_blocks: bool = False
    rank_canasta_types: tuple[tuple[Rank, int], ...] = ()
    canasta_types_to_go_out: bool = False
    red_threes_need_canasta_of: Rank | None = None
    discard_locked_rank: Rank | None = None
    lock_lifts_for_own_side: bool = False

    @property
    def names_by_rank(self) -> bool:
        """Whether actions and positions name melds by rank (`/1`): every meld a group, one group per rank.

        It also orders a pile take's new melds: by rank, the top card's meld goes after the other new melds the
        take shows (where one of them is of its rank, in that one's place); by index, they go in the order
        written, the top card's first (so that later actions name them by index as docs/formats.md says)."""
        return self.meld_naming is MeldNaming.BY_RANK and self.meld_kinds == GROUPS_ONLY and self.groups_per_rank == 1

    @property
    def deck_size(self) -> int:
        return self.packs * (52 + self.jokers_per_pack)

    @property
    def seat_side(self) -> tuple[int, ...]:
        """The side of each seat, by seat."""
        return tuple(next(i for i, seats in enumerate(self.sides) if seat in seats) for seat in range(self.players))

    @property
    def players(self) -> int:
        return sum(len(seats) for seats in self.sides)
