"""The playable page: the App and the DOM glue around it, and its pure helpers."""
