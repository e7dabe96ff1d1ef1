"""The drawing of the worked-example stepper: the HTML of its frames and its small widgets.

:mod:`durak_lab.widgets.stepper` builds the HTML of every frame once, when an
example is chosen, from these pieces: the title and the source panel of a
record, the move line ("Move 3 of 6: P2 attack 10♦"), and "What may happen
now" (the legal moves grouped by player, with their rule ids).  Also here: the
order the examples are offered in and the label of each.

Presentation layer: needs ipywidgets 8 (for :func:`button` and :func:`html_box`).

>>> _move_line(frames_of(load_example("EX-KO-1"))[1], 2)
'<div style="font-size:14px;opacity:0.85">Move 1 of 2: <b>P2 attack 7♦</b></div>'
"""

from __future__ import annotations

import html
from typing import Any, NamedTuple, Optional

import ipywidgets as widgets

from ..engine.moves import seat_text
from ..engine.records import Record, example_ids, load_example  # noqa: F401  (load_example: the examples)
from ..text.explain import RULE_TITLES, legal_by_seat, result_sentence, seat_role
from ..text.frames import Frame, frames_of  # noqa: F401  (frames_of: the examples)
from ..text.messages import say
from ..text.narrate import role_words

__all__ = ["EXAMPLE_ORDER", "SOURCES", "example_label", "button", "html_box"]

_esc = html.escape

#: The order the worked examples are offered in: the two-player game first, then 4 players, variants last.
EXAMPLE_ORDER = ("EX-KO-DEAL", "EX-KO-1", "EX-KO-2", "EX-ZH-OPEN", "EX-ZH-BOUT", "EX-HE-BOUT", "EX-HE-TAKE",
                 "EX-HE-TRANSFER", "EX-HE-PUSH", "EX-HE-SIMPLE", "EX-FI-PAIRS")

#: The four sources: id -> (language tag, writing direction, what the source is).
SOURCES = {
    "HE": ("he", "rtl", "the Hebrew encyclopedia article"),
    "KO": ("ko", "ltr", "the Korean wiki article"),
    "ZH": ("zh", "ltr", "the Chinese rules page"),
    "FI": ("fi", "ltr", "the Finnish encyclopedia article"),
}

def example_label(record: Record) -> str:
    """The label of a record in the Example list: "EX-ZH-BOUT — a full 4-player bout".

    >>> example_label(load_example("EX-ZH-BOUT"))
    'EX-ZH-BOUT — a full 4-player bout'
    """
    title = record.title or ""
    ident = record.id or ""
    if ident and title.startswith(ident):
        return title
    if ident and title:
        return f"{ident} — {title}"
    return title or ident or "a game record"


class _View(NamedTuple):
    """The HTML of one frame, built once."""

    table: str
    narration: str
    move: str
    rules: str
    legal: str
    result: str
    reason: str


def button(text: str, icon: str, tip: str, cls: str) -> widgets.Button:
    """A Button that fits its words, with an icon, a tooltip and the CSS class ``cls``."""
    b = widgets.Button(description=text, icon=icon, tooltip=tip, layout=widgets.Layout(width="auto"))
    b.add_class(cls)
    return b


def html_box(cls: str, **layout: str) -> widgets.HTML:
    """An empty HTML widget with the CSS class ``cls`` and the given layout."""
    w = widgets.HTML(value="", layout=widgets.Layout(**layout))
    w.add_class(cls)
    return w


# -------------------------------------------------------------------- HTML pieces
def _ordered_ids() -> list:
    have = example_ids()
    first = [i for i in EXAMPLE_ORDER if i in have]
    return first + sorted(i for i in have if i not in first)


def _source_name_html(rec: Record) -> str:
    src = rec.source or {}
    ident = src.get("id", "")
    what = SOURCES.get(ident, (None, None, f"source {ident}"))[2]
    section = src.get("section")  # may be in the source's language: isolate its direction
    return _esc(f"{what} ({ident})") + (f", section <bdi>{_esc(section)}</bdi>" if section else "")


def _title_html(rec: Record) -> str:
    title = _esc(rec.title or rec.id or "A game record")
    src = f'<div style="font-size:13px;opacity:0.8">From {_source_name_html(rec)}</div>' if rec.source else ""
    return f'<div style="font-size:18px;font-weight:700;margin:4px 0 2px 0">{title}</div>{src}'


