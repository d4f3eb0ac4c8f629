"""Each game of the family as a shape (the one place, with the option tables of `canasta.engine.rules`, that
names the games): classic's by player count, Samba's, Bolivia's and Hand and Foot's, and the options that change
them."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from canasta.engine.cards import Rank
from canasta.engine.rules.options import (
    BlackThrees,
    ClosedBooks,
    InitialMeldNeeds,
    MinimumTable,
    PacketTiming,
    Packs,
    SevensUnlock,
    SevensWild,
    SixPlayerSides,
    ThreePlayerMode,
    UnplayedPacket,
    Variant,
)
from canasta.engine.rules.shape import GROUPS_ONLY, MeldKind, MeldNaming, PacketTrigger, PileRule, Shape

if TYPE_CHECKING:
    from canasta.engine.rules import Rules


_MINIMUMS = ((-(10**9), 15), (0, 50), (1500, 90), (3000, 120))
_TWO_PACK_RED_THREES = (0, 100, 200, 300, 800)
_THREE_PACK_RED_THREES = (0, 100, 200, 300, 400, 1000, 1200)


def _shape(players: int, draw_count: int, cards_dealt: int, sides: tuple[tuple[int, ...], ...]) -> Shape:
    six = players == 6
    return Shape(
        packs=3 if six else 2,
        jokers_per_pack=2,
        cards_dealt=cards_dealt,
        draw_count=draw_count,
        sides=sides,
        meld_kinds=GROUPS_ONLY,
        canasta_size=7,
        natural_canasta_bonus=500,
        mixed_canasta_bonus=300,
        going_out_bonus=100,
        concealed_going_out_bonus=200,
        red_three_bonus=_THREE_PACK_RED_THREES if six else _TWO_PACK_RED_THREES,
        minimums=(*_MINIMUMS, (7500, 150)) if six else _MINIMUMS,
    )


_SHAPES: dict[tuple[int, ThreePlayerMode], Shape] = {
    (2, ThreePlayerMode.INDIVIDUAL): _shape(2, 2, 15, ((0,), (1,))),
    (3, ThreePlayerMode.INDIVIDUAL): _shape(3, 1, 13, ((0,), (1,), (2,))),
    (3, ThreePlayerMode.CUTTHROAT): _shape(3, 2, 13, ((0,), (1,), (2,))),
    (4, ThreePlayerMode.INDIVIDUAL): _shape(4, 1, 11, ((0, 2), (1, 3))),
    (6, ThreePlayerMode.INDIVIDUAL): _shape(6, 1, 13, ((0, 2, 4), (1, 3, 5))),
}


_SAMBA_MINIMUMS = (*_MINIMUMS, (7000, 160))
_SAMBA_RED_THREES = (0, 100, 200, 300, 400, 500, 1000)  # 100 each, 1000 for all six


def _samba_shape(players: int, sides: tuple[tuple[int, ...], ...], *, top_minimum: int = 160) -> Shape:
    """Samba's shape (three packs, draw two, groups of a rank as often as wanted, sequences to seven)."""
    return Shape(
        packs=3,
        jokers_per_pack=2,
        cards_dealt=13 if players == 6 else 15,
        draw_count=2,
        sides=sides,
        meld_kinds=frozenset({MeldKind.GROUP, MeldKind.SEQUENCE}),
        canasta_size=7,
        natural_canasta_bonus=500,
        mixed_canasta_bonus=300,
        going_out_bonus=200,
        concealed_going_out_bonus=200,
        red_three_bonus=_SAMBA_RED_THREES,
        minimums=(*_MINIMUMS, (7000, top_minimum)),
        max_wilds=2,
        groups_per_rank=None,
        wilds_after_canasta=False,
        sequence_bonus=1500,
        pile_rule=PileRule.PAIR_OR_UNFINISHED_MELD,
        concealed_exemption=False,
        target=10_000,
        meld_naming=MeldNaming.BY_INDEX,
    )


def _bolivia_shape() -> Shape:
    """Bolivia: Samba's shape with wild melds (a bolivia of seven is 2500), 150 at 7000, an escalera to go out."""
    samba = _samba_shape(4, ((0, 2), (1, 3)), top_minimum=150)
    return dataclasses.replace(
        samba,
        meld_kinds=frozenset({MeldKind.GROUP, MeldKind.SEQUENCE, MeldKind.WILD}),
        wild_canasta_bonus=2500,
        going_out_needs_sequence=True,
        target=15_000,
    )


