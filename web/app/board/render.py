"""The board as an SVG string: a pure function of a :class:`~app.board.view.BoardView`.

:func:`render_board` builds the whole drawing by joining strings (it runs in
Pyodide on every redraw). The DOM contract, which the page (:mod:`app.page`) and the tests
rely on:

* the root ``<svg class="board">`` has a ``viewBox`` and ``width="100%"``;
* 24 groups ``g.point[data-point="1".."24"]`` numbered from player 0's side (also
  when ``flipped`` mirrors the board), one ``g.bar[data-point="bar"]`` and one
  ``g.off[data-point="off"]`` holding both players' checkers; each is a button
  (``role="button"``, ``aria-label``) and carries ``data-movable`` / ``data-dest`` /
  ``data-selected`` when they apply (``data-dest-sum`` too for a destination reached by
  the sum of several dice); each is a Tab stop (``tabindex="0"``), or with ``view.roving``
  the board is one: the place of :func:`focus_place` has ``tabindex="0"``, every other ``"-1"``;
* one ``[data-checker]`` element per checker, with ``data-owner="0"`` or ``"1"``,
  inside its place's group (stacks past five overlap under a count label);
* dice ``g.die[data-die="5"][data-player]`` (``data-used`` once played), the cube
  ``g.cube[data-cube="64"]`` (``data-cube-owner`` unless centred), captions
  ``g.caption[data-player]``, ``text.message``; ``data-owner`` is only ever on checkers;
* colours come from classes (``point--light``, ``checker--0``, ``die--used`` ...)
  styled by the ``<style>`` inside the drawing (:data:`app.board.layout.BOARD_CSS`), which a page may override.

>>> from core import Position
>>> from app.board.view import build_board_view
>>> svg = render_board(build_board_view(Position.initial()))
>>> svg.count("data-checker="), svg.count('data-point="')
(30, 26)
"""

from __future__ import annotations

import math

from app.board.layout import (
    BAR_W,
    BAR_X,
    BOARD_BOTTOM,
    BOARD_CSS,
    BOARD_Y,
    CAPTION_H,
    CHECKER_R,
    CUBE,
    CUBE_X,
    DIE,
    EMBED_HEIGHT,
    FELT_BOTTOM,
    FELT_H,
    FELT_TOP,
    FOOTER_Y,
    FRAME_V,
    HALF_W,
    HEIGHT,
    LEFT_X,
    MESSAGE_Y,
    MID_Y,
    POINT_W,
    RIGHT_X,
    SIDE_W,
    SLAB_H,
    SLAB_STEP,
    STACK_VISIBLE,
    TRIANGLE_H,
    WIDTH,
    Layout,
)
from app.board.places import Place
from app.board.view import BoardView, DieView, PlayerView, PointView


def escape(text: str) -> str:
    """``html.escape(text)`` (quotes too), without importing :mod:`html` at start.

    :mod:`html` loads its table of 2,000 entities, ~0.1 s of the page's start in Pyodide.

    >>> escape('<a title="R&D">'), escape("it's")
    ('&lt;a title=&quot;R&amp;D&quot;&gt;', 'it&#x27;s')
    """
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text.replace('"', "&quot;").replace("'", "&#x27;")


def _e(text: str) -> str:
    """Escape text for an SVG attribute or element."""
    return escape(text)


def focus_place(view: BoardView) -> Place:
    """The place that holds the board's one Tab stop: ``view.focus``, else the selected checker,
    else the first movable place, else point 1 (player 0's numbering).

    >>> from core import Position
    >>> from app.board.view import build_board_view
    >>> view = build_board_view(Position.initial())
    >>> focus_place(view), focus_place(build_board_view(Position.initial(), focus="bar"))
    (1, 'bar')
    """
    if view.focus is not None:
        return view.focus
    if view.selected is not None:
        return view.selected
    return view.movable[0] if view.movable else 1


def _focus(view: BoardView, place: Place, roving: Place) -> str:
    if not view.focusable:
        return ' role="img"'
    return f' tabindex="{0 if place == roving or not view.roving else -1}" role="button"'


