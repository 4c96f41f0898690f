"""The board, pure: places, what a match shows (view) and its SVG (render)."""
