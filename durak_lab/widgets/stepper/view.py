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

from ...engine.moves import seat_text
from ...display.render import say_html
from ...engine.records.record import Record, example_ids, load_example  # noqa: F401  (load_example: the examples)
from ...text.explain import RULE_TITLES, legal_by_seat, result_sentence, seat_role
from ...text.verdicts import verdict_words
from ...text.examples import example_title
from ...text.frames import Frame, frames_of  # noqa: F401  (frames_of: the examples)
from ...text.messages import say
from ...text.narrate import role_words

__all__ = ["EXAMPLE_ORDER", "SOURCES", "STEPPER_CSS", "example_label", "button", "html_box", "rule_tags",
           "close_tree"]

_esc = html.escape

#: The order the worked examples are offered in: the two-player game first, then 4 players, variants last.
EXAMPLE_ORDER = ("EX-KO-DEAL", "EX-KO-1", "EX-KO-2", "EX-ZH-OPEN", "EX-ZH-BOUT", "EX-HE-BOUT", "EX-HE-TAKE",
                 "EX-HE-TRANSFER", "EX-HE-PUSH", "EX-HE-SIMPLE", "EX-FI-PAIRS")

#: The four sources: id -> (language tag, writing direction, the key of what the source is).
SOURCES = {
    "HE": ("he", "rtl", "stepper-source-he"),
    "KO": ("ko", "ltr", "stepper-source-ko"),
    "ZH": ("zh", "ltr", "stepper-source-zh"),
    "FI": ("fi", "ltr", "stepper-source-fi"),
}




def example_label(record: Record) -> str:
    """The label of a record in the Example list: "EX-ZH-BOUT — a full 4-player bout".

    >>> example_label(load_example("EX-ZH-BOUT"))
    'EX-ZH-BOUT — a full 4-player bout'
    >>> from durak_lab.text.catalogue import using
    >>> with using("fi"):
    ...     example_label(load_example("EX-ZH-BOUT")).startswith("EX-ZH-BOUT — ")
    True
    """
    title = record.title or ""
    ident = record.id or ""
    own = example_title(record)
    if own is not None:
        return say("stepper-label", ident=ident, title=own)
    if ident and title.startswith(ident):
        return title
    if ident and title:
        return say("stepper-label", ident=ident, title=title)
    return title or ident or say("stepper-a-record")


#: The stepper's layout (a ``<style>`` in the stepper): the commentary beside the table on a wide
#: screen and above it, scrolling, on a narrow one, so that Next and the whole table fit on one
#: screen at 1366×768 and at 800 px wide; a narrower table is drawn smaller, and in a narrow box
#: (the output area beside JupyterLab's file browser) the seats go in one row that wraps, P1, P2, ...
STEPPER_CSS = """
.dl-stepper .dl-view { display: flex; flex-flow: row wrap; align-items: flex-start; gap: 6px 14px;
  container: dl-view / inline-size; }
.dl-stepper .dl-commentary { flex: 1 1 240px; min-width: 0; max-height: 520px; overflow-y: auto; }
.dl-stepper.dl-rtl .dl-commentary, .dl-stepper.dl-rtl .dl-message, .dl-stepper.dl-rtl .dl-step-label {
  direction: rtl; unicode-bidi: plaintext; }
.dl-stepper .dl-view > .dl-table { flex: 3 1 600px !important; min-width: 0; container: dl-table / inline-size; }
.dl-stepper .dl-position { margin: 0 auto; }
@container dl-view (max-width: 860px) {
  .dl-stepper .dl-commentary { max-height: 10em; }
}
@container dl-table (max-width: 900px) {
  .dl-stepper .dl-position { zoom: 0.82; }
  .dl-stepper .dl-middle { flex-wrap: nowrap !important; }
  .dl-stepper .dl-centre { min-width: 0 !important; flex: 1 1 auto !important; }
}
@container dl-table (max-width: 560px) {
  .dl-stepper .dl-position { zoom: 0.8; padding: 10px !important; }
  .dl-stepper .dl-layout { flex-flow: row wrap !important; justify-content: center; }
  .dl-stepper .dl-layout > [class^="dl-area-"], .dl-stepper .dl-middle,
  .dl-stepper .dl-middle > [class^="dl-area-"] { display: contents !important; }
  .dl-stepper .dl-centre { order: 0; flex: 1 1 100% !important; flex-wrap: wrap !important; }
}
"""


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