def _flag_attrs(movable: bool, dest: bool, selected: bool, dest_sum: bool = False) -> str:
    out = ""
    if movable:
        out += ' data-movable="true"'
    if dest:
        out += ' data-dest="true"'
    if dest_sum:
        out += ' data-dest-sum="true"'
    if selected:
        out += ' data-selected="true"'
    return out


def _checker(out: list[str], owner: int, index: int, cx: float, cy: float, top: bool, ring: bool) -> None:
    cls = f"checker checker--{owner}" + (" checker--top" if top else "")
    out.append(
        f'<circle class="{cls}" data-checker="{index}" data-owner="{owner}" cx="{cx:g}" cy="{cy:g}" r="{CHECKER_R}"/>'
    )
    if ring:
        out.append(
            f'<circle class="checker__ring checker__ring--{owner}" cx="{cx:g}" cy="{cy:g}" r="{CHECKER_R - 6}"/>'
        )


def _stack(out: list[str], owner: int, count: int, cx: float, ys: list[int], mark_top: bool) -> None:
    """A stack of ``count`` checkers at the centres ``ys`` (past the fifth they overlap under a count)."""
    for i in range(count):
        last = i == count - 1
        _checker(out, owner, i, cx, ys[min(i, STACK_VISIBLE - 1)], mark_top and last, i < STACK_VISIBLE - 1 or last)
    if count > STACK_VISIBLE:
        out.append(f'<text class="count count--{owner}" x="{cx:g}" y="{ys[-1]}">{count}</text>')


def _point(out: list[str], lay: Layout, p: PointView, mover: int, focus: str) -> None:
    top = lay.is_top(p.number)
    x = lay.point_x(p.number)
    upper = p.number >= 13  # the shades follow the numbers, whichever row they are drawn in
    slot = (p.number - 13 if upper else 12 - p.number) + (1 if upper else 0)
    shade = "dark" if slot % 2 else "light"
    cx = x + POINT_W // 2
    out.append(
        f'<g class="point point--{shade} point--{"top" if top else "bottom"}" data-point="{p.number}"'
        f'{_flag_attrs(p.movable, p.dest, p.selected, p.dest_sum)}{focus} aria-label="{_e(p.label)}">'
    )
    if top:
        out.append(f'<rect class="hit" x="{x}" y="{FELT_TOP}" width="{POINT_W}" height="{FELT_H // 2}"/>')
        out.append(
            f'<polygon class="triangle" points="{x + 1},{FELT_TOP} {x + POINT_W - 1},{FELT_TOP} '
            f'{cx},{FELT_TOP + TRIANGLE_H}"/>'
        )
    else:
        out.append(f'<rect class="hit" x="{x}" y="{FELT_TOP + FELT_H // 2}" width="{POINT_W}" height="{FELT_H // 2}"/>')
        out.append(
            f'<polygon class="triangle" points="{x + 1},{FELT_BOTTOM} {x + POINT_W - 1},{FELT_BOTTOM} '
            f'{cx},{FELT_BOTTOM - TRIANGLE_H}"/>'
        )
    if p.owner is not None and p.count:
        ys = [lay.stack_y(p.number, i) for i in range(min(p.count, STACK_VISIBLE))]
        _stack(out, p.owner, p.count, cx, ys, True)
    if p.dest:
        landing = p.count if p.owner == mover else 0
        out.append(_dest_marker(cx, lay.stack_y(p.number, landing), p.dest_sum))
    out.append("</g>")


def _dest_marker(cx: float, cy: float, by_sum: bool = False) -> str:
    cls = "dest-marker dest-marker--sum" if by_sum else "dest-marker"
    return f'<circle class="{cls}" cx="{cx:g}" cy="{cy:g}" r="{CHECKER_R - 3}"/>'


def _point_numbers(out: list[str], lay: Layout, view: BoardView) -> None:
    out.append('<g class="point-numbers" aria-hidden="true">')
    for p in view.points:
        cx = lay.point_x(p.number) + POINT_W // 2
        y = BOARD_Y + FRAME_V // 2 if lay.is_top(p.number) else FELT_BOTTOM + FRAME_V // 2
        out.append(f'<text class="point-number" x="{cx}" y="{y + 5}">{p.shown}</text>')
    out.append("</g>")


