"""What the table says in full where its badges and lines are short (`meld_badges` picks the badges' words): a
meld's tooltip ("Our kings: a mixed canasta, 8 cards, 2 wild cards"), and a side's header and progress line in
their longest wording where a narrow panel shortens them; and the tooltip of whatever lies under the pointer."""

from __future__ import annotations

from collections.abc import Mapping

from canasta.engine.melds import TableMeld, most_wilds
from canasta.engine.playerview import PlayerView, seats_of_side
from canasta.engine.rules import MeldKind
from canasta.engine.rules.catalog import CanastaName, game_facts
from canasta.i18n import _, ngettext
from canasta.ui.look.theme import Button, Theme
from canasta.ui.table.drawing.help_overlay import tooltip_text
from canasta.ui.table.drawing.seats import foot_count, side_header
from canasta.ui.table.layout.regions import TableLayout, meld_rects
from canasta.ui.table.narration.feet import foot_tooltip, has_feet, progress_wordings
from canasta.ui.table.narration.sentences import meld_words

Tip = tuple[str, tuple[int, int]]  # the words, and the point they belong to (a tooltip is drawn just above it)


def meld_tip(view: PlayerView, side: int, meld: TableMeld) -> str:
    """A meld in full: whose and what it is, its kind once closed, its cards and wild cards (and the most a group
    may hold)."""
    seats = seats_of_side(view.rules, view.lone_hand, side) or (side,)
    name = meld_words(view, seats[0], meld)
    parts = [
        *_kind(view, meld),
        ngettext("{count} card", "{count} cards", len(meld.cards)).format(count=len(meld.cards)),
    ]
    if meld.kind is MeldKind.GROUP:
        wilds = meld.wilds
        parts.append(
            ngettext("{wilds} wild card", "{wilds} wild cards", wilds).format(wilds=wilds)
            if wilds
            else _("no wild card")
        )
        most = most_wilds(view.rules)
        if most is not None and not meld.is_canasta(view.rules):
            parts.append(_("at most {most} wild").format(most=most))
    return _("{meld}: {details}").format(meld=name[:1].upper() + name[1:], details=", ".join(parts))


def _kind(view: PlayerView, meld: TableMeld) -> list[str]:
    """What a closed meld is called (nothing for an open one, or a bolivia, which its name says)."""
    rules = view.rules
    if not meld.is_canasta(rules) or meld.kind is MeldKind.WILD:
        return []
    if meld.kind is MeldKind.SEQUENCE:
        escalera = game_facts(rules.variant).sequence_canasta is CanastaName.ESCALERA
        return [_("an escalera") if escalera else _("a samba")]
    if has_feet(rules):
        if meld.wilds == 0:
            return [_("a clean book worth {bonus}").format(bonus=rules.shape.natural_canasta_bonus)]
        return [_("a dirty book worth {bonus}").format(bonus=rules.shape.mixed_canasta_bonus)]
    return [_("a natural canasta") if meld.wilds == 0 else _("a mixed canasta")]


def tooltip_at(
    view: PlayerView, layout: TableLayout, buttons: Mapping[str, Button], pos: tuple[int, int], theme: Theme
) -> Tip | None:
    """A button's (or the stock's, the pile's) name and key at `pos`; over a foot (Hand and Foot), whose it is and
    when it is picked up; over a meld or a side's figures, what they say in full (`table_tip`)."""
    for name, button in buttons.items():
        if button.box.contains_point(pos):
            return tooltip_text(name), (button.box.centre[0], button.box.y)
    for name, box in (("stock", layout.stock), ("pile", layout.pile)):
        if box.contains_point(pos):
            return tooltip_text(name), (box.centre[0], box.y)
    for seat in layout.seats:
        count = foot_count(view, seat.seat)
        if count is not None and seat.foot.contains_point(pos):
            return foot_tooltip(view, seat.seat, count), (seat.foot.centre[0], seat.foot.y)
    return table_tip(view, layout, pos, theme)  # a meld, or a side's figures, in full


def table_tip(view: PlayerView, layout: TableLayout, pos: tuple[int, int], theme: Theme) -> Tip | None:
    """The tooltip of what lies at `pos`: a meld; a side's header or progress line (Hand and Foot) where its
    panel is too narrow for the whole of it; None elsewhere."""
    for side in layout.sides:
        if side.header.contains_point(pos):
            figures = side_header(view, side.side)[2]
            room = side.header.w * 2 // 3 - 2 * layout.gap  # the side's name takes up to a third
            return None if theme.fits(figures, room, layout.font_px) else (figures, (pos[0], side.header.y))
        if side.progress.h and has_feet(view.rules) and side.progress.contains_point(pos):
            line = progress_wordings(view, side.side)[0]
            return None if theme.fits(line, side.progress.w, layout.small_px) else (line, (pos[0], side.progress.y))
        melds = view.melds[side.side]
        shapes = [(meld.label, len(meld.cards), meld.is_canasta(view.rules)) for meld in melds]
        for meld, slot in zip(melds, meld_rects(layout, side.side, shapes), strict=True):
            if slot.box.contains_point(pos):
                return meld_tip(view, side.side, meld), (slot.box.centre[0], slot.box.y)
    return None
