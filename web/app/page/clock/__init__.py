"""The page's clocks: counted down on the page, and worded (pure)."""
