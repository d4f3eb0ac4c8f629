"""The invariants the engine keeps at every step (docs/rules.md, "What always holds"), checked by tests and the soak."""

from __future__ import annotations

from collections import Counter

from canasta.engine.cards import Rank, make_deck
from canasta.engine.discard_bans import first_round
from canasta.engine.game.special_checks import special_problems
from canasta.engine.game.state import GameState
from canasta.engine.meld_limits import dead_ranks, meld_count_refusal
from canasta.engine.melds import (
    TableMeld,
    count_canastas,
    missing_canasta_types,
    most_wilds,
    sequence_cards,
    shape_refusal,
    wild_meld_refusal,
)
from canasta.engine.playerview import Phase, side_of
from canasta.engine.refusals import Code, Refusal
from canasta.engine.rules import MeldKind, PacketTrigger, SpecialHands


def violations(state: GameState) -> list[str]:
    """Every broken invariant of `state`, described; empty when all hold."""
    problems = _conservation(state) + _red_threes(state) + _melds(state) + _empty_hands(state) + _dead_ranks(state)
    if state.rules.shape.black_threes_row:
        problems += _black_threes(state)
    problems += special_problems(state) + _open_melds(state) + _packets_due(state)
    return problems + _feet(state) if state.feet else problems


def step_violations(before: GameState, after: GameState) -> list[str]:
    """What an action broke that no single state shows: where a canasta takes no more wild cards, a group canasta
    that gained one (followed by its cards, wherever it went); and a foot that came back."""
    problems: list[str] = []
    shape = before.rules.shape
    for side, (old, new) in enumerate(zip(before.melds, after.melds, strict=True)):
        for meld in old if not shape.wilds_after_canasta else ():
            if meld.kind is MeldKind.GROUP and meld.is_canasta(before.rules):
                grown = next((later for later in new if set(meld.cards) <= set(later.cards)), meld)
                if grown.wilds > meld.wilds:
                    problems.append(f"a canasta of side {side} gained a wild card")
    problems.extend(_wild_entries(before, after))
    problems.extend(_pile_tops(before, after))
    problems.extend(
        f"seat {seat}'s foot came back"
        for seat, (old_foot, new_foot) in enumerate(zip(before.feet, after.feet, strict=True))
        if old_foot is None and new_foot is not None
    )
    problems.extend(_packet_kept(before, after))
    return problems


def _pile_tops(before: GameState, after: GameState) -> list[str]:
    """Where the first round bars black threes as discards, none was discarded in it; and no pile was taken with a
    wild card or a black three on top (docs/variants.md, "Cuban Canasta")."""
    rules = before.rules
    if not rules.shape.black_threes_row:
        return []
    problems: list[str] = []
    discarded = len(after.pile) == len(before.pile) + 1 and after.hands[before.current] != before.hands[before.current]
    if discarded and after.pile[-1].is_black_three and first_round(rules, before.turns_played):
        problems.append(f"{after.pile[-1].text} was discarded in the first round ({before.turns_played} turns over)")
    if len(after.pile) < len(before.pile) and (before.pile[-1].is_wild or before.pile[-1].is_black_three):
        problems.append(f"the pile was taken with {before.pile[-1].text} on top")
    if after.turns_played < before.turns_played and after.phase is not Phase.OVER:
        problems.append("turns_played went down")
    return problems


def _black_threes(state: GameState) -> list[str]:
    """Where black threes have a row of their own: it holds only black threes, the red rows only red ones; laid
    out as they come (never set aside), no black three is held."""
    rules = state.rules
    shape = rules.shape
    problems = [f"black_threes[{side}] holds {card.text}" for side, row in enumerate(state.black_threes)
                for card in row if not card.is_black_three]  # fmt: skip
    problems += [f"red_threes[{side}] holds {card.text}" for side, row in enumerate(state.red_threes)
                 for card in row if not card.is_red_three]  # fmt: skip
    if shape.lays_out_black_threes:
        problems += [f"hand {seat} holds a black three laid out as it comes" for seat, hand in enumerate(state.hands)
                     if any(card.is_black_three for card in hand)]  # fmt: skip
    return problems


def _packet_kept(before: GameState, after: GameState) -> list[str]:
    """Where the player's own first canasta releases his packet: a player whose step completed a canasta holds no
    packet face down unless it is due for his next turn."""
    rules = before.rules
    seat = before.current
    if rules.shape.packet_trigger is not PacketTrigger.OWN_FIRST_CANASTA or before.current != after.current:
        return []
    side = side_of(rules, before.lone_hand, seat)
    made = count_canastas(after.melds[side], rules) > count_canastas(before.melds[side], rules)
    if made and after.feet[seat] is not None and seat not in after.packet_due:
        return [f"seat {seat} completed a canasta and still holds his packet face down"]
    return []


