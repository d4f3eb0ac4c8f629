"""Computer players for every game of the family. They see only a seat's `PlayerView` and judge moves through
`canasta.engine.judge`."""
