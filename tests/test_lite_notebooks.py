"""The browser copies of the notebooks that ``.ci/lite`` puts into the JupyterLite site.

No browser and no build here: ``.ci/lite_site.py``'s notebook step alone. The site's
Python (Pyodide) has no pandas or numpy, so a copy keeps every cell that runs without
them, replaces each cell that needs them by a plain sentence (or by a replacement cell
of ``LITE_CELLS``), and runs on the Pyodide kernel. The repository's notebooks are
left as they are. The site itself is tested in ``tests/browser/test_lite_site.py``.
"""

import importlib.util
import json
from pathlib import Path

import pytest

pytest.importorskip("packaging")

REPO = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("lite_site", REPO / ".ci" / "lite_site.py")
lite_site = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lite_site)


def _code(nb):
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


@pytest.mark.parametrize("name", lite_site.NOTEBOOKS)
def test_copy_runs_on_pyodide_and_imports_no_pandas(name):
    src = REPO / "notebooks" / name
    before = src.read_text(encoding="utf-8")
    nb, _left_out = lite_site.lite_notebook(src)
    assert src.read_text(encoding="utf-8") == before  # the repository's notebook is untouched
    assert nb["metadata"]["kernelspec"]["name"] == "python"  # the Pyodide kernel's name
    for code in _code(nb):
        assert "pandas" not in code and "durak_lab.tables" not in code and "durak_lab.plots" not in code, code


def test_start_play_and_learn_keep_every_cell():
    for name in ("00_start_here.ipynb", "play.ipynb", "learn.ipynb", "01_worked_examples.ipynb"):
        original = json.loads((REPO / "notebooks" / name).read_text(encoding="utf-8"))
        nb, left_out = lite_site.lite_notebook(REPO / "notebooks" / name)
        assert left_out == []
        assert _code(nb) == _code(original)


def test_trump_notebook_keeps_a_plotly_chart_and_says_what_is_left_out():
    nb, left_out = lite_site.lite_notebook(REPO / "notebooks" / "04_trump_probabilities.ipynb")
    assert left_out, "the trump notebook's tables need pandas"
    code = _code(nb)
    assert any("go.Figure()" in c and "fig.show()" in c for c in code)
    assert any("who_starts(mine)" in c for c in code)  # a cell without pandas stays
    notes = [c for c in nb["cells"] if c["cell_type"] == "markdown" and c["source"] == lite_site.NO_PANDAS_MD]
    assert len(notes) == len(left_out) - 1  # one left-out cell became the chart
