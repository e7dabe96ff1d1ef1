"""The learning notebooks speak plainly: no developer words, no raw tables, no Python reprs, no stderr.

The learning notebooks are the start notebook, the worked examples, attack and
defence, the two tutorials (and the lessons notebook, ``learn.ipynb``, when it
is there).  Their cells are read as stored (the repository stores no outputs,
see ``tests/test_notebooks.py``); the slow test runs them and reads what they
show.  The advanced notebooks (03 solver, 04 probabilities, 05 bots) keep their
technical words, each explained once, and are not checked here.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LEARNING = [ROOT / "notebooks" / name for name in
            ("00_start_here.ipynb", "01_worked_examples.ipynb", "02_attack_and_defence.ipynb", "learn.ipynb")]
LEARNING += [ROOT / "tutorials" / "01_rules_step_by_step.ipynb", ROOT / "tutorials" / "02_what_each_player_sees.ipynb"]
LEARNING = [p for p in LEARNING if p.exists()]

#: Words a learner should not meet (case is ignored), in the cells or in what they show.
DEVELOPER_WORDS = ("posterior", "ε model", "epsilon model", "EpsilonModel", "Hall set", "principal variation",
                   "transitive reduction", "position.known", "sequential protocol", "reason code", "err.reason",
                   "DataFrame", "dtype", "stderr", "traceback", "ply", "plies", "bitmask", "enum")
#: Signs of raw output: pandas' missing values and types, exact fractions and other Python reprs.
RAW_MARKERS = ("NaN", "<NA>", "dtype:", "Fraction(", "class=\"dataframe\"", " object at 0x", "Traceback",
               "Name: ", "[Stepper(")
#: A plain-text output that looks like a Python value: a list, tuple, dict or set.
REPR_LIKE = re.compile(r"^\s*[\[\(\{]")


def _words(text: str) -> list:
    found = []
    for word in DEVELOPER_WORDS:
        pattern = r"(?<![\w.])" + re.escape(word) + r"(?![\w])"
        if re.search(pattern, text, re.IGNORECASE):
            found.append(word)
    return found


def _source(cell) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def source_problems(nb: dict) -> list:
    """(cell number, what is wrong) for every developer word or raw-output call in the stored cells."""
    problems = []
    for i, cell in enumerate(nb["cells"]):
        text = _source(cell)
        for word in _words(text):
            problems.append((i, f"developer word {word!r}"))
        if cell["cell_type"] == "code":
            for marker in ("Fraction(", ".to_string(", ".describe(", "err.reason"):
                if marker in text:
                    problems.append((i, f"raw output {marker!r}"))
    return problems


def output_problems(nb: dict) -> list:
    """(cell number, what is wrong) for every output a learner should not see."""
    problems = []
    for i, cell in enumerate(nb["cells"]):
        for out in cell.get("outputs", []):
            kind = out.get("output_type")
            if kind == "error":
                problems.append((i, f"an error: {out.get('ename')}"))
                continue
            if kind == "stream":
                text = "".join(out.get("text", ""))
                if out.get("name") == "stderr":
                    problems.append((i, "red text on stderr"))
                shown = [("text", text)]
            else:
                data = out.get("data", {})
                rich = [k for k in data if k != "text/plain"]
                shown = [(k, "".join(data[k]) if isinstance(data[k], list) else data[k])
                         for k in ("text/html", "text/markdown") if k in data]
                if not rich:  # only the plain repr is shown
                    plain = "".join(data.get("text/plain", ""))
                    shown.append(("text", plain))
                    if REPR_LIKE.match(plain):
                        problems.append((i, f"a Python value shown as it is: {plain[:40]!r}"))
            for k, text in shown:
                if k == "text/html":
                    text = re.sub(r"<(?:style|script)\b.*?</(?:style|script)>", "", text, flags=re.S)
                    text = re.sub(r"<[^>]+>", " ", text) + " " + " ".join(re.findall(r'class="dataframe"', text))
                for marker in RAW_MARKERS:
                    if marker in text:
                        problems.append((i, f"raw output {marker!r}"))
                for word in _words(text):
                    problems.append((i, f"developer word {word!r} in the output"))
    return problems


def test_there_are_learning_notebooks():
    names = {p.name for p in LEARNING}
    assert {"00_start_here.ipynb", "02_attack_and_defence.ipynb", "01_rules_step_by_step.ipynb"} <= names


@pytest.mark.parametrize("path", LEARNING, ids=lambda p: p.name)
def test_the_cells_use_plain_words(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert source_problems(nb) == []
    assert output_problems(nb) == []  # stored outputs, if any


def test_the_start_notebook_explains_the_words_and_points_to_the_lessons_first():
    nb = json.loads((ROOT / "notebooks" / "00_start_here.ipynb").read_text(encoding="utf-8"))
    first = _source(nb["cells"][0])
    links = re.findall(r"\]\(([^)]+)\)", first)
    assert links[:2] == ["learn.ipynb", "play.ipynb"]
    words = " ".join(_source(c) for c in nb["cells"][:2])
    for word in ("**Durak**", "**bito**", "**talon**", "**trump**"):
        assert word.lower() in words.lower(), word
    assert "../tutorials/glossary.md" in words


def test_the_checks_can_fail():
    bad = {"cells": [
        {"cell_type": "markdown", "source": "The posterior of the ε model, along the principal variation."},
        {"cell_type": "code", "source": ["from fractions import Fraction\n", "Fraction(23, 29)"], "outputs": [
            {"output_type": "execute_result", "data": {"text/plain": "Fraction(23, 29)"}},
            {"output_type": "stream", "name": "stderr", "text": "solving…"},
            {"output_type": "execute_result", "data": {"text/plain": "0    0.5\n1    NaN\ndtype: float64"}},
            {"output_type": "execute_result", "data": {"text/plain": "(6, 6)"}},
            {"output_type": "execute_result", "data": {
                "text/html": '<table class="dataframe"><tr><td>NaN</td></tr></table>', "text/plain": "x"}},
        ]},
    ]}
    found = source_problems(bad)
    assert (0, "developer word 'posterior'") in found and (0, "developer word 'ε model'") in found
    assert (0, "developer word 'principal variation'") in found and (1, "raw output 'Fraction('") in found
    outs = output_problems(bad)
    for want in ["raw output 'Fraction('", "red text on stderr", "raw output 'NaN'", "raw output 'dtype:'",
                 "a Python value shown as it is: '(6, 6)'", "raw output 'class=\"dataframe\"'"]:
        assert (1, want) in outs, want
    # and plain notebooks pass: words inside other words, code names and the table's own HTML are fine
    good = {"cells": [{"cell_type": "markdown", "source": "Apply the rules; replying is fine. Bito!"},
                      {"cell_type": "code", "source": "x", "outputs": [
                          {"output_type": "display_data",
                           "data": {"text/html": '<table class="dl-learner"><tr><td>24%</td></tr></table>',
                                    "text/plain": "where  chance"}}]}]}
    assert source_problems(good) == [] and output_problems(good) == []


@pytest.mark.slow
@pytest.mark.parametrize("path", LEARNING, ids=lambda p: p.name)
def test_what_the_notebooks_show_is_plain(path, monkeypatch):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    monkeypatch.setenv("JUPYTER_PLATFORM_DIRS", "1")
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    nb = nbformat.read(str(path), as_version=4)
    nbclient.NotebookClient(nb, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}}).execute()
    assert output_problems(nb) == []


#: The technical words of the advanced notebooks; each is explained where it first appears in a text cell,
#: marked in *italics* or **bold** there.
ADVANCED_WORDS = {
    "03_game_tree_and_endgames.ipynb": ["ply", "principal variation", "alpha-beta", "transposition table",
                                        "transposition", "exact value", "game tree"],
    "04_trump_probabilities.ipynb": ["standard error", "ε model", "prior", "posterior", "effective sample size",
                                     "opponent model"],
    "05_bots_and_tournaments.ipynb": ["bot", "tournament", "seeded", "95% interval", "DataFrame"],
    "06_evaluate_and_review.ipynb": ["chance", "range", "exact", "label", "accuracy"],
    "07_learning_agents.ipynb": ["environment", "observation", "action mask", "reward", "policy", "REINFORCE"],
}


def first_use_unexplained(nb: dict, words) -> list:
    """The words whose first use in a text cell is not marked as a definition (italics or bold)."""
    missing = []
    for word in words:
        pattern = re.compile(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", re.IGNORECASE)
        for cell in nb["cells"]:
            text = _source(cell)
            if cell["cell_type"] != "markdown" or not pattern.search(text):
                continue
            marked = re.compile(r"(\*\*?)" + re.escape(word) + r"\1", re.IGNORECASE)
            if not marked.search(text):
                missing.append(word)
            break
        else:
            missing.append(word)
    return missing


@pytest.mark.parametrize("name", sorted(ADVANCED_WORDS))
def test_the_advanced_notebooks_explain_each_technical_word_where_it_first_appears(name):
    nb = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))
    assert first_use_unexplained(nb, ADVANCED_WORDS[name]) == []


def test_the_explanation_check_can_fail():
    nb = {"cells": [{"cell_type": "markdown", "source": "Each ply is a move."},
                    {"cell_type": "markdown", "source": "A *ply*. The *posterior* is the new chance."}]}
    assert first_use_unexplained(nb, ["ply", "posterior", "prior"]) == ["ply", "prior"]
