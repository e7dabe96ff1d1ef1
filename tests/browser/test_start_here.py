"""The start notebook opens in JupyterLab and runs without an error output."""

import pytest

expect = pytest.importorskip("playwright.sync_api").expect


from .jupyter_pages import STDERR_OUTPUT, lab_error_outputs, open_lab_notebook, unexpected_page_errors

pytestmark = pytest.mark.browser


def test_start_here_runs_in_lab(lab_page, screenshot):
    panel = open_lab_notebook(lab_page, "notebooks/00_start_here.ipynb")
    expect(panel.locator(".jp-CodeCell").first).to_be_visible()
    screenshot(lab_page)
    assert lab_error_outputs(panel) == []
    stderr = panel.locator(STDERR_OUTPUT).all_inner_texts()
    if stderr:
        print("stderr shown by the notebook:", *stderr, sep="\n")
    assert unexpected_page_errors(lab_page, known=()) == []
