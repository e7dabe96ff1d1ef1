"""Durak words carry their meaning where a learner reads them (issue 15).

The play table and the lesson player send the glossary once, as their ``glossary``
trait, and their JavaScript marks the first use of each word in the texts it draws
as ``abbr.dl-term`` (built with DOM nodes, never innerHTML).  The stepper's
narration is HTML from :func:`~durak_lab.text.glossary.glossary_html`, with
:data:`~durak_lab.text.glossary.GLOSSARY_CSS` on the page once.  Where ``node``
is installed, the JavaScript's matching is run on the lessons' own texts and must
find the same words as Python's :func:`~durak_lab.text.glossary.terms_in`.
"""

import json
import re
import shutil
import subprocess
from pathlib import Path

import ipywidgets as widgets
import pytest

from durak_lab.lessons import course
from durak_lab.text.glossary import FORMS, GLOSSARY, GLOSSARY_CSS, glossary_html, glossary_json, terms_in
from durak_lab.widgets import LessonPlayer
from durak_lab.widgets.lessons.player import front_end
from durak_lab.widgets.play.table import PlayTable
from durak_lab.widgets.stepper import Stepper

from glossary_helpers import NO_SPACES, PARTICLES, PREFIXES, as_language

STATIC = Path(__file__).resolve().parents[2] / "durak_lab" / "widgets" / "static"


def _check_glossary(g: dict) -> None:
    assert g == json.loads(json.dumps(g))  # JSON as it is
    assert g["terms"] == GLOSSARY
    for term, forms in FORMS.items():
        assert all(g["forms"][f] == term for f in forms)
    assert g["forms"]["trump card"] == "trump card" and g["forms"]["trumps"] == "trump"
    for term, pattern in g["not_before"].items():
        assert term in GLOSSARY and re.compile(pattern)


def test_the_lesson_player_sends_the_glossary_once_as_a_synced_trait(tmp_path):
    player = LessonPlayer(progress_path=str(tmp_path / "p.json"), lesson="covering")
    assert "glossary" in player.keys and player.trait_metadata("glossary", "sync")
    _check_glossary(player.glossary)
    # the instruction of "Covering a card" uses glossary words, so it gets marks in the browser
    assert {"defender", "beat", "trump"} <= set(terms_in(player.state["lesson"]["text"]))
    assert "glossary" not in player.state  # not in the state, which is sent again on every change


def test_the_play_table_sends_the_glossary_once_as_a_synced_trait():
    table = PlayTable(seed=5, speed="instant")
    assert "glossary" in table.keys and table.trait_metadata("glossary", "sync")
    _check_glossary(table.glossary)
    before = dict(table.glossary)
    table.handle({"do": "hint"})
    assert table.glossary == before and "glossary" not in table.state


def test_the_javascript_marks_the_texts_with_dom_nodes_only():
    js = (STATIC / "play_table.js").read_text("utf-8")
    lp = (STATIC / "lesson_player.js").read_text("utf-8")
    assert "innerHTML" not in js and "innerHTML" not in lp and "insertAdjacentHTML" not in js + lp
    assert 'said.replaceChildren(...glossed(st.said.join(" "), gloss(), "term:said"))' in js
    assert 'feedback.replaceChildren(...glossed(st.feedback, gloss(), "term:feedback"))' in js
    for part in ("L.text", "L.feedback", "L.explain"):
        assert f"replaceChildren(...glossed({part}, gloss()" in lp
    assert 'key === "glossary" ? model.get("glossary")' in lp  # the step's play table reads it too
    assert 'h("abbr", { class: "dl-term", title: gloss.terms[term], tabindex: 0' in js
    _, css = front_end()
    assert "abbr.dl-term:focus::after" in css and "content: attr(title)" in css
    assert "underline dotted" in css


_RUNNER = r"""
function h(tag, props) { return { tag, text: props.text, title: props.title, tabindex: props.tabindex,
  term: props.data.term, cls: props.class }; }
// the <bdi> isolation of cards and seats needs a DOM: here the text stays one string (the browser tests
// check the isolation)
const isolated = (text) => [String(text)];
%s
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = input.texts.map((t) => glossed(t, input.glossary, "k")
  .map((x) => (typeof x === "string" ? x : { text: x.text, title: x.title, term: x.term, tabindex: x.tabindex,
    cls: x.cls })));
process.stdout.write(JSON.stringify(out));
"""


