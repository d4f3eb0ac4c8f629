"""What the game keeps between runs: settings, the saved game, statistics. No pygame, no computer players."""
