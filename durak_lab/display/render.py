"""Cards and tables that look like cards: SVG and HTML for notebooks and widgets.

* :func:`card_svg` draws one card (rank and suit in two corners, pips or a
  court frame in the middle) or its back; :func:`cards_svg` a row of cards as
  one SVG document (a hand, a :class:`~durak_lab.engine.cards.CardSet`).
* :func:`position_html` draws a whole table on green felt: every seat's hand
  (face down with a count when hidden from the ``viewer``), the attacker and
  the defender named in words, the talon with the trump card crosswise under
  it, the attack/cover pairs on the table, the bito pile with its count, and
  the cards just played marked "new".  It takes a
  :class:`~durak_lab.engine.state.Position` or a :class:`~durak_lab.text.frames.Snapshot`
  (an intermediate display state, e.g. halfway through the draw after a bout).

Every card carries a text alternative: ``role="img"``, ``aria-label="10 of
diamonds"`` and a ``<title>``; the markup also has stable hooks for tests
(``class="dl-card"``, ``data-card="10♦"``; ``dl-table-cards``, ``dl-pair``,
``dl-seat``).  Suits are told apart by shape and by colour: red and black, or
with the four-colour deck (``four_colour=True`` or :func:`set_four_colour`)
♠ black, ♥ red, ♦ blue, ♣ green, for colour-blind learners.

The output is self-contained: inline styles, no external CSS, fonts, scripts
or URLs; the SVG is well-formed XML.  Presentation layer, but built from the
standard library and the durak_lab core only.

>>> from durak_lab.engine.cards import Card
>>> svg = card_svg(Card("10♦"))
>>> 'aria-label="10 of diamonds"' in svg and 'data-card="10♦"' in svg
True
"""

from __future__ import annotations

import html
from functools import lru_cache
from typing import Any, Iterable, Optional, Union

from ..engine.cards import SUIT_SYMBOLS, Card, cards_of, popcount, rank_text
from ..text.catalogue import Items, Suit
from ..text.explain import result_sentence, seat_role
from ..text.messages import say
from ..text.narrate import role_words
from ..text.reasons import card_words
from ..text.frames import Snapshot, snapshot_of
from ..engine.moves import seat_text
from ..engine.state.position import Position

__all__ = [
    "card_svg", "back_svg", "cards_svg", "position_html", "suit_colour", "set_four_colour", "say_html",
    "FOUR_COLOUR", "TWO_COLOURS", "FOUR_COLOURS", "CARD_WIDTH", "CARD_HEIGHT",
]

#: Draw with the four-colour deck unless a call says otherwise (see :func:`set_four_colour`).
FOUR_COLOUR = False
#: Suit colours of the usual deck, by suit number (♠ ♥ ♦ ♣).
TWO_COLOURS = ("#1a1a1a", "#c8102e", "#c8102e", "#1a1a1a")
#: Suit colours of the four-colour deck: ♠ black, ♥ red, ♦ blue, ♣ green.
FOUR_COLOURS = ("#1a1a1a", "#c8102e", "#0b57b0", "#17803a")
#: A card's size in SVG user units (the poker-card ratio 5:7); ``width`` scales it.
CARD_WIDTH, CARD_HEIGHT = 60, 84

_FONT = "'DejaVu Sans', 'Segoe UI Symbol', 'Noto Sans Symbols 2', Arial, sans-serif"
_SVG_NS = "http://www.w3.org/2000/svg"
_esc = html.escape


def say_html(key: str, **fields: Any) -> str:
    """The sentence ``key`` of :data:`~durak_lab.text.messages.MESSAGES` as HTML: its words escaped,
    the text ``fields`` (HTML already) put in as they are; the other fields (a number, a meaning such as
    :class:`~durak_lab.text.catalogue.Suit`) are worded by the template and escaped with its words.

    >>> say_html("picture-trump", suit="<b>♠</b> spades")
    'Trump: <b>♠</b> spades'
    >>> say_html("picture-taking", seat="P2")
    'P2 takes: these cards go to P2&#x27;s hand'
    >>> say_html("picture-trump-suit", symbol="<b>♠</b>", suit=Suit(0))
    '<b>♠</b> spades'
    """
    marks = {name: f"\x00{i}\x00" for i, (name, value) in enumerate(fields.items()) if isinstance(value, str)}
    text = _esc(say(key, **{**fields, **marks}))
    for name, mark in marks.items():
        text = text.replace(mark, fields[name])
    return text


