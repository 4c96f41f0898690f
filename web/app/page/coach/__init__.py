"""The coach: the Hint button and panel and the tutor, and what they say (pure)."""
