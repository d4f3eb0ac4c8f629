"""The screen shown when the game stops because of an unexpected error, instead of the window vanishing.

It says what happened in one line, where the log file with the details is, and waits for a key. It needs as
little as possible to work: the bundled font if it is there, else pygame's own; it never raises.
"""

from __future__ import annotations

import os

import pygame

from canasta.i18n import N_, _
from canasta.ui.look.assets import fonts_dir

TITLE = N_("Canasta stopped because of an error")
BACKGROUND = (40, 24, 24)
TEXT = (245, 240, 230)
DIM = (210, 190, 180)
SIZE = (900, 520)
HEADLESS_DRIVERS = ("dummy", "offscreen")


def crash_lines(detail: str, log_path: str | None) -> list[str]:
    """The text of the crash screen under its title, one entry per paragraph, in the player's language (the
    error's own `detail` and the path stay as they are: they are for whoever reads the report)."""
    lines = [detail]
    if log_path:
        lines += [_("The details are in the log file:"), log_path, _("Please include that file when you report this.")]
    else:
        lines += [_("No log file could be written; start Canasta from a terminal to see the details.")]
    return [*lines, _("Press any key to close.")]


def show_crash(detail: str, log_path: str | None, wait: bool | None = None) -> bool:
    """Draw the crash screen and, when `wait` (by default: unless the video driver is headless), wait for a key,
    a click or the close button. Returns whether the screen could be drawn."""
    if wait is None:
        wait = os.environ.get("SDL_VIDEODRIVER", "").lower() not in HEADLESS_DRIVERS
    try:
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Canasta")
        screen = pygame.display.get_surface() or pygame.display.set_mode(SIZE, pygame.RESIZABLE)
        lines = crash_lines(detail, log_path)
        _draw(screen, lines)
        clock = pygame.time.Clock()
        while wait:
            for event in pygame.event.get():
                if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
                    wait = False
                elif event.type == pygame.VIDEORESIZE:
                    screen = pygame.display.set_mode((max(event.w, 320), max(event.h, 240)), pygame.RESIZABLE)
                    _draw(screen, lines)
            clock.tick(30)
    except Exception:  # a crash screen that fails must not hide the first error
        return False
    finally:
        pygame.quit()
    return True


def _font(px: int, bold: bool) -> pygame.font.Font:
    path = fonts_dir() / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    try:
        return pygame.font.Font(str(path), px)
    except (OSError, pygame.error):
        return pygame.font.Font(None, round(px * 1.3))  # pygame's own font, a little smaller per pixel size


def _wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """Break `text` into lines no wider than `width`: at spaces where it can, else anywhere (long paths)."""
    lines: list[str] = []
    current = ""
    for word in text.split(" "):
        candidate = f"{current} {word}" if current else word
        if font.size(candidate)[0] <= width:
            current = candidate
            continue
        if current:
            lines.append(current)
        current = word
        while font.size(current)[0] > width and len(current) > 1:
            cut = len(current) - 1
            while cut > 1 and font.size(current[:cut])[0] > width:
                cut -= 1
            lines.append(current[:cut])
            current = current[cut:]
    lines.append(current)
    return lines


def _draw(screen: pygame.Surface, lines: list[str]) -> None:
    width, height = screen.get_size()
    margin = max(16, width // 20)
    px = max(12, min(22, height // 26))
    screen.fill(BACKGROUND)
    title = _font(round(px * 1.4), True)
    body = _font(px, False)
    y = margin
    for text in _wrap(title, _(TITLE), width - 2 * margin):
        screen.blit(title.render(text, True, TEXT), (margin, y))
        y += title.get_linesize()
    y += px
    for index, paragraph in enumerate(lines):
        colour = DIM if index == len(lines) - 1 else TEXT
        for text in _wrap(body, paragraph, width - 2 * margin):
            screen.blit(body.render(text, True, colour), (margin, y))
            y += body.get_linesize()
        y += px // 2
    pygame.display.flip()
