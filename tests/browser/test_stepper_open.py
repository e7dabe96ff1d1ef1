"""The stepper's "Open a saved game" in a real browser: Voila, at 1366×768 and at 800×900.

Voila opens ``notebooks/01_worked_examples.ipynb`` (no code on the page). The test reaches the
button "Open a saved game" with the keyboard, presses Enter and gives the file chooser a saved
game (a ``durak-lab/1`` record as the play table's Save game writes it).  ipywidgets' FileUpload
keeps its ``<input type=file>`` out of the page, so the file goes in through the chooser that
the button opens (Playwright's ``FileChooser.set_files``, the ``set_input_files`` of a chooser).
The stepper shows the game: its name in the Example list, "Step 0", and after Next its first
move.  A file that is not a record gets one plain sentence.  A record saved beside the notebook
is offered under "Saved games".  At both sizes the new controls stay inside the stepper's box.
"""

import re

import pytest

expect = pytest.importorskip("playwright.sync_api").expect

from durak_lab.engine.records import load_record  # noqa: E402
from durak_lab.engine.rules import Rules  # noqa: E402
from durak_lab.session import PlaySession  # noqa: E402

from .jupyter_pages import open_voila, unexpected_page_errors, voila_error_outputs  # noqa: E402

pytestmark = pytest.mark.browser

VIEWPORTS = {"1366x768": {"width": 1366, "height": 768}, "800x900": {"width": 800, "height": 900}}
NOTEBOOK = "notebooks/01_worked_examples.ipynb"

_INSIDE_JS = """root => {
  const r = root.getBoundingClientRect();
  const out = [...root.querySelectorAll('.dl-open-game, .dl-saved-games, .dl-example, .dl-guess-toggle')]
    .map(el => ({cls: el.className, ...el.getBoundingClientRect().toJSON()}))
    .filter(b => b.width > 0 && (b.left < r.left - 1 || b.right > r.right + 1));
  return out;
}"""


def saved_game(seed: int, moves: int = 4) -> str:
    s = PlaySession(Rules.preset("podkidnoy", players=2), ["human", "tips"], seed=seed)
    while len(s.moves) < moves and not s.is_over:
        if s.bot_to_act() is not None:
            s.bot_move()
        else:
            s.play(s.legal()[0])
    return s.record().dump() + "\n"


class FileChoosers:
    """Every file chooser the page opens, caught by one listener for the whole test (waiting for
    each with ``expect_file_chooser`` switches Chromium's interception off and on between files,
    and now and then a chooser opened in between was missed)."""

    def __init__(self, page):
        self.page = page
        self.seen: list = []
        page.on("filechooser", lambda chooser: self.seen.append(chooser))

    def choose(self, button, path) -> None:
        """Press Enter on the upload button (the keyboard) and give the chooser it opens ``path``."""
        before = len(self.seen)
        button.focus()
        self.page.keyboard.press("Enter")
        for _ in range(100):
            if len(self.seen) > before:
                break
            self.page.wait_for_timeout(100)
        assert len(self.seen) > before, "Enter on the upload button opened no file chooser"
        self.seen[-1].set_files(str(path))


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_open_a_saved_game_in_voila(voila_page, viewport, notebook_root, tmp_path, screenshot):
    page = voila_page
    text = saved_game(seed=12)
    rec = load_record(text)
    first = str(rec.moves[0].move)
    upload = tmp_path / "durak-game-12.json"
    upload.write_text(text, "utf-8")
    letter = tmp_path / "letter.json"
    letter.write_text("Dear class, bring your cards on Monday.", "utf-8")
    beside = notebook_root / "notebooks" / "durak-game-31.json"  # saved by the play table beside the notebook
    beside.write_text(saved_game(seed=31, moves=2), "utf-8")
    try:
        page.set_viewport_size(VIEWPORTS[viewport])
        files = FileChoosers(page)
        open_voila(page, NOTEBOOK)
        root = page.locator(".dl-stepper")
        expect(root).to_be_visible(timeout=90_000)
        label = root.locator(".dl-step-label")
        expect(label).to_have_text(re.compile(r"Step 0 of \d+"))
        button = root.get_by_role("button", name=re.compile(r"Open a saved game"))
        expect(button).to_be_visible()
        expect(button).to_have_class(re.compile(r"\bdl-open-game\b"))
        assert root.evaluate(_INSIDE_JS) == []

        # a file that is not a record: one sentence, the stepper as it was
        files.choose(button, letter)
        message = root.locator(".dl-message")
        expect(message).to_have_text("letter.json is not a saved game. Choose a file that “Save game” on the "
                                     "play table wrote.")
        example = root.get_by_label("Example")
        expect(example.locator("option:checked")).to_have_text(re.compile(r"^EX-KO-DEAL\W"))
        examples = example.locator("option").count()

        # the saved game: it joins (ipywidgets writes option labels with no-break spaces) the Example list and opens at its start
        files.choose(button, upload)
        expect(example.locator("option:checked")).to_have_text(re.compile(r"^durak-game-12\.json\s—\sA\sgame\sat"))
        expect(example.locator("option")).to_have_count(examples + 1)  # the worked examples stay
        expect(message).to_be_hidden()
        n = len(rec.moves)
        expect(root.locator(".dl-title")).to_contain_text("A game at the play table")
        root.get_by_role("button", name="Next").click()
        expect(label).to_have_text(re.compile(r"Step 1 of \d+"))
        expect(root.locator(".dl-move")).to_contain_text(f"Move 1 of {n}: {first}")
        expect(root.locator(".dl-table .dl-table-cards .dl-card")).to_have_count(1)
        screenshot(root, f"-{viewport}")

        # "Saved games": the record saved beside the notebook, chosen from the keyboard
        saved = root.get_by_label("Saved games")
        expect(saved).to_be_visible()
        saved.focus()
        saved.select_option(label="durak-game-31.json")
        expect(example.locator("option:checked")).to_have_text(re.compile(r"^durak-game-31\.json\W"))
        expect(label).to_have_text(re.compile(r"Step 0 of \d+"))
        assert root.evaluate(_INSIDE_JS) == []
        assert voila_error_outputs(page) == []
        assert unexpected_page_errors(page) == []
    finally:
        beside.unlink(missing_ok=True)
