"""Every sentence and label of the widgets and of the picture of a table comes from MESSAGES.

Two checks: the source of the widget modules holds no string that looks like a learner's sentence
outside :func:`durak_lab.text.messages.say` (read with :mod:`ast`: docstrings, logging and the
messages of raised exceptions are for developers and left out), and what the stepper, the cover
widget and the picture of a table show, over every worked example, holds no word a learner should
not meet (tests/session/test_learner_sentences.py, ``check``).
"""

from __future__ import annotations

import ast
import html
import re
import sys
from pathlib import Path

import pytest

from durak_lab.display.render import position_html
from durak_lab.text.messages import MESSAGES
from durak_lab.text.catalogue import catalogue

WIDGET_WORDS = catalogue("en").family("widgets")
from durak_lab.widgets.cover import CoverWidget
from durak_lab.widgets.stepper import EXAMPLE_ORDER, Stepper

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session"))
from test_learner_sentences import check  # noqa: E402

PACKAGE = Path(__file__).resolve().parents[2] / "durak_lab"
#: The modules whose every learner sentence goes through say.
MODULES = sorted(PACKAGE.glob("widgets/*.py")) + [PACKAGE / "display" / "render.py", PACKAGE / "text" / "frames.py"]

#: Strings of the modules that look like sentences but are markup or style, not words for a learner.
ALLOWED = {"'DejaVu Sans', 'Segoe UI Symbol', 'Noto Sans Symbols 2', Arial, sans-serif"}  # a CSS font list

_LOGGING = {"debug", "info", "warning", "error", "exception", "critical", "warn"}


def looks_like_a_sentence(text: str) -> bool:
    """Words a learner would read: at least three words, and a capital letter starting one, or a
    full stop, colon, ! or ? ending one, or a filled-in field first ("X may not move now").
    Markup is left out; CSS (a ``;``, ``px``, a colour) without a run of three words is not words.

    >>> looks_like_a_sentence("Nobody moves while the bout is cleared away."), looks_like_a_sentence("Step X of X")
    (True, False)
    >>> looks_like_a_sentence("Go to the last step"), looks_like_a_sentence("<div X>X may not move now.</div>")
    (True, True)
    >>> looks_like_a_sentence("font-size:14px;opacity:0.85"), looks_like_a_sentence("<b>X</b>: X")
    (False, False)
    >>> looks_like_a_sentence("margin:2px 0 4px 0;padding-left:20px"), looks_like_a_sentence("stepper-no-record")
    (False, False)
    """
    text = re.sub(r"<[^>]*>", " ", text)
    if re.search(r"[;{}]|:\s*\S+px|#[0-9a-f]{3}", text) and not re.search(r"[a-z] [a-z]+ [a-z]", text):
        return False
    words = re.findall(r"(?<![\w-])[A-Za-z][a-z'’]+(?![\w-])", text)
    if len(words) < 3:
        return False
    return (re.search(r"(?:^|[\s“(])[A-Z][a-z]", text) is not None
            or re.search(r"[a-z)”][.!?:](?:\s|$)", text) is not None or text.lstrip().startswith("X "))


def _text_of(node: ast.AST) -> str:
    """A string literal's text; an f-string's holes as X."""
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) and isinstance(v.value, str) else "X"
                       for v in node.values)
    return node.value  # type: ignore[attr-defined]


def _skipped(tree: ast.AST) -> set:
    """The ids of the nodes whose strings are for developers: docstrings, logging calls, raised errors."""
    skip: set = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skip.add(id(first.value))
        roots = []
        if isinstance(node, ast.Raise):
            roots = [node]
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr in _LOGGING):
            roots = [node]
        for root in roots:
            skip.update(id(n) for n in ast.walk(root))
    return skip


def sentences_outside_say(source: str, where: str = "<source>") -> list:
    """``(where, line, text)`` of every string literal of ``source`` that looks like a learner's sentence."""
    tree = ast.parse(source)
    skip = _skipped(tree)
    inside_fstrings = {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for v in n.values}
    found = []
    for node in ast.walk(tree):
        if id(node) in skip or id(node) in inside_fstrings:
            continue
        if isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str)):
            text = _text_of(node)
            if looks_like_a_sentence(text) and text not in ALLOWED:
                found.append((where, node.lineno, text))
    return found


