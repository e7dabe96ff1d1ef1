"""Links that open the lessons and the play table as apps (Voila), from inside a notebook.

Voila runs a notebook and shows only what its cells display: the widgets, no
code. The Jupyter server that runs JupyterLab serves Voila too, at
``<base URL>voila/render/<path>``. A markdown link cannot reach that page from
JupyterLab (the lab opens a relative link as a file, and a link starting with
``/`` misses the base URL that Binder and JupyterHub put before every page), so
:func:`app_links` makes the links in the kernel: the base URL is the
``JUPYTERHUB_SERVICE_PREFIX`` Binder and JupyterHub give the server (and so the
kernel), or ``/`` on a machine of one's own. The links open in a new tab.

Standard library and the durak_lab core only.

>>> links = app_links(base_url="/user/ab-12/")
>>> print(links)
Open them as apps, with nothing but the cards to click (each opens in a new tab):
- The lessons: /user/ab-12/voila/render/notebooks/learn.ipynb
- The play table: /user/ab-12/voila/render/notebooks/play.ipynb
>>> 'href="/user/ab-12/voila/render/notebooks/play.ipynb" target="_blank"' in links._repr_html_()
True
"""

from __future__ import annotations

import html
import os
import urllib.parse
from typing import Optional, Sequence, Tuple

from ..text.catalogue import language
from ..text.messages import say

__all__ = ["AppLinks", "app_links", "APPS", "TRANSLATED", "notebook_in_language", "server_base_url"]

#: The notebooks every language has a copy of, in ``notebooks/<code>/``.
TRANSLATED = ("00_start_here.ipynb", "play.ipynb", "learn.ipynb")

#: The apps: the notebook (from the repository's root) and the message key of its name; in another
#: language than English, its copy in that language (:func:`notebook_in_language`).
APPS: Tuple[Tuple[str, str], ...] = (
    ("notebooks/learn.ipynb", "app-link-learn"),
    ("notebooks/play.ipynb", "app-link-play"),
)


def server_base_url(environ: Optional[dict] = None) -> str:
    """The Jupyter server's base URL as the kernel can tell it: JupyterHub's prefix, or ``/``.

    >>> server_base_url({"JUPYTERHUB_SERVICE_PREFIX": "/user/ab-12"}), server_base_url({})
    ('/user/ab-12/', '/')
    """
    prefix = (os.environ if environ is None else environ).get("JUPYTERHUB_SERVICE_PREFIX") or "/"
    return "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"


class AppLinks:
    """Links to Voila apps: HTML links in a notebook, a plain list as text."""

    def __init__(self, links: Sequence[Tuple[str, str]]):
        self.links = list(links)  # (name, URL)

    def __repr__(self) -> str:
        return "\n".join([say("app-links-intro")] + [f"- {name}: {url}" for name, url in self.links])

    def _repr_html_(self) -> str:
        items = "".join(f'<li><a class="dl-app-link" href="{html.escape(url)}" target="_blank" rel="noopener">'
                        f"{html.escape(name)}</a></li>" for name, url in self.links)
        return f'<div class="dl-app-links"><p>{html.escape(say("app-links-intro"))}</p><ul>{items}</ul></div>'


def app_links(apps: Sequence[Tuple[str, str]] = APPS, base_url: Optional[str] = None) -> AppLinks:
    """Links that open each of ``apps`` (notebook path, message key of its name) as a Voila app.

    ``base_url`` is the server's base URL (default: :func:`server_base_url`).
    """
    base = server_base_url() if base_url is None else server_base_url({"JUPYTERHUB_SERVICE_PREFIX": base_url})
    names = {"app-link-learn": say("app-link-learn"), "app-link-play": say("app-link-play")}
    return AppLinks([(names[key] if key in names else say(key),
                      f"{base}voila/render/{urllib.parse.quote(notebook_in_language(path))}") for path, key in apps])


def notebook_in_language(path: str, code: Optional[str] = None) -> str:
    """The chosen language's copy of a shipped notebook (``notebooks/<code>/play.ipynb``), where the
    repository holds one beside the English; else ``path`` itself.

    >>> notebook_in_language("notebooks/play.ipynb", "he"), notebook_in_language("notebooks/play.ipynb", "en")
    ('notebooks/he/play.ipynb', 'notebooks/play.ipynb')
    >>> notebook_in_language("notebooks/03_game_tree_and_endgames.ipynb", "he")
    'notebooks/03_game_tree_and_endgames.ipynb'
    """
    code = language() if code is None else code
    folder, _, name = path.rpartition("/")
    if code == "en" or folder != "notebooks" or name not in TRANSLATED:
        return path
    return f"{folder}/{code}/{name}"
