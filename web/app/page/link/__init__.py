"""Play by link: the device's link matches (pure), the panel, and the start-up check that loads it."""
