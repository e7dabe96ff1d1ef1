"""Helpers that open notebooks in JupyterLab and Voila and check what they show.

Use them with the ``lab_page`` / ``voila_page`` fixtures of ``conftest.py``,
whose pages resolve relative URLs against their server. Notebook names are
relative to the served root, e.g. ``"notebooks/01_worked_examples.ipynb"``.
"""

import json
import re
import statistics
import time

try:
    from playwright.sync_api import expect
except ImportError:  # imported without playwright (e.g. by --doctest-modules); the tests skip
    expect = None

# The toolbar's kernel indicator reads "idle" before any kernel session exists;
# running all cells then runs only the first one. Wait on the session instead
# (needs --expose-app-in-browser).
KERNEL_READY_JS = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const sc = w && w.sessionContext;
  const k = sc && sc.session && sc.session.kernel;
  return !!k && sc.isReady && k.connectionStatus === 'connected' && k.status === 'idle';
}"""

# Known and harmless: Voila 0.5's front end (JupyterLab 4.2) with plotly 7's lab
# extension throws "r.setData is not a function" once; charts still render.
KNOWN_VOILA_ERRORS = ("setData is not a function",)

ERROR_OUTPUT = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"]'
STDERR_OUTPUT = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'


# ------------------------------------------------------------------ JupyterLab
def open_lab_notebook(page, name: str, *, run_all: bool = True, timeout: float = 120_000):
    """Open notebook ``name`` in JupyterLab, wait for its kernel, run all cells.

    Returns the locator of its notebook panel (other tabs may be open in the
    DOM, hidden). With ``run_all``, waits until every code cell has run.
    """
    # ?reset: start from an empty workspace, not the tabs a previous test left open.
    page.goto(f"/lab/tree/{name}?reset")
    page.wait_for_function(KERNEL_READY_JS, timeout=timeout)
    panel_id = page.evaluate("window.jupyterapp.shell.currentWidget.node.id")
    panel = page.locator(f'[id="{panel_id}"]')
    expect(panel.locator(".jp-Notebook")).to_be_visible(timeout=timeout)
    title = page.evaluate("window.jupyterapp.shell.currentWidget.context.path")
    assert title == name, f"JupyterLab opened {title!r}, not {name!r}"
    if run_all:
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        wait_lab_cells_done(panel, timeout=timeout)
    return panel


def wait_lab_cells_done(panel, timeout: float = 120_000) -> None:
    """Wait until every code cell in ``panel`` shows an execution count ("[3]:").

    A cell that never ran shows "[ ]:", a running one "[*]:".
    """
    prompts = panel.locator(".jp-CodeCell .jp-InputArea-prompt")
    expect(prompts.first).to_be_attached(timeout=timeout)
    expect(prompts.filter(has_text="[*]")).to_have_count(0, timeout=timeout)
    expect(prompts.filter(has_not_text=re.compile(r"\[\d+\]"))).to_have_count(0, timeout=timeout)


def lab_error_outputs(panel) -> list:
    """The errors ("ZeroDivisionError: division by zero") in a notebook panel's outputs.

    Read from the notebook model: in the DOM a traceback looks like any stderr text.
    """
    return panel.evaluate("""node => {
      const errors = [];
      for (const w of window.jupyterapp.shell.widgets('main')) {
        if (w.node !== node) continue;
        const cells = w.content.model.cells;
        for (let i = 0; i < cells.length; i++) {
          const cell = cells.get(i);
          if (cell.type !== 'code') continue;
          for (let j = 0; j < cell.outputs.length; j++) {
            const out = cell.outputs.get(j).toJSON();
            if (out.output_type === 'error') errors.push(`cell ${i}: ${out.ename}: ${out.evalue}`);
          }
        }
      }
      return errors;
    }""")


# ------------------------------------------------------------------ Voila
def open_voila(page, name: str, *, timeout: float = 120_000, first_try: float = 60_000):
    """Open notebook ``name`` as a Voila app and wait until its cells have run.

    Voila runs the notebook on the server while it streams the page, so the
    page's ``load`` event comes after the last cell. Widgets are drawn by the
    browser afterwards: wait for them with ``expect``.

    A page not loaded within ``first_try`` ms is opened again, up to twice more (the last time
    with ``timeout``), and each retry is printed with the requests still waiting.  Now and then
    Voila 0.5 (with nbclient 0.11, pyzmq 27) never finishes a page: the kernel ran the last cell
    and said so, but the executor's wait for the cell's reply never wakes, and the page's own
    request stays open for good.  Seen with the teacher's page, in CI and on a 2-core
    machine (there in 7 of 17 runs of its test, one load in five), never when the same cell
    ran in a kernel driven directly; a new load starts a new kernel and comes through (twice
    in a row it hung once, in a fresh-clone run: hence a third load).
    """
    tries = (min(first_try, timeout), min(first_try, timeout), timeout)
    response = None
    for i, wait in enumerate(tries):
        try:
            response = page.goto(f"/voila/render/{name}", timeout=wait, wait_until="load")
            break
        except Exception as err:  # playwright's TimeoutError
            if "Timeout" not in type(err).__name__:
                raise
            if i == len(tries) - 1:
                raise AssertionError(f"Voila's page {name} did not load, {len(tries)} times; requests still "
                                     f"waiting: {waiting_requests(page)}") from err
            print(f"Voila's page {name} did not load in {wait / 1000:.0f} s "
                  f"(requests still waiting: {waiting_requests(page)}); opening it again")
            page.pending_requests.clear()
    assert response is not None and response.ok, f"Voila answered {response and response.status} for {name}"
    return page


def waiting_requests(page) -> list:
    """The requests of ``page`` not answered yet, each as (URL, seconds waited)."""
    now = time.monotonic()
    return [(url[:160], round(now - t, 1)) for url, t in getattr(page, "pending_requests", {}).items()]


def voila_error_outputs(page) -> list:
    """Tracebacks Voila shows on the page (it renders them as stderr text)."""
    texts = page.locator(STDERR_OUTPUT).all_inner_texts()
    return [t.strip() for t in texts if "Traceback" in t or re.search(r"^\w+(Error|Exception)\b", t, re.M)]


# ------------------------------------------------------------------ both
def unexpected_page_errors(page, known=KNOWN_VOILA_ERRORS) -> list:
    """Uncaught page errors collected by the fixture, minus the known harmless ones."""
    return [e for e in page.js_errors if not any(k in e for k in known)]


def expect_plotly_charts(scope, count=None, timeout: float = 60_000):
    """Assert plotly charts rendered in ``scope`` (a page or a locator).

    Each ``.js-plotly-plot`` must draw its ``svg.main-svg``. With ``count``, exactly
    that many charts; otherwise at least one. Returns the charts' locator.
    """
    plots = scope.locator(".js-plotly-plot")
    if count is None:
        expect(plots.first).to_be_visible(timeout=timeout)
    else:
        expect(plots).to_have_count(count, timeout=timeout)
    for i in range(plots.count()):
        expect(plots.nth(i).locator("svg.main-svg").first).to_be_visible(timeout=timeout)
    return plots


def run_lab_notebook_with_charts(page, name: str, charts: int, *, timeout: float = 180_000):
    """Open notebook ``name`` in JupyterLab, run every cell, and assert that no cell failed and
    that exactly ``charts`` plotly charts drew their SVG. Returns ``(panel, charts locator)``."""
    panel = open_lab_notebook(page, name, timeout=timeout)
    assert lab_error_outputs(panel) == []
    return panel, expect_plotly_charts(panel, count=charts, timeout=120_000)


def assert_lab_page_clean(page, panel) -> None:
    """No cell of ``panel`` shows an error and the page threw no uncaught error."""
    assert lab_error_outputs(panel) == []
    assert unexpected_page_errors(page, known=()) == []


class ClickTimer:
    """Measures, in the page, the time from a click to the widget's update.

    ``arm()`` before the click notes the watched texts and listens for the next
    click (capture phase, ``performance.now()``); a MutationObserver on ``root``
    notes when every watched text has changed. ``read()`` after the click returns
    those milliseconds. Texts that do not change within the wait are ignored, as
    long as at least one did.
    """

    _ARM = """([root, sels, wait]) => {
      const el = document.querySelector(root);
      const text = s => { const n = el.querySelector(s); return n ? n.textContent : null; };
      const before = sels.map(text);
      window.__dlClickTimer = new Promise(resolve => {
        let t0 = null, changed = sels.map(() => null), done = false;
        const finish = () => { if (!done) { done = true; obs.disconnect(); resolve([t0, changed]); } };
        const check = () => {
          if (t0 === null) return;
          const now = performance.now();
          sels.forEach((s, i) => { if (changed[i] === null && text(s) !== before[i]) changed[i] = now - t0; });
          if (changed.every(c => c !== null)) finish();
        };
        const obs = new MutationObserver(check);
        obs.observe(el, {subtree: true, childList: true, characterData: true});
        document.addEventListener('click', () => {
          t0 = performance.now();
          setTimeout(finish, wait);
        }, {capture: true, once: true});
      });
    }"""

    def __init__(self, page, root: str, watch=(".dl-step-label", ".dl-narration"), wait_ms: int = 10_000):
        self.page, self.root, self.watch, self.wait_ms = page, root, list(watch), wait_ms
        self.samples: list = []

    def arm(self) -> None:
        self.page.evaluate(self._ARM, [self.root, self.watch, self.wait_ms])

    def read(self) -> float:
        t0, changed = self.page.evaluate("window.__dlClickTimer")
        assert t0 is not None, "no click reached the page"
        seen = [c for c in changed if c is not None]
        assert seen, f"none of {self.watch} changed within {self.wait_ms} ms of the click"
        self.samples.append(max(seen))
        return self.samples[-1]

    def summary(self) -> str:
        if not self.samples:
            return "no clicks timed"
        return (f"median {statistics.median(self.samples):.0f} ms, max {max(self.samples):.0f} ms "
                f"over {len(self.samples)} clicks")


def write_notebook(root, path: str, code: str) -> str:
    """Write a one-cell notebook running ``code`` at ``root/path``; return ``path``."""
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "w", "metadata": {}, "outputs": [],
                     "source": code.splitlines(keepends=True)}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    (root / path).write_text(json.dumps(nb), encoding="utf-8")
    return path
