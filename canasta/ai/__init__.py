"""Computer players. They see only a seat's `PlayerView` and judge moves through `canasta.engine.judge`."""
