"""Shared test setup: pygame runs headless, with no window, no sound device and no greeting.

This module is imported before any test module, so the variables are set before anything imports pygame.
"""

import os

for _name, _value in (
    ("SDL_VIDEODRIVER", "dummy"),
    ("SDL_AUDIODRIVER", "dummy"),
    ("PYGAME_HIDE_SUPPORT_PROMPT", "1"),
):
    os.environ.setdefault(_name, _value)