def close_tree(*roots: widgets.Widget) -> None:
    """Close widgets and every widget inside them: children, layouts, styles (a ``Box``'s
    ``close()`` closes neither its children nor its layout, which stay alive in the kernel).

    >>> from ipywidgets.widgets.widget import _instances
    >>> box = widgets.VBox([widgets.Button(description="Next"), widgets.HTML("<b>P1</b>")])
    >>> before = len(_instances); close_tree(box); before - len(_instances)   # 3 widgets, 3 layouts, 2 styles
    8
    """
    seen: set = set()
    stack = list(roots)
    while stack:
        w = stack.pop()
        if not isinstance(w, widgets.Widget) or id(w) in seen:
            continue
        seen.add(id(w))
        for name in w.keys:
            value = getattr(w, name, None)
            if isinstance(value, widgets.Widget):
                stack.append(value)
            elif isinstance(value, (tuple, list)):
                stack.extend(v for v in value if isinstance(v, widgets.Widget))
        widgets.Widget.close(w)  # not a subclass's close(), which may call this


# -------------------------------------------------------------------- HTML pieces
def rule_tags(rule_ids: tuple, style: str = "opacity:0.7;font-size:12px") -> str:
    """The rule ids as tags beside a sentence, each with the rule's title as its tooltip.

    >>> rule_tags(("R16",))
    '<span class="dl-rule" style="opacity:0.7;font-size:12px" title="R16: when a bout ends">R16</span>'
    >>> rule_tags(("R11", "R12"), style="").count('<span class="dl-rule" title=')
    2
    """
    tips = {r: say("stepper-rule-tip", rule=r, title=RULE_TITLES.get(r, "")) for r in rule_ids if r}
    css = f' style="{style}"' if style else ""
    return " ".join(f'<span class="dl-rule"{css} title="{_esc(tip)}">{_esc(r)}</span>'
                    for r, tip in tips.items())


def _ordered_ids() -> list:
    have = example_ids()
    first = [i for i in EXAMPLE_ORDER if i in have]
    return first + sorted(i for i in have if i not in first)


def _source_name_html(rec: Record) -> str:
    src = rec.source or {}
    ident = src.get("id", "")
    what = say(SOURCES[ident][2]) if ident in SOURCES else say("stepper-source-other", ident=ident)
    section = src.get("section")  # may be in the source's language: isolate its direction
    return _esc(say("stepper-source-name", what=what, ident=ident)) + (
        say_html("stepper-source-section", section=f"<bdi>{_esc(section)}</bdi>") if section else "")


def _title_html(rec: Record) -> str:
    title = _esc(example_label(rec) if example_title(rec) is not None else
                 rec.title or rec.id or say("stepper-a-record-title"))
    src = (f'<div style="font-size:13px;opacity:0.8">{say_html("stepper-from", source=_source_name_html(rec))}</div>'
           if rec.source else "")
    return f'<div style="font-size:18px;font-weight:700;margin:4px 0 2px 0">{title}</div>{src}'


