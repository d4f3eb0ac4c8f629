"""The window's flow between its screens: the title, a new game, the table, the panels after a hand and at the
game's end, leaving a game; and the settings applied at once wherever they show."""
