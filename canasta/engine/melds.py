"""Melds on the table and the shape rules every meld keeps (docs/rules.md, "Melds")."""

from __future__ import annotations

from dataclasses import dataclass, field

from canasta.engine.cards import Card, Rank
from canasta.engine.refusals import Code, Refusal
from canasta.engine.rules import Rules, WildLimit


@dataclass(frozen=True, slots=True)
class TableMeld:
    """One side's meld of one rank.

    `concealed`: laid whole from hand as a canasta in one step (for `concealed_canasta_bonus`).
    `this_turn`: made by the current player during the current turn (for concealed going out).
    """

    rank: Rank
    cards: tuple[Card, ...]
    concealed: bool = False
    this_turn: bool = False
    wilds: int = field(init=False, compare=False, repr=False)
    naturals: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        wilds = len([card for card in self.cards if card.is_wild])
        object.__setattr__(self, "wilds", wilds)
        object.__setattr__(self, "naturals", len(self.cards) - wilds)

    @property
    def points(self) -> int:
        return sum(card.points for card in self.cards)

    def is_canasta(self, rules: Rules) -> bool:
        return len(self.cards) >= rules.shape.canasta_size

    def is_natural_canasta(self, rules: Rules) -> bool:
        """A canasta without any wild card (a wild ever added makes it mixed for good)."""
        return self.is_canasta(rules) and self.wilds == 0


def wild_capacity(rules: Rules, naturals: int, wilds: int) -> int:
    """How many more wild cards a meld with these counts may take (never negative)."""
    limit = rules.shape.max_wilds
    if rules.wild_limit is WildLimit.NOT_MORE_THAN_NATURALS:
        limit = min(limit, naturals)
    elif rules.wild_limit is WildLimit.NATURALS_MAJORITY:
        limit = min(limit, naturals - 1)
    return max(0, limit - wilds)


def shape_refusal(rules: Rules, rank: Rank, naturals: int, wilds: int, wilds_added: bool) -> Refusal | None:
    """Whether a meld of `rank` with these counts is allowed after a step.

    A step that adds no wild card only adds naturals, which never breaks a meld that stood before (this
    also keeps a cutthroat combined meld with more than three wilds legal while it grows by naturals).
    """
    size = naturals + wilds
    if rank is Rank.THREE:
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
    if wilds > rules.shape.max_wilds:
        return Refusal(
            Code.MELD_TOO_MANY_WILDS,
            f"A meld may hold at most {rules.shape.max_wilds} wild cards; this one would hold {wilds}.",
            (("most", rules.shape.max_wilds), ("wilds", wilds)),
        )
    limit = rules.wild_limit
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


def count_canastas(melds: tuple[TableMeld, ...], rules: Rules) -> int:
    return sum(1 for meld in melds if meld.is_canasta(rules))


def meld_of_rank(melds: tuple[TableMeld, ...], rank: Rank) -> TableMeld | None:
    for meld in melds:
        if meld.rank is rank:
            return meld
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
                old.rank, old.cards + meld.cards, old.concealed or meld.concealed, old.this_turn or meld.this_turn
            )
    return tuple(combined)
