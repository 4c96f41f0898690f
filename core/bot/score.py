"""The score and the cube as one player sees them: what a decision depends on besides the board.

A :class:`ScoreConfig` is the one value the bot's questions (:class:`core.bot.Bot`) and the
analysis (:class:`core.analysis.Situation` is this class) take for the context of a position,
as wildbg's ``ScoreConfig`` is: the cube and who owns it, the points each side still needs
(none in money play), the Crawford game and the games after it, the Jacoby rule.
:meth:`ScoreConfig.from_match` reads it off a :class:`core.match.Match` -- the only place
a match becomes a score for the bot.

>>> from core.match import Match
>>> ScoreConfig.from_match(Match.new(7, score=(6, 3)), 1).match_state
MatchState(away=4, opp_away=1, crawford=False, post_crawford=True)
>>> ScoreConfig.from_match(Match.new(0, jacoby=True), 0)
ScoreConfig(cube=1, owner='centered', cube_live=True, away=0, opp_away=0, post_crawford=False, jacoby=True,
crawford=False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cube import CENTERED, OPPONENT, OWNED, MatchState

if TYPE_CHECKING:
    from ..match import Match

__all__ = ["MONEY", "ScoreConfig"]


@dataclass(frozen=True, slots=True)
class ScoreConfig:
    """What a decision's equity depends on besides the board, seen by one player (the one on roll,
    unless a method says otherwise).

    ``cube``: the cube's value; ``owner``: ``"centered"``, ``"owned"`` (by this player) or
    ``"opponent"``; ``cube_live``: the cube can still be turned in this game (not the Crawford
    game, not a 1-point match); ``away``/``opp_away``: points still needed by this player and by
    the other (0 in money play); ``post_crawford``: a game after the Crawford game; ``jacoby``:
    money play under the Jacoby rule (gammons count only once the cube is turned);
    ``crawford``: this game is the Crawford game.
    """

    cube: int = 1
    owner: str = CENTERED
    cube_live: bool = True
    away: int = 0
    opp_away: int = 0
    post_crawford: bool = False
    jacoby: bool = False
    crawford: bool = False

    @classmethod
    def from_match(cls, match: Match, player: int) -> ScoreConfig:
        """The score and cube of ``match``'s current game as ``player`` sees them.

        >>> from core.match import Match
        >>> doubled = Match.new(5, score=(1, 3)).opening_with(3, 1).play("8/5 6/5").double().take()
        >>> ScoreConfig.from_match(doubled, 0)
        ScoreConfig(cube=2, owner='owned', cube_live=True, away=4, opp_away=2, post_crawford=False, jacoby=False,
        crawford=False)
        >>> ScoreConfig.from_match(doubled, 1).owner
        'opponent'
        """
        game = match.game
        owner = CENTERED if game.cube_owner is None else (OWNED if game.cube_owner == player else OPPONENT)
        away = match.away()
        return cls(
            cube=game.cube,
            owner=owner,
            cube_live=game.cube_available,
            away=away[player],
            opp_away=away[1 - player],
            post_crawford=match.post_crawford,
            jacoby=game.jacoby,
            crawford=match.crawford,
        )

    @property
    def is_money(self) -> bool:
        """True in money play."""
        return self.away == 0

    @property
    def match_state(self) -> MatchState | None:
        """The score as the cube models (:mod:`core.bot.cube`) take it; ``None`` in money play."""
        if self.is_money:
            return None
        return MatchState(self.away, self.opp_away, crawford=self.crawford, post_crawford=self.post_crawford)

    def swapped(self) -> ScoreConfig:
        """The same score and cube seen by the other player.

        >>> ScoreConfig(2, "owned", away=3, opp_away=5).swapped()
        ScoreConfig(cube=2, owner='opponent', cube_live=True, away=5, opp_away=3, post_crawford=False, jacoby=False,
        crawford=False)
        """
        owner = {OWNED: OPPONENT, OPPONENT: OWNED}.get(self.owner, self.owner)
        return ScoreConfig(
            self.cube, owner, self.cube_live, self.opp_away, self.away, self.post_crawford, self.jacoby, self.crawford
        )


MONEY = ScoreConfig()
"""Money play, the cube centred at 1, without the Jacoby rule: the default context of a question."""
