"""The page around the board: its texts, buttons, move list, and the board shown before Python starts."""
