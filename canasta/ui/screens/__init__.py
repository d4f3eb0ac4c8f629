"""The screens around the table: the menus, a new game and its house rules, settings, statistics, the rules
help, the score sheet, a hand's review, a deal replayed, the guided first game, the final table and the crash
screen."""