def _source_html(rec: Record) -> str:
    src = rec.source
    if not src:
        return f'<div style="font-style:italic">{_esc(say("stepper-no-source"))}</div>'
    lang, direction, _ = SOURCES.get(src.get("id", ""), (None, "ltr", ""))
    quote = src.get("quote") or ""
    if isinstance(quote, list):
        quote = "\n".join(quote)
    attrs = (f' lang="{lang}"' if lang else "") + f' dir="{direction}"'
    box = "margin:6px 0 10px 0;padding:8px 12px;border-left:4px solid #9e9e9e;font-size:15px;line-height:1.6"
    own = say_html("stepper-source-own", source=_source_name_html(rec))
    parts = [f'<div class="dl-source-panel"><div><b>{_esc(say("stepper-source-head"))}</b> {own}</div>']
    if quote:
        parts.append(f'<blockquote{attrs} style="{box}">{_esc(quote).replace(chr(10), "<br/>")}</blockquote>')
    if src.get("translation"):
        parts.append(f'<div><b>{_esc(say("stepper-in-english"))}</b></div>'
                     f'<blockquote lang="en" dir="ltr" style="{box}">'
                     f'{_esc(src["translation"])}</blockquote>')
    parts.append("</div>")
    return "".join(parts)


def _move_line(f: Frame, n_moves: int, verdict: Any = None) -> str:
    style = 'style="font-size:14px;opacity:0.85"'
    if f.kind == "start":
        return f"<div {style}>{_esc(say('stepper-start-line'))}</div>"
    number = _esc(say("stepper-move-number", number=f.step + 1, moves=n_moves))
    if f.kind == "rejected":
        return f"<div {style}>{number}: <b>{_esc(str(f.move))}</b>, {_esc(say('stepper-move-rejected'))}</div>"
    if f.kind == "move":
        judged = ""
        if verdict is not None:
            colour = {"best": "#2f8a56", "mistake": "#c62828"}.get(verdict.verdict, "#6b6b6b")
            words = verdict_words(verdict)
            judged = (f' <span class="dl-verdict" data-verdict="{_esc(verdict.verdict)}" '
                      f'style="color:{colour};font-weight:600">· {_esc(words)}</span>')
        return f"<div {style}>{number}: <b>{_esc(str(f.move))}</b>{judged}</div>"
    return f"<div {style}>{_esc(say('stepper-after-move', number=f.step + 1))}</div>"


def _italic(text: str) -> str:
    return f'<div style="font-style:italic">{_esc(text)}</div>'


def _legal_html(f: Frame, viewer: Optional[int] = None) -> str:
    p = f.position
    if p is None:
        text, rules = ((say("stepper-bout-ends"), ("R16",)) if f.kind == "move" else
                       (say("stepper-clearing"), ("R17", "R18", "R19")))
        return f'<div style="font-style:italic">{_esc(text)} {rule_tags(rules)}</div>'
    if p.result is not None:
        return f'<div style="font-style:italic">{_esc(say("legal-over", result=result_sentence(p.result)))}</div>'
    groups = legal_by_seat(p)
    hidden = ""
    if viewer is not None:
        others = sum(1 for seat, _ in groups if seat != viewer)
        groups = [(seat, group) for seat, group in groups if seat == viewer]
        if others:
            hidden = _italic(say("stepper-cannot-see", seat=seat_text(viewer)))
        if not groups:
            return hidden or _italic(say("stepper-may-not-move", seat=seat_text(viewer)))
    if not groups:
        return f'<div style="font-style:italic">{_esc(say("legal-nobody"))}</div>'
    head = f"<div>{_esc(say('stepper-instead'))}</div>" if f.kind == "rejected" else ""
    out = []
    for seat, group in groups:
        role = role_words(seat_role(p, seat))
        name = f"<b>{seat_text(seat)}</b>"
        items = "".join(f'<li>{_esc(e.text)} {rule_tags((e.rule,))}</li>' for e in group)
        out.append(f'<div class="dl-legal-seat" data-seat="{seat_text(seat)}" style="margin:2px 0;'
                   f'min-width:230px">{say_html("stepper-seat-role", seat=name, role=_esc(role)) if role else name}'
                   f'<ul style="margin:2px 0 4px 0;padding-left:20px">{items}</ul></div>')
    return head + '<div style="display:flex;flex-wrap:wrap;gap:0 32px">' + "".join(out) + "</div>" + hidden
