"""The table's input without a window: the hand's order, selection and focus, the drag, the picked meld, and what
a click, a drop or a selection means as a move. Plain positions in, moves out; no pygame."""
