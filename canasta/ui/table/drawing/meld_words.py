"""What a meld's badge says that its cards may not: a group's rank when the card on top is a wild card.

A group's cards lie fanned, the last one laid on top and whole; the others show only their corners. With a wild
card on top the group's rank is in those corners alone (and on a crowded table they are small), so the badge
names the rank too ("Q · 3"). A canasta is squared up with a natural card on top, which shows its rank.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta.engine.cards import Rank
from canasta.engine.melds import TableMeld
from canasta.engine.rules import MeldKind
from canasta.i18n import _


def hidden_rank(meld: TableMeld, canasta: bool) -> str | None:
    """The group's rank as a card's corner writes it ("Q", "10") where its top card is a wild card; None where
    the top card shows the rank, and for sequences and wild melds (their badges say what they are)."""
    if meld.kind is not MeldKind.GROUP or meld.rank is None or canasta:
        return None
    if not meld.cards or not meld.cards[-1].is_wild:
        return None
    return "10" if meld.rank is Rank.TEN else meld.rank.value


def ranked(wordings: Sequence[str], rank: str | None) -> tuple[str, ...]:
    """A badge's wordings, longest first, each led by the group's rank where the top card hides it (`hidden_rank`):
    "Q · 3", then "Q 3"; unchanged where it does not."""
    if rank is None:
        return tuple(wordings)
    led = []
    for words in wordings:
        led.append(_("{rank} \u00b7 {words}").format(rank=rank, words=words))
        led.append(_("{rank} {words}").format(rank=rank, words=words))
    return tuple(led)
