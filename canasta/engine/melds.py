"""Melds on the table and the shape rules every meld keeps (docs/rules.md, "Melds")."""

from __future__ import annotations

import enum
import itertools
from dataclasses import dataclass, field

from canasta.engine.actions import Declared
from canasta.engine.cards import NATURAL_RANKS, Card, Rank, Suit
from canasta.engine.refusals import Code, Refusal
from canasta.engine.rules import MeldKind, Rules, WildLimit
from canasta.engine.special_hands import SpecialHand


@dataclass(frozen=True, slots=True)
class TableMeld:
    """One of a side's melds: a group of one rank (classic has no other kind), a sequence or a wild meld; or the
    special hand a Modern American player laid down whole, the only meld of his side (`special` names it).

    `rank` is a group's rank, None for the other kinds; a sequence's cards are kept low to high.
    `concealed`: laid whole from hand as a canasta in one step (for `concealed_canasta_bonus`).
    `this_turn`: made by the current player during the current turn (for concealed going out).
    A meld's identity is its index in the side's list (docs/engine.md, "The family of games").
    """

    rank: Rank | None
    cards: tuple[Card, ...]
    concealed: bool = False
    this_turn: bool = False
    kind: MeldKind = MeldKind.GROUP
    special: SpecialHand | None = None
    wilds: int = field(init=False, compare=False, repr=False)
    naturals: int = field(init=False, compare=False, repr=False)

    def __init__(  # noqa: PLR0913, PLR0917  # the dataclass's fields, in order
        self,
        rank: Rank | None,
        cards: tuple[Card, ...],
        concealed: bool = False,
        this_turn: bool = False,
        kind: MeldKind = MeldKind.GROUP,
        special: SpecialHand | None = None,
    ) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "concealed", concealed)
        object.__setattr__(self, "this_turn", this_turn)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "special", special)
        wilds = len([card for card in cards if card.is_wild])
        object.__setattr__(self, "wilds", wilds)
        object.__setattr__(self, "naturals", len(cards) - wilds)

    @property
    def points(self) -> int:
        return sum(card.points for card in self.cards)

    @property
    def label(self) -> str:
        """A short name of the meld: a group's rank ("K"), a sequence's suit and ends ("5H-JH"), wild ("JK"), a
        special hand's name ("garbage")."""
        if self.rank is not None:
            return self.rank.value
        if self.special is not None:
            return self.special.value
        if self.kind is MeldKind.SEQUENCE:
            return f"{self.cards[0].text}-{self.cards[-1].text}"
        return Rank.JOKER.value

    @property
    def suit(self) -> Suit | None:
        """A sequence's suit (None for the other kinds)."""
        return self.cards[0].suit if self.kind is MeldKind.SEQUENCE else None

    def is_canasta(self, rules: Rules) -> bool:
        return len(self.cards) >= rules.shape.canasta_size and self.special is None  # a special hand is none

    def is_natural_canasta(self, rules: Rules) -> bool:
        """A group canasta without any wild card (a wild ever added makes it mixed for good)."""
        return self.kind is MeldKind.GROUP and self.is_canasta(rules) and self.wilds == 0

    def is_closed(self, rules: Rules) -> bool:
        """Whether nothing more may be added: a sequence or wild meld at its most cards, or a group at its cap."""
        if self.kind is MeldKind.GROUP:
            cap = rules.shape.max_group_size
            return cap is not None and len(self.cards) >= cap
        return len(self.cards) >= rules.shape.run_size

    def with_turn_over(self) -> TableMeld:
        """The meld as it stands once the turn that made it is over."""
        return TableMeld(self.rank, self.cards, self.concealed, False, self.kind, self.special)


def most_wilds(rules: Rules) -> int | None:
    """The most wild cards a group may hold whatever its naturals (None: no such limit, Bolivia's option)."""
    return None if rules.wild_limit is WildLimit.UNLIMITED else rules.shape.max_wilds


