"""Input on the board: the pointer (click, drag, tap), the keyboard, and the motion shown in answer."""
