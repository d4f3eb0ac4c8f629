"""Canasta and its family of games (classic Canasta, Samba, Bolivia, Hand and Foot) for the desktop.

The packages, from the bottom up: the words of the game (`canasta.i18n`), the rules engine (`canasta.engine`: pure
Python, every game one shape), the computer players (`canasta.ai`: a seat's view only), what is kept between runs
(`canasta.storage`), practice and coaching (`canasta.coach`), the window (`canasta.ui`) and the command line with
its headless tools (`canasta.app`). The import contracts in pyproject.toml keep the dependencies pointing
down: the engine imports none of the others but the words, the computer players never the whole game
(`canasta.engine.game`), and nothing below the window imports pygame or the window."""

__version__ = "0.1.0"