def set_four_colour(on: bool = True) -> None:
    """Use the four-colour deck (♠ black, ♥ red, ♦ blue, ♣ green) for every card drawn from now on.

    It changes the default of every function here and the cards a notebook
    shows by itself (``Card``, ``CardSet``, ``Position``).

    >>> set_four_colour(True); suit_colour(2)
    '#0b57b0'
    >>> set_four_colour(False); suit_colour(2)
    '#c8102e'
    """
    global FOUR_COLOUR
    FOUR_COLOUR = bool(on)


def _four(four_colour: Optional[bool]) -> bool:
    return FOUR_COLOUR if four_colour is None else bool(four_colour)


def suit_colour(suit: int, four_colour: Optional[bool] = None) -> str:
    """The colour a suit is drawn in (suit 0 ♠, 1 ♥, 2 ♦, 3 ♣).

    >>> suit_colour(1), suit_colour(3), suit_colour(3, four_colour=True)
    ('#c8102e', '#1a1a1a', '#17803a')
    """
    return (FOUR_COLOURS if _four(four_colour) else TWO_COLOURS)[suit]


# ---------------------------------------------------------------- one card
_L, _C, _R = 20.0, 30.0, 40.0
_T, _B = 19.0, 65.0
_Q1, _Q2 = _T + (_B - _T) / 3, _T + 2 * (_B - _T) / 3
# (x, y, upside down) for the pips of each number card
_PIPS = {
    2: [(_C, _T, 0), (_C, _B, 1)],
    3: [(_C, _T, 0), (_C, 42, 0), (_C, _B, 1)],
    4: [(_L, _T, 0), (_R, _T, 0), (_L, _B, 1), (_R, _B, 1)],
    5: [(_L, _T, 0), (_R, _T, 0), (_C, 42, 0), (_L, _B, 1), (_R, _B, 1)],
    6: [(_L, _T, 0), (_R, _T, 0), (_L, 42, 0), (_R, 42, 0), (_L, _B, 1), (_R, _B, 1)],
    7: [(_L, _T, 0), (_R, _T, 0), (_C, 31, 0), (_L, 42, 0), (_R, 42, 0), (_L, _B, 1), (_R, _B, 1)],
    8: [(_L, _T, 0), (_R, _T, 0), (_C, 31, 0), (_L, 42, 0), (_R, 42, 0), (_C, 53, 1), (_L, _B, 1),
        (_R, _B, 1)],
    9: [(_L, _T, 0), (_R, _T, 0), (_L, _Q1, 0), (_R, _Q1, 0), (_C, 42, 0), (_L, _Q2, 1), (_R, _Q2, 1),
        (_L, _B, 1), (_R, _B, 1)],
    10: [(_L, _T, 0), (_R, _T, 0), (_C, 27.5, 0), (_L, _Q1, 0), (_R, _Q1, 0), (_L, _Q2, 1),
         (_R, _Q2, 1), (_C, 56.5, 1), (_L, _B, 1), (_R, _B, 1)],
}