def _lesson_texts() -> list:
    texts = []
    for lesson in course():
        for step in lesson.steps:
            texts += [t for t in (step.text, step.hint, step.explain, *step.feedback.values()) if isinstance(t, str)]
    return texts


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_javascript_finds_the_same_words_as_python_in_every_lesson_text():
    js = (STATIC / "play_table.js").read_text("utf-8")
    start, end = js.index("const glossaryCache"), js.index("function backs(")
    texts = _lesson_texts() + [
        "The Trump card is a trump; trumps beat. P2 passes the attack on, P3 passes.",
        "P1 throws in 7♥: a THROW-IN. <b>bito</b> & bito-pile",
        "",
    ]
    run = subprocess.run(["node", "-e", _RUNNER % js[start:end]], capture_output=True, text=True, timeout=60,
                         input=json.dumps({"texts": texts, "glossary": glossary_json()}))
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert len(texts) > 20
    for text, parts in zip(texts, out):
        marks = [p for p in parts if isinstance(p, dict)]
        assert [m["term"] for m in marks] == terms_in(text), text
        assert "".join(p if isinstance(p, str) else p["text"] for p in parts) == text  # no word lost or added
        for m in marks:
            assert m["cls"] == "dl-term" and m["tabindex"] == 0 and m["title"] == GLOSSARY[m["term"]]
    first = [p for p in out[-3] if isinstance(p, dict)]
    assert [(m["text"], m["term"]) for m in first] == [("Trump card", "trump card"), ("trump", "trump"),
                                                       ("beat", "beat"), ("attack", "attack"), ("passes", "pass")]
    assert [m["term"] for m in out[-2] if isinstance(m, dict)] == ["throw in", "bito"]  # <b> stays text
    assert out[-1] == []


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
@pytest.mark.parametrize("words, texts", [
    (NO_SPACES, ["他用将牌盖住了。然后他收下所有的牌", "将牌牌是最后一张", "我的将牌"]),
    (PARTICLES, ["수비자가 트럼프를 냅니다", "비트럼프", "트럼프를"]),
    (PREFIXES, ["הקוזירים ובקופה", "אקוזיר", "שם הקוזיר"]),
])
def test_the_javascript_bounds_the_words_as_the_language_does(monkeypatch, words, texts):
    """Chinese without spaces, Korean particles, Hebrew prefixes: the browser finds what Python finds."""
    as_language(monkeypatch, words)
    js = (STATIC / "play_table.js").read_text("utf-8")
    start, end = js.index("const glossaryCache"), js.index("function backs(")
    run = subprocess.run(["node", "-e", _RUNNER % js[start:end]], capture_output=True, text=True, timeout=60,
                         input=json.dumps({"texts": texts, "glossary": glossary_json()}))
    assert run.returncode == 0, run.stderr
    for text, parts in zip(texts, json.loads(run.stdout)):
        marks = [p for p in parts if isinstance(p, dict)]
        assert [m["term"] for m in marks] == terms_in(text), text
        assert "".join(p if isinstance(p, str) else p["text"] for p in parts) == text
        python = re.findall(r'tabindex="0">([^<]*)</abbr>', glossary_html(text))
        assert [m["text"] for m in marks] == python, text


def test_the_stepper_narration_explains_the_words_and_the_rule_ids():
    s = Stepper("EX-ZH-BOUT")
    assert '<abbr class="dl-term" title="To hand out the cards at the start' in s.narration.value  # "deal"
    s.next()  # P4 (holder of the lowest trump, 6♠) leads the 7♥ against P1 (R7, R10)
    value = s.narration.value
    assert value.count('<abbr class="dl-term"') == 2 and 'tabindex="0">lowest trump</abbr>' in value
    assert 'tabindex="0">leads</abbr>' in value
    styles = [w for w in s.children if isinstance(w, widgets.HTML) and "<style>" in w.value]
    assert len(styles) == 1 and GLOSSARY_CSS in styles[0].value and styles[0].layout.display == "none"


def test_the_stepper_narration_is_escaped_and_keeps_its_words():
    s = Stepper("EX-ZH-BOUT")
    s.end()
    plain = re.sub(r"<[^>]+>", "", s.narration.value)
    assert "<abbr" not in plain and "&lt;" not in s.narration.value
    assert plain == s._frames[-1].text.replace("&", "&amp;")
