"""``durak-lab binder-links``: the Binder links of a repository, for the README and a class page."""

import json
import re
from pathlib import Path

import pytest

from durak_lab.cli import main
from durak_lab.cli.binder_links import LAB_NOTEBOOK, VOILA_APPS, binder_links

REPO = Path(__file__).resolve().parents[2]
BINDER_URL = re.compile(r"https://mybinder\.org/v2/gh/([^/\s)>]+)/([^/\s)>]+)/([^?\s)>]+)\?urlpath=([^\s)>#]+)")


def test_prints_the_lab_link_and_the_four_voila_apps(capsys):
    assert main(["binder-links", "my-school/durak_lab", "--ref", "v0.2.0"]) == 0
    out = capsys.readouterr().out
    urls = BINDER_URL.findall(out)
    assert {(owner, repo, ref) for owner, repo, ref, _ in urls} == {("my-school", "durak_lab", "v0.2.0")}
    assert [u for *_, u in urls] == [
        "lab/tree/notebooks/00_start_here.ipynb",
        "voila/render/notebooks/00_start_here.ipynb",
        "voila/render/notebooks/01_worked_examples.ipynb",
        "voila/render/notebooks/play.ipynb",
        "voila/render/notebooks/learn.ipynb",
    ]
    assert "OWNER" not in out


def test_the_default_ref_is_head_and_json_is_one_object(capsys):
    assert main(["binder-links", "my-school/durak_lab", "--json"]) == 0
    links = json.loads(capsys.readouterr().out)
    assert links == binder_links("my-school/durak_lab")
    assert links["lab"] == ("https://mybinder.org/v2/gh/my-school/durak_lab/HEAD"
                            "?urlpath=lab/tree/notebooks/00_start_here.ipynb")
    assert set(links["voila"]) == {"start", "worked-examples", "play", "learn"}


def test_markdown_gives_a_badge_and_the_link_for_each(capsys):
    assert main(["binder-links", "https://github.com/my-school/durak_lab.git", "--markdown"]) == 0
    out = capsys.readouterr().out
    assert out.count("(https://mybinder.org/badge_logo.svg)") == 1 + len(VOILA_APPS)
    assert len(BINDER_URL.findall(out)) == 2 * (1 + len(VOILA_APPS))  # the badge's target and the plain link
    assert "/my-school/durak_lab/HEAD?" in out


def test_every_link_opens_a_notebook_that_exists():
    for path in [LAB_NOTEBOOK] + [path for _, path, _ in VOILA_APPS]:
        assert (REPO / path).is_file(), path


def test_a_branch_with_a_slash_is_encoded():
    assert "/a/b/topic%2Fx?" in binder_links("a/b", "topic/x")["lab"]


@pytest.mark.parametrize("args, says", [
    (["OWNER"], "is not a GitHub repository"),
    (["a/b/c"], "is not a GitHub repository"),
    (["my school/durak_lab"], "is not a GitHub repository"),
    (["a/b", "--ref", "v 1"], "is not a branch, tag or commit name"),
    (["a/b", "--ref", "../x"], "is not a branch, tag or commit name"),
])
def test_a_malformed_repository_or_ref_exits_2_naming_it(args, says, capsys):
    assert main(["binder-links", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("durak-lab binder-links: ") and says in captured.err
    assert "Traceback" not in captured.err


def test_json_and_markdown_exclude_each_other(capsys):
    assert main(["binder-links", "a/b", "--json", "--markdown"]) == 2
    assert "not allowed with" in capsys.readouterr().err
