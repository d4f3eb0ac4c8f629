"""Make the screenshots of the table that the README shows: a game under way at 1280x800, 1920x1080 and 800x600,
with four and six players, on the green felt and in high contrast; at 1280x800 also the move log open, the
settings opened from the game's menu over the table, and the final table of the hand (its summary's "Show
table": every hand that was left face up).

    python build/make_screenshots.py            # writes docs/screenshots/table-<players>p-<width>x<height>-<theme>.png
    python build/make_screenshots.py --out DIR --sizes 800x600 --players 4

The window runs headless (SDL's dummy driver). Each shot is a seeded game: the computer players play their turns
and the human's seat plays the hint's move, until both sides have melded and the human has just drawn; then the
table is drawn with the captions of the last round. The four-player game on the green felt is also shown with the
move log open (1280x800), later at a computer player's whole turn in its caption (1280x800 and 800x600), and at
1280x800 its final table (play goes on to the hand's end, and the summary's Show table). The same seed gives the
same game, so the shots change only when the table's look or the players do. Commit the results.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from a checkout: the package sits beside build/
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (after the environment variables above)

from canasta.engine.actions import Discard, Draw  # noqa: E402
from canasta.engine.playerview import Phase  # noqa: E402
from canasta.engine.rules import Rules  # noqa: E402
from canasta.storage.settings import AnimationSpeed, TableTheme  # noqa: E402
from canasta.ui.flow.game import GameFlow  # noqa: E402
from canasta.ui.kit.app import App  # noqa: E402
from canasta.ui.look.theme import TableLook  # noqa: E402
from canasta.ui.screens.final_table import SHOW_KEY  # noqa: E402
from canasta.ui.table.controller import GameSetup, TableController  # noqa: E402
from canasta.ui.table.scene import TableScene  # noqa: E402

OUT_DIR = ROOT / "docs" / "screenshots"
SIZES = ((1280, 800), (1920, 1080), (800, 600))
PLAYERS = (4, 6)
SEEDS = {4: 2024, 6: 7}
FRAME_S = 1 / 60
MOST_FRAMES = 40_000
LEVELS = ("normal", "hard", "beginner", "normal", "hard")  # the Expert thinks too long to fast-forward


LOG_SHOT = "table-4p-1280x800-green-log.png"
TURN_SHOTS = {(1280, 800): "table-4p-1280x800-green-turn.png", (800, 600): "table-4p-800x600-green-turn.png"}
TURN_ACTIONS = 3  # a whole turn worth showing in a caption: the draw, a meld and the discard at least
MELD_WEIGHT = 2  # what cards added to melds tell, as the table's talk weighs them (new melds, a take: more)
FINAL_SHOT = "table-4p-1280x800-green-final.png"
SETTINGS_SHOT = "table-4p-1280x800-green-settings.png"


def shot_name(players: int, size: tuple[int, int], theme: TableTheme) -> str:
    return f"table-{players}p-{size[0]}x{size[1]}-{theme.value}.png"


class Shooter:
    """One headless window playing one seeded game up to a moment worth showing."""

    def __init__(self, size: tuple[int, int], players: int, theme: TableTheme) -> None:
        self.app = App(size)
        self.flow = GameFlow(self.app)
        levels = ("human", *LEVELS[: players - 1])
        self.flow.start(GameSetup(Rules.for_players(players), levels, SEEDS[players], think_s=0.0))
        table = self.flow.table
        assert table is not None
        self.table: TableScene = table
        self.look = TableLook(table_theme=theme)
        self.table.apply_look(TableLook(table_theme=theme, speed=AnimationSpeed.INSTANT))  # fast forward

    @property
    def controller(self) -> TableController:
        controller = self.flow.controller
        assert controller is not None
        return controller

    def frame(self) -> None:
        self.app.frame(FRAME_S)
        time.sleep(0.0005)  # lets the computer players' thread run, as the real loop's wait does

    def step(self) -> None:
        """A frame without drawing it, to get on with the game."""
        self.table.update(FRAME_S)
        time.sleep(0.0005)

    def play_until_worth_showing(self) -> None:
        """Frames until both sides have melds and the human has just drawn; the human's seat plays the hint."""
        for _ in range(MOST_FRAMES):
            self.step()
            if self.table.animating or not self.controller.human_to_act():
                continue
            view = self.controller.human_view()
            if view.phase is Phase.PLAY and all(view.melds[:2]) and self.table.aside.fresh:
                self.table.apply_look(self.look)
                return
            self._human_move()
        raise RuntimeError("the game never reached a moment worth showing")

    def play_until_a_whole_turn(self) -> None:
        """Frames until the human is to act, after a move of his, with a computer player's caption holding a turn
        of several actions, melds among them."""
        self.table.apply_look(replace(self.look, speed=AnimationSpeed.INSTANT))
        moved = False
        for _ in range(MOST_FRAMES):
            self.step()
            if self.table.animating or not self.controller.human_to_act():
                continue
            if moved and self._whole_turn_said():
                self.table.apply_look(self.look)
                return
            self._human_move()
            moved = True
        raise RuntimeError("no computer player ever played a whole turn worth showing")

    def _whole_turn_said(self) -> bool:
        talk, human = self.table.aside.talk, self.controller.human
        turns = [talk.said(seat) for seat in range(self.controller.setup.rules.players) if seat != human]
        return any(len(said) >= TURN_ACTIONS and max(part.weight for part in said) >= MELD_WEIGHT for said in turns)

    def play_to_the_final_table(self) -> None:
        """Frames until the hand is over and its summary shows; then its "Show table"."""
        for _ in range(MOST_FRAMES):
            self.step()
            if self.app.scenes[-1] is not self.table:
                self.app.frame(FRAME_S)  # the summary, laid out
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=SHOW_KEY, mod=0, unicode="", scancode=0))
                return
            if not self.table.animating and self.controller.human_to_act():
                self._human_move()
        raise RuntimeError("the hand never ended")

    def _human_move(self) -> None:
        hint = self.controller.hint()
        action = hint.action if hint is not None else Draw()
        if not self.table.act(action) and isinstance(action, Discard):
            self.table.act(Discard(self.controller.human_view().hand[0]))

    def settings_over_the_table(self, path: Path) -> Path:
        """The game's menu (Escape), then its Settings (O) over the table: shot, and Back to the same table."""
        for key, text in ((pygame.K_ESCAPE, ""), (pygame.K_o, "o")):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0))
            self.frame()
        shot = self.save(path)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
        self.frame()
        return shot

    def save(self, path: Path) -> Path:
        for _ in range(30):  # the cards come to rest, the turn glow at its brightest
            self.frame()
        pygame.image.save(self.app.screen, str(path))
        return path