def wild_capacity(rules: Rules, naturals: int, wilds: int) -> int:
    """How many more wild cards a meld with these counts may take (never negative)."""
    most = most_wilds(rules)
    limit = naturals if most is None else most  # unlimited: the naturals bound nothing, say as many again
    if rules.wild_limit is WildLimit.NOT_MORE_THAN_NATURALS:
        limit = min(limit, naturals)
    elif rules.wild_limit is WildLimit.NATURALS_MAJORITY:
        limit = min(limit, naturals - 1)
    elif rules.wild_limit is WildLimit.TWICE_NATURALS:
        limit = min(limit, naturals // 2)
    return max(0, limit - wilds)


def shape_refusal(rules: Rules, rank: Rank, naturals: int, wilds: int, wilds_added: bool) -> Refusal | None:
    """Whether a meld of `rank` with these counts is allowed after a step.

    A step that adds no wild card only adds naturals, which never breaks a meld that stood before (this
    also keeps a cutthroat combined meld with more than three wilds legal while it grows by naturals).
    """
    size = naturals + wilds
    if rank is Rank.THREE:
        if not rules.shape.threes_meld:
            return THREES_NEVER_MELDED
        return _black_three_refusal(rules, naturals, wilds)
    if size < 3:
        return Refusal(
            Code.MELD_TOO_SMALL,
            f"A meld needs at least 3 cards; this one has {size}.",
            (("variant", "meld"), ("size", size)),
        )
    if naturals < 2:
        return Refusal(
            Code.MELD_TOO_FEW_NATURALS,
            f"A meld needs at least 2 natural cards; this one of {rank_name(rank)} has {naturals}.",
            (("rank", rank), ("naturals", naturals)),
        )
    if not wilds_added:
        return None
    most = most_wilds(rules)
    if most is not None and wilds > most:
        return Refusal(
            Code.MELD_TOO_MANY_WILDS,
            f"A meld may hold at most {most} wild cards; this one would hold {wilds}.",
            (("most", most), ("wilds", wilds)),
        )
    limit = rules.wild_limit
    if limit is WildLimit.TWICE_NATURALS and 2 * wilds > naturals:
        return Refusal(
            Code.MELD_WILDS_EXCEED_NATURALS,
            f"A meld needs at least twice as many natural cards as wild cards; this one would have {naturals} "
            f"natural and {wilds} wild.",
            (("variant", "twice"), ("naturals", naturals), ("wilds", wilds)),
        )
    if (limit is WildLimit.NOT_MORE_THAN_NATURALS and wilds > naturals) or (
        limit is WildLimit.NATURALS_MAJORITY and wilds >= naturals
    ):
        rule = (
            "more natural cards than wild cards"
            if limit is WildLimit.NATURALS_MAJORITY
            else ("no more wild cards than natural cards")
        )
        return Refusal(
            Code.MELD_WILDS_EXCEED_NATURALS,
            f"Under the house rules a meld needs {rule}; this one would have {naturals} natural and {wilds} wild.",
            (
                ("variant", "majority" if limit is WildLimit.NATURALS_MAJORITY else "not_more"),
                ("naturals", naturals),
                ("wilds", wilds),
            ),
        )
    return None


THREES_NEVER_MELDED = Refusal(
    Code.BLACK_THREES_ONLY_GOING_OUT, "Threes are never melded in this game.", (("variant", "never"),)
)


def _black_three_refusal(rules: Rules, threes: int, wilds: int) -> Refusal | None:
    if wilds:
        return Refusal(Code.BLACK_THREE_MELD_WITH_WILD, "A meld of black threes may not hold wild cards.")
    if threes < 3:
        return Refusal(
            Code.MELD_TOO_SMALL,
            f"A meld of black threes needs at least 3 of them; this one has {threes}.",
            (("variant", "black_threes"), ("size", threes)),
        )
    most = 2 * rules.shape.packs
    if rules.shape.melds_close_at_canasta:
        most = min(most, rules.shape.canasta_size)
    if threes > most:
        return Refusal(Code.TOO_MANY_BLACK_THREES, f"A meld of black threes holds at most {most}.", (("most", most),))
    return None


_RANK_NAMES = {
    Rank.JOKER: "jokers", Rank.TWO: "twos", Rank.THREE: "threes", Rank.FOUR: "fours", Rank.FIVE: "fives",
    Rank.SIX: "sixes", Rank.SEVEN: "sevens", Rank.EIGHT: "eights", Rank.NINE: "nines", Rank.TEN: "tens",
    Rank.JACK: "jacks", Rank.QUEEN: "queens", Rank.KING: "kings", Rank.ACE: "aces",
}  # fmt: skip


def rank_name(rank: Rank) -> str:
    """The plural English name of a rank, for messages ("kings")."""
    return _RANK_NAMES[rank]


def group_rank(cards: tuple[Card, ...], *, or_sequence: bool = False) -> Rank | Refusal:
    """The one rank of the non-wild cards of a new meld, or why there is none; `or_sequence`: the game has
    sequences and the meld was not written as a group, so cards of several ranks are no sequence either (they
    hold a wild card, or `kind_of` would have read them as one)."""
    ranks = {card.rank for card in cards if not card.is_wild}
    if not ranks:
        return Refusal(Code.MELD_WITHOUT_NATURAL_RANK, "Wild cards cannot form a meld of their own.")
    if len(ranks) > 1 and or_sequence:
        return Refusal(
            Code.MELD_MIXED_RANKS,
            f"Neither a group nor a sequence: {_texts(cards)}. A group holds one rank, and a sequence no wild card.",
            (("variant", "no_sequence"), ("meld", cards)),
        )
    if len(ranks) > 1:
        ordered = tuple(sorted(ranks, key=rank_name))
        names = ", ".join(rank_name(rank) for rank in ordered[:-1]) + f" and {rank_name(ordered[-1])}"
        return Refusal(
            Code.MELD_MIXED_RANKS,
            f"A meld holds one rank only, not {names}.",
            (("variant", "new_meld"), ("ranks", ordered)),
        )
    return ranks.pop()


def _texts(cards: tuple[Card, ...]) -> str:
    """Cards in notation for a refusal's English message, as its text shows them on the table: "7S 8C 9C"."""
    return " ".join(card.text for card in cards)


def count_canastas(melds: tuple[TableMeld, ...], rules: Rules) -> int:
    return sum(1 for meld in melds if meld.is_canasta(rules))


def kinds_to_go_out_refusal(melds: tuple[TableMeld, ...], rules: Rules) -> Refusal | None:
    """Why a side with `melds` lacks the kinds of canasta its game asks for to go out beyond their number (a
    sequence canasta in Bolivia; clean and dirty books in Hand and Foot), or None (always in classic)."""
    shape = rules.shape
    if shape.going_out_needs_sequence and not any(
        meld.kind is MeldKind.SEQUENCE and meld.is_canasta(rules) for meld in melds
    ):
        return Refusal(Code.GOING_OUT_NEEDS_SEQUENCE, "Your side needs a sequence canasta to go out.")
    if shape.canasta_types_to_go_out:
        missing = missing_canasta_types(melds, rules)
        if missing:
            return canasta_types_refusal(missing)
    open_meld = _open_costly_meld(melds, rules)
    if open_meld is not None:
        return open_meld
    clean_needed, dirty_needed = shape.books_to_go_out
    if not clean_needed and not dirty_needed:
        return None
    books = [meld for meld in melds if meld.kind is MeldKind.GROUP and meld.is_canasta(rules)]
    clean = sum(1 for meld in books if meld.wilds == 0)
    dirty = len(books) - clean
    if clean >= clean_needed and dirty >= dirty_needed:
        return None
    return Refusal(
        Code.GOING_OUT_NEEDS_BOOKS,
        f"Your side needs {clean_needed} clean and {dirty_needed} dirty books to go out; it has {clean} and {dirty}.",
        (("clean_needed", clean_needed), ("dirty_needed", dirty_needed), ("clean", clean), ("dirty", dirty)),
    )


class CanastaType(enum.StrEnum):
    """The types of canasta where a game tells them apart (Pennies from Heaven): wild cards only, a rank of its own
    (sevens), else natural or mixed."""

    NATURAL = "natural"
    MIXED = "mixed"
    RANK = "rank"
    WILD = "wild"


def canasta_type(meld: TableMeld, rules: Rules) -> CanastaType | None:
    """The type of a completed canasta (None for an incomplete meld or a sequence): wild if it holds only wild
    cards, else of its rank where the shape makes that rank a type, else natural or mixed."""
    if not meld.is_canasta(rules) or meld.kind is MeldKind.SEQUENCE:
        return None
    if meld.kind is MeldKind.WILD:
        return CanastaType.WILD
    if meld.rank is not None and meld.rank in dict(rules.shape.rank_canasta_types):
        return CanastaType.RANK
    return CanastaType.MIXED if meld.wilds else CanastaType.NATURAL


def missing_canasta_types(melds: tuple[TableMeld, ...], rules: Rules) -> tuple[str | Rank, ...]:
    """The types of canasta a side lacks to go out, in the order natural, mixed, each rank of its own (named by
    its rank), wild; empty when it has them all."""
    types = {canasta_type(meld, rules) for meld in melds}
    ranks = {meld.rank for meld in melds if canasta_type(meld, rules) is CanastaType.RANK}
    missing: list[str | Rank] = [kind.value for kind in (CanastaType.NATURAL, CanastaType.MIXED) if kind not in types]
    missing.extend(rank for rank, _ in rules.shape.rank_canasta_types if rank not in ranks)
    if CanastaType.WILD not in types:
        missing.append(CanastaType.WILD.value)
    return tuple(missing)


def canasta_types_refusal(missing: tuple[str | Rank, ...], *, keep_two: bool = False) -> Refusal:
    """The refusal of going out (or, `keep_two`, of a step leaving one card) by a side lacking canasta types."""
    words = [rank_name(item) if isinstance(item, Rank) else item for item in missing]
    lacks = ", ".join(words[:-1]) + (" and " if len(words) > 1 else "") + words[-1]
    text = f"Your side needs a natural, a mixed, a sevens and a wild canasta to go out; it lacks the {lacks}."
    if keep_two:
        return Refusal(
            Code.MUST_KEEP_TWO_CARDS, f"Keep at least two cards. {text}", (("variant", "types"), ("lacks", missing))
        )
    return Refusal(Code.GOING_OUT_NEEDS_CANASTA_TYPES, text, (("lacks", missing),))


def costly_open_meld(meld: TableMeld, rules: Rules) -> int:
    """What an incomplete meld costs its side at the end of the hand where the shape penalises it (a natural group of
    a rank such as aces or sevens, a wild meld), or 0."""
    shape = rules.shape
    if meld.is_canasta(rules):
        return 0
    if meld.kind is MeldKind.WILD:
        jokers = sum(1 for card in meld.cards if card.rank is Rank.JOKER)
        return shape.incomplete_wild_jokers_penalty if jokers >= 4 else shape.incomplete_wild_penalty
    if meld.kind is MeldKind.GROUP and not meld.wilds:
        return dict(shape.incomplete_rank_penalty).get(meld.rank, 0) if meld.rank is not None else 0
    return 0


def _open_costly_meld(melds: tuple[TableMeld, ...], rules: Rules) -> Refusal | None:
    """Why a side may not go out while it holds an incomplete meld its shape penalises (natural aces, sevens, a wild
    meld), or None."""
    for meld in melds:
        if not costly_open_meld(meld, rules):
            continue
        size, canasta = len(meld.cards), rules.shape.canasta_size
        if meld.kind is MeldKind.WILD or meld.rank is None:
            return Refusal(
                Code.GOING_OUT_OPEN_MELD,
                f"Your side may not go out while its wild meld is incomplete ({size} of {canasta} cards).",
                (("variant", "wild"), ("size", size), ("canasta", canasta)),
            )
        return Refusal(
            Code.GOING_OUT_OPEN_MELD,
            f"Your side may not go out while its meld of {rank_name(meld.rank)} is incomplete ({size} of {canasta} "
            "cards).",
            (("variant", "rank"), ("rank", meld.rank), ("size", size), ("canasta", canasta)),
        )
    return None


def groups_by_rank(melds: tuple[TableMeld, ...]) -> dict[Rank, TableMeld]:
    """The side's groups by rank (classic's melds; a later group of a rank, where there are several, wins)."""
    return {meld.rank: meld for meld in melds if meld.rank is not None}


def meld_of_rank(melds: tuple[TableMeld, ...], rank: Rank) -> TableMeld | None:
    """The first group of `rank` (the only one where a side holds one group per rank)."""
    for meld in melds:
        if meld.rank is rank:
            return meld
    return None


SEQUENCE_ORDER = {rank: index for index, rank in enumerate(NATURAL_RANKS)}  # 4 low, ace high, nothing wraps
_GROUPS_ONLY = frozenset({MeldKind.GROUP})


def kind_of(rules: Rules, cards: tuple[Card, ...]) -> MeldKind:
    """The kind of meld new cards would make under `rules`: wild cards alone make a wild meld, natural cards of
    several ranks and no wild card a sequence (where the game has them), anything else a group (whose own
    checks then say what is wrong)."""
    kinds = rules.shape.meld_kinds
    if kinds == _GROUPS_ONLY:
        return MeldKind.GROUP
    if MeldKind.WILD in kinds and all(card.is_wild for card in cards):
        return MeldKind.WILD
    if MeldKind.SEQUENCE in kinds and len({card.rank for card in cards}) > 1 and not any(c.is_wild for c in cards):
        return MeldKind.SEQUENCE
    return MeldKind.GROUP


def sequence_cards(
    rules: Rules, cards: tuple[Card, ...], added: tuple[Card, ...] = (), *, inferred: bool = False
) -> tuple[Card, ...] | Refusal:
    """`cards` as a sequence, low to high, or why they are none: one suit, natural ranks 4 to ace with no gap
    and no rank twice, 3 cards at least and `run_size` at most (docs/engine.md, "The family of games").

    The refusal names `added` where cards go onto a sequence ("Your sequence cannot take 9H."), else all the
    cards: as no sequence where the meld was written as one, or as neither a group nor a sequence where its kind
    was `inferred` from cards of several ranks (`kind_of`)."""
    shown = added or cards
    if any(card.rank not in SEQUENCE_ORDER for card in cards):
        return Refusal(
            Code.SEQUENCE_NATURALS_ONLY,
            f"{_no_sequence(shown, added, inferred)}. A sequence holds natural cards from 4 to ace only, never a "
            "wild card, two or three.",
            (("variant", "addition" if added else "new_meld" if inferred else "sequence"), ("meld", shown)),
        )
    if len({card.suit for card in cards}) > 1:
        return Refusal(
            Code.SEQUENCE_ONE_SUIT,
            f"{_no_sequence(shown, added, inferred)}. A sequence holds cards of one suit.",
            (("variant", "addition" if added else "new_meld" if inferred else "sequence"), ("meld", shown)),
        )
    ordered = tuple(sorted(cards, key=lambda card: SEQUENCE_ORDER[card.rank]))
    steps = [SEQUENCE_ORDER[b.rank] - SEQUENCE_ORDER[a.rank] for a, b in itertools.pairwise(ordered)]
    if any(step != 1 for step in steps):
        return Refusal(
            Code.SEQUENCE_NOT_RUN,
            f"{_no_sequence(shown, added, inferred)}. A sequence runs in rank order without gaps or repeated ranks.",
            (("variant", "addition" if added else "new_meld" if inferred else "sequence"), ("meld", shown)),
        )
    return size_refusal(rules, MeldKind.SEQUENCE, len(ordered)) or ordered


def _no_sequence(shown: tuple[Card, ...], added: tuple[Card, ...], inferred: bool) -> str:
    """The first sentence of a sequence refusal's English message: what the cards are not."""
    if added:
        return f"Your sequence cannot take {_texts(shown)}"
    return f"{'Neither a group nor a sequence' if inferred else 'No sequence'}: {_texts(shown)}"


def wild_meld_refusal(rules: Rules, cards: tuple[Card, ...]) -> Refusal | None:
    """Whether wild cards alone may stand as one meld of this size."""
    naturals = tuple(card for card in cards if not card.is_wild)
    if naturals:
        return Refusal(
            Code.WILD_MELD_WILDS_ONLY,
            f"A meld of wild cards holds wild cards only, not {_texts(naturals)}.",
            (("meld", naturals),),
        )
    return size_refusal(rules, MeldKind.WILD, len(cards))


def declared_refusal(rules: Rules, cards: tuple[Card, ...], declared: Declared) -> Refusal | None:
    """Whether new `cards` make the meld they were written as (docs/formats.md, "Actions"): a kind the game
    has, a group of the rank named, a sequence of the suit named. The meld's own rules (size, wild cards) are
    judged where it is placed: cards that make what they declare make that kind there (`kind_of`)."""
    kind = declared.kind
    if kind not in rules.shape.meld_kinds:
        return Refusal(
            Code.MELD_KIND_NOT_IN_GAME,
            f"This game has no {'sequences' if kind is MeldKind.SEQUENCE else 'melds of wild cards'}: "
            f"{_texts(cards)} cannot be one.",
            (("variant", "sequence" if kind is MeldKind.SEQUENCE else "wild"), ("meld", cards)),
        )
    if kind is MeldKind.WILD:
        return wild_meld_refusal(rules, cards)
    if kind is MeldKind.SEQUENCE:
        ordered = sequence_cards(rules, cards)
        if isinstance(ordered, Refusal):
            return ordered
        found = ordered[0].suit
        if declared.suit is None or found is None or found is declared.suit:
            return None
        return Refusal(
            Code.SEQUENCE_SUIT_MISMATCH,
            f"No sequence of {declared.suit.name.lower()}: {_texts(cards)}. Its cards are {found.name.lower()}.",
            (("meld", cards), ("suit", declared.suit), ("found", found)),
        )
    rank = group_rank(cards)
    if isinstance(rank, Refusal) or declared.rank is None or rank is declared.rank:
        return rank if isinstance(rank, Refusal) else None
    return Refusal(
        Code.GROUP_RANK_MISMATCH,
        f"No group of {rank_name(declared.rank)}: {_texts(cards)}. Its natural cards are {rank_name(rank)}.",
        (("meld", cards), ("rank", declared.rank), ("found", rank)),
    )


def declared_melds_refusal(
    rules: Rules, melds: tuple[tuple[Card, ...], ...], declared: tuple[Declared | None, ...]
) -> Refusal | None:
    """The first of a step's new melds that does not make what it was written as (`declared_refusal`)."""
    for cards, said in zip(melds, declared, strict=False):
        refusal = None if said is None else declared_refusal(rules, cards, said)
        if refusal is not None:
            return refusal
    return None


def with_top_card_in_sequence(rules: Rules, top: Card, cards: tuple[Card, ...]) -> bool:
    """Whether hand cards shown with the pile's top card would make a sequence with it (natural cards of its suit
    and other ranks, 4 to ace), in a game that has sequences: what never takes the pile."""
    return (
        MeldKind.SEQUENCE in rules.shape.meld_kinds
        and top.rank in SEQUENCE_ORDER
        and bool(cards)
        and all(card.suit is top.suit and card.rank in SEQUENCE_ORDER and card.rank is not top.rank for card in cards)
    )


def size_refusal(rules: Rules, kind: MeldKind, size: int) -> Refusal | None:
    if size < 3:
        return Refusal(
            Code.MELD_TOO_SMALL,
            f"A meld needs at least 3 cards; this one has {size}.",
            (("variant", "meld"), ("size", size)),
        )
    most = rules.shape.run_size if kind is not MeldKind.GROUP else rules.shape.max_group_size
    if most is not None and size > most and rules.shape.melds_close_at_canasta:
        return Refusal(
            Code.MELD_OVER_SEVEN_CARDS,
            f"A meld is closed at {most} cards: a canasta takes nothing more, and this one would hold {size}.",
            (("most", most), ("size", size)),
        )
    if most is not None and size > most:
        return Refusal(
            Code.MELD_TOO_LARGE,
            f"A meld of this kind holds at most {most} cards; this one would hold {size}.",
            (("most", most), ("size", size)),
        )
    return None


def combine_melds(kept: tuple[TableMeld, ...], joining: tuple[TableMeld, ...]) -> tuple[TableMeld, ...]:
    """Two players' melds as one partnership's (cutthroat): melds of one rank become one meld, keeping all
    their cards (even above three wild cards)."""
    combined = list(kept)
    for meld in joining:
        index = next((i for i, m in enumerate(combined) if m.rank is meld.rank), None)
        if index is None:
            combined.append(meld)
        else:
            old = combined[index]
            combined[index] = TableMeld(
                old.rank, old.cards + meld.cards, old.concealed or meld.concealed, old.this_turn or meld.this_turn,
                old.kind,
            )  # fmt: skip
    return tuple(combined)
