"""`canasta --smoke`: a quick whole-program check that also runs inside the packaged app.

It checks that every shipped weights file of the computer players is there and usable, plays one hand of computer
players headless with the engine (and one hand of each other game of the catalogue), checking every invariant
after every action and failing if any computer player fell back to a safe move (the game would go on), then opens
the window once (under the dummy video driver unless one is chosen) and draws one frame of the table with every card
image and font loaded, so a bundle that lacks its weights or assets fails here rather than on a player's computer.
"""

from __future__ import annotations

import os
import random
import time
from dataclasses import dataclass

from canasta.ai import levels
from canasta.app.autoplay import Guard, make_bot, play_hand
from canasta.engine import Transition, new_hand
from canasta.engine.actions import Action
from canasta.engine.cards import SUITED_RANKS, SUITS
from canasta.engine.invariants import violations
from canasta.engine.rules import Rules, Variant
from canasta.engine.rules.catalog import OTHER_GAMES, player_counts
from canasta.engine.state import GameState
from canasta.engine_build import engine_build

# One of each strength that answers quickly (Expert's look-ahead takes a second a move).
SMOKE_LEVELS = ("normal", "greedy", "hard", "beginner")


def asset_names() -> tuple[str, ...]:
    """Every card image the window loads: "AC" ... "KS", "JK" and "back" (as `canasta.ui.look.cardart` writes them;
    not imported from there, since the art generator needs numpy and the packaged game leaves numpy out)."""
    return (*(rank.value + suit.value for rank in SUITED_RANKS for suit in SUITS), "JK", "back")


class SmokeFailure(Exception):
    """What went wrong, in one line."""


@dataclass(frozen=True, slots=True)
class SmokeResult:
    players: int
    actions: int
    out: int | None  # the seat that went out, if any
    frame_size: tuple[int, int]
    seconds: float
    family: tuple[tuple[str, int], ...] = ()  # (game, actions) of the family's hands played too
    engine: str = "pure Python"  # how the engine ran: `canasta.engine_build.engine_build()`

    def line(self) -> str:
        out = "nobody went out" if self.out is None else f"seat {self.out + 1} went out"
        width, height = self.frame_size
        family = "".join(f"; one hand of {game}, {actions} actions" for game, actions in self.family)
        return (
            f"smoke ok: one {self.players}-player hand of computer players, {self.actions} actions, {out}, "
            f"every invariant held{family}; the table drew a {width}x{height} frame; {self.seconds:.1f} s; "
            f"engine: {self.engine}"
        )


# a hand of each as well: four players, or six where the game is played by six alone
FAMILY_SMOKE = OTHER_GAMES


def play_one_hand(seed: int, players: int = 4, variant: Variant = Variant.CLASSIC) -> tuple[int, int | None]:
    """One dealt hand of `variant` played to its end by computer players; returns (actions, seat gone out).

    :raises SmokeFailure: naming the first broken invariant (or the deal's).
    """
    rng = random.Random(seed)
    rules = Rules.for_players(players, variant=variant)
    entries = 3 if rules.players == 3 else len(rules.shape.sides)
    state = new_hand(rules, (0,) * entries, rng.randrange(rules.players), rng)
    problems = violations(state)
    if problems:
        raise SmokeFailure(f"after the deal: {problems[0]}")
    bots = [make_bot(SMOKE_LEVELS[seat % len(SMOKE_LEVELS)], rng, rules.players) for seat in range(rules.players)]

    def after(before: GameState, action: Action, transition: Transition) -> None:
        broken = violations(transition.state)
        if broken:
            raise SmokeFailure(f"after {action}: {broken[0]}")

    with Guard() as guard:  # a computer player that fails or hangs is replaced by a safe move
        played = play_hand(state, bots, after, guard)
    if played.fallbacks:  # the game goes on after such a failure; the check must not
        more = f" (and {len(played.fallbacks) - 1} more)" if len(played.fallbacks) > 1 else ""
        raise SmokeFailure(f"a computer player fell back to a safe move: {played.fallbacks[0]}{more}")
    out = played.state.out
    return played.actions, None if out is None else out.seat


def _smoke_players(variant: Variant) -> int:
    """Four players where the game is played by four, else its largest table (six for Pennies from Heaven)."""
    counts = player_counts(variant)
    return 4 if 4 in counts else counts[-1]


def check_weights() -> None:
    """:raises SmokeFailure: naming each shipped weights file that is missing or unusable (the game would
    quietly play with other weights, so a bundle without them must fail here)."""
    problems = levels.weights_problems()
    if problems:
        raise SmokeFailure(f"computer players' weights under {levels.WEIGHTS}: {'; '.join(problems)}")


def draw_table_frame(seed: int, players: int = 4, size: tuple[int, int] = (1280, 800)) -> tuple[int, int]:
    """Open the window, deal a table, draw one frame and close it again; returns the frame's size.

    :raises SmokeFailure: when an asset (card image, font) is missing or the window cannot be drawn.
    """
    import pygame

    from canasta.ui.kit.app import App
    from canasta.ui.look.assets import assets_dir, cards_dir, fonts_dir
    from canasta.ui.table.controller import GameSetup, TableController
    from canasta.ui.table.scene import TableScene

    style = "classic"
    needed = [cards_dir(style) / f"{name}.png" for name in asset_names()]
    needed += [fonts_dir() / name for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")]
    missing = [path for path in needed if not path.is_file()]
    if missing:
        root = assets_dir()
        names = ", ".join(path.relative_to(root).as_posix() for path in missing[:4]) + (", ..." * (len(missing) > 4))
        raise SmokeFailure(f"missing assets under {root}: {len(missing)} of {len(needed)} files ({names})")
    try:
        app = App(size, style)
        levels = ("human", *(SMOKE_LEVELS[seat % len(SMOKE_LEVELS)] for seat in range(1, players)))
        controller = TableController(GameSetup(Rules.for_players(players), levels, seed, think_s=0.0))
        try:
            app.push(TableScene(app.theme, controller, lambda: None, lambda: None))
            app.frame(1 / 60)
            for name in asset_names():  # every card face and the back decodes
                app.theme.card(name, (40, 56))
            drawn = app.screen.get_size()
        finally:
            controller.close()
    except (pygame.error, OSError) as error:
        raise SmokeFailure(f"the window could not draw the table: {error}") from error
    finally:
        pygame.quit()
    return drawn


def smoke(seed: int = 1, players: int = 4) -> SmokeResult:
    """Play one hand headless, then draw one table frame; raises SmokeFailure (or any error) on a problem."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    start = time.perf_counter()
    check_weights()
    actions, out = play_one_hand(seed, players)
    family = tuple(
        (variant.value, play_one_hand(seed, _smoke_players(variant), variant)[0]) for variant in FAMILY_SMOKE
    )
    size = draw_table_frame(seed, players)
    return SmokeResult(players, actions, out, size, time.perf_counter() - start, family, engine_build())
