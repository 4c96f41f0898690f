"""The embeddable diagram: fragment parsing (fragment) and the worker's host (host); no DOM."""