def _bar(out: list[str], lay: Layout, view: BoardView, roving: Place) -> None:
    bar = view.bar
    x = lay.rx(BAR_X, BAR_W)
    cx = lay.bar_cx()
    out.append(
        f'<g class="bar" data-point="bar"{_flag_attrs(bar.movable, bar.dest, bar.selected)}'
        f'{_focus(view, "bar", roving)} aria-label="{_e(bar.label)}">'
    )
    out.append(f'<rect class="hit" x="{x:g}" y="{FELT_TOP}" width="{BAR_W}" height="{FELT_H}"/>')
    for owner in (0, 1):
        n = bar.counts[owner]
        if n:
            ys = [lay.bar_y(owner, i) for i in range(min(n, STACK_VISIBLE))]
            _stack(out, owner, n, cx, ys, owner == view.mover and (bar.movable or bar.selected))
    out.append("</g>")


def _off(out: list[str], lay: Layout, view: BoardView, roving: Place) -> None:
    off = view.off
    x = lay.tray_x()
    out.append(
        f'<g class="off" data-point="off"{_flag_attrs(off.movable, off.dest, off.selected, off.dest_sum)}'
        f'{_focus(view, "off", roving)} aria-label="{_e(off.label)}">'
    )
    out.append(f'<rect class="hit" x="{x:g}" y="{FELT_TOP}" width="{SIDE_W}" height="{FELT_H}"/>')
    for owner in (1, 0):
        top, h = lay.tray_y(owner)
        out.append(f'<g class="tray tray--{owner}" data-player="{owner}">')
        out.append(f'<rect class="tray__bed" x="{x:g}" y="{top}" width="{SIDE_W}" height="{h}" rx="4"/>')
        for i in range(off.counts[owner]):
            y = top + h - 4 - SLAB_H - i * SLAB_STEP if owner == lay.bottom else top + 4 + i * SLAB_STEP
            out.append(
                f'<rect class="checker checker--{owner} checker--off" data-checker="{i}" data-owner="{owner}"'
                f' x="{x + 3:g}" y="{y}" width="{SIDE_W - 6}" height="{SLAB_H}" rx="3"/>'
            )
        if off.dest and owner == view.mover:
            free = _tray_free_y(owner == lay.bottom, off.counts[owner], top, h)
            out.append(_dest_marker(x + SIDE_W / 2, free, off.dest_sum))
        out.append("</g>")
    out.append("</g>")


def _tray_free_y(bottom: bool, count: int, top: int, h: int) -> float:
    """Where the next borne-off checker goes (for the destination marker) in the ``bottom`` tray or the top one."""
    if bottom:
        return max(top + CHECKER_R, top + h - 4 - count * SLAB_STEP - CHECKER_R)
    return min(top + h - CHECKER_R, top + 4 + count * SLAB_STEP + CHECKER_R)


_PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


def _die(out: list[str], die: DieView, x: float, y: float) -> None:
    cls = f"die die--{die.owner}" + (" die--used" if die.used else "")
    used = ' data-used="true"' if die.used else ""
    out.append(f'<g class="{cls}" data-die="{die.value}" data-player="{die.owner}"{used}>')
    out.append(f'<rect class="die__face" x="{x:g}" y="{y:g}" width="{DIE}" height="{DIE}" rx="7"/>')
    for px, py in _PIPS.get(die.value, ()):
        out.append(f'<circle class="die__pip" cx="{x + px * DIE:g}" cy="{y + py * DIE:g}" r="3.6"/>')
    out.append("</g>")


def _dice(out: list[str], lay: Layout, view: BoardView) -> None:
    if not view.dice:
        return
    out.append(f'<g class="dice" role="img" aria-label="{_e(view.dice_label)}">')
    groups: dict[int, list[DieView]] = {}
    for die in view.dice:
        groups.setdefault(die.owner, []).append(die)
    for owner, dice in groups.items():
        gap = 8
        total = len(dice) * DIE + (len(dice) - 1) * gap
        x0 = lay.half_centre(owner) - total / 2
        for i, die in enumerate(dice):
            _die(out, die, x0 + i * (DIE + gap), MID_Y - DIE / 2)
    out.append("</g>")


