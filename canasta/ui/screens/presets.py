"""The presets' keys and their value type, and the presets of Cuban Canasta and Pennies from Heaven
(docs/variants.md): each a named set of house rules a rule sheet describes, with its one-line meaning. The other
games' presets are in `house_rules.PRESETS`, which lists these after them."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from canasta.engine.rules import (
    BlackThrees,
    MinimumTable,
    PacketTiming,
    SevensUnlock,
    SixPlayerSides,
    Variant,
)
from canasta.i18n import N_


class PresetKey(enum.StrEnum):
    CLASSIC = "classic"
    HOYLE = "hoyle"
    CUTTHROAT = "cutthroat"
    ITALIAN = "italian"
    BICYCLE = "bicycle"
    STRICT = "strict"
    CASUAL = "casual"
    SAMBA = "samba"
    SAMBA_STRICT = "samba_strict"
    SAMBA_SHORT = "samba_short"
    BOLIVIA = "bolivia"
    BOLIVIA_OPEN = "bolivia_open"
    BOLIVIA_SHORT = "bolivia_short"
    HAND_AND_FOOT = "hand_and_foot"
    HAND_AND_FOOT_STRICT = "hand_and_foot_strict"
    HAND_AND_FOOT_QUICK = "hand_and_foot_quick"
    HAND_AND_FOOT_WILD = "hand_and_foot_wild"
    HAND_AND_FOOT_TARGET = "hand_and_foot_target"
    MODERN_AMERICAN = "modern_american"
    MODERN_AMERICAN_PAGAT = "modern_american_pagat"
    MODERN_AMERICAN_SHORT = "modern_american_short"
    CUBAN = "cuban"
    CUBAN_JOKER = "cuban_joker"
    CUBAN_CONCEALED = "cuban_concealed"
    PENNIES = "pennies"
    PENNIES_OWN_SEVENS = "pennies_own_sevens"
    PENNIES_NEXT_TURN = "pennies_next_turn"
    PENNIES_PAIRS = "pennies_pairs"
    PENNIES_SHORT = "pennies_short"


@dataclass(frozen=True, slots=True)
class Preset:
    """A named set of house rules from common rule sheets; `players` fixes the count when set."""

    key: PresetKey
    name: str  # marked with N_
    description: str  # marked with N_
    options: tuple[tuple[str, Any], ...]
    players: int | None = None
    target: int = 0  # 0: the usual target for the player count
    variant: Variant = Variant.CLASSIC


CUBAN_PRESETS: tuple[Preset, ...] = (
    Preset(
        PresetKey.CUBAN, N_("Cuban Canasta"),
        N_("Cuban Canasta as the rule books have it: every rule at its usual value, the game to 7500."), (),
        variant=Variant.CUBAN,
    ),
    Preset(
        PresetKey.CUBAN_JOKER, N_("Joker Canasta"),
        N_("Its close relative: black threes laid out as bonuses like red ones, first melds of 100, 130 and 150, two "
           "canastas to go out, the game to 8500."),
        (("black_threes", BlackThrees.BONUS), ("minimums", MinimumTable.JOKER), ("canastas_to_go_out", 2)),
        target=8500, variant=Variant.CUBAN,
    ),
    Preset(
        PresetKey.CUBAN_CONCEALED, N_("Concealed bonus"),
        N_("Going out concealed earns 200 and needs no first-meld minimum, as in classic Canasta."),
        (("concealed_going_out_bonus", 200),), variant=Variant.CUBAN,
    ),
)  # fmt: skip

PENNIES_PRESETS: tuple[Preset, ...] = (
    Preset(
        PresetKey.PENNIES, N_("Pennies from Heaven"),
        N_("Pennies from Heaven as most rule books have it: every rule at its usual value, the game to 20,000."), (),
        variant=Variant.PENNIES_FROM_HEAVEN,
    ),
    Preset(
        PresetKey.PENNIES_OWN_SEVENS, N_("Own sevens"),
        N_("Your side may discard sevens once it has its own sevens canasta, and the first meld needs 15, 50 or "
           "150, as HowStuffWorks has it."),
        (("sevens_unlock", SevensUnlock.OWN_SIDE), ("minimums", MinimumTable.STANDARD_150)),
        variant=Variant.PENNIES_FROM_HEAVEN,
    ),
    Preset(
        PresetKey.PENNIES_NEXT_TURN, N_("Packet next turn"),
        N_("Your packet joins your hand at the start of your turn after your first canasta, not at once."),
        (("packet_timing", PacketTiming.NEXT_TURN),),
        variant=Variant.PENNIES_FROM_HEAVEN,
    ),
    Preset(
        PresetKey.PENNIES_PAIRS, N_("Three partnerships"),
        N_("Six players as Bicycle seats them: three sides of two, partners sitting three seats apart."),
        (("six_player_sides", SixPlayerSides.THREE_OF_TWO),),
        variant=Variant.PENNIES_FROM_HEAVEN,
    ),
    Preset(
        PresetKey.PENNIES_SHORT, N_("A short game"), N_("A Pennies from Heaven game to 10,000 points."), (),
        target=10_000, variant=Variant.PENNIES_FROM_HEAVEN,
    ),
)  # fmt: skip
