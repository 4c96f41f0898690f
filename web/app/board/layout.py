"""The board's measures (viewBox units), its stylesheet and the coordinates of one drawing.

>>> lay = Layout(flipped=False)
>>> lay.point_x(13), lay.point_x(12), Layout(flipped=True).point_x(13)
(64, 64, 596)
"""

from __future__ import annotations

from app.board.places import BAR, OFF, Place

# -- geometry (viewBox units) -------------------------------------------------
WIDTH = 704
CAPTION_H = 40
BOARD_Y = CAPTION_H + 4
FRAME_V = 24  # wood above and below the felt, where the point numbers go
FELT_H = 470
FELT_TOP = BOARD_Y + FRAME_V
FELT_BOTTOM = FELT_TOP + FELT_H
MID_Y = FELT_TOP + FELT_H // 2
BOARD_BOTTOM = FELT_BOTTOM + FRAME_V
FOOTER_Y = BOARD_BOTTOM + 4
MESSAGE_Y = FOOTER_Y + CAPTION_H
HEIGHT = MESSAGE_Y + 36
EMBED_HEIGHT = MESSAGE_Y  # an embed's board: its message goes to the embed's status line, not under the board
POINT_W = 44
R = 20  # checker radius; a checker takes 2R of a point's depth
CHECKER_R = 19
STACK_VISIBLE = 5
TRIANGLE_H = 190
HALF_W = 6 * POINT_W
CUBE_X = 10  # the column beside the board for the cube
SIDE_W = 44
LEFT_X = CUBE_X + SIDE_W + 10
BAR_X = LEFT_X + HALF_W
BAR_W = 48
RIGHT_X = BAR_X + BAR_W
TRAY_X = RIGHT_X + HALF_W + 10
SLAB_H = 11  # a borne-off checker seen edge-on
SLAB_STEP = 13
DIE = 36
CUBE = 40

BOARD_CSS = """
.board{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;-webkit-user-select:none;user-select:none}
.board text{pointer-events:none}
.board .frame{fill:#6e4526;stroke:#3b220f;stroke-width:2}
.board .frame__bar{fill:#5c381d;stroke:#3b220f;stroke-width:1.5}
.board .frame__column{fill:#56341b;stroke:#3b220f;stroke-width:1.5}
.board .felt{fill:#1f5c3d;stroke:#163f2a;stroke-width:2}
.board .tray__bed{fill:#184a31;stroke:#123623;stroke-width:1.5}
.board .point--light .triangle{fill:#e6d5b0}
.board .point--dark .triangle{fill:#a13a2c}
.board .triangle{stroke:rgba(0,0,0,.25);stroke-width:.8}
.board .hit{fill:transparent}
.board .point-number{font-size:14px;fill:#f2e3c6;text-anchor:middle;font-weight:600}
.board .checker{stroke-width:1.5}
.board .checker--0{fill:#f6efe0;stroke:#8f7d5c}
.board .checker--1{fill:#2c2522;stroke:#0a0807}
.board .checker__ring{fill:none;stroke-width:1.5;pointer-events:none}
.board .checker__ring--0{stroke:#d2c09b}
.board .checker__ring--1{stroke:#574a41}
.board .count{font-size:17px;font-weight:700;text-anchor:middle;dominant-baseline:central}
.board .count--0{fill:#3a2f22}
.board .count--1{fill:#f6efe0}
.board [data-movable] .checker--top{stroke:#f3c33b;stroke-width:3.5}
.board [data-selected] .checker--top{stroke:#ffe066;stroke-width:5}
.board [data-selected] .checker--0.checker--top{fill:#fff4c4}
.board [data-selected] .checker--1.checker--top{fill:#5b4a23}
.board [data-dest] .triangle{stroke:#ffd54a;stroke-width:3;stroke-linejoin:round}
.board .dest-marker{fill:rgba(255,200,40,.5);stroke:#b07d00;stroke-width:2.5;stroke-dasharray:5 3;pointer-events:none}
.board .dest-marker--sum{fill:rgba(43,108,176,.5);stroke:#0f3c73;stroke-width:3.5;stroke-dasharray:6 3}
.board [data-movable],.board [data-dest]{cursor:pointer}
.board [tabindex]:focus{outline:none}
.board [tabindex]:focus-visible>.hit{stroke:#8fd3ff;stroke-width:3}
.board .die__face{stroke-width:1.2}
.board .die--0 .die__face{fill:#fbf6ea;stroke:#8f7d5c}
.board .die--0 .die__pip{fill:#2c2522}
.board .die--1 .die__face{fill:#2c2522;stroke:#0a0807}
.board .die--1 .die__pip{fill:#f6efe0}
.board .die--used{opacity:.35}
.board .cube__face{fill:#f8f3e6;stroke:#3b220f;stroke-width:1.5}
.board .cube__value{font-size:19px;font-weight:800;fill:#2c2522;text-anchor:middle;dominant-baseline:central}
.board .cube--offered .cube__face{stroke:#ffd54a;stroke-width:3}
.board .caption__bg{fill:#2a2a27}
.board .caption--active .caption__bg{fill:#3d3826;stroke:#f3c33b;stroke-width:1.5}
.board .caption__name{font-size:19px;fill:#f2ece0;dominant-baseline:central}
.board .caption--active .caption__name{font-weight:700;fill:#fff}
.board .caption__pips{font-size:16px;fill:#c9c0ad;text-anchor:end;dominant-baseline:central}
.board .caption__turn{fill:#f3c33b}
.board .caption__match{font-size:14px;fill:#c9c0ad;text-anchor:end;dominant-baseline:central}
.board .score__bg{fill:#f3c33b}
.board .score__value{font-size:19px;font-weight:800;fill:#2a2a27;text-anchor:middle;dominant-baseline:central}
.board .swatch{stroke-width:1.5}
.board .swatch--0{fill:#f6efe0;stroke:#8f7d5c}
.board .swatch--1{fill:#2c2522;stroke:#8a7f74}
.board .message{font-size:19px;fill:currentColor;text-anchor:middle;dominant-baseline:central}
.board .arrow{fill:none;stroke:#ffcf3f;stroke-width:5;stroke-linecap:round;opacity:.92;pointer-events:none}
.board .arrow--1{stroke:#ff9f43}
.board .arrow__head{fill:#ffcf3f;stroke:none;opacity:.92;pointer-events:none}
.board .arrow__head--1{fill:#ff9f43}
.board .arrow--played{stroke:#e8505b;stroke-dasharray:9 7}
.board .arrow__head--played{fill:#e8505b}
.board .arrow--best{stroke:#35c46b}
.board .arrow__head--best{fill:#35c46b}
.board .ghost{stroke-width:2;stroke-dasharray:4 3;opacity:.7;pointer-events:none}
.board .ghost--0{fill:#f6efe0;stroke:#8f7d5c}
.board .ghost--1{fill:#2c2522;stroke:#d8cfc4}
"""