ROUND_MINIMUMS = (50, 90, 120, 150)


def _hand_and_foot_shape(sides: tuple[tuple[int, ...], ...]) -> Shape:
    """Hand and Foot (docs/engine.md, "The family of games"): a pack more than the players, a hand and a foot of
    11, draw two, groups only (books), clean and dirty books of 500 and 300, the minimum by round."""
    players = sum(len(seats) for seats in sides)
    packs = players + 1
    return Shape(
        packs=packs,
        jokers_per_pack=2,
        cards_dealt=11,
        draw_count=2,
        sides=sides,
        meld_kinds=GROUPS_ONLY,
        canasta_size=7,
        natural_canasta_bonus=500,
        mixed_canasta_bonus=300,
        going_out_bonus=100,
        concealed_going_out_bonus=100,
        red_three_bonus=tuple(100 * count for count in range(2 * packs + 1)),
        minimums=((-(10**9), ROUND_MINIMUMS[0]),),
        max_wilds=3,
        wilds_after_canasta=False,
        books_to_go_out=(2, 2),
        concealed_exemption=False,
        foot_size=11,
        round_minimums=ROUND_MINIMUMS,
        target=10_000,
        threes_meld=False,
        upcard_to_bottom=True,
        pile_take_count=7,
        pile_rule=PileRule.PAIR_ALWAYS,
        books=True,
        meld_naming=MeldNaming.BY_INDEX,
        red_threes_may_count_against=False,
        held_red_three=500,
    )


MODERN_AMERICAN_MINIMUMS = (125, 155, 180)  # below 3000 (negative included), from 3000, from 5000
_MODERN_AMERICAN_STEPS = (-(10**9), 3000, 5000)


def _modern_american_shape() -> Shape:
    """Modern American Canasta (docs/variants.md): two packs, four players, 13 cards, no upcard, draw one; threes
    of both colours laid out; the pile always frozen; groups of three to seven with at most two wild cards and the
    rule of five; wild melds; dead ranks; the initial meld with a clean triple and bonus cards; its scoring."""
    return Shape(
        packs=2,
        jokers_per_pack=2,
        cards_dealt=13,
        draw_count=1,
        sides=((0, 2), (1, 3)),
        meld_kinds=frozenset({MeldKind.GROUP, MeldKind.WILD}),
        canasta_size=7,
        natural_canasta_bonus=500,
        mixed_canasta_bonus=300,
        going_out_bonus=100,
        concealed_going_out_bonus=100,
        red_three_bonus=(0, 100, 300, 500, 1000),  # per colour
        minimums=tuple(zip(_MODERN_AMERICAN_STEPS, MODERN_AMERICAN_MINIMUMS, strict=True)),
        max_wilds=2,
        max_group_size=7,
        wilds_after_canasta=False,
        wild_canasta_bonus=2000,
        pile_rule=PileRule.PAIR_ALWAYS_FROZEN,
        concealed_exemption=False,
        target=8500,
        threes_meld=False,
        meld_naming=MeldNaming.BY_INDEX,
        held_red_three=5,
        upcard=False,
        lays_out_black_threes=True,
        last_three_kept=True,
        turn_card_depth=9,
        bonus_cards=(4, 3),
        top_card_counts_for_minimum=False,
        initial_clean_triple=True,
        initial_mixed_canasta_barred=True,
        rule_of_five=5,
        wildless_ranks=frozenset({Rank.SEVEN}),
        initial_only_wild_ranks=frozenset({Rank.ACE}),
        one_open_wild_meld=True,
        dead_ranks=True,
        discard_bans=True,
        out_by_discard_only=True,
        rank_canasta_bonus=((Rank.ACE, 2500), (Rank.SEVEN, 2500)),
        wild_canasta_twos_bonus=3000,
        wild_canasta_jokers_bonus=2500,
        scores_by_canasta_count=True,
        incomplete_rank_penalty=((Rank.ACE, 2500), (Rank.SEVEN, 2500)),
        incomplete_wild_penalty=2000,
        incomplete_wild_jokers_penalty=2000,
        held_rank_penalty=((Rank.ACE, 1500), (Rank.SEVEN, 1500)),
    )


