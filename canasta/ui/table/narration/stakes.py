"""What the table says about the rules a shape adds (docs/variants.md, "Modern American Canasta"), as words from the
human's view: what a side's threes count now and with which sign, whether the stock's turn card is still in it,
the bonus cards a side took, what an open meld the shape penalises risks, the ranks that are dead, and what a side
still needs (its first meld with a clean triple, its canastas to go out). Each asks the shape, never the game's
name. Pure text; no pygame."""

from __future__ import annotations

from canasta.engine.cards import Rank
from canasta.engine.discard_bans import first_round, lock_lifted
from canasta.engine.game.scoring import black_threes_score, threes_points
from canasta.engine.meld_limits import dead_ranks
from canasta.engine.melds import TableMeld, costly_open_meld, count_canastas
from canasta.engine.playerview import PlayerView, my_side, turn_card_drawn
from canasta.engine.rules import Rules
from canasta.i18n import _, ngettext

MINUS = "\u2212"


def signed(points: int) -> str:
    """A figure with its sign, as the table writes it: "+400", "0", "-400" with a minus sign."""
    if points > 0:
        return f"+{points}"
    return f"{MINUS}{-points}" if points < 0 else "0"


def lays_out_both_threes(view: PlayerView) -> bool:
    """Whether the game lays out threes of both colours, each side's worth shown under them."""
    return view.rules.shape.lays_out_black_threes


def threes_wordings(view: PlayerView, side: int) -> tuple[str, ...]:
    """A side's laid-out threes as the badge under them says it, longest first ("Threes +400", "+400"); nothing
    where the side has none or the game shows no such badge."""
    threes = view.red_threes[side] if side < len(view.red_threes) else ()
    if not threes or not lays_out_both_threes(view):
        return ()
    points = signed(threes_points(view.rules, view.melds[side], threes))
    return (_("Threes {points}").format(points=points), points)


def black_threes_aside_wordings(view: PlayerView, side: int) -> tuple[str, ...]:
    """A side's black threes set aside from taken piles (Cuban Canasta), as the badge beside its red threes says
    them, longest first ("2 black threes set aside: +10", "Black threes 2: +10", "3♠♣ x2 +10", "3♠♣ x2"); nothing
    where it has none."""
    aside = view.black_threes[side] if view.rules.shape.black_threes_aside and side < len(view.black_threes) else ()
    if not aside:
        return ()
    count = len(aside)
    points = signed(black_threes_score(view.rules, view.melds[side], count))
    return (
        ngettext("{count} black three set aside: {points}", "{count} black threes set aside: {points}", count).format(
            count=count, points=points
        ),
        _("Black threes {count}: {points}").format(count=count, points=points),
        f"3\u2660\u2663 \u00d7{count} {points}",
        f"3\u2660\u2663 \u00d7{count}",
    )


def black_three_ban_line(view: PlayerView) -> str | None:
    """While the hand's first round lasts where the shape bars black threes as discards then (Cuban Canasta): that
    they may not be discarded yet; else None."""
    if not first_round(view.rules, view.turns_played):
        return None
    return _("No black three may be discarded yet (first round)")


def threes_tip(view: PlayerView, side: int) -> str:
    """Why a side's threes count what they count: their sign follows its completed canastas."""
    threes = view.red_threes[side] if side < len(view.red_threes) else ()
    points = signed(threes_points(view.rules, view.melds[side], threes))
    canastas = count_canastas(view.melds[side], view.rules)
    if canastas == 0:
        why = _("minus: no canasta yet")
    elif canastas == 1:
        why = _("zero: one canasta")
    else:
        why = _("plus: two canastas or more")
    return ngettext("{count} three laid out: {points} ({why}).", "{count} threes laid out: {points} ({why}).",
                    len(threes)).format(count=len(threes), points=points, why=why)  # fmt: skip


