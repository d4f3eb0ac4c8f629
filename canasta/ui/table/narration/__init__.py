"""What the table says in words: a sentence for every action, the captions and the move log, the news of the
human's own moves, what players and sides are called, and Hand and Foot's words. Pure text; no pygame."""
