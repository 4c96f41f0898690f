"""The page as each feature sees it: one narrow ``Protocol`` per feature package (#57).

The feature packages (board input, computer, clock, saving, coach, dialogs, link) are given the
App (:mod:`app.page.app`) and never import it (it imports them). Each sees only the few members
it needs, at most eight (``tests/web/test_step_purity.py`` holds the count): above all the
page's state, read (:class:`~app.page.step.PageState`), and :meth:`dispatch`, the one way to
change it (:func:`~app.page.step.step` decides what follows). No feature assigns the state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from app.board.places import Place
from app.board.view import BoardView
from app.page.step import Action, Kept, Mode, PageState
from app.page.storage.match_store import MatchStore, Storage
from core.match import Match

if TYPE_CHECKING:  # imported by the page only when a match against the computer starts
    from core.bot import Bot


class Saves(Protocol):
    """What the page asks of where its match is saved besides the save itself: the page's own saves
    (:class:`~app.page.storage.saving.PageSaves`), or the link while a match by link is open."""

    def whole_match(self) -> Match: ...

    def check_budget(self) -> None: ...

    def reload(self, note: str, kind: str = "info") -> None: ...

    def on_storage(self, event: Any) -> None: ...


class LinkMode(Saves, Protocol):
    """A match by link open on the page (:class:`~app.page.link.link_panel.LinkPlay`), as the runner uses it."""

    def mode(self) -> Mode: ...

    def roll(self) -> None: ...

    def save(self) -> Kept | None: ...

    def leave(self) -> None: ...


class Clocks(Protocol):
    """The clock's choice in the new-match dialog (:class:`~app.page.clock.page_clock.PageClocks`)."""

    def choose(self, rules: Any) -> None: ...

    def choice(self) -> str: ...


class Recovery(Protocol):
    """The panel of a save that could not be read (:class:`~app.page.dialogs.match_dialogs.Dialogs`)."""

    def show_recovery(self, text: str, error: str, kept_as: str) -> None: ...


class BoardInput(Protocol):
    """What the board's pointer and keys need: the board drawn, and one handler for their events
    (:class:`~app.page.step.Select`, :class:`~app.page.step.Choose`, :class:`~app.page.step.Drop`)."""

    @property
    def view(self) -> BoardView | None: ...

    @property
    def selected(self) -> Place | None: ...

    @property
    def flipped(self) -> bool: ...

    @property
    def turned(self) -> bool: ...

    def dispatch(self, action: Action) -> None: ...

    def redraw(self) -> None: ...


class Computer(Protocol):
    """What the computer's turn needs (:mod:`app.page.computer.turns`)."""

    @property
    def state(self) -> PageState: ...

    @property
    def bot(self) -> Bot | None: ...

    @property
    def rng(self) -> Callable[[], int]: ...

    @property
    def store(self) -> MatchStore: ...

    @property
    def saves(self) -> Saves: ...

    def dispatch(self, action: Action) -> None: ...

    def still(self, generation: int) -> bool: ...

    def redraw(self) -> None: ...


class Clocked(Protocol):
    """What the clock's beat and drawing need (:mod:`app.page.clock.page_clock`)."""

    @property
    def state(self) -> PageState: ...

    @property
    def view(self) -> BoardView | None: ...

    @property
    def store(self) -> MatchStore: ...

    def dispatch(self, action: Action) -> None: ...


class Saving(Protocol):
    """What the page's saves need (:mod:`app.page.storage.saving`)."""

    @property
    def state(self) -> PageState: ...

    @property
    def store(self) -> MatchStore: ...

    @property
    def storage(self) -> Storage: ...

    @property
    def dialogs(self) -> Recovery: ...

    def dispatch(self, action: Action) -> None: ...

    def load(self, match: Match, *, note: str | None = "", kind: str = "info", shown: bool = True) -> None: ...

    def redraw(self) -> None: ...


class Coached(Protocol):
    """What the hint and the tutor need (:mod:`app.page.coach.hint_panel`)."""

    @property
    def state(self) -> PageState: ...

    @property
    def storage(self) -> Storage: ...

    def dispatch(self, action: Action) -> None: ...

    def redraw(self) -> None: ...

    def on(self, target: Any, event: str, handler: Callable[[Any], None]) -> None: ...


class Dialogued(Protocol):
    """What the game's dialogs need (:mod:`app.page.dialogs.match_dialogs`)."""

    @property
    def state(self) -> PageState: ...

    @property
    def view(self) -> BoardView | None: ...

    @property
    def clocks(self) -> Clocks: ...

    @property
    def store(self) -> MatchStore: ...

    @property
    def storage(self) -> Storage: ...

    def dispatch(self, action: Action) -> None: ...

    def start_match(self, match: Match, bot: Bot | None, level: str, *, lang: str) -> None: ...

    def catch_up(self) -> None: ...


class Editing(Protocol):
    """What the position editor needs (:mod:`app.page.dialogs.editor_dialog`)."""

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


class LinkHost(Protocol):
    """What play by link needs (:mod:`app.page.link`)."""

    @property
    def state(self) -> PageState: ...

    @property
    def view(self) -> BoardView | None: ...

    @property
    def link(self) -> LinkMode | None: ...

    @property
    def saves(self) -> Saves: ...

    @property
    def storage(self) -> Storage: ...

    def dispatch(self, action: Action) -> None: ...

    def open_by_link(self, play: LinkMode, match: Match, *, note: str = "") -> None: ...

    def on(self, target: Any, event: str, handler: Callable[[Any], None]) -> None: ...