def stock_words(view: PlayerView) -> str:
    """The stock's label: its count, and in a game with a turn card whether it is still in the stock."""
    if not view.rules.shape.turn_card_depth:
        return _("Stock {count}").format(count=view.stock_count)
    if turn_card_drawn(view):
        return _("Stock {count} \u00b7 turn card drawn").format(count=view.stock_count)
    return _("Stock {count} \u00b7 turn card in it").format(count=view.stock_count)


def turn_card_waits(view: PlayerView) -> bool:
    """Whether the stock still holds the turn card (the table shows it lying across under the stock)."""
    return bool(view.rules.shape.turn_card_depth) and not turn_card_drawn(view)


def drew_turn_card(rules: Rules, stock_after: int, drawn: int) -> bool:
    """Whether drawing `drawn` cards, which left `stock_after` in the stock, took the turn card."""
    depth = rules.shape.turn_card_depth
    return bool(depth) and drawn > 0 and stock_after < depth <= stock_after + drawn


def turn_card_words(mine: bool, name: str, short: bool) -> str:
    """The turn card drawn: no more bonus cards from now on."""
    if short:
        return _("Drew the turn card.")
    if mine:
        return _("You drew the turn card: nobody takes bonus cards from now on.")
    return _("{name} drew the turn card: nobody takes bonus cards from now on.").format(name=name)


def bonus_cards_taken(view: PlayerView, side: int) -> int:
    """How many bonus cards `side` took this hand (0: none): the first side to meld took the shape's first figure,
    the second the second."""
    table = view.rules.shape.bonus_cards
    if not table or side >= len(view.bonus_taken) or not view.bonus_taken[side]:
        return 0
    order = view.meld_order.index(side) if side in view.meld_order else 0
    return table[min(order, len(table) - 1)]


def risk(view: PlayerView, meld: TableMeld) -> int:
    """What an open meld costs its side if the hand ends with it incomplete (0 for one the shape does not
    penalise): natural aces or sevens short of a canasta, a wild meld."""
    return costly_open_meld(meld, view.rules)


def risk_wordings(count: int, points: int) -> tuple[str, ...]:
    """An open meld at risk, on its badge: its cards and the risk ("5 · -2500"), the risk alone, the cards alone."""
    at_risk = signed(-points)
    return (_("{count} \u00b7 {points}").format(count=count, points=at_risk), at_risk, str(count))


def risk_tip(points: int) -> str:
    return _("Incomplete: it counts {points} against your side if the hand ends before it is a canasta.").format(
        points=signed(-points)
    )


def dead(view: PlayerView) -> frozenset[Rank]:
    """The ranks nobody may meld any more (a canasta of them is complete), where the shape has dead ranks."""
    return dead_ranks(view.rules, view.melds)


def locked(view: PlayerView) -> frozenset[Rank]:
    """The ranks the human may not discard yet (Pennies from Heaven's sevens, until the lock lifts for his side)."""
    rank = view.rules.shape.discard_locked_rank
    if rank is None or lock_lifted(view.rules, view.melds, my_side(view)):
        return frozenset()
    return frozenset({rank})


def hand_marks(view: PlayerView) -> dict[Rank, str]:
    """The word marking each rank's cards in the human's hand: "dead" (nobody melds it any more), else "locked"
    (not to be discarded yet)."""
    marks = dict.fromkeys(locked(view), _("locked"))
    marks.update(dict.fromkeys(dead(view), _("dead")))
    return marks


def needs_words(view: PlayerView, side: int, minimum: int) -> str:
    """The third part of a side's header where the shape asks more than a minimum: before its first meld, the
    minimum and the clean triple; after it, its canastas toward going out."""
    shape = view.rules.shape
    if not view.melds[side]:
        if shape.initial_clean_triple:
            return _("first meld {minimum} with a clean triple").format(minimum=minimum)
        return _("first meld needs {minimum}").format(minimum=minimum)
    need = view.rules.canastas_to_go_out
    have = min(count_canastas(view.melds[side], view.rules), need)
    return ngettext("{have} of {need} canasta to go out", "{have} of {need} canastas to go out", need).format(
        have=have, need=need
    )
