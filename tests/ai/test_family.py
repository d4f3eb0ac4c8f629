"""The family's judgment pieces (`canasta.ai.family`) on made-up melds and hands."""

from __future__ import annotations

from canasta.ai.family import extends, is_family, may_go_out, pile_takers, runs_in
from canasta.engine.cards import parse_cards
from canasta.engine.melds import TableMeld
from canasta.engine.rules import MeldKind, Rules

BOLIVIA = Rules.for_players(4, variant="bolivia")
SAMBA = Rules.for_players(4, variant="samba")


def group(*texts: str) -> TableMeld:
    cards = parse_cards(list(texts))
    return TableMeld(next(card.rank for card in cards if not card.is_wild), cards)


def sequence(*texts: str) -> TableMeld:
    return TableMeld(None, parse_cards(list(texts)), kind=MeldKind.SEQUENCE)


def test_only_the_family_takes_the_family_path() -> None:
    assert not is_family(Rules.for_players(4))
    assert is_family(SAMBA) and is_family(BOLIVIA)


def test_runs_are_found_longest_first_each_card_once() -> None:
    hand = parse_cards(["5H", "6H", "7H", "8H", "6H", "7H", "8H", "2H", "3H", "KS", "QS", "JS", "9C"])
    runs = [[card.text for card in run] for run in runs_in(list(hand), 7)]
    assert runs == [["5H", "6H", "7H", "8H"], ["6H", "7H", "8H"], ["JS", "QS", "KS"]]
    eight = parse_cards(["4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD"])
    assert [len(run) for run in runs_in(list(eight), 7)] == [7]


def test_going_out_in_bolivia_needs_an_escalera() -> None:
    kings = group("KH", "KD", "KS", "KC", "KH", "KD", "KS")
    queens = group("QH", "QD", "QS", "QC", "QH", "QD", "2C")
    escalera = sequence("4H", "5H", "6H", "7H", "8H", "9H", "TH")
    assert not may_go_out((kings, queens), BOLIVIA)
    assert may_go_out((kings, escalera), BOLIVIA)
    assert may_go_out((kings, queens), SAMBA)
    assert not may_go_out((kings,), SAMBA)


def test_the_top_card_alone_takes_onto_a_short_group_or_an_open_sequence() -> None:
    kings = group("KH", "KD", "KS", "KC", "KH", "KD", "KS")
    nines = group("9H", "9D", "9S")
    open_run = sequence("6C", "7C", "8C")
    samba = sequence("4S", "5S", "6S", "7S", "8S", "9S", "TS")
    ranks, cards = pile_takers((kings, nines, open_run, samba), SAMBA)
    assert {rank.value for rank in ranks} == {"9"}
    assert cards == {"5C", "9C"}
    assert extends(open_run, parse_cards(["9C"])[0], SAMBA)
    assert not extends(open_run, parse_cards(["9D"])[0], SAMBA)
    assert not extends(samba, parse_cards(["JS"])[0], SAMBA)
