"""The computer's turn on the page: scheduled after each change, played by one tab only.

:mod:`app.page.computer.opponent` decides and shows one decision; this module runs it at the
right moment, talking to the App through :class:`PageHost`: it starts a turn when the
computer is to act, holds the :data:`COMPUTER_LOCK` while it plays so that only one tab
plays it, commits the result (saved), and shows another tab's save when that tab played first.
"""

from __future__ import annotations

import asyncio

from app.dom import guarded_async
from app.page.board_input import animation
from app.page.browser import tab_lock
from app.page.computer.opponent import computer_decision
from app.page.host import PageHost
from app.text import t

COMPUTER_LOCK = "videau.computer"
"""The Web Lock held by the one tab that plays the computer's decision (the others follow its save)."""


def schedule_bot(host: PageHost) -> None:
    """Start the computer's turn when it is to act (at most one at a time)."""
    if host.bot is None or host.bot_busy or host.bot_player is None or host.store.held:
        return
    if host.match.is_over or host.match.game.player_to_act != host.bot_player:
        return
    host.bot_busy = True  # now, not when the task starts: a second call schedules nothing
    asyncio.ensure_future(guarded_async(lambda: bot_turn(host))())


async def bot_turn(host: PageHost) -> None:
    """One decision of the computer, shown as it happens; the page stays responsive throughout.

    With several tabs on the match, one plays the decision: each waits for the
    :data:`COMPUTER_LOCK`, then plays only if the save is still the one it holds
    (compare the revision before applying); a tab that lost the race shows the save
    the other tab wrote (its ``storage`` event, or the reload below) and decides nothing.
    """
    generation = host.generation
    host.bot_busy = True
    pause = 0.35 if animation.animate() and not host.options.bot_fast else 0.02
    rolled = False
    try:
        async with tab_lock(COMPUTER_LOCK):
            if host.still(generation):
                decided = await computer_decision(host, generation, pause)
                if decided is not None and host.still(generation):
                    match, rolled = decided
                    host.commit(match, shown=False)  # saved under the lock; drawn below, once let go
    finally:
        host.bot_busy = False
    if generation == host.generation and not host.store.held and not host.store.is_current():
        host.saves.reload(t(host.lang, "ui.other_tab"))  # another tab played: show its save
    # else done, or the match was replaced meanwhile (new match, another tab): draw that one
    host.redraw(rolled=rolled and generation == host.generation)
    host.keep_board()
    schedule_bot(host)
