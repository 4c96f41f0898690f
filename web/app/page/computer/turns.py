"""The computer's turn on the page: scheduled after each change, played by one tab only.

:mod:`app.page.computer.opponent` decides and shows one decision; this module runs it at the
right moment, talking to the App through :class:`~app.page.host.Computer`: it plays the turn the
page's step started, holds the :data:`COMPUTER_LOCK` while it plays so that only one tab
plays it, commits the result (saved), and shows another tab's save when that tab played first.
"""

from __future__ import annotations

import asyncio

from app.dom import guarded_async
from app.page.board_input import animation
from app.page.browser import tab_lock
from app.page.computer.opponent import computer_decision
from app.page.host import Computer
from app.page.step import Commit, ComputerDone
from app.text import t

COMPUTER_LOCK = "videau.computer"
"""The Web Lock held by the one tab that plays the computer's decision (the others follow its save)."""


def start_turn(host: Computer, generation: int) -> None:
    """Start the computer's turn (the step decided it is to act, and marked it busy)."""
    asyncio.ensure_future(guarded_async(lambda: bot_turn(host, generation))())


async def bot_turn(host: Computer, generation: int) -> None:
    """One decision of the computer, shown as it happens; the page stays responsive throughout.

    With several tabs on the match, one plays the decision: each waits for the
    :data:`COMPUTER_LOCK`, then plays only if the save is still the one it holds
    (compare the revision before applying); a tab that lost the race shows the save
    the other tab wrote (its ``storage`` event, or the reload below) and decides nothing.
    Whatever happens, the turn ends with :class:`~app.page.step.ComputerDone` (the page draws,
    and the computer acts again if it is still to).
    """
    pause = 0.35 if animation.animate() and not host.state.options.bot_fast else 0.02
    rolled = False
    try:
        async with tab_lock(COMPUTER_LOCK):
            if host.still(generation):
                decided = await computer_decision(host, generation, pause)
                if decided is not None and host.still(generation):
                    match, rolled = decided
                    host.dispatch(Commit(match, shown=False))  # saved under the lock; drawn below, once let go
        if generation == host.state.generation and not host.store.held and not host.store.is_current():
            host.saves.reload(t(host.state.lang, "ui.other_tab"))  # another tab played: show its save
        # else done, or the match was replaced meanwhile (new match, another tab): draw that one
    finally:
        host.dispatch(ComputerDone(generation, rolled))
