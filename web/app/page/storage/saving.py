"""The page's saves: write after each change, warn near the storage budget, follow another tab.

The :class:`~app.page.storage.match_store.MatchStore` keeps saves safe (revisions, archived games,
broken saves copied aside); this module is what the page does around it, talking to the
App through :class:`~app.page.host.Saving`: show a conflict or a full storage as the notice, measure
the budget once a game was archived, and hand the page the save another tab wrote (the
page commits it: :meth:`app.page.app.App.load`).
"""

from __future__ import annotations

from typing import Any

from app.dom import el, str_or_none
from app.page.host import Saving
from app.page.step import Kept, Say
from app.page.storage.match_store import BUDGET_CHARS, WARN_SHARE, usage
from app.page.storage.storage_keys import MATCH_KEY, REV_KEY
from app.text import t
from core.clock import Clock
from core.errors import InvalidStateError
from core.match import Match


class PageSaves:
    """Saving the page's match, and loading the one another tab saved."""

    def __init__(self, host: Saving) -> None:
        self.host = host

    def save(self, clock: Clock | None = None) -> Kept | None:
        """Save the match and ``clock`` (as it is now) unless another tab changed it meanwhile (then
        show theirs). The page's match is kept as it is: ``None`` (the link's saves may keep another)."""
        host = self.host
        try:
            outcome = host.store.save(host.state.match, clock)
        except Exception as exc:
            return Kept(None, note=t(host.state.lang, "ui.storage_failed", error=str(exc)))
        if outcome == "conflict":
            self.reload(t(host.state.lang, "ui.conflict"), "error")  # an action was lost
        elif any(key != MATCH_KEY and key != REV_KEY for key in host.store.writes):
            self.check_budget()  # a game was archived: measure (never at every step)
        return None

    def check_budget(self) -> None:
        """Warn (without blocking) once our keys use :data:`WARN_SHARE` of the storage budget."""
        try:
            used = usage(self.host.storage)
        except Exception:
            return
        box = el("storage-budget")
        if used < WARN_SHARE * BUDGET_CHARS:
            box.hidden = True
            return
        text = t(self.host.state.lang, "saves.budget", used=f"{used / 1e6:.1f}", budget=f"{BUDGET_CHARS / 1e6:.0f}")
        box.textContent = text
        box.hidden = False

    def whole_match(self) -> Match:
        """The whole match or session for the records panel: archived games read (and replayed) now."""
        host = self.host
        try:
            return host.store.whole_match(host.state.match)
        except InvalidStateError as exc:
            host.dispatch(Say(t(host.state.lang, "saves.archive_broken", error=str(exc)), "error"))
            host.redraw()
            return host.state.match

    def reload(self, note: str, kind: str = "info") -> None:
        """Show the match in storage (another tab wrote it), or the recovery panel when it is broken."""
        host = self.host
        result = host.store.load()
        if result.status == "ok" and result.match is not None:
            host.load(result.match, note=note, kind=kind)
        elif result.status == "broken":
            host.dialogs.show_recovery(result.text, result.error, result.kept_as)
        else:  # cleared elsewhere: keep this match and save it again
            self.save(host.state.clock)

    def on_storage(self, event: Any) -> None:
        """Another tab saved: show its match."""
        key = str_or_none(event.key)
        if key not in (MATCH_KEY, REV_KEY, None):
            return
        if self.host.store.held or self.host.store.is_current():
            return
        self.reload(t(self.host.state.lang, "ui.other_tab"))
        self.host.redraw()  # a broken save held: the board rests