def _open_melds(state: GameState) -> list[str]:
    """No side holds more wild melds than the shape's cap (`wild_melds_per_side`), nor more incomplete groups of a
    rank or incomplete wild melds than `open_melds_per_rank`."""
    problems: list[str] = []
    for side, melds in enumerate(state.melds):
        wild = sum(1 for meld in melds if meld.kind is MeldKind.WILD)
        refusal = meld_count_refusal(state.rules, melds)
        if refusal is not None and refusal.code is Code.ONE_WILD_MELD:
            problems.append(f"side {side} has {wild} wild melds")
        elif refusal is not None:
            problems.append(f"side {side}: {refusal.message}")
    return problems


def _packets_due(state: GameState) -> list[str]:
    """A seat whose packet is due for his next turn still holds it face down."""
    return [
        f"seat {seat} is due to take up a packet he does not hold"
        for seat in state.packet_due
        if not state.feet or state.feet[seat] is None
    ]


def _wild_entries(before: GameState, after: GameState) -> list[str]:
    """Where the shape limits when wild cards enter groups: no group gained one with fewer natural cards than the
    rule of five asks, outside its side's initial-meld step; no meld of a rank dead before the step grew or was
    made; no group of a group that never takes one has one."""
    rules = before.rules
    shape = rules.shape
    if not shape.rule_of_five and not shape.dead_ranks:
        return []
    problems: list[str] = []
    dead = dead_ranks(rules, before.melds)
    for side, (old, new) in enumerate(zip(before.melds, after.melds, strict=True)):
        for index, meld in enumerate(new):
            was = old[index] if index < len(old) else None
            if was is not None and len(was.cards) == len(meld.cards):
                continue
            if meld.rank is not None and meld.rank in dead:
                problems.append(f"side {side} melded {meld.rank.value}, a dead rank")
            gained = meld.wilds - (0 if was is None else was.wilds)
            initial = not old
            if gained > 0 and meld.kind is MeldKind.GROUP and not initial and meld.naturals < shape.rule_of_five:
                problems.append(f"a group of side {side} took a wild card with {meld.naturals} natural cards")
    return problems


def _feet(state: GameState) -> list[str]:
    """Where players have feet: a foot per seat or None once picked up, never empty; no seat holding its foot has
    an empty hand."""
    problems: list[str] = []
    if len(state.feet) != state.rules.players:
        return [f"{len(state.feet)} feet for {state.rules.players} seats"]
    for seat, foot in enumerate(state.feet):
        if foot is not None and not foot:
            problems.append(f"seat {seat}'s foot is an empty list")
        if foot is not None and not state.hands[seat] and state.phase is not Phase.OVER:
            problems.append(f"seat {seat} holds his foot with an empty hand")
    return problems


def _conservation(state: GameState) -> list[str]:
    shape = state.rules.shape
    expected = make_deck(shape.packs, shape.jokers_per_pack)
    cards = state.all_cards()
    if len(cards) == len(expected) and set(cards) == set(expected):
        return []
    found = Counter(cards)
    problems = [f"{card!r} is in {count} places" for card, count in found.items() if count > 1]
    problems.extend(f"{card!r} is nowhere" for card in expected if card not in found)
    problems.extend(f"{card!r} is not in this deck" for card in found if card not in set(expected))
    return problems


def _red_threes(state: GameState) -> list[str]:
    if state.rules.shape.lays_out_black_threes and not state.rules.shape.black_threes_row:
        return _threes(state)
    if not state.rules.lays_out_red_threes:  # kept in hand and discarded like any card, never laid out
        return [f"side {side} laid out a red three" for side, row in enumerate(state.red_threes) if row]
    problems = [
        f"a red three is in hand {seat}" for seat, hand in enumerate(state.hands) if any(c.is_red_three for c in hand)
    ]
    if state.pile and state.pile[-1].is_red_three:
        problems.append("a red three is on top of the pile")
    for side, melds in enumerate(state.melds):
        problems.extend(
            f"a red three is in a meld of side {side}" for m in melds if any(c.is_red_three for c in m.cards)
        )
    return problems


def _threes(state: GameState) -> list[str]:
    """Where threes of both colours are laid out: none in a meld or the pile, and in a hand only the last stock card
    (kept, the stock then empty) or one kept for the Straight by a side that has not melded."""
    rules = state.rules
    problems = [f"side {side} has a three in a meld" for side, melds in enumerate(state.melds)
                for meld in melds if meld.rank is Rank.THREE]  # fmt: skip
    if any(card.rank is Rank.THREE for card in state.pile):
        problems.append("a three is in the pile")
    for seat, hand in enumerate(state.hands):
        held = sum(1 for card in hand if card.rank is Rank.THREE)
        side = side_of(rules, state.lone_hand, seat)
        kept = 1 if rules.special_hands is not SpecialHands.OFF and _no_meld_but_special(state.melds[side]) else 0
        if state.stock and held > kept:
            problems.append(f"hand {seat} holds {held} threes while the stock lasts")
    problems.extend(f"threes[{side}] holds {card.text}" for side, row in enumerate(state.red_threes)
                    for card in row if card.rank is not Rank.THREE)  # fmt: skip
    return problems


