"""Practice and coaching: hints with a reason, undo, replaying a deal, reviewing a hand, the guided first game.

Pure Python below the screens: it may use the engine and the computer players, never the window.
"""
