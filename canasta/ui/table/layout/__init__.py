"""Where each part of the table goes for a window size, and where a side's melds lie: pure geometry, no pygame."""
