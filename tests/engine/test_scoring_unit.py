"""`canasta.engine.scoring.score_hand` called directly on hand-built states (docs/rules.md, "Scoring a hand"):
three-player cutthroat, six players, and the concealed-canasta bonus. Every expected figure is worked out in the
comments."""

from typing import Any

import pytest

from canasta.engine.position import dump_position, load_position
from canasta.engine.scoring import score_hand
from tests.rules.positions import ACES, MIXED_CANASTA, NATURAL_CANASTA, SEVEN_FOURS, position

CUTTHROAT = {"three_player_mode": "cutthroat"}


def _line(
    canastas: int = 0, red_threes: int = 0, going_out: int = 0, melded: int = 0, in_hand: int = 0
) -> dict[str, int]:
    total = canastas + red_threes + going_out + melded + in_hand
    return {
        "canastas": canastas,
        "red_threes": red_threes,
        "going_out": going_out,
        "melded": melded,
        "in_hand": in_hand,
        "total": total,
    }


def _scores(players: int, **fields: Any) -> list[dict[str, int]]:
    state = load_position(position(players, phase="over", **fields))
    return [side.to_dict() for side in score_hand(state)]


# --- three players, cutthroat -------------------------------------------------------------------------------


def test_cutthroat_the_lone_hand_went_out_and_the_partners_share_their_result() -> None:
    # Lone hand 1: seven kings (500 + 70), went out (100), one red three (100): 770.
    # Partners 0 and 2, their melds kept in seat 2's entry: Q Q Q Q 2 (60); hands 5C JK and 9C (-65): -5.
    # Seat 0 adds his two red threes (200): 195. Seat 2 has none: -5.
    scores = _scores(
        3,
        rules=CUTTHROAT,
        lone_hand=1,
        current=1,
        hands={0: "5C JK", 1: "", 2: "9C"},
        melds={1: [NATURAL_CANASTA], 2: ["QC QD QH QS 2C"]},
        red_threes={0: "3D 3D", 1: "3H"},
        out={"seat": 1, "concealed": False},
    )
    assert scores == [
        _line(red_threes=200, melded=60, in_hand=-65),
        _line(canastas=500, red_threes=100, going_out=100, melded=70),
        _line(melded=60, in_hand=-65),
    ]
    assert [entry["total"] for entry in scores] == [195, 770, -5]


def test_cutthroat_a_partner_went_out_and_both_partners_score_it() -> None:
    # Lone hand 0: no meld, so his red three counts against him (-100); AC AD in hand (-40): -140.
    # Partners 1 and 2 (melds in seat 1's entry): mixed canasta of queens (300 + 120), 5 5 5 (15), seat 2
    # went out (100), seat 1 holds 9C 4D (-15): 520. Seat 2 adds his three red threes (300): 820.
    scores = _scores(
        3,
        rules=CUTTHROAT,
        lone_hand=0,
        current=2,
        hands={0: "AC AD", 1: "9C 4D", 2: ""},
        melds={1: [MIXED_CANASTA, "5C 5D 5H"]},
        red_threes={0: "3H", 2: "3D 3H 3D"},
        out={"seat": 2, "concealed": False},
    )
    assert scores == [
        _line(red_threes=-100, in_hand=-40),
        _line(canastas=300, going_out=100, melded=135, in_hand=-15),
        _line(canastas=300, red_threes=300, going_out=100, melded=135, in_hand=-15),
    ]
    assert [entry["total"] for entry in scores] == [-140, 520, 820]


def test_cutthroat_partners_without_a_meld_count_their_red_threes_against_them() -> None:
    # Lone hand 0: seven kings, went out: 500 + 100 + 70 = 670.
    # Partners 1 and 2 melded nothing: seat 1's red three is -100; both hands 9C 5C: -15.
    scores = _scores(
        3,
        rules=CUTTHROAT,
        lone_hand=0,
        current=0,
        hands={0: "", 1: "9C", 2: "5C"},
        melds={0: [NATURAL_CANASTA]},
        red_threes={1: "3H"},
        out={"seat": 0, "concealed": False},
    )
    assert [entry["total"] for entry in scores] == [670, -115, -15]
    assert scores[1]["red_threes"] == -100
    assert scores[2]["red_threes"] == 0


def test_cutthroat_before_anyone_took_the_pile_everyone_scores_alone() -> None:
    # Nobody took the pile and nobody went out: seat 0 aces, 9C (60 - 10); seat 1 no meld, a red three,
    # 5C (-100 - 5); seat 2 three kings, 4C 4D (30 - 10).
    scores = _scores(
        3,
        rules=CUTTHROAT,
        lone_hand=None,
        hands={0: "9C", 1: "5C", 2: "4C 4D"},
        melds={0: [ACES], 2: ["KC KD KH"]},
        red_threes={1: "3H"},
        out=None,
    )
    assert [entry["total"] for entry in scores] == [50, -105, 20]