def _no_meld_but_special(melds: tuple[TableMeld, ...]) -> bool:
    """Whether a side has no meld but (at the end) the special hand it laid: its players may still hold the three
    kept for the Straight, the partner's too."""
    return all(meld.special is not None for meld in melds)


def _dead_ranks(state: GameState) -> list[str]:
    """Where a completed canasta kills its rank: at most one canasta of a rank on the whole table."""
    if not state.rules.shape.dead_ranks:
        return []
    done = [
        meld.rank for side in state.melds for meld in side if meld.rank is not None and meld.is_canasta(state.rules)
    ]
    return [f"two canastas of {rank.value}: the rank was dead" for rank in set(done) if done.count(rank) > 1]


def _melds(state: GameState) -> list[str]:
    problems: list[str] = []
    shape = state.rules.shape
    limit = most_wilds(state.rules)
    for side, melds in enumerate(state.melds):
        ranks = [meld.rank for meld in melds if meld.rank is not None]
        most = shape.groups_per_rank
        if most is not None and any(ranks.count(rank) > most for rank in ranks):
            too_many = "two melds of one rank" if most == 1 else "too many groups of one rank"
            problems.append(f"side {side} has {too_many}")
        for meld in melds:
            if meld.kind is MeldKind.SPECIAL:
                continue  # (`special_problems` says what a special hand must be)
            if meld.kind is not MeldKind.GROUP:
                problems.extend(_run_problems(state, side, meld))
                continue
            if meld.rank in shape.wildless_ranks and meld.wilds:
                problems.append(f"a group of {meld.rank.value} of side {side} holds a wild card")
            capped = shape.max_group_size is not None and not shape.eighth_card_going_out
            if capped and shape.max_group_size is not None and len(meld.cards) > shape.max_group_size:
                problems.append(f"a group of side {side} has more than {shape.max_group_size} cards")
            if len({card.rank for card in meld.cards if not card.is_wild}) != 1:
                problems.append(f"a meld of side {side} has two natural ranks")
            if meld.naturals < 2:
                problems.append(f"a meld of side {side} has fewer than 2 naturals")
            if limit is not None and meld.wilds > limit and not state.rules.cutthroat:
                problems.append(f"a meld of side {side} has more than {limit} wild cards")
            problems.extend(_group_shape(state, side, meld))
    return problems


def _group_shape(state: GameState, side: int, group: TableMeld) -> list[str]:
    """A group keeps the shape rules at every moment (`shape_refusal`: the wild-card limit against its natural
    cards, threes only where the game melds them); a cutthroat partnership's combined groups aside."""
    rank = group.rank
    if rank is None or state.rules.cutthroat:
        return []
    refusal = shape_refusal(state.rules, rank, group.naturals, group.wilds, True)
    return [] if refusal is None else [f"a group of side {side}: {refusal.message}"]


def _run_problems(state: GameState, side: int, meld: TableMeld) -> list[str]:
    """A sequence or wild meld: what its kind allows, and at most `run_size` cards (docs/engine.md, "The family
    of games")."""
    if meld.kind not in state.rules.shape.meld_kinds:
        return [f"side {side} has a {meld.kind.value} meld, which this game does not have"]
    if meld.kind is MeldKind.WILD:
        refusal = wild_meld_refusal(state.rules, meld.cards)
        return [] if refusal is None else [f"a wild meld of side {side}: {refusal.message}"]
    ordered = sequence_cards(state.rules, meld.cards)
    if isinstance(ordered, Refusal):
        return [f"a sequence of side {side}: {ordered.message}"]
    return [] if ordered == meld.cards else [f"a sequence of side {side} is not kept low to high"]


def _empty_hands(state: GameState) -> list[str]:
    rules = state.rules
    problems: list[str] = []
    for seat, hand in enumerate(state.hands):
        if hand:
            continue
        side = side_of(rules, state.lone_hand, seat)
        if state.feet and state.feet[seat] is not None and rules.shape.packet_trigger is PacketTrigger.HAND_EMPTY:
            continue  # (Hand and Foot: `_feet` says it)
        if state.out is not None and state.out.special is not None and state.out.seat == seat:
            continue  # he laid his whole hand down as a special hand
        if rules.shape.canasta_types_to_go_out and missing_canasta_types(state.melds[side], rules):
            problems.append(f"seat {seat} has an empty hand without the canasta types to go out")
        elif count_canastas(state.melds[side], rules) < rules.canastas_to_go_out:
            problems.append(f"seat {seat} has an empty hand without the canastas to go out")
        elif state.phase is not Phase.OVER:
            problems.append(f"seat {seat} has an empty hand but the hand is not over")
    return problems
