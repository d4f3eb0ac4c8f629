"""The words on a meld's badge, longest first (the table draws the first that fits its room), and that room: plain
words where they fit ("7 mixed", "Escalera", "3 wild"), then a shorter plain word or the figures alone, never an
abbreviation; the meld's tooltip says it in full (`tips`). Pure text and geometry; no pygame."""

from __future__ import annotations

from collections.abc import Sequence

from canasta.engine.cards import Card, Rank
from canasta.engine.melds import TableMeld
from canasta.engine.rules import MeldKind, Rules
from canasta.engine.rules.catalog import CanastaName, game_facts
from canasta.i18n import _
from canasta.ui.table.layout.regions import Box, MeldSlot


def badge_span(slots: Sequence[MeldSlot], index: int, area: Box, gap: int) -> tuple[int, int]:
    """From where to where across a meld's badge may reach: halfway to the melds beside it in its row (those its
    height overlaps), or `gap` beyond the edge of the meld area (into its panel's margin)."""
    box = slots[index].box
    left, right = area.x - gap, area.right + gap
    for other in (slot.box for number, slot in enumerate(slots) if number != index):
        if other.y >= box.bottom or other.bottom <= box.y:
            continue  # another row
        if other.x >= box.right:
            right = min(right, (box.right + other.x) // 2)
        elif other.right <= box.x:
            left = max(left, (other.right + box.x) // 2)
    return left, right


def centred_room(box: Box, span: tuple[int, int]) -> int:
    """How wide a badge centred on `box` may be within `span`."""
    left, right = span
    return box.w + 2 * max(0, min(box.x - left, right - box.right))


def canasta_wordings(count: int, natural: bool) -> tuple[str, ...]:
    """A canasta's badge: its cards and kind ("7 natural", "8 mixed"), the kind alone, the cards alone."""
    if natural:
        return (_("{count} natural").format(count=count), _("Natural"), str(count))
    return (_("{count} mixed").format(count=count), _("Mixed"), str(count))


def sequence_ends(meld: TableMeld) -> str:
    """A sequence's ends, low to high ("5\u20139")."""
    return _("{low}\u2013{high}").format(low=_rank_text(meld.cards[0]), high=_rank_text(meld.cards[-1]))


def _rank_text(card: Card) -> str:
    return "10" if card.rank is Rank.TEN else card.rank.value


def closed_sequence_wordings(rules: Rules, ends: str) -> tuple[str, ...]:
    """A closed sequence's badge: its name (a samba, in Bolivia an escalera), else its ends (`sequence_ends`)."""
    escalera = game_facts(rules.variant).sequence_canasta is CanastaName.ESCALERA
    return (_("Escalera") if escalera else _("Samba"), ends)


def varies_by_make_up(rules: Rules) -> bool:
    """Whether a wild canasta's bonus follows what it is made of (seven twos, four jokers and three twos)."""
    return bool(rules.shape.wild_canasta_twos_bonus or rules.shape.wild_canasta_jokers_bonus)


def wild_meld_wordings(
    count: int, closed: bool, name: CanastaName | None = CanastaName.BOLIVIA, bonus: int = 0
) -> tuple[str, ...]:
    """A meld of wild cards: closed, by the game's name for it ("Bolivia", or plainly "Wild canasta"; else "7
    wild"), and where its bonus follows what it is made of (`bonus`), that bonus first ("Wild canasta 4000",
    "Wild 4000", "4000"); open, its cards ("3 wild", else "3")."""
    wild = _("{count} wild").format(count=count)
    if not closed:
        return (wild, str(count))
    named = _("Bolivia") if name is CanastaName.BOLIVIA else _("Wild canasta")
    if bonus:
        return (_("Wild canasta {bonus}").format(bonus=bonus), _("Wild {bonus}").format(bonus=bonus), str(bonus))
    return (named, wild)


def dead_wordings(wordings: tuple[str, ...]) -> tuple[str, ...]:
    """A canasta of a dead rank: its badge says so ("7 natural · dead", "Dead"), else as it was."""
    return (_("{words} · dead").format(words=wordings[0]), _("Dead"), *wordings)


def group_numbers(melds: Sequence[TableMeld]) -> dict[int, int]:
    """The number of each group (by index) among the side's groups of its rank, for ranks held more than once:
    the groups of a rank are told apart by it ("#1", "#2"); a rank held once has none."""
    by_rank: dict[object, list[int]] = {}
    for index, meld in enumerate(melds):
        if meld.kind is MeldKind.GROUP:
            by_rank.setdefault(meld.rank, []).append(index)
    several = [indices for indices in by_rank.values() if len(indices) > 1]
    return {index: number for indices in several for number, index in enumerate(indices, 1)}