MINIMUM_TABLES: dict[MinimumTable, tuple[tuple[int, int], ...]] = {
    MinimumTable.PENNIES: ((-(10**9), 15), (0, 50), (500, 90), (1000, 120), (1500, 150)),
    MinimumTable.STANDARD_150: ((-(10**9), 15), (0, 50), (1500, 150)),
    MinimumTable.CUBAN: ((-(10**9), 15), (0, 50), (1500, 90), (3000, 120), (5000, 150)),
    MinimumTable.JOKER: ((-(10**9), 100), (3000, 130), (5000, 150)),  # Joker Canasta's
}  # the initial-meld minimums a game names as a table (`Rules.minimums`): (from score, minimum) steps


def _cuban_shape() -> Shape:
    """Cuban Canasta (docs/variants.md): classic's two packs and four players with 13 cards each; the pile always
    frozen; groups and wild melds of three to seven, one group per rank and one wild meld per side, a side's
    canasta closing its rank for it; wild canastas 4000/3000/2000; red threes 100/300/500/1000 as totals, against a
    side without a canasta; black threes barred as discards in the first round and set aside from taken piles;
    150 from 5000; no concealed bonus; 7500."""
    return Shape(
        packs=2,
        jokers_per_pack=2,
        cards_dealt=13,
        draw_count=1,
        sides=((0, 2), (1, 3)),
        meld_kinds=frozenset({MeldKind.GROUP, MeldKind.WILD}),
        canasta_size=7,
        natural_canasta_bonus=500,
        mixed_canasta_bonus=300,
        going_out_bonus=100,
        concealed_going_out_bonus=100,
        red_three_bonus=(0, 100, 300, 500, 1000),
        minimums=MINIMUM_TABLES[MinimumTable.CUBAN],
        max_group_size=7,
        wild_canasta_bonus=2000,
        pile_rule=PileRule.PAIR_ALWAYS_FROZEN,
        concealed_exemption=False,
        target=7500,
        meld_naming=MeldNaming.BY_INDEX,
        wild_canasta_twos_bonus=4000,
        wild_canasta_jokers_bonus=3000,
        closed_ranks=True,
        wild_melds_per_side=1,
        first_round_black_three_ban=True,
        black_threes_aside=True,
        black_three_aside_bonus=(0, 5, 10, 15, 100),
        black_threes_row=True,
    )


def _pennies_shape() -> Shape:
    """Pennies from Heaven (docs/variants.md): four packs and eight jokers, six players in two sides of three, 13
    cards and a packet of 11 taken up with the player's own first canasta, draw two; groups and wild melds of three
    to seven, closed at seven; natural, mixed, sevens and wild canastas, one of each to go out; sevens locked as
    discards; red threes 100 each, 1000 for all eight, against a side without a sevens canasta; 20,000."""
    return Shape(
        packs=4,
        jokers_per_pack=2,
        cards_dealt=13,
        draw_count=2,
        sides=((0, 2, 4), (1, 3, 5)),
        meld_kinds=frozenset({MeldKind.GROUP, MeldKind.WILD}),
        canasta_size=7,
        natural_canasta_bonus=500,
        mixed_canasta_bonus=300,
        going_out_bonus=100,
        concealed_going_out_bonus=200,
        red_three_bonus=(0, 100, 200, 300, 400, 500, 600, 700, 1000),
        minimums=MINIMUM_TABLES[MinimumTable.PENNIES],
        max_group_size=7,
        groups_per_rank=None,
        wild_canasta_bonus=1000,
        foot_size=11,
        target=20_000,
        meld_naming=MeldNaming.BY_INDEX,
        open_melds_per_rank=1,
        packet_trigger=PacketTrigger.OWN_FIRST_CANASTA,
        melds_close_at_canasta=True,
        take_joins_open_group=True,
        pile_top_blocks=True,
        rank_canasta_types=((Rank.SEVEN, 1500),),
        canasta_types_to_go_out=True,
        red_threes_need_canasta_of=Rank.SEVEN,
        discard_locked_rank=Rank.SEVEN,
    )


