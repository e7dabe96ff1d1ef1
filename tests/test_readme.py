"""The README's opening example runs as written, and what it lists exists."""

import doctest
import re
import shlex
from pathlib import Path

from durak_lab.cli import app as cli

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_example_runs():
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 8
    assert result.failed == 0


def test_the_notebook_table_lists_every_notebook_and_nothing_else():
    text = README.read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| `((?:notebooks|tutorials)/[^`]+\.ipynb)` \|", text, re.M))
    repo = README.parent
    present = {p.relative_to(repo).as_posix() for d in ("notebooks", "tutorials") for p in (repo / d).glob("*.ipynb")}
    assert listed == present


def test_every_shell_command_shown_exists_with_the_options_shown(capsys):
    text = README.read_text(encoding="utf-8")
    commands = [shlex.split(line.split("#")[0]) for block in re.findall(r"```bash\n(.*?)```", text, re.S)
                for line in block.splitlines() if line.startswith("durak-lab ")]
    commands = [[words[0]] + cli._language_option(words[1:])[0] for words in commands]  # --lang goes anywhere
    assert {c[1] for c in commands} >= {"solve", "analyse", "trumps"}
    parser = cli._parser()
    for words in commands:
        ns = parser.parse_args(words[1:])  # exits (and fails the test) on an unknown command or option
        assert ns.command == words[1]
    # and they run: the worked example named there answers
    assert cli.main(["trumps", "EX-KO-1", "--seat", "P2"]) == 0
    assert "trumps seen from P2" in capsys.readouterr().out
