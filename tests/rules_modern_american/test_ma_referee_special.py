"""Modern American Canasta (docs/variants.md): declaring a special hand (C12) through the referee, written as part F6
says: the 14 cards as a meld `{"kind": "special", "name": ..., "cards": [...]}` and `out` naming the special hand."""

from __future__ import annotations

from typing import Any

from tests.rules_modern_american.ma_positions import (
    apply_legal,
    down,
    group,
    over,
    playing,
    refused,
    same,
    score,
)

PAIRS = "4C 4D 5C 5D 6C 6D 8C 8D 9C 9D TC TD JC JD"  # seven different natural pairs: 2500


def declare(name: str, text: str) -> dict[str, Any]:
    return {"type": "meld", "new": [{"kind": "special", "name": name, "cards": text.split()}]}


def test_c12_f6_declaring_pairs_ends_the_hand() -> None:
    new, _events = apply_legal(playing(PAIRS), declare("pairs", PAIRS))
    assert new["phase"] == "over"
    assert new["out"]["seat"] == 0 and new["out"]["special"] == "pairs"
    assert new["hands"][0] == []
    special = new["melds"][0][0]
    assert special["kind"] == "special" and special["name"] == "pairs" and same(special["cards"], PAIRS)


def test_c12_a_side_that_has_melded_declares_no_special_hand() -> None:
    pos = playing(PAIRS, melds={0: [group("Q", "QC QD QH")]})
    refused(pos, declare("pairs", PAIRS), "special_hand_side_has_melded")


def test_c12_cards_that_make_no_such_hand_are_refused() -> None:
    not_pairs = "4C 4D 5C 5D 6C 6D 8C 8D 9C 9D TC TD JC QD"
    refused(playing(not_pairs), declare("pairs", not_pairs), "special_hand_not_made", "pairs")


def test_c12_f6_the_side_scores_only_the_hands_value_the_other_side_normally() -> None:
    special = {"kind": "special", "name": "pairs", "cards": PAIRS.split()}
    pos = over({0: [special], 1: [down()]}, {1: "5S", 3: "KC"}, out={"seat": 0, "special": "pairs"})
    mine, theirs = score(pos)
    assert mine["total"] == 2500
    assert theirs["total"] == -30 - 15, "no canasta: its melded cards count against it (C10)"