def _source_html(rec: Record) -> str:
    src = rec.source
    if not src:
        return '<div style="font-style:italic">This record names no source.</div>'
    lang, direction, _ = SOURCES.get(src.get("id", ""), (None, "ltr", ""))
    quote = src.get("quote") or ""
    if isinstance(quote, list):
        quote = "\n".join(quote)
    attrs = (f' lang="{lang}"' if lang else "") + f' dir="{direction}"'
    box = "margin:6px 0 10px 0;padding:8px 12px;border-left:4px solid #9e9e9e;font-size:15px;line-height:1.6"
    parts = [f'<div class="dl-source-panel"><div><b>Source:</b> {_source_name_html(rec)}, '
             f'in its own language:</div>']
    if quote:
        parts.append(f'<blockquote{attrs} style="{box}">{_esc(quote).replace(chr(10), "<br/>")}</blockquote>')
    if src.get("translation"):
        parts.append(f'<div><b>In English:</b></div><blockquote lang="en" dir="ltr" style="{box}">'
                     f'{_esc(src["translation"])}</blockquote>')
    parts.append("</div>")
    return "".join(parts)


def _move_line(f: Frame, n_moves: int, verdict: Any = None) -> str:
    style = 'style="font-size:14px;opacity:0.85"'
    if f.kind == "start":
        return f"<div {style}>The start position</div>"
    number = f"Move {f.step + 1} of {n_moves}"
    if f.kind == "rejected":
        return f"<div {style}>{number}: <b>{_esc(str(f.move))}</b>, rejected by the rules</div>"
    if f.kind == "move":
        judged = ""
        if verdict is not None:
            colour = {"best": "#2f8a56", "mistake": "#c62828"}.get(verdict.verdict, "#6b6b6b")
            words = verdict.text().split(": ", 1)[-1]
            judged = (f' <span class="dl-verdict" data-verdict="{_esc(verdict.verdict)}" '
                      f'style="color:{colour};font-weight:600">· {_esc(words)}</span>')
        return f"<div {style}>{number}: <b>{_esc(str(f.move))}</b>{judged}</div>"
    return f"<div {style}>After move {f.step + 1}: what follows by itself</div>"


def _legal_html(f: Frame, viewer: Optional[int] = None) -> str:
    p = f.position
    if p is None:
        if f.kind == "move":
            text = "Nobody can or will add a card any more, so the bout ends by itself (R16)."
        else:
            text = "Nobody moves while the bout is cleared away and the hands are refilled (R17, R18, R19)."
        return f'<div style="font-style:italic">{_esc(text)}</div>'
    if p.result is not None:
        return f'<div style="font-style:italic">{_esc(say("legal-over", result=result_sentence(p.result)))}</div>'
    groups = legal_by_seat(p)
    hidden = ""
    if viewer is not None:
        others = sum(1 for seat, _ in groups if seat != viewer)
        groups = [(seat, group) for seat, group in groups if seat == viewer]
        if others:
            hidden = (f'<div style="font-style:italic">{_esc(seat_text(viewer))} cannot see what the other '
                      'players may do: that depends on their cards.</div>')
        if not groups:
            return hidden or f'<div style="font-style:italic">{_esc(seat_text(viewer))} may not move now.</div>'
    if not groups:
        return f'<div style="font-style:italic">{_esc(say("legal-nobody"))}</div>'
    head = "<div>Instead, the rules allow:</div>" if f.kind == "rejected" else ""
    out = []
    for seat, group in groups:
        role = role_words(seat_role(p, seat))
        items = "".join(f'<li>{_esc(e.text)} <span class="dl-rule" style="opacity:0.7;font-size:12px" '
                        f'title="{_esc(e.rule)}: {_esc(RULE_TITLES.get(e.rule, ""))}">{_esc(e.rule)}</span></li>'
                        for e in group)
        out.append(f'<div class="dl-legal-seat" data-seat="{seat_text(seat)}" style="margin:2px 0;'
                   f'min-width:230px"><b>{seat_text(seat)}</b>{" (" + role + ")" if role else ""}'
                   f'<ul style="margin:2px 0 4px 0;padding-left:20px">{items}</ul></div>')
    return head + '<div style="display:flex;flex-wrap:wrap;gap:0 32px">' + "".join(out) + "</div>" + hidden
