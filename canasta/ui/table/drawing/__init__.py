"""Drawing the table: one frame from the human's view (felt, panels, plates, stock and pile, cards, badges), the
captions and the move log, the coaching marks, the keys' help and the tooltips."""