class Layout:
    """Coordinates for one drawing; ``flipped`` mirrors left and right (player 0's home on the left),
    ``turned`` top and bottom (player 1's checkers and tray at the bottom: the board from player 1's seat).

    >>> Layout(False).stack_y(1, 0) == Layout(False, turned=True).stack_y(24, 0), Layout(True, turned=True).is_top(1)
    (True, True)
    """

    __slots__ = ("flipped", "turned")

    def __init__(self, flipped: bool, *, turned: bool = False) -> None:
        self.flipped = flipped
        self.turned = turned

    def x(self, x: float) -> float:
        """A point's x, mirrored when flipped."""
        return WIDTH - x if self.flipped else x

    def rx(self, x: float, w: float) -> float:
        """A rectangle's left edge, mirrored when flipped."""
        return WIDTH - x - w if self.flipped else x

    @property
    def bottom(self) -> int:
        """The player drawn at the bottom (his tray, his side of the cube, his caption)."""
        return 1 if self.turned else 0

    def is_top(self, point: int) -> bool:
        """True when ``point`` is drawn in the top row (13..24 unless turned)."""
        return (point >= 13) != self.turned

    def half_centre(self, owner: int) -> float:
        """Each player throws into the half on his right: the bottom player the right half, the top one the left."""
        bottom = owner == self.bottom
        return RIGHT_X + HALF_W / 2 if bottom else LEFT_X + HALF_W / 2

    def point_x(self, point: int) -> int:
        """Left edge of a point's column (player 0's numbering)."""
        slot = point - 13 if point >= 13 else 12 - point  # 0..11 from the left, unflipped
        if self.flipped:
            slot = 11 - slot
        return LEFT_X + slot * POINT_W if slot < 6 else RIGHT_X + (slot - 6) * POINT_W

    def stack_y(self, point: int, index: int) -> int:
        """Centre y of the ``index``-th checker (0 at the edge) of a point's stack."""
        i = min(index, STACK_VISIBLE - 1)
        if self.is_top(point):
            return FELT_TOP + R + 2 * R * i
        return FELT_BOTTOM - R - 2 * R * i

    def bar_y(self, owner: int, index: int) -> int:
        """Centre y of a bar checker: the bottom player's above the middle (they enter at the top)."""
        i = min(index, STACK_VISIBLE - 1)
        offset = 2 * R + 8 + 2 * R * i
        return MID_Y - offset + R if owner == self.bottom else MID_Y + offset - R

    def bar_cx(self) -> float:
        return self.x(BAR_X + BAR_W / 2)

    def tray_x(self) -> float:
        return self.rx(TRAY_X, SIDE_W)

    def tray_y(self, owner: int) -> tuple[int, int]:
        """Top and height of a player's tray: the bottom player's at the bottom (player 0's unless turned)."""
        h = FELT_H // 2 - 8
        return (FELT_BOTTOM - h, h) if owner == self.bottom else (FELT_TOP, h)

    def place_xy(self, place: Place, owner: int, index: int) -> tuple[float, float]:
        """Centre of the ``index``-th checker of ``owner`` at ``place`` (for arrows and markers)."""
        if place == BAR:
            return self.bar_cx(), self.bar_y(owner, index)
        if place == OFF:
            top, h = self.tray_y(owner)
            return self.tray_x() + SIDE_W / 2, top + h / 2
        assert isinstance(place, int)
        return self.point_x(place) + POINT_W / 2, self.stack_y(place, index)