def _cube(out: list[str], lay: Layout, view: BoardView) -> None:
    cube = view.cube
    if not cube.shown:
        return
    if cube.offered and cube.offered_by is not None:
        x = lay.half_centre(cube.offered_by) - CUBE / 2
        y = MID_Y - CUBE / 2
    else:
        x = lay.rx(CUBE_X + (SIDE_W - CUBE) / 2, CUBE)
        if cube.owner is None:
            y = MID_Y - CUBE / 2
        elif cube.owner == lay.bottom:
            y = FELT_BOTTOM - CUBE - 6
        else:
            y = FELT_TOP + 6
    owner = "" if cube.owner is None else f' data-cube-owner="{cube.owner}"'
    cls = "cube" + (" cube--offered" if cube.offered else "") + (" cube--centred" if cube.owner is None else "")
    out.append(f'<g class="{cls}" data-cube="{cube.face}"{owner} role="img" aria-label="{_e(cube.label)}">')
    out.append(f'<rect class="cube__face" x="{x:g}" y="{y:g}" width="{CUBE}" height="{CUBE}" rx="6"/>')
    out.append(f'<text class="cube__value" x="{x + CUBE / 2:g}" y="{y + CUBE / 2 + 1:g}">{cube.face}</text>')
    out.append("</g>")


MESSAGE_SIZE = 19  # the message's font size (layout.BOARD_CSS), on one line
MESSAGE_ROOM = WIDTH - 24  # the width a message line may take


def message_lines(text: str) -> tuple[tuple[str, ...], int]:
    """The board's message as it is drawn: one line at 19 units, or two at a smaller size (#59).

    Widths are estimated from each letter's (:func:`text_width`, rather generous); the
    end-to-end test ``test_board_messages`` measures every message of both catalogues as
    Chromium draws them.

    >>> message_lines("White to play 6-4")
    (('White to play 6-4',), 19)
    >>> lines, size = message_lines("La joueuse du haut abandonne un backgammon : la joueuse du bas gagne 6 points. "
    ...                             "La joueuse du bas gagne le match 7–3")
    >>> len(lines), size
    (2, 16)
    """
    if text_width(text, MESSAGE_SIZE) <= MESSAGE_ROOM:
        return (text,), MESSAGE_SIZE
    words = text.split(" ")
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    if not splits:
        splits = [(text, "")]
    first, second = min(splits, key=lambda pair: max(text_width(pair[0], 1), text_width(pair[1], 1)))
    widest = max(text_width(first, 1), text_width(second, 1))
    size = min(16, int(MESSAGE_ROOM / widest)) if widest else 16
    return tuple(line for line in (first, second) if line), size


_NARROW = frozenset("iljtfrI.,:;'’!|()[] ")
_WIDE = frozenset("mwMW@—–")


def text_width(text: str, size: float) -> float:
    """An estimate of ``text``'s width at font size ``size`` in a sans-serif face (generous).

    >>> round(text_width("mil", 10), 1)
    15.6
    """
    width = 0.0
    for char in text:
        if char in _NARROW:
            width += 0.33
        elif char in _WIDE:
            width += 0.9
        elif char.isupper() or char.isdigit():
            width += 0.68
        else:
            width += 0.58
    return width * size


def _message(out: list[str], text: str) -> None:
    """The message under the board, on one line or two (see :func:`message_lines`)."""
    lines, size = message_lines(text)
    x = f"{WIDTH / 2:g}"
    if len(lines) == 1:
        out.append(f'<text class="message" x="{x}" y="{MESSAGE_Y + 18}">{_e(text)}</text>')
        return
    spans = "".join(
        f'<tspan x="{x}" y="{MESSAGE_Y + 9.5 + i * 18:g}">{_e(line)}</tspan>' for i, line in enumerate(lines)
    )
    style = f"font-size:{size}px"
    out.append(f'<text class="message message--two" x="{x}" y="{MESSAGE_Y + 9.5:g}" style="{style}">{spans}</text>')