def make(
    out: Path, sizes: Sequence[tuple[int, int]], players: Sequence[int], themes: Sequence[TableTheme]
) -> list[Path]:
    """Every shot asked for, into `out`; returns the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for count in players:
        for size in sizes:
            for theme in themes:
                shooter = Shooter(size, count, theme)
                shooter.play_until_worth_showing()
                written.append(shooter.save(out / shot_name(count, size, theme)))
                if (count, size, theme) == (4, (1280, 800), TableTheme.GREEN):  # and the move log, opened
                    shooter.table.command("log")
                    written.append(shooter.save(out / LOG_SHOT))
                    shooter.table.command("log")
                    written.append(shooter.settings_over_the_table(out / SETTINGS_SHOT))
                if (count, theme) == (4, TableTheme.GREEN) and size in TURN_SHOTS:  # a whole turn in a caption
                    shooter.play_until_a_whole_turn()
                    written.append(shooter.save(out / TURN_SHOTS[size]))
                if (count, size, theme) == (4, (1280, 800), TableTheme.GREEN):  # and on to the hand's final table
                    shooter.table.apply_look(TableLook(table_theme=theme, speed=AnimationSpeed.INSTANT))
                    shooter.play_to_the_final_table()
                    written.append(shooter.save(out / FINAL_SHOT))
                shooter.flow.quit()
    return written


def _size(text: str) -> tuple[int, int]:
    width, _, height = text.partition("x")
    return (int(width), int(height))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python build/make_screenshots.py", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT_DIR, help="folder for the pictures (default: docs/screenshots)")
    parser.add_argument("--sizes", nargs="*", type=_size, default=list(SIZES), help="window sizes such as 1280x800")
    parser.add_argument("--players", nargs="*", type=int, default=list(PLAYERS), choices=PLAYERS)
    parser.add_argument("--themes", nargs="*", default=[theme.value for theme in TableTheme],
                        choices=[theme.value for theme in TableTheme])  # fmt: skip
    args = parser.parse_args(argv)
    for path in make(args.out, args.sizes, args.players, [TableTheme(value) for value in args.themes]):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
