"""Which net rates a position: the one place that chooses by kind of position (issue #56).

As the field's programs do (GNU Backgammon's documentation describes separate nets for contact,
crashed and race positions), the evaluator keeps one net per kind:

* ``race``: no contact left (:func:`core.bot.encoding.is_race`; bear-offs too, where the
  bear-off database gives the winning chances and the net the gammons);
* ``crashed``: contact, and a back game (a side holds two or more points in the other's home
  board) or a crunched board (a side has six or more checkers on its own 1, 2 and 3 points): the
  classes ``backgame`` and ``crunched`` of ``bot_training/classes.py``, whatever else holds;
* ``contact``: every other position.

Each kind's weights file is :data:`KIND_WEIGHTS`; a kind whose file is not shipped is rated by the
contact net. The files load on first use of their kind (:class:`core.bot.evaluator.Evaluator`), so
a page that never meets a race never reads the race net.

>>> from core.position import Position
>>> kind_of(Position.initial().player, Position.initial().opponent)
'contact'
>>> kind_of(Position.from_text("x 6:3 5:3 4:3 3:3 2:3 / o 6:3 5:3 4:3 3:3 2:3").player,
...         Position.from_text("x 6:3 5:3 4:3 3:3 2:3 / o 6:3 5:3 4:3 3:3 2:3").opponent)
'race'
"""

from __future__ import annotations

from .encoding import ENCODERS
from .encoding import kind_of as kind_of  # chosen here, computed with the encoder's own counts

KINDS = ("contact", "crashed", "race")
KIND_WEIGHTS = {"contact": "net_v2.json.gz", "crashed": "net_crashed.json.gz", "race": "net_race.json.gz"}
"""Each kind's weights file in ``core/bot/weights/`` (``contact`` is the net every kind falls back on)."""
KIND_ENCODERS = {"contact": (2,), "crashed": (2, 3), "race": (2, 4)}
"""The encoders a kind's net may read (encoder 2: the contact net's inputs, which every kind's
net may start from; 3 and 4: the crashed and race nets' own, :mod:`core.bot.encoding`)."""


def check_encoder(kind: str, version: int) -> None:
    """Raise :class:`ValueError` unless a net of encoder ``version`` may rate ``kind``'s positions."""
    if kind not in KIND_ENCODERS:
        raise ValueError(f"unknown kind of position {kind!r}: expected one of {', '.join(KINDS)}")
    if version not in KIND_ENCODERS[kind]:
        raise ValueError(
            f"a {kind} net reads encoder {' or '.join(map(str, KIND_ENCODERS[kind]))}, "
            f"this one encoder {version} ({ENCODERS.get(version, (None, '?'))[1]} inputs)"
        )
