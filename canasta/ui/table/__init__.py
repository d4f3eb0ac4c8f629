"""The card table: the scene that shows a game from the human's seat and the game it runs (the controller), with
its rooms: `input` (clicks, drags and keys into moves), `layout` (where everything goes), `drawing` (one frame of
the table) and `narration` (what the table says in words)."""