_VARIANT_SHAPES: dict[tuple[Variant, int], Shape] = {
    (Variant.SAMBA, 2): _samba_shape(2, ((0,), (1,))),
    (Variant.SAMBA, 3): _samba_shape(3, ((0,), (1,), (2,))),
    (Variant.SAMBA, 4): _samba_shape(4, ((0, 2), (1, 3))),
    (Variant.SAMBA, 6): _samba_shape(6, ((0, 3), (1, 4), (2, 5))),
    (Variant.BOLIVIA, 4): _bolivia_shape(),
    (Variant.HAND_AND_FOOT, 2): _hand_and_foot_shape(((0,), (1,))),
    (Variant.HAND_AND_FOOT, 3): _hand_and_foot_shape(((0,), (1,), (2,))),
    (Variant.HAND_AND_FOOT, 4): _hand_and_foot_shape(((0, 2), (1, 3))),
    (Variant.HAND_AND_FOOT, 6): _hand_and_foot_shape(((0, 2, 4), (1, 3, 5))),
    (Variant.MODERN_AMERICAN, 4): _modern_american_shape(),
    (Variant.CUBAN, 4): _cuban_shape(),
    (Variant.PENNIES_FROM_HEAVEN, 6): _pennies_shape(),
}


def shape_for(variant: Variant, players: int, mode: ThreePlayerMode = ThreePlayerMode.INDIVIDUAL) -> Shape:
    """The shape of `variant` at `players`. :raises ValueError: when that variant is not played by so many."""
    if variant is Variant.CLASSIC:
        classic = _SHAPES.get((players, mode))
        if classic is None:
            raise ValueError(f"rules.three_player_mode {mode.value} needs three players")
        return classic
    shape = _VARIANT_SHAPES.get((variant, players))
    if shape is None:
        counts = ", ".join(str(count) for kind, count in _VARIANT_SHAPES if kind is variant)
        raise ValueError(f"rules.variant {variant.value} is played by {counts} players, not {players}")
    return shape


def default_canastas_to_go_out(players: int, variant: Variant = Variant.CLASSIC) -> int:
    if variant in (Variant.HAND_AND_FOOT, Variant.PENNIES_FROM_HEAVEN):
        return 1  # its books (`Shape.books_to_go_out`), or Pennies' four canasta types, say what going out needs
    if variant is not Variant.CLASSIC:
        return 2
    return 2 if players in (2, 6) else 1


def default_target_score(
    players: int, mode: ThreePlayerMode = ThreePlayerMode.INDIVIDUAL, variant: Variant = Variant.CLASSIC
) -> int:
    if variant is not Variant.CLASSIC:
        return shape_for(variant, players).target
    if players == 6:
        return 10_000
    if players == 3 and mode is ThreePlayerMode.CUTTHROAT:
        return 7500
    return 5000


def game_shape(rules: Rules) -> Shape:
    """The shape of the rules' game at their player count, with the options that change it."""
    shape = shape_for(rules.variant, rules.players, rules.three_player_mode)
    if rules.top_minimum:
        shape = dataclasses.replace(shape, minimums=(*shape.minimums[:-1], (7000, rules.top_minimum)))
    if not rules.combine_groups:
        shape = dataclasses.replace(shape, groups_per_rank=1)
    if rules.variant is Variant.HAND_AND_FOOT:
        shape = _hand_and_foot_options(rules, shape)
    if rules.variant is Variant.MODERN_AMERICAN:
        shape = _modern_american_options(rules, shape)
    if rules.variant is Variant.CUBAN:
        shape = _cuban_options(rules, shape)
    if rules.variant is Variant.PENNIES_FROM_HEAVEN:
        shape = _pennies_options(rules, shape)
    return shape


def _cuban_options(rules: Rules, shape: Shape) -> Shape:
    """Cuban Canasta's shape with the rules' options in it (docs/variants.md, "Cuban Canasta")."""
    table = rules.minimums if isinstance(rules.minimums, MinimumTable) else MinimumTable.CUBAN
    shape = dataclasses.replace(shape, minimums=MINIMUM_TABLES[table])
    if rules.black_threes is BlackThrees.BONUS:
        shape = dataclasses.replace(
            shape,
            lays_out_black_threes=True,
            black_threes_aside=False,
            black_three_aside_bonus=(),
            first_round_black_three_ban=False,
            threes_meld=False,
        )
    if rules.concealed_going_out_bonus:
        exempt = rules.concealed_going_out_bonus != shape.going_out_bonus
        shape = dataclasses.replace(
            shape, concealed_going_out_bonus=rules.concealed_going_out_bonus, concealed_exemption=exempt
        )
    if rules.new_meld_after_canasta:
        shape = dataclasses.replace(
            shape,
            closed_ranks=False,
            groups_per_rank=None,
            wild_melds_per_side=None,
            open_melds_per_rank=1,
            new_group_joins_open_group=True,
        )
    return shape


