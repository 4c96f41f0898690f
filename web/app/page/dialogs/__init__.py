"""The page's dialogs: a new match, the cube, resigning, a broken save, and the position editor."""
