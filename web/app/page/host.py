"""The page as its helpers see it: :class:`PageHost`, one ``Protocol`` for the App (:mod:`app.page.app`).

The feature packages (board input, dialogs, storage, computer, clock, coach, link) are given the App
and talk to it through :class:`PageHost`; they never import :mod:`app.page.app` (which imports them),
so this module imports none of them either, and names the App's collaborators by the small
protocols below (:class:`Saves`, :class:`LinkMode`, :class:`Clocks`, :class:`Recovery`). The
page's match changes only through :meth:`PageHost.commit` (``tests/web/test_commit.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from app.board.places import Place
from app.board.view import BoardView
from app.page.board_input.moved import Moved
from app.page.storage.match_store import MatchStore, Options, Storage
from core.clock import Clock, ClockRules
from core.match import Match

if TYPE_CHECKING:  # imported by the page only when a match against the computer starts
    from core.bot import Bot


class Saves(Protocol):
    """Where the page's match is saved: the page's own saves (:class:`~app.page.storage.saving.PageSaves`),
    or, while a match by link is open, the link (:class:`~app.page.link.link_panel.LinkPlay`)."""

    def save(self) -> Match | None:
        """Save the page's match; the match the page is to keep instead, or ``None``."""
        ...

    def whole_match(self) -> Match: ...

    def check_budget(self) -> None: ...

    def reload(self, note: str, kind: str = "info") -> None: ...

    def on_storage(self, event: Any) -> None: ...


class LinkMode(Saves, Protocol):
    """A match by link open on the page (:class:`~app.page.link.link_panel.LinkPlay`)."""

    @property
    def seat(self) -> int: ...

    @property
    def active(self) -> bool: ...

    def waiting(self) -> bool: ...

    def roll(self) -> bool: ...


class Clocks(Protocol):
    """The match's clock on the page (:class:`~app.page.clock.page_clock.PageClocks`)."""

    def follow(self, match: Match) -> Match: ...

    def settle(self) -> Clock | None: ...

    def choose(self, rules: ClockRules | None) -> None: ...

    def choice(self) -> str: ...


class Recovery(Protocol):
    """The panel of a save that could not be read (:class:`~app.page.dialogs.match_dialogs.Dialogs`)."""

    def show_recovery(self, text: str, error: str, kept_as: str) -> None: ...


class PageHost(Protocol):
    """The App as its helpers use it (:class:`app.page.app.App`)."""

    bot_busy: bool

    @property
    def match(self) -> Match: ...

    @property
    def selected(self) -> Place | None: ...

    @property
    def bot(self) -> Bot | None: ...

    @property
    def bot_player(self) -> int | None: ...

    @property
    def saves(self) -> Saves: ...

    @property
    def link(self) -> LinkMode | None: ...

    @property
    def lang(self) -> str: ...

    @property
    def view(self) -> BoardView | None: ...

    @property
    def flipped(self) -> bool: ...

    @property
    def turned(self) -> bool: ...

    @property
    def generation(self) -> int: ...

    @property
    def rng(self) -> Callable[[], int]: ...

    @property
    def options(self) -> Options: ...

    @property
    def store(self) -> MatchStore: ...

    @property
    def storage(self) -> Storage: ...

    @property
    def clocks(self) -> Clocks: ...

    @property
    def dialogs(self) -> Recovery: ...

    # -- the match: the one commit path
    def commit(
        self,
        match: Match,
        *,
        note: str | None = "",
        kind: str = "info",
        moves: Moved = (),
        rolled: bool = False,
        save: bool = True,
        shown: bool = True,
    ) -> None: ...

    def renew(self) -> None: ...

    def open_by_link(self, play: LinkMode, match: Match, *, note: str = "") -> None: ...

    def close_link(self, saves: Saves) -> None: ...

    def load(self, match: Match, *, note: str | None = "", kind: str = "info", shown: bool = True) -> None: ...

    def act(self, change: Callable[[Match], Match], *, moves: Moved = (), rolled: bool = False) -> bool: ...

    def start_match(self, match: Match, bot: Bot | None, level: str, *, lang: str) -> None: ...

    def replace_match(self, match: Match, *, bot_level: str | None = None, note: str = "") -> bool: ...

    def whole_match(self) -> Match: ...

    def catch_up(self) -> None: ...

    def save(self) -> None: ...

    def still(self, generation: int) -> bool: ...

    def waiting(self) -> bool: ...

    def schedule_bot(self) -> None: ...

    def bot_available(self) -> bool: ...

    # -- the board
    def redraw(self, moves: Moved = (), *, rolled: bool = False) -> None: ...

    def keep_board(self) -> None: ...

    def select(self, place: Place | None) -> None: ...

    def choose(self, place: Place) -> None: ...

    def step(self, start: Place, end: Place, *, animate: bool = True) -> None: ...

    def explain(self, place: Place) -> None: ...

    # -- words, storage, listeners
    def say(self, text: str, kind: str = "error") -> None: ...

    def show_notice(self, text: str, kind: str = "error") -> None: ...

    def set_language(self, lang: str) -> None: ...

    def recall(self, key: str) -> str | None: ...

    def remember(self, key: str, value: str) -> None: ...

    def on(self, target: Any, event: str, handler: Callable[[Any], None]) -> None: ...