def _n(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _pip(x: float, y: float, flip: int, symbol: str, size: float) -> str:
    turn = f' transform="rotate(180 {_n(x)} {_n(y)})"' if flip else ""
    return (f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" text-anchor="middle" '
            f'dominant-baseline="central"{turn}>{symbol}</text>')


@lru_cache(maxsize=None)
def _face(card_id: int, four: bool) -> str:
    """The inside of a card face (viewBox 0 0 60 84)."""
    c = Card(card_id)
    if c >= 52:
        return _joker_face(c)
    rank, suit = c.rank, c.suit
    colour = (FOUR_COLOURS if four else TWO_COLOURS)[suit]
    sym = SUIT_SYMBOLS[suit]
    rt = rank_text(rank)
    squeeze = ' letter-spacing="-1"' if rank == 10 else ""
    corner = (f'<text x="7.5" y="13" font-size="11.5" font-weight="700" text-anchor="middle"{squeeze}>{rt}</text>'
              f'<text x="7.5" y="24" font-size="10.5" text-anchor="middle">{sym}</text>')
    parts = ['<rect x="0.5" y="0.5" width="59" height="83" rx="5" fill="#fffdf7" stroke="#8d8d8d"/>',
             f'<g fill="{colour}" font-family="{_FONT}">', corner,
             f'<g transform="rotate(180 30 42)">{corner}</g>']
    if rank in _PIPS:
        parts.extend(_pip(x, y, f, sym, 12) for x, y, f in _PIPS[rank])
    elif rank == 14:
        parts.append(_pip(30, 43, 0, sym, 36))
    else:  # a court card: a frame with the letter and the suit
        parts.append(f'<rect x="14" y="13" width="32" height="58" rx="2" fill="{colour}" fill-opacity="0.07" '
                     f'stroke="{colour}" stroke-width="1"/>')
        parts.append(f'<text x="30" y="43" font-size="24" font-weight="700" text-anchor="middle" '
                     f'dominant-baseline="central">{rt}</text>')
        parts.append(_pip(30, 22, 0, sym, 10))
        parts.append(_pip(30, 62, 1, sym, 10))
    parts.append("</g>")
    return "".join(parts)


def _joker_face(c: Card) -> str:
    """A joker's face (doker, R1): "JOKER" down both corners and a star; the red joker in red."""
    colour = TWO_COLOURS[1] if c == 53 else TWO_COLOURS[0]
    letters = "".join(f'<text x="7.5" y="{_n(12 + 8.5 * i)}" font-size="8" font-weight="700" '
                      f'text-anchor="middle">{ch}</text>' for i, ch in enumerate("JOKER"))
    return ('<rect x="0.5" y="0.5" width="59" height="83" rx="5" fill="#fffdf7" stroke="#8d8d8d"/>'
            f'<g fill="{colour}" font-family="{_FONT}">{letters}'
            f'<g transform="rotate(180 30 42)">{letters}</g>'
            f'{_pip(30, 42, 0, "★", 34)}</g>')


def _lattice() -> str:
    """The diagonal lattice of a card back, clipped to its inner frame by computation."""
    x0, y0, x1, y1 = 7.0, 7.0, 53.0, 77.0
    segs = []
    for b in range(-60, 90, 7):
        for slope in (1, -1):
            pts = []
            for x in (x0, x1):  # crossings with the left and right edges
                y = slope * x + b
                if y0 <= y <= y1:
                    pts.append((x, y))
            for y in (y0, y1):  # crossings with the top and bottom edges
                x = (y - b) / slope
                if x0 < x < x1:
                    pts.append((x, y))
            if len(pts) >= 2:
                (ax, ay), (bx, by) = pts[0], pts[1]
                segs.append(f"M{_n(ax)} {_n(ay)}L{_n(bx)} {_n(by)}")
    return "".join(segs)


_BACK = ('<rect x="0.5" y="0.5" width="59" height="83" rx="5" fill="#24418f" stroke="#f4f4f4" stroke-width="1"/>'
         '<rect x="4" y="4" width="52" height="76" rx="3" fill="#2c4fa8" stroke="#e9eefc" stroke-width="1.2"/>'
         f'<path d="{_lattice()}" stroke="#8fa6e8" stroke-width="0.8" fill="none"/>'
         '<circle cx="30" cy="42" r="9" fill="#24418f" stroke="#e9eefc" stroke-width="1.2"/>'
         f'<text x="30" y="42" font-size="10" text-anchor="middle" dominant-baseline="central" fill="#e9eefc" '
         f'font-family="{_FONT}">DL</text>')
_GLOW = '<rect x="1.5" y="1.5" width="57" height="81" rx="4.5" fill="none" stroke="#f5b700" stroke-width="3"/>'


def _svg_open(width: float, cls: str, label: str, extra: str = "", height: Optional[float] = None,
              xmlns: bool = True) -> str:
    h = width * CARD_HEIGHT / CARD_WIDTH if height is None else height
    ns = f' xmlns="{_SVG_NS}"' if xmlns else ""
    return (f'<svg{ns} class="{cls}" role="img" aria-label="{_esc(label)}"{extra} '
            f'viewBox="0 0 {CARD_WIDTH} {CARD_HEIGHT}" width="{_n(width)}" height="{_n(h)}">'
            f'<title>{_esc(label)}</title>')


def card_svg(card: Union[Card, int, str], *, four_colour: Optional[bool] = None, face_down: bool = False,
             highlight: bool = False, width: float = CARD_WIDTH, label: Optional[str] = None) -> str:
    """One card as a standalone SVG document.

    ``face_down`` draws the back (its label says only "a face-down card");
    ``highlight`` outlines the card in gold (the card just played);
    ``width`` scales it (the height follows, 5:7); ``label`` replaces the text
    alternative, which is otherwise the card's name, e.g. "10 of diamonds".

    >>> svg = card_svg("Q♥", width=45)
    >>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" class="dl-card" role="img"')
    True
    >>> 'aria-label="queen of hearts"' in svg, '<title>queen of hearts</title>' in svg, 'width="45"' in svg
    (True, True, True)
    >>> 'data-card' in card_svg("Q♥", face_down=True)
    False
    """
    return _card(Card(card), _four(four_colour), face_down, highlight, width, label, True)


def _card(c: Card, four: bool, face_down: bool, highlight: bool, width: float, label: Optional[str],
          xmlns: bool) -> str:
    if face_down:
        return (_svg_open(width, "dl-card-back", label or say("picture-face-down"), "", xmlns=xmlns) + _BACK
                + "</svg>")
    cls = "dl-card dl-last" if highlight else "dl-card"
    head = _svg_open(width, cls, label or card_words(c), f' data-card="{c}"', xmlns=xmlns)
    return head + _face(int(c), four) + (_GLOW if highlight else "") + "</svg>"


def back_svg(width: float = CARD_WIDTH, label: Optional[str] = None) -> str:
    """The back of a card as a standalone SVG document.

    >>> 'aria-label="a face-down card"' in back_svg()
    True
    """
    return _svg_open(width, "dl-card-back", label or say("picture-face-down")) + _BACK + "</svg>"


def _rows(cards: list, per_row: Optional[int]) -> list:
    """Cards in rows: ``per_row`` at a time, or (over 13 cards) one row per suit."""
    if per_row:
        return [cards[i:i + per_row] for i in range(0, len(cards), per_row)] or [[]]
    if len(cards) <= 13:
        return [cards]
    rows: list = []
    for c in cards:
        if rows and rows[-1][-1].suit == c.suit and len(rows[-1]) < 13:
            rows[-1].append(c)
        else:
            rows.append([c])
    return rows


def cards_svg(cards: Iterable[Union[Card, int, str]], *, four_colour: Optional[bool] = None,
              width: float = CARD_WIDTH, gap: float = 6, label: Optional[str] = None,
              highlight: Iterable[Union[Card, int, str]] = (), per_row: Optional[int] = None) -> str:
    """Cards side by side as one SVG document (how a hand or a CardSet shows in a notebook).

    Each card is a nested ``<svg>`` with its own ``role="img"``, ``aria-label``,
    ``<title>`` and ``data-card``; the whole picture is labelled by ``label``
    (default: the cards in words).  ``per_row`` cards go in a row; by default
    one row, or one row per suit for more than 13 cards (a whole deck).

    >>> svg = cards_svg(["6♠", "7♥", "Q♦"])
    >>> svg.count('class="dl-card"'), 'aria-label="3 cards: 6 of spades, 7 of hearts, queen of diamonds"' in svg
    (3, True)
    >>> 'no cards' in cards_svg([])
    True
    """
    cs = [Card(c) for c in cards]
    lit = {int(Card(c)) for c in highlight}
    four = _four(four_colour)
    h = CARD_HEIGHT * width / CARD_WIDTH
    if label is None:
        label = (say("picture-cards-named", cards=_cards_words(len(cs)), names=Items(map(card_words, cs), "comma"))
                 if cs else say("picture-no-cards"))
    rows = _rows(cs, per_row)
    longest = max(len(r) for r in rows)
    total_w = max(longest * (width + gap) - gap, width) + 4
    total_h = len(rows) * (h + gap) - gap + 4
    out = [f'<svg xmlns="{_SVG_NS}" class="dl-cards" role="img" aria-label="{_esc(label)}" '
           f'width="{_n(total_w)}" height="{_n(total_h)}" viewBox="0 0 {_n(total_w)} {_n(total_h)}">'
           f'<title>{_esc(label)}</title>']
    if not cs:
        out.append(f'<rect x="2" y="2" width="{_n(width)}" height="{_n(h)}" rx="5" fill="none" '
                   f'stroke="#9a9a9a" stroke-dasharray="4 3"/>'
                   f'<text x="{_n(2 + width / 2)}" y="{_n(2 + h / 2)}" font-size="10" text-anchor="middle" '
                   f'dominant-baseline="central" fill="#777" font-family="{_FONT}">'
                   f'{_esc(say("picture-no-cards"))}</text>')
    for r, row in enumerate(rows):
        for i, c in enumerate(row):
            inner = _card(c, four, False, int(c) in lit, width, None, False)
            inner = inner.replace("<svg ", f'<svg x="{_n(2 + i * (width + gap))}" y="{_n(2 + r * (h + gap))}" ',
                                  1)
            out.append(inner)
    out.append("</svg>")
    return "".join(out)


# ---------------------------------------------------------------- a whole table
_FELT = ("background:#1f6b41;background-image:radial-gradient(ellipse at center,#2f8a56 0%,#1f6b41 60%,"
         "#17553a 100%);")
_ROLE_STYLE = {
    "attacker": ("#ff8a50", "#3a1a0c"),
    "defender": ("#6cc6ff", "#0b2a3d"),
    "durak": ("#ffd54f", "#3d3000"),
    "out": ("#cfd8dc", "#263238"),
    "you": ("#e1bee7", "#2d1633"),
}


def _role_word(role: str) -> str:
    """A seat's role on its badge, worded when the table is drawn: "attacker", "out: safe" …"""
    return say("role-name-out-safe") if role == "out" else role_words(role)


def _badge(word: str, kind: str) -> str:
    bg, fg = _ROLE_STYLE.get(kind, ("#eeeeee", "#222222"))
    return (f'<span class="dl-role dl-role-{kind}" style="display:inline-block;background:{bg};color:{fg};'
            f'font-size:12px;font-weight:700;border-radius:9px;padding:1px 8px;margin-left:6px;'
            f'letter-spacing:0.02em">{_esc(word)}</span>')


def _inline_card(c: Card, four: bool, width: float, new: bool, style: str = "", glow: bool = False) -> str:
    svg = _card(c, four, False, new or glow, width, None, True)
    tag = ('<span class="dl-new" style="position:absolute;top:-9px;left:-5px;z-index:5;background:#f5b700;'
           'color:#1a1a1a;font-size:10px;font-weight:800;border-radius:8px;padding:0 5px;line-height:15px">'
           f'{_esc(say("picture-new"))}</span>' if new else "")
    return (f'<span class="dl-card-slot" style="position:relative;display:inline-block;line-height:0;'
            f'{style}">{svg}{tag}</span>')


def _back_inline(width: float, style: str = "", label: Optional[str] = None) -> str:
    return (f'<span class="dl-card-slot" style="position:relative;display:inline-block;line-height:0;{style}">'
            + _svg_open(width, "dl-card-back", label or say("picture-face-down")) + _BACK + "</svg></span>")


def _cards_words(n: int) -> str:
    """ "1 card", "3 cards"."""
    return say("picture-one-card") if n == 1 else say("picture-cards", count=n)


def _backs_words(n: int) -> str:
    """ "1 face-down card", "3 face-down cards"."""
    return say("picture-one-face-down") if n == 1 else say("picture-face-down-cards", count=n)


def _seat_html(s: Snapshot, seat: int, viewer: Optional[int], last: set, four: bool) -> str:
    role = seat_role(s, seat)
    hand = cards_of(s.hands[seat])
    n = len(hand)
    name = seat_text(seat)
    hidden = viewer is not None and seat != viewer
    badges = []
    if viewer is not None and seat == viewer:
        badges.append(_badge(say("picture-you"), "you"))
    if role:
        word = _role_word(role)
        if role == "defender" and s.taking:
            word = say("picture-defender-takes")
        badges.append(_badge(word, role))
    border = _ROLE_STYLE[role][0] if role in ("attacker", "defender", "durak") else "rgba(255,255,255,0.28)"
    count = _cards_words(n)
    if hidden and n:
        count = say("picture-hidden", count=count)
    w = 48.0
    if n == 0:
        cards_html = ('<span class="dl-empty" style="font-size:12px;opacity:0.8;font-style:italic">'
                      f'{_esc(say("picture-no-cards"))}</span>')
    elif hidden:
        step = 9 if n > 1 else 0
        cards_html = "".join(_back_inline(w, f"margin-left:{-(w - step):.0f}px" if i else "")
                             for i in range(n))
    else:  # the cards just drawn or picked up stick out of the hand, outlined; the count says how many
        show = 22 if n <= 8 else 16
        fresh = sum(1 for c in hand if int(c) in last)
        if fresh:
            count = say("picture-fresh", count=count, fresh=fresh)
        cards_html = "".join(_inline_card(c, four, w, False, ("" if not i else f"margin-left:{-(w - show):.0f}px;")
                                          + ("top:-10px" if int(c) in last else ""), glow=int(c) in last)
                             for i, c in enumerate(hand))
    label = (say("picture-seat-role", seat=name, role=_role_word(role), count=count) if role
             else say("picture-seat", seat=name, count=count))
    # order: where a narrow box lays the seats out in one wrapping row (the stepper does), P1, P2, ...
    return (f'<div class="dl-seat" data-seat="{name}" role="group" aria-label="{_esc(label)}" '
            f'style="background:rgba(0,0,0,0.22);border:2px solid {border};border-radius:10px;'
            f'padding:6px 10px 8px 10px;min-width:110px;order:{seat + 1}">'
            f'<div class="dl-seat-head" style="font-weight:700;font-size:15px;margin-bottom:6px;'
            f'white-space:nowrap">{name}{"".join(badges)}'
            f'<span class="dl-count" style="font-weight:400;font-size:12px;opacity:0.85;margin-left:8px">'
            f'{_esc(count)}</span></div>'
            f'<div class="dl-hand" style="display:flex;flex-wrap:nowrap;padding-top:8px">{cards_html}</div>'
            f'</div>')


def _trump_html(suit: int, colour: str, padding: str) -> str:
    """The trump suit as HTML: its symbol on a white chip in the suit's colour, then its name."""
    chip = (f'<span style="color:{colour};background:#fffdf7;border-radius:4px;padding:{padding}">'
            f'{SUIT_SYMBOLS[suit]}</span>')
    return say_html("picture-trump-suit", symbol=chip, suit=Suit(suit))


def _talon_html(s: Snapshot, four: bool, last: set) -> str:
    k = len(s.talon)
    tc = s.trump_card
    trump_sym = SUIT_SYMBOLS[s.trump]
    colour = suit_colour(s.trump, four)
    trump_word = _trump_html(s.trump, colour, "0 3px")
    w = 50.0
    if tc >= 0 and k:
        under_talon = k - 1
        lab = (say("picture-talon-under", cards=_cards_words(k), card=str(Card(tc)))
               if under_talon else say("picture-talon-last", card=str(Card(tc))))
        parts = [f'<div class="dl-talon" role="group" aria-label="{_esc(lab)}" '
                 f'style="position:relative;width:112px;height:92px">',
                 f'<span class="dl-trump-card" style="position:absolute;left:34px;top:11px;line-height:0;'
                 f'transform:rotate(90deg)">{_card(Card(tc), four, False, False, w, None, True)}</span>']
        for i in range(min(under_talon, 3)):  # a thick stack: up to three backs, offset
            parts.append(_back_inline(w, f"position:absolute;left:{4 + 2 * i}px;top:{11 - 2 * i}px",
                                      say("picture-talon-backs", cards=_backs_words(under_talon))))
        parts.append("</div>")
        body = "".join(parts)
        caption = (f'{say_html("picture-talon-caption", count=str(k))}<br/>'
                   f'{say_html("picture-trump-caption", suit=trump_word)}')
    else:
        suit = Suit(s.trump)
        why = say("picture-talon-empty-label", suit=suit) if tc >= 0 else say("picture-no-talon-label", suit=suit)
        body = (f'<div class="dl-talon" role="group" aria-label="{_esc(why)}" '
                f'style="width:70px;height:92px;display:flex;align-items:center;justify-content:center;'
                f'border:2px dashed rgba(255,255,255,0.35);border-radius:8px;font-size:38px;'
                f'color:{colour}"><span style="background:#fffdf7;border-radius:8px;padding:0 6px;'
                f'line-height:1.2">{trump_sym}</span></div>')
        empty = say("picture-talon-empty-caption") if tc >= 0 else say("picture-no-talon-caption")
        caption = f'{_esc(empty)}<br/>{say_html("picture-trump-caption", suit=trump_word)}'
    return (f'<div class="dl-talon-area" style="text-align:center;flex:none">{body}'
            f'<div style="font-size:12px;margin-top:4px;white-space:nowrap">{caption}</div></div>')


def _bito_html(s: Snapshot) -> str:
    k = popcount(s.discard)
    w = 46.0
    if k:
        piles = "".join(_back_inline(w, f"position:absolute;left:{6 + 3 * i}px;top:{8 + (i % 2) * 3}px;"
                                        f"transform:rotate({(-8, 5, -2)[i]}deg)", say("picture-bito-pile"))
                        for i in range(min(k, 3)))
        label = say("picture-bito-label", cards=_cards_words(k))
        body = (f'<div class="dl-bito" role="group" aria-label="{_esc(label)}" '
                f'style="position:relative;width:70px;height:84px">{piles}</div>')
    else:
        body = (f'<div class="dl-bito" role="group" aria-label="{_esc(say("picture-bito-empty"))}" '
                'style="width:50px;height:70px;'
                'margin:7px 10px;border:2px dashed rgba(255,255,255,0.35);border-radius:8px"></div>')
    return (f'<div class="dl-bito-area" style="text-align:center;flex:none">{body}'
            f'<div style="font-size:12px;margin-top:4px;white-space:nowrap">'
            f'{_esc(say("picture-bito-caption", count=k))}</div></div>')


def _table_html(s: Snapshot, four: bool, last: set) -> str:
    pairs = []
    w = 60.0
    for a, c, ao, co in s.table:
        ca = Card(a)
        if c >= 0:
            cc = Card(c)
            lab = say("picture-pair-covered", attack=str(ca), attacker=seat_text(ao), cover=str(cc),
                      defender=seat_text(co))
            cover = _inline_card(cc, four, w, int(cc) in last, "position:absolute;left:17px;top:25px")
            who = (f'{_esc(say("picture-from", seat=seat_text(ao)))}<br/>'
                   f'{_esc(say("picture-beaten-by", seat=seat_text(co)))}')
            data = f' data-attack="{ca}" data-cover="{cc}"'
        else:
            lab = say("picture-pair-open", attack=str(ca), attacker=seat_text(ao))
            cover = ""
            who = f'{_esc(say("picture-from", seat=seat_text(ao)))}<br/>{_esc(say("picture-not-covered"))}'
            data = f' data-attack="{ca}"'
        pairs.append(f'<div class="dl-pair"{data} role="group" aria-label="{_esc(lab)}" '
                     f'style="position:relative;width:80px;height:148px">'
                     f'{_inline_card(ca, four, w, int(ca) in last, "position:absolute;left:0;top:0")}{cover}'
                     f'<div class="dl-pair-who" style="position:absolute;top:114px;left:0;width:80px;'
                     f'font-size:11px;line-height:14px;opacity:0.85">{who}</div></div>')
    if not pairs:
        inner = ('<span class="dl-empty" style="opacity:0.75;font-style:italic;font-size:14px">'
                 f'{_esc(say("picture-table-empty"))}</span>')
        label = say("picture-table-nothing")
    else:
        inner = "".join(pairs)
        label = say("picture-table", pairs=", ".join(
            say("picture-covered-by", attack=str(Card(a)), cover=str(Card(c))) if c >= 0
            else say("picture-open", attack=str(Card(a))) for a, c, _, _ in s.table))
    banner = ""
    if s.taking:
        banner = (f'<div class="dl-taking" style="width:100%;text-align:center;font-weight:700;'
                  f'color:#ffe082">{_esc(say("picture-taking", seat=seat_text(s.defender)))}</div>')
    return (f'<div class="dl-table-cards" role="group" aria-label="{_esc(label)}" style="display:flex;'
            f'flex:1 1 auto;max-width:600px;flex-wrap:wrap;gap:10px 14px;align-items:flex-start;'
            f'justify-content:center;min-height:150px;min-width:150px;padding:12px 10px 4px 10px;'
            f'border:1px dashed rgba(255,255,255,0.35);border-radius:12px;box-sizing:border-box;align-content:center">{banner}{inner}</div>')


def _areas(n: int) -> dict:
    """Seats around the table: P1 at the bottom, play goes clockwise (to the left)."""
    layouts = {
        2: {"bottom": [0], "top": [1]},
        3: {"bottom": [0], "top": [1, 2]},
        4: {"bottom": [0], "left": [1], "top": [2], "right": [3]},
        5: {"bottom": [0], "left": [1], "top": [2, 3], "right": [4]},
        6: {"bottom": [0], "left": [1], "top": [2, 3, 4], "right": [5]},
    }
    return layouts.get(n, {"top": list(range(n))})


def position_html(position: Union[Position, Snapshot], viewer: Optional[int] = None,
                  last: Optional[Iterable[Union[Card, int, str]]] = None,
                  four_colour: Optional[bool] = None) -> str:
    """A whole table as self-contained HTML (inline styles, inline SVG).

    ``position`` is a :class:`~durak_lab.engine.state.Position` or a
    :class:`~durak_lab.text.frames.Snapshot`; ``viewer`` is the seat whose hand is
    face up (the others show backs and a count), None for all hands face up
    (teaching); ``last`` the cards to mark as just played ("new", outlined in
    gold); ``four_colour`` the four-colour deck (default: :data:`FOUR_COLOUR`).

    The attacker and the defender are named in words on their seats; the
    table's cards sit in an element of class ``dl-table-cards``, each
    attack/cover pair in a ``dl-pair``, each card an ``<svg class="dl-card"
    data-card="7♥" aria-label="7 of hearts">``.  The markup is well-formed XML.

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules(players=2), ["7♦ Q♠", "Q♦ 8♠"], trump="♥", discard="rest", attacker=0)
    >>> page = position_html(p.play("P1 attack 7♦"), viewer=0, last=["7♦"])
    >>> 'data-card="7♦"' in page, 'data-card="Q♦"' in page, "2 cards, hidden" in page
    (True, False, True)
    """
    s = position if isinstance(position, Snapshot) else snapshot_of(position)
    four = _four(four_colour)
    lit = {int(Card(c)) for c in (last or ())}
    n = s.players
    areas = _areas(n)
    seat_html = {seat: _seat_html(s, seat, viewer, lit, four) for seat in range(n)}

    def area(name: str, direction: str = "row", grow: str = "") -> str:
        body = "".join(seat_html[x] for x in areas.get(name, []))
        return (f'<div class="dl-area-{name}" style="display:flex;flex-direction:{direction};{grow}'
                f'justify-content:center;align-items:center;gap:10px;flex-wrap:wrap">{body}</div>')

    trump = _trump_html(s.trump, suit_colour(s.trump, four), "0 4px")
    if s.result is not None:
        state = f'<b>{_esc(say("picture-game-over"))}</b> {_esc(result_sentence(s.result))}'
    else:
        state = (say_html("picture-attacks", attacker=f"<b>{seat_text(s.leader)}</b>",
                          defender=f"<b>{seat_text(s.defender)}</b>")
                 + (_esc(say("picture-takes", seat=seat_text(s.defender))) if s.taking else ""))
    summary = (f'<div class="dl-summary" style="font-size:15px;margin-bottom:10px;display:flex;gap:18px;'
               f'flex-wrap:wrap;align-items:center"><span>{say_html("picture-trump", suit=trump)}</span>'
               f'<span>{state}</span><span>{_esc(say("picture-talon-count", count=len(s.talon)))}</span>'
               f'<span>{_esc(say("picture-bito-count", count=popcount(s.discard)))}</span></div>')
    # three rows: seats across the top, left seats | talon, table, bito | right seats, then P1 at the bottom;
    # a narrow page wraps the middle row instead of cutting it off
    centre = (f'<div class="dl-centre" style="flex:1 1 400px;min-width:340px;display:flex;gap:12px;'
              f'align-items:center;justify-content:center;flex-wrap:nowrap;padding:6px 0">'
              f'{_talon_html(s, four, lit)}{_table_html(s, four, lit)}{_bito_html(s)}</div>')
    middle = (f'<div class="dl-middle" style="display:flex;flex-wrap:wrap;align-items:center;'
              f'justify-content:center;gap:12px">{area("left", "column", "flex:0 1 auto;")}{centre}'
              f'{area("right", "column", "flex:0 1 auto;")}</div>')
    grid = (f'<div class="dl-layout" style="display:flex;flex-direction:column;gap:10px">{area("top")}{middle}'
            f'{area("bottom")}</div>')
    who = say("picture-all-face-up") if viewer is None else say("picture-seen-by", seat=seat_text(viewer))
    label = say("picture-table-label", who=who)
    return (f'<div class="dl-position" role="group" aria-label="{_esc(label)}" style="{_FELT}color:#ffffff;'
            f'font-family:system-ui,-apple-system,\'Segoe UI\',Roboto,\'DejaVu Sans\',sans-serif;'
            f'border-radius:16px;padding:14px 16px;box-sizing:border-box;max-width:1040px;line-height:1.35;'
            f'box-shadow:inset 0 0 40px rgba(0,0,0,0.35)">{summary}{grid}</div>')
