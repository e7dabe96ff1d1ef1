"""No English sentence in a learner-facing module: every sentence a learner reads is the catalogue's.

An AST scan, as the layer test reads imports: every string constant of the learner-facing layers
(the widgets, the play sessions, the display, the text, the charts, the tables, the graphs and
the lessons' checks) that reads like an English sentence (three English words that a sentence
can hardly do without) is a failure, unless it is

* a docstring, or a message of an exception raised or a log line (developers read those; a
  learner reads the error's code and facts through ``learner_error``);
* a catalogue key (``reason-not-your-turn``) or markup (CSS, SVG, HTML attributes);
* one of :data:`KNOWN`, each with its reason.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import durak_lab

PACKAGE = Path(durak_lab.__file__).parent
#: The learner-facing layers and modules.
LEARNER = ["widgets", "session", "display", "text", "plots", "tables", "graphs", "lessons/check.py",
           "lessons/player_words.py"]
#: Words an English sentence can hardly do without.
COMMON = {"the", "a", "an", "of", "to", "is", "are", "you", "your", "it", "and", "or", "not", "with", "for",
          "this", "that", "can", "has", "have", "in", "on", "from", "by", "be", "no", "one", "was"}
#: Calls whose string arguments developers read: log lines, warnings, an exception's own ``__init__``.
DEVELOPER_CALLS = {"debug", "info", "warning", "error", "exception", "critical", "warn", "__init__"}
_KEY = re.compile(r"^[a-z0-9][a-z0-9._-]*$")
_MARKUP = re.compile(r"[<>{};:=#]\s*|[a-z-]+:\s*[^ ]")
#: The analyst's charts and tables of the advanced notebook on probabilities (04), in English as
#: the advanced notebooks are; the trumps widget puts a learner's words in their place
#: (``widgets/trumps.py``: ``_bars_words`` and the two after it).
ANALYST = ("Trumps in each place, seen from ", "Where each card is, seen from ",
           "Expected trumps in each place, move by move")
DEAL_QUESTIONS = ("P1 is dealt no trump", "P1 is dealt the lowest trump", "P1 is dealt three trumps",
                  "the expected number of trumps in P1", "P1 holds the lowest trump dealt", "no hand holds a trump")
#: (module, the start of the string): strings that read as English on purpose, for the reasons above.
KNOWN = {("plots/trumps.py", start) for start in ANALYST} | {("tables/trumps.py", q) for q in DEAL_QUESTIONS}


def _modules():
    for entry in LEARNER:
        path = PACKAGE / entry
        yield from (sorted(path.rglob("*.py")) if path.is_dir() else [path] if path.exists() else [])


def _skipped(tree: ast.AST) -> set:
    """The ids of the nodes developers read: docstrings, raised errors, log lines, warnings."""
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skip.add(id(first.value))
        called = isinstance(node, ast.Call) and (
            getattr(node.func, "attr", None) in DEVELOPER_CALLS or getattr(node.func, "id", None) in DEVELOPER_CALLS)
        if isinstance(node, (ast.Raise, ast.Assert)) or called:
            skip.update(id(n) for n in ast.walk(node))
    return skip


def english_sentences(source: str) -> list:
    """``(line, text)`` of the string constants of ``source`` that read like English sentences."""
    tree = ast.parse(source)
    skip = _skipped(tree)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Constant) or not isinstance(node.value, str) or id(node) in skip:
            continue
        text = node.value
        if " " not in text.strip() or _KEY.match(text) or len(_MARKUP.findall(text)) >= 3:
            continue  # a word, a colour, a key, or markup
        words = re.findall(r"[A-Za-z']+", text)
        if len(words) >= 3 and sum(w.lower() in COMMON for w in words) >= 2:
            found.append((node.lineno, text))
    return found


def test_the_scan_finds_a_sentence_and_leaves_the_rest():
    source = '''
"""A module docstring, with the words of a sentence."""
import logging
def f(x):
    """It is a docstring."""
    logging.debug("this is a log line for the developer")
    if x:
        raise ValueError("the value is not a card of the deck")
    label = "Click the card you want to play"
    css = "div.dl-x{margin:0 0 4px 0;font-size:14px;color:#1a1a1a}"
    return say("reason-not-your-turn"), label, css
'''
    assert english_sentences(source) == [(9, "Click the card you want to play")]


def test_no_english_sentence_in_a_learner_facing_module():
    found = []
    for path in _modules():
        module = path.relative_to(PACKAGE).as_posix()
        for line, text in english_sentences(path.read_text(encoding="utf-8")):
            if not any(module == m and text.startswith(start) for m, start in KNOWN):
                found.append(f"{module}:{line}: {text[:70]!r}")
    assert found == [], "\n".join(found)
