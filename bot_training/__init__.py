"""Training tools for Videau's bot (numpy; not shipped to the browser)."""
