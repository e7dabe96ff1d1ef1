"""The start notebook's app links open the lessons and the play table as Voila apps.

A markdown link cannot reach Voila from JupyterLab (see ``durak_lab.display.links``),
so the notebook makes the links in a code cell. Here they are clicked in JupyterLab:
JupyterLab must leave them as they are, and each must open its Voila page.
"""

import pytest

expect = pytest.importorskip("playwright.sync_api").expect

from .jupyter_pages import lab_error_outputs, open_lab_notebook  # noqa: E402

pytestmark = pytest.mark.browser

APPS = {"The lessons": "/voila/render/notebooks/learn.ipynb", "The play table": "/voila/render/notebooks/play.ipynb"}


def test_the_start_notebook_links_open_the_voila_apps(lab_page, report):
    panel = open_lab_notebook(lab_page, "notebooks/00_start_here.ipynb")
    assert lab_error_outputs(panel) == []
    links = panel.locator(".jp-OutputArea-output a.dl-app-link")
    expect(links).to_have_count(len(APPS), timeout=30_000)
    for name, path in APPS.items():
        link = panel.get_by_role("link", name=name, exact=True)
        # the server here has base URL "/": the link is the Voila page, untouched by the lab
        assert link.get_attribute("href") == path
        assert link.get_attribute("target") == "_blank"
    with lab_page.context.expect_page(timeout=30_000) as opened:
        panel.get_by_role("link", name="The play table", exact=True).click()
    app = opened.value
    # Voila runs the notebook on the server before the page is complete
    app.wait_for_load_state("load", timeout=180_000)
    assert app.url.endswith(APPS["The play table"]), app.url
    expect(app.locator(".jp-OutputArea-output").first).to_be_visible(timeout=90_000)
    assert "Traceback" not in app.content()
    app.close()
    response = lab_page.request.get(APPS["The lessons"], timeout=180_000)
    assert response.ok, response.status
    report("start notebook: both app links open their Voila page")
