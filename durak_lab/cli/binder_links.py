"""``durak-lab binder-links OWNER/REPO [--ref REF] [--json | --markdown]``: the Binder links of a copy.

Binder builds the environment of ``binder/`` for a GitHub repository and opens it
at a URL path of its server: JupyterLab on the start notebook, or a notebook as a
Voila app (the widgets without the code cells). This prints those links for the
repository that hosts this project (``OWNER/REPO``, e.g. ``my-school/durak_lab``)
at ``--ref`` (a branch, a tag or a commit; default ``HEAD``, the default branch; a
tag gives a whole class the same version). ``--json`` prints one JSON object
(``lab``, and ``voila`` by app), ``--markdown`` the list with Binder badges, for a
README or a class page. Exit status 0; 2 for a malformed ``OWNER/REPO`` or ref.

Standard library only.

>>> links = binder_links("my-school/durak_lab", ref="v0.1.0")
>>> links["lab"]
'https://mybinder.org/v2/gh/my-school/durak_lab/v0.1.0?urlpath=lab/tree/notebooks/00_start_here.ipynb'
>>> sorted(links["voila"])
['learn', 'play', 'start', 'worked-examples']
>>> links["voila"]["play"]
'https://mybinder.org/v2/gh/my-school/durak_lab/v0.1.0?urlpath=voila/render/notebooks/play.ipynb'
"""

from __future__ import annotations

import argparse
import json
import re
import urllib.parse
from typing import Any, Dict, TextIO

from .console import write_line

__all__ = ["BINDER", "LAB_NOTEBOOK", "VOILA_APPS", "binder_links", "add_parser", "run", "LinkError"]

BINDER = "https://mybinder.org/v2/gh"
BADGE = "https://mybinder.org/badge_logo.svg"
#: The notebook JupyterLab opens on.
LAB_NOTEBOOK = "notebooks/00_start_here.ipynb"
#: The Voila apps: key, notebook, what it is (for the printed list).
VOILA_APPS = (
    ("start", "notebooks/00_start_here.ipynb", "the start notebook"),
    ("worked-examples", "notebooks/01_worked_examples.ipynb", "the worked examples, step by step"),
    ("play", "notebooks/play.ipynb", "the play table: play Durak by clicking the cards"),
    ("learn", "notebooks/learn.ipynb", "the lessons, for a class"),
)

_REPO = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})/[A-Za-z0-9._-]+")
_REF = re.compile(r"[A-Za-z0-9._/@-]+")


class LinkError(ValueError):
    """A repository or ref that cannot make a Binder link (the message says which and why)."""


def _base(repo: str, ref: str) -> str:
    repo = repo.strip().removeprefix("https://github.com/").removesuffix(".git").strip("/")
    if not _REPO.fullmatch(repo) or repo.split("/")[1] in (".", ".."):
        raise LinkError(f"{repo!r} is not a GitHub repository: write OWNER/REPO, e.g. my-school/durak_lab")
    if not _REF.fullmatch(ref) or ".." in ref or ref.startswith(("/", "-")) or ref.endswith("/"):
        raise LinkError(f"{ref!r} is not a branch, tag or commit name")
    return f"{BINDER}/{repo}/{urllib.parse.quote(ref, safe='')}"


def binder_links(repo: str, ref: str = "HEAD") -> Dict[str, Any]:
    """``{"lab": url, "voila": {app: url}}`` for GitHub repository ``repo`` ("OWNER/REPO") at ``ref``.

    A ref with a slash (a branch ``topic/x``) is URL-encoded, as Binder expects.

    >>> binder_links("a/b", ref="topic/x")["lab"].split("?")[0]
    'https://mybinder.org/v2/gh/a/b/topic%2Fx'
    >>> binder_links("not a repo")
    Traceback (most recent call last):
    ...
    durak_lab.cli.binder_links.LinkError: 'not a repo' is not a GitHub repository: write OWNER/REPO, e.g. my-school/durak_lab
    """
    base = _base(repo, ref)
    return {"lab": f"{base}?urlpath=lab/tree/{LAB_NOTEBOOK}",
            "voila": {key: f"{base}?urlpath=voila/render/{path}" for key, path, _ in VOILA_APPS}}


def _text(links: Dict[str, Any]) -> str:
    width = max(len(key) for key, _, _ in VOILA_APPS)
    lines = [f"JupyterLab, on the start notebook ({LAB_NOTEBOOK}):", f"  {links['lab']}", "",
             "Voila app mode, the widgets without the code cells:"]
    for key, path, what in VOILA_APPS:
        lines.append(f"  {key:<{width}}  {links['voila'][key]}")
    lines += ["", "The first launch after a change can take several minutes while Binder builds the image."]
    return "\n".join(lines)


def _markdown(links: Dict[str, Any]) -> str:
    lines = [f"- [![Launch JupyterLab on Binder]({BADGE})]({links['lab']})",
             f"  **JupyterLab** on the start notebook: <{links['lab']}>"]
    for key, path, what in VOILA_APPS:
        url = links["voila"][key]
        lines += [f"- [![Launch {path} as a Voila app on Binder]({BADGE})]({url})",
                  f"  **Voila app mode**, {what} (`{path}`): <{url}>"]
    return "\n".join(lines)


def add_parser(sub: Any) -> None:
    """Register ``binder-links`` on an argparse subparsers object."""
    p = sub.add_parser("binder-links", help="print the Binder links (JupyterLab and the Voila apps) of a repository",
                       description="Print the Binder links of the GitHub repository OWNER/REPO that hosts this "
                       "project: JupyterLab on the start notebook, and the start notebook, the worked examples, "
                       "the play table and the lessons as Voila apps.")
    p.add_argument("repo", metavar="OWNER/REPO", help="the GitHub repository, e.g. my-school/durak_lab")
    p.add_argument("--ref", default="HEAD",
                   help="a branch, tag or commit (default: HEAD, the default branch; a tag gives a class one version)")
    form = p.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help="print one JSON object: lab, and voila by app")
    form.add_argument("--markdown", action="store_true", help="print a Markdown list with Binder badges")


def run(ns: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Print the links of ``ns.repo`` at ``ns.ref``; return the exit status.

    >>> import io, sys
    >>> ns = argparse.Namespace(repo="my-school/durak_lab", ref="HEAD", json=False, markdown=False)
    >>> run(ns, sys.stdout, sys.stderr)  # doctest: +ELLIPSIS
    JupyterLab, on the start notebook (notebooks/00_start_here.ipynb):
      https://mybinder.org/v2/gh/my-school/durak_lab/HEAD?urlpath=lab/tree/notebooks/00_start_here.ipynb
    ...
      play             https://mybinder.org/v2/gh/my-school/durak_lab/HEAD?urlpath=voila/render/notebooks/play.ipynb
    ...
    0
    """
    try:
        links = binder_links(ns.repo, ns.ref)
    except LinkError as e:
        write_line(err, f"durak-lab binder-links: {e}")
        return 2
    if ns.json:
        write_line(out, json.dumps(links, indent=2))
    elif ns.markdown:
        write_line(out, _markdown(links))
    else:
        write_line(out, _text(links))
    return 0