def _pennies_options(rules: Rules, shape: Shape) -> Shape:
    """Pennies from Heaven's shape with the rules' options in it (docs/variants.md, "Pennies from Heaven")."""
    sides = shape.sides
    if rules.six_player_sides is SixPlayerSides.THREE_OF_TWO:
        sides = ((0, 3), (1, 4), (2, 5))
    table = rules.minimums if isinstance(rules.minimums, MinimumTable) else MinimumTable.PENNIES
    shape = dataclasses.replace(
        shape,
        sides=sides,
        minimums=MINIMUM_TABLES[table],
        packet_next_turn=rules.packet_timing is PacketTiming.NEXT_TURN,
        wildless_ranks=frozenset({Rank.SEVEN}) if rules.sevens_wild is SevensWild.NONE else frozenset(),
        lock_lifts_for_own_side=rules.sevens_unlock is SevensUnlock.OWN_SIDE,
        unplayed_foot_counts=rules.unplayed_packet is UnplayedPacket.MINUS,
    )
    if not rules.new_meld_after_canasta:  # one meld of each rank, closed at seven, and one wild meld a hand
        shape = dataclasses.replace(shape, groups_per_rank=1, open_melds_per_rank=None, wild_melds_per_side=1)
    return shape


def _modern_american_options(rules: Rules, shape: Shape) -> Shape:
    """Modern American's shape with the rules' options in it (docs/variants.md, "Modern American")."""
    minimums = rules.minimums if isinstance(rules.minimums, tuple) and rules.minimums else MODERN_AMERICAN_MINIMUMS
    return dataclasses.replace(
        shape,
        cards_dealt=rules.hand_size or shape.cards_dealt,
        draw_count=rules.draw_count or shape.draw_count,
        minimums=tuple(zip(_MODERN_AMERICAN_STEPS, minimums, strict=True)),
        initial_wild_meld_for_triple=rules.initial_meld_needs is InitialMeldNeeds.CLEAN_TRIPLE_OR_WILD_MELD,
        rule_of_five=shape.rule_of_five if rules.rule_of_five else 0,
        bonus_cards=shape.bonus_cards if rules.bonus_cards else (),
        splash=rules.splash,
        incomplete_wild_jokers_penalty=rules.incomplete_wild_meld_four_jokers or shape.incomplete_wild_jokers_penalty,
        eighth_card_going_out=rules.eighth_card_going_out,
    )


def _hand_and_foot_options(rules: Rules, shape: Shape) -> Shape:
    """Hand and Foot's shape with the rules' options in it."""
    extra = 2 if rules.packs is Packs.PLAYERS_PLUS_2 else 1
    packs = rules.players + extra
    kinds = shape.meld_kinds | {MeldKind.WILD} if rules.wild_books else shape.meld_kinds
    sides = shape.sides
    if rules.players == 6 and rules.six_player_sides is SixPlayerSides.THREE_OF_TWO:
        sides = ((0, 3), (1, 4), (2, 5))
    return dataclasses.replace(
        shape,
        sides=sides,
        packs=packs,
        red_three_bonus=tuple(100 * count for count in range(2 * packs + 1)),
        cards_dealt=rules.hand_size or shape.cards_dealt,
        foot_size=rules.foot_size or shape.foot_size,
        meld_kinds=kinds,
        wild_canasta_bonus=rules.wild_books,
        max_group_size=shape.canasta_size if rules.closed_books is ClosedBooks.NO_ADDITIONS else None,
        pile_take_count=rules.pile_take_count,
        round_minimums=rules.round_minimums or shape.round_minimums,
        books_to_go_out=(rules.books_to_go_out[0], rules.books_to_go_out[1]) if rules.books_to_go_out else (0, 0),
    )