def test_cutthroat_going_out_before_the_pile_was_taken_makes_the_lone_hand() -> None:
    # Seat 2 went out before anyone took the pile: he is the lone hand, seven fours (500 + 35) and 100.
    # Seats 0 and 1 are partners: aces and three kings (90), 9C and 5C in hand (-15): 75; seat 1 adds his
    # red three (100): 175.
    scores = _scores(
        3,
        rules=CUTTHROAT,
        lone_hand=None,
        current=2,
        hands={0: "9C", 1: "5C", 2: ""},
        melds={0: [ACES], 1: ["KC KD KH"], 2: [SEVEN_FOURS]},
        red_threes={1: "3H"},
        out={"seat": 2, "concealed": False},
    )
    assert [entry["total"] for entry in scores] == [75, 175, 635]


# --- six players --------------------------------------------------------------------------------------------


def test_six_players_score_a_whole_hand() -> None:
    # Side 0 (seats 0, 2, 4): natural canasta of kings and mixed canasta of queens (800; cards 70 + 120),
    # five red threes (1000), seat 4 went out (100), 9C and 4C 4D left (-20): 2070.
    # Side 1 (seats 1, 3, 5): aces (60), one red three (100), JK, 2C and AC left (-90): 70.
    scores = _scores(
        6,
        current=4,
        hands={0: "9C", 1: "JK", 2: "4C 4D", 3: "2C", 4: "", 5: "AC"},
        melds={0: [NATURAL_CANASTA, MIXED_CANASTA], 1: [ACES]},
        red_threes={0: "3H 3D 3H 3D 3H", 1: "3D"},
        out={"seat": 4, "concealed": False},
    )
    assert scores == [
        _line(canastas=800, red_threes=1000, going_out=100, melded=190, in_hand=-20),
        _line(red_threes=100, melded=60, in_hand=-90),
    ]
    assert [entry["total"] for entry in scores] == [2070, 70]


@pytest.mark.parametrize(
    ("reds", "melds", "bonus"),
    [
        ("3H 3D 3H 3D", [ACES], 400),
        ("3H 3D 3H 3D 3H", [ACES], 1000),
        ("3H 3D 3H 3D 3H 3D", [ACES], 1200),
        ("3H 3D 3H 3D 3H", [], -1000),
    ],
)
def test_six_player_red_three_table(reds: str, melds: list[str], bonus: int) -> None:
    hands = {seat: card for seat, card in enumerate(["9C", "9D", "9H", "9S", "TC", "TD"])}
    scores = _scores(6, hands=hands, melds={0: melds, 1: ["KC KD KH"]}, red_threes={0: reds}, out=None)
    assert scores[0]["red_threes"] == bonus
    in_hand = -30  # 9C 9H TC
    assert scores[0]["total"] == bonus + (60 if melds else 0) + in_hand


# --- the concealed-canasta bonus ----------------------------------------------------------------------------


def _concealed_melds() -> list[Any]:
    return [
        {"cards": NATURAL_CANASTA, "concealed": True},  # 500 + 100
        {"cards": MIXED_CANASTA, "concealed": True},  # 300 + 100
        {"cards": "5C 5D 5H", "concealed": True},  # not a canasta: no bonus of any kind
        SEVEN_FOURS,  # a canasta built in steps: 500 only
        ACES,
    ]


@pytest.mark.parametrize(("option", "canastas"), [(100, 1500), (0, 1300)])
def test_the_concealed_canasta_bonus_counts_for_canastas_laid_whole(option: int, canastas: int) -> None:
    # Melded cards: 70 + 120 + 15 + 35 + 60 = 300; 9C and 9D left: -20.
    scores = _scores(
        4,
        rules={"concealed_canasta_bonus": option},
        hands={0: "9C", 2: "9D", 1: "6C", 3: "6D"},
        melds={0: _concealed_melds()},
        out=None,
    )
    assert scores[0] == _line(canastas=canastas, melded=300, in_hand=-20)
    assert scores[1] == _line(in_hand=-10)


def test_the_concealed_marker_survives_a_round_trip() -> None:
    pos = position(
        4,
        phase="over",
        rules={"concealed_canasta_bonus": 100},
        hands={0: "9C", 2: "9D"},
        melds={0: _concealed_melds()},
        out=None,
    )
    dumped = dump_position(load_position(pos))
    assert dumped["rules"] == {"players": 4, "concealed_canasta_bonus": 100}
    first, second, _, fourth, _ = dumped["melds"][0]
    assert first == {"cards": NATURAL_CANASTA.split(), "concealed": True}
    assert second == {"cards": MIXED_CANASTA.split(), "concealed": True}
    assert isinstance(fourth, list)
    assert dump_position(load_position(dumped)) == dumped
