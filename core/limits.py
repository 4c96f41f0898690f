"""The product's limits, one meaning each.

These are the game's own limits (what the app lets a game and a match reach),
not what a file format can hold: :mod:`core.ids` has ``ID_MAX_CUBE`` for the
largest cube a gnubg Match ID or an XGID may name.

>>> MAX_CUBE, MAX_MATCH_LENGTH
(64, 64)
"""

from __future__ import annotations

MAX_CUBE = 64
"""The cube goes no higher (the rules text: "à un maximum de 64")."""

MAX_MATCH_LENGTH = 64
"""The longest match the app plays (gnubg's ``MAXSCORE`` too: its Match ID refuses 65)."""
