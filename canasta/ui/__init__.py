"""The game window (pygame-ce), in rooms that stand on one another: `main` opens it, `flow` moves between the
`screens` and the `table`, which are built with the `kit` (the frame loop, animation, widgets) and the `look`
(assets, theme, art, sound), measuring with `geometry` (docs/development.md, Project layout)."""