def _caption(out: list[str], player: PlayerView, y: int, match_text: str) -> None:
    active = " caption--active" if player.on_turn else ""
    out.append(f'<g class="caption caption--{player.player}{active}" data-player="{player.player}">')
    out.append(f'<rect class="caption__bg" x="0" y="{y}" width="{WIDTH}" height="{CAPTION_H}" rx="8"/>')
    cy = y + CAPTION_H / 2
    if player.on_turn:
        out.append(
            f'<polygon class="caption__turn" points="10,{cy - 8:g} 20,{cy:g} 10,{cy + 8:g}" aria-hidden="true"/>'
        )
    out.append(f'<circle class="swatch swatch--{player.player}" cx="36" cy="{cy:g}" r="11"/>')
    out.append(f'<text class="caption__name" x="56" y="{cy:g}">{_e(player.name)}</text>')
    if match_text:
        out.append(f'<text class="caption__match" x="{WIDTH - 150}" y="{cy:g}">{_e(match_text)}</text>')
    out.append(f'<text class="caption__pips" x="{WIDTH - 62}" y="{cy:g}">{_e(player.pip_text)}</text>')
    out.append(f'<g class="score" data-score="{player.score}"><title>{_e(player.score_text)}</title>')
    out.append(f'<rect class="score__bg" x="{WIDTH - 50}" y="{y + 6}" width="42" height="{CAPTION_H - 12}" rx="6"/>')
    out.append(f'<text class="score__value" x="{WIDTH - 29}" y="{cy + 1:g}">{player.score}</text></g>')
    out.append("</g>")


def _stack_size(view: BoardView, place: Place, owner: int) -> int:
    """How many of ``owner``'s checkers ``place`` holds in the view."""
    at = view.place(place)
    if isinstance(at, PointView):
        return at.count if at.owner == owner else 0
    return at.counts[owner]


def _arrow(out: list[str], x1: float, y1: float, x2: float, y2: float, owner: int, style: str = "") -> None:
    """A curved arrow from a checker's centre to the edge of its landing spot."""
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy) or 1.0
    # bow sideways, towards the middle of the board
    bend = min(40.0, length * 0.18)
    nx, ny = -dy / length, dx / length
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    if (MID_Y - my) * ny + (WIDTH / 2 - mx) * nx < 0:
        nx, ny = -nx, -ny
    qx, qy = mx + nx * bend, my + ny * bend
    # the head points along the curve's end tangent and stops at the landing checker's edge
    tx, ty = x2 - qx, y2 - qy
    tl = math.hypot(tx, ty) or 1.0
    tx, ty = tx / tl, ty / tl
    stop = min(CHECKER_R - 2.0, length / 3)
    ex, ey = x2 - tx * stop, y2 - ty * stop
    head = min(14.0, length / 3)
    bx, by = ex - tx * head, ey - ty * head
    line = f"arrow arrow--{owner} arrow--{style}" if style else f"arrow arrow--{owner}"
    head_class = f"arrow__head arrow__head--{owner}" + (f" arrow__head--{style}" if style else "")
    out.append(
        f'<path class="{line}" d="M{x1:.1f},{y1:.1f} Q{qx:.1f},{qy:.1f} {bx:.1f},{by:.1f}"/>'
        f'<polygon class="{head_class}" points="{ex:.1f},{ey:.1f} '
        f'{bx - ty * 9:.1f},{by + tx * 9:.1f} {bx + ty * 9:.1f},{by - tx * 9:.1f}"/>'
    )


