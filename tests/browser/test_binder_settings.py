"""Binder's JupyterLab settings (``binder/overrides.json``, installed by ``binder/postBuild``)
keep the "official Jupyter news?" question away from a class opening the lab.

Two fresh JupyterLab servers: one with no settings overrides, where the question
comes up by itself (the control: this test can see it), and one with exactly
Binder's overrides, where it does not.
"""

import json

import pytest

expect = pytest.importorskip("playwright.sync_api").expect

from .conftest import REPO, _new_page, _stop_server, start_lab  # noqa: E402

pytestmark = pytest.mark.browser

QUESTION = "official Jupyter news"


@pytest.mark.parametrize("settings", ["none", "binder"])
def test_binder_settings_keep_the_news_question_away(browser, tmp_path, screenshot, settings):
    overrides = json.loads((REPO / "binder" / "overrides.json").read_text(encoding="utf-8")) \
        if settings == "binder" else None
    (tmp_path / "root").mkdir()
    proc, base, _ = start_lab(tmp_path / "root", tmp_path / "cfg", overrides)
    ctx, page = _new_page(browser, base)
    try:
        page.goto("/lab")
        expect(page.locator("#jp-main-dock-panel")).to_be_visible(timeout=60_000)
        question = page.get_by_text(QUESTION)
        if overrides is None:
            expect(question.first).to_be_visible(timeout=30_000)  # JupyterLab asks by itself
        else:
            page.wait_for_timeout(10_000)  # the control asks within a few seconds
            expect(question).to_have_count(0)
        screenshot(page)
    finally:
        ctx.close()
        _stop_server(proc)