@pytest.mark.parametrize("path", MODULES, ids=[p.relative_to(PACKAGE).as_posix() for p in MODULES])
def test_no_learner_sentence_is_left_outside_messages(path):
    assert sentences_outside_say(path.read_text(encoding="utf-8"), path.name) == []


def test_the_scan_catches_a_sentence_left_in_the_code():
    source = '''
"""A module docstring. It is for developers."""
import logging
_log = logging.getLogger(__name__)

def f(n):
    """A docstring. It says what f does."""
    _log.debug("This is a note for the developer.")
    if n < 0:
        raise ValueError("The number must not be negative.")
    label = f"<b>Move {n}:</b> the rules allow this one."
    return "Nobody moves while the bout is cleared away.", label, "font-size:14px;color:#fff", "Step"
'''
    found = sentences_outside_say(source)
    assert sorted((line, text) for _, line, text in found) == [
        (11, "<b>Move X:</b> the rules allow this one."),
        (12, "Nobody moves while the bout is cleared away."),
    ]
    assert sentences_outside_say('say("stepper-end-tip"); css = "margin:2px 0 4px 0;padding-left:20px"') == []


def test_the_widget_words_are_merged_into_messages():
    assert WIDGET_WORDS and all(MESSAGES[key] == text for key, text in WIDGET_WORDS.items())
    assert all(key.startswith(("stepper-", "cover-", "trumps-", "picture-", "classroom-")) for key in WIDGET_WORDS)
    for key, text in WIDGET_WORDS.items():  # words only: the widgets put the markup around them
        assert not re.search(r"[<>&]", text), (key, text)
    check([text.replace("{", "").replace("}", "") for text in WIDGET_WORDS.values()], "WIDGET_WORDS")


def _words(fragment: str) -> list:
    """The text of an HTML fragment, line by line, without the rule tags (a rule id stands beside a
    sentence, never in it) and with the aria labels and tooltips as lines of their own."""
    fragment = re.sub(r'<span class="dl-rule"[^>]*>[^<]*</span>', " ", fragment)
    labels = [html.unescape(x) for x in re.findall(r'(?:aria-label|title)="([^"]*)"', fragment)]
    fragment = re.sub(r"<br/?>|</div>|</li>|</blockquote>", "\n", fragment)
    text = html.unescape(re.sub(r"<[^>]*>", " ", fragment))
    lines = [" ".join(x.split()) for x in text.split("\n")] + labels
    return [x for x in lines if x]


@pytest.mark.parametrize("ident", EXAMPLE_ORDER)
def test_the_stepper_says_nothing_a_learner_should_not_meet(ident):
    s = Stepper(ident, judge=ident.startswith("EX-KO"))
    seen = []
    for viewer in (None, 0):
        s.viewer = viewer
        for i in range(len(s.frames)):
            s.go(i)
            for w in (s.move_line, s.table, s.rules, s.result, s.reason, s.legal, s.message):
                seen += _words(w.value)
    seen += _words(s.title.value) + _words(s.source.value) + [s.step_label.value]
    seen += [b.description for b in (s.start_button, s.back_button, s.next_button, s.end_button)]
    seen += [b.tooltip for b in (s.start_button, s.back_button, s.next_button, s.end_button)]
    seen += [label for label, _ in s.seen_by.options]
    quotes = set(_words(s.source.value))  # the source's own words may be in any language
    check([x for x in seen if x not in quotes or x.isascii()], ident)
    assert "Step 0 of" in s.step_label.value or s.index > 0


def test_the_picture_and_the_cover_widget_say_nothing_a_learner_should_not_meet():
    s = Stepper("EX-ZH-BOUT")
    seen = []
    for f in s.frames:
        seen += _words(position_html(f.snapshot, viewer=1))
    w = CoverWidget("7♥ 9♥ J♥", "10♥ A♠ 6♣", "♠")
    for attack in ("7♥ X9", "", "7♥ 7♥", "Q♠"):
        w.attack.value = attack
        seen += _words(w.answer.value)
    seen += [w.attack.description, w.attack.placeholder, w.hand.placeholder] + [x for x, _ in w.example.options]
    check(seen, "picture and cover")