def render_arrows(view: BoardView, *, flipped: bool | None = None, turned: bool | None = None) -> str:
    """The arrows of ``view.arrows`` alone, as a ``<g class="arrows">`` (empty string when none).

    Each arrow leaves the top checker of its start and points at where the checker
    lands; a translucent ``ghost`` checker marks each point the play leaves a checker on.
    """
    if not view.arrows:
        return ""
    lay = Layout(view.flipped if flipped is None else flipped, turned=view.turned if turned is None else turned)
    out = ['<g class="arrows" aria-hidden="true">']
    moved: dict[tuple[Place, int, str], int] = {}  # checkers each arrow so far added (+) or took (-)
    legs: dict[tuple[Place, Place, int, str], tuple[list[tuple[float, float]], list[tuple[float, float]]]] = {}
    for arrow in view.arrows:  # arrows of different styles are different plays from the same board
        owner, style = arrow.owner, arrow.style
        start, end = (arrow.start, owner, style), (arrow.end, owner, style)
        here = _stack_size(view, arrow.start, owner) + moved.get(start, 0)
        there = _stack_size(view, arrow.end, owner) + moved.get(end, 0)
        sources, targets = legs.setdefault((arrow.start, arrow.end, owner, style), ([], []))
        sources.append(lay.place_xy(arrow.start, owner, max(here - 1, 0)))
        targets.append(lay.place_xy(arrow.end, owner, there))
        moved[start] = moved.get(start, 0) - 1
        moved[end] = moved.get(end, 0) + 1
    for (_, _, owner, style), (sources, targets) in legs.items():
        # checkers making the same journey: pair them top to bottom, so that their arrows never cross
        for (x1, y1), (x2, y2) in zip(sorted(sources, key=lambda c: c[1]), sorted(targets, key=lambda c: c[1])):
            _arrow(out, x1, y1, x2, y2, owner, style)
    for (place, owner, style), extra in moved.items():
        if extra <= 0 or not isinstance(place, int):
            continue
        base = _stack_size(view, place, owner)
        kind = f"ghost ghost--{owner} ghost--{style}" if style else f"ghost ghost--{owner}"
        for i in range(base, base + extra):
            x, y = lay.place_xy(place, owner, i)
            out.append(f'<circle class="{kind}" cx="{x:g}" cy="{y:g}" r="{CHECKER_R}"/>')
    out.append("</g>")
    return "".join(out)


def render_board(
    view: BoardView, *, flipped: bool | None = None, turned: bool | None = None, message_strip: bool = True
) -> str:
    """The SVG of ``view``; ``flipped`` (default: ``view.flipped``) puts player 0's home on the left,
    ``turned`` (default: ``view.turned``) player 1 at the bottom (the board from his seat).
    ``message_strip=False``: no room under the board for its message (the embed says it in its own
    status line): the drawing is :data:`~app.board.layout.EMBED_HEIGHT` high instead of ``HEIGHT`` (#59).

    Point numbering (``data-point``) stays player 0's whichever way the board faces.
    """
    flip = view.flipped if flipped is None else flipped
    turn = view.turned if turned is None else turned
    lay = Layout(flip, turned=turn)
    classes = "board" + (" board--flipped" if flip else "") + (" board--turned" if turn else "")
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{classes}"'
        f' viewBox="0 0 {WIDTH} {HEIGHT if message_strip else EMBED_HEIGHT}" width="100%"'
        ' preserveAspectRatio="xMidYMid meet"'
        f' role="group" aria-label="{_e(view.label)}" data-phase="{_e(view.phase)}"'
        + ("" if view.on_turn is None else f' data-turn="{view.on_turn}"')
        + ">",
        f"<style>{BOARD_CSS}</style>",
    ]
    _caption(out, view.players[1 - lay.bottom], 0, view.match_text)
    # wood: the frame, the bar, the cube column; felt: both halves and the trays
    out.append(
        f'<rect class="frame" x="1" y="{BOARD_Y}" width="{WIDTH - 2}" height="{BOARD_BOTTOM - BOARD_Y}" rx="10"/>'
    )
    out.append(
        f'<rect class="frame__bar" x="{lay.rx(BAR_X, BAR_W):g}" y="{BOARD_Y + 2}" width="{BAR_W}"'
        f' height="{BOARD_BOTTOM - BOARD_Y - 4}"/>'
    )
    out.append(
        f'<rect class="frame__column" x="{lay.rx(CUBE_X, SIDE_W):g}" y="{FELT_TOP}" width="{SIDE_W}"'
        f' height="{FELT_H}" rx="5"/>'
    )
    for x in (LEFT_X, RIGHT_X):
        out.append(f'<rect class="felt" x="{lay.rx(x, HALF_W):g}" y="{FELT_TOP}" width="{HALF_W}" height="{FELT_H}"/>')
    _point_numbers(out, lay, view)
    roving = focus_place(view)
    for p in view.points:
        _point(out, lay, p, view.mover, _focus(view, p.number, roving))
    _bar(out, lay, view, roving)
    _off(out, lay, view, roving)
    _dice(out, lay, view)
    _cube(out, lay, view)
    out.append(render_arrows(view, flipped=flip, turned=turn))
    _caption(out, view.players[lay.bottom], FOOTER_Y, "")
    if message_strip:
        _message(out, view.message)
    out.append("</svg>")
    return "".join(out)
