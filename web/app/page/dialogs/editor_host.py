"""What the position editor needs of the page (:class:`EditorHost`): a pure ``Protocol``, so that
the records panel (whose host is also the editor's) can name it without importing the editor."""

from __future__ import annotations

from typing import Protocol

from core.match import Match


class EditorHost(Protocol):
    """What the editor needs of the page."""

    @property
    def lang(self) -> str: ...

    @property
    def match(self) -> Match: ...

    @property
    def bot_player(self) -> int | None: ...

    @property
    def flipped(self) -> bool: ...

    def bot_available(self) -> bool: ...

    def replace_match(self, match: Match, *, bot_level: str | None = None, note: str = "") -> bool: ...
