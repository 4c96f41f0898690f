"""The computer opponent: its decisions as plain values, and its turn on the page."""
