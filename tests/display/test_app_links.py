"""The app links of the start notebook: Voila pages under the server's base URL, in a new tab."""

from pathlib import Path

from durak_lab.display import app_links
from durak_lab.display.links import APPS, server_base_url
from durak_lab.text.messages import MESSAGES

REPO = Path(__file__).resolve().parents[2]


def test_on_a_machine_of_ones_own_the_links_start_at_the_server_root(monkeypatch):
    monkeypatch.delenv("JUPYTERHUB_SERVICE_PREFIX", raising=False)
    links = app_links()
    assert [url for _, url in links.links] == ["/voila/render/notebooks/learn.ipynb",
                                               "/voila/render/notebooks/play.ipynb"]


def test_on_binder_the_links_start_at_the_hub_prefix(monkeypatch):
    # Binder (JupyterHub) serves each user's server under /user/<name>/ and says so in the environment
    monkeypatch.setenv("JUPYTERHUB_SERVICE_PREFIX", "/user/my-school-durak_lab-x1y2z3/")
    html = app_links()._repr_html_()
    assert 'href="/user/my-school-durak_lab-x1y2z3/voila/render/notebooks/play.ipynb"' in html
    assert html.count('target="_blank" rel="noopener"') == 2
    assert server_base_url({"JUPYTERHUB_SERVICE_PREFIX": "user/a"}) == "/user/a/"


def test_the_links_read_as_plain_words_and_open_notebooks_that_exist():
    links = app_links(base_url="/")
    assert [name for name, _ in links.links] == ["The lessons", "The play table"]
    text = repr(links)
    assert text.startswith(MESSAGES["app-links-intro"]) and "Traceback" not in text
    for path, key in APPS:
        assert (REPO / path).is_file(), path
        assert key in MESSAGES


def test_the_start_notebook_shows_the_app_links():
    import json

    nb = json.loads((REPO / "notebooks" / "00_start_here.ipynb").read_text(encoding="utf-8"))
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    assert any("app_links()" in src for src in code)
