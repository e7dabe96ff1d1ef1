"""Notebooks and tutorials: valid, thin, without stored outputs, and every link leads somewhere."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted([*ROOT.glob("notebooks/*.ipynb"), *ROOT.glob("notebooks/*/*.ipynb"), *ROOT.glob("tutorials/*.ipynb")])
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def test_there_are_notebooks_and_a_start_notebook():
    names = {p.name for p in NOTEBOOKS}
    assert "00_start_here.ipynb" in names and "01_worked_examples.ipynb" in names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_notebook_is_valid_and_stored_without_outputs(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert nb["nbformat"] == 4
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            assert cell.get("outputs", []) == [], f"{path.name}: outputs are stored"
            assert cell.get("execution_count") is None


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_relative_links_lead_to_files(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        text = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        for target in LINK.findall(text):
            if "://" in target or target.startswith("mailto:"):
                continue
            assert (path.parent / target).exists(), f"{path.name} links to missing {target}"
