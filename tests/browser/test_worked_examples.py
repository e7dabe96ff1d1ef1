"""The worked-examples stepper in a real browser, in JupyterLab and in Voila.

Both tests open ``notebooks/01_worked_examples.ipynb``, choose EX-ZH-BOUT (the
Chinese source's four-player bout, trump ♠, P4 attacks P1) and step through it
with Next to the end and back with Back, End and Start, checking at every
frame what the page shows: the step label, the narration, the cards on the
table (``data-card``, attack/cover pairs, aria-labels), the bito, the draw order
P4, P2, P3, P1, P1 leading against P2, and the result. The time from each Next
click to the page's update is measured in the page and reported.
"""

import re

import pytest

expect = pytest.importorskip("playwright.sync_api").expect


from .jupyter_pages import (
    ClickTimer,
    lab_error_outputs,
    open_lab_notebook,
    open_voila,
    unexpected_page_errors,
    voila_error_outputs,
)

pytestmark = pytest.mark.browser

NOTEBOOK = "notebooks/01_worked_examples.ipynb"
EXAMPLE = "EX-ZH-BOUT"
GOES_ON = "The game goes on"

# What the page shows at each frame of EX-ZH-BOUT, from the source text and its
# record (durak_lab/engine/examples/EX-ZH-BOUT.json): frame 0 is the start, frames 1-6
# the moves, then one frame per event after the bout.
#   table:     the attack/cover pairs on the table, in order;
#   narration: patterns the narration must match;
#   rules:     rule ids the frame must cite (the record's rules_cited);
#   legal:     a card the "what may happen now" panel must name: the card of
#              the move the source plays next is among the legal moves.
FRAMES = [
    {"table": [], "narration": [r"P4", r"P1"], "legal": "7♥"},
    {"table": [("7♥",)], "narration": [r"P4", r"7♥", r"P1"], "rules": ["R10"], "legal": "10♥"},
    {"table": [("7♥", "10♥")], "narration": [r"P1", r"10♥"], "rules": ["R11"], "legal": "10♦"},
    {"table": [("7♥", "10♥"), ("10♦",)], "narration": [r"P2", r"10♦"], "rules": ["R12"], "legal": "8♠"},
    {"table": [("7♥", "10♥"), ("10♦", "8♠")], "narration": [r"P1", r"8♠"], "rules": ["R11"], "legal": "8♣"},
    {"table": [("7♥", "10♥"), ("10♦", "8♠"), ("8♣",)], "narration": [r"P3", r"8♣"], "rules": ["R12"],
     "legal": "Q♣"},
    {"table": [("7♥", "10♥"), ("10♦", "8♠"), ("8♣", "Q♣")], "narration": [r"P1", r"Q♣"],
     "rules": ["R11", "R16", "R17", "R19"]},
    {"table": [], "narration": [re.compile(r"bito", re.I)]},
    {"table": [], "narration": [r"P4 draws \d+ cards?"]},
    {"table": [], "narration": [r"P2 draws \d+ cards?"]},
    {"table": [], "narration": [r"P3 draws \d+ cards?"]},
    {"table": [], "narration": [r"P1 draws \d+ cards?"]},
    {"table": [], "narration": [r"P1 leads against P2"]},
]
# The source's own words, shown in the source panel (hidden until asked for).
SOURCE_QUOTE = "玩家4进攻玩家1"
LAST = len(FRAMES) - 1

SUIT_WORDS = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}
RANK_WORDS = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}


def card_words(card: str) -> str:
    """'7♥' -> '7 of hearts', 'Q♣' -> 'queen of clubs'."""
    rank, suit = card[:-1], card[-1]
    return f"{RANK_WORDS.get(rank, rank)} of {SUIT_WORDS[suit]}"


class Stepper:
    """The stepper's controls, found through roles and labels where the contract gives names."""

    def __init__(self, root):
        self.root = root
        self.example = root.get_by_label("Example")
        self.start = root.get_by_role("button", name="Start")
        self.back = root.get_by_role("button", name="Back")
        self.next = root.get_by_role("button", name="Next")
        self.end = root.get_by_role("button", name="End")
        self.label = root.locator(".dl-step-label")
        self.narration = root.locator(".dl-narration")
        self.table_cards = root.locator(".dl-table .dl-table-cards")
        self.result = root.locator(".dl-result")
        self.rules = root.locator(".dl-rules")
        self.legal = root.locator(".dl-legal")
        self.reason = root.locator(".dl-reason")
        self.source = root.locator(".dl-source")
        self.step = root.get_by_label("Step", exact=True)
        self.first_step = None  # number the label shows at frame 0 (0 or 1)
        self.total = None

    def check_controls(self):
        for button, cls in ((self.start, "dl-start"), (self.back, "dl-back"),
                            (self.next, "dl-next"), (self.end, "dl-end")):
            expect(button).to_have_count(1)
            expect(button).to_have_class(re.compile(rf"(^|\s){cls}(\s|$)"))
        expect(self.root.locator(".dl-example select")).to_have_count(1)
        expect(self.root.locator(".dl-step input")).to_have_count(1)
        expect(self.step).to_have_count(1)
        expect(self.source).to_have_count(1)

    def choose(self, example_id: str) -> None:
        # ipywidgets writes option labels with no-break spaces.
        labels = [t.replace("\xa0", " ") for t in self.example.locator("option").all_inner_texts()]
        wanted = [i for i, t in enumerate(labels) if t.startswith(f"{example_id} — ")]
        assert len(wanted) == 1, f"no single option for {example_id} in {labels}"
        self.example.select_option(index=wanted[0])
        expect(self.example.locator("option:checked")).to_have_text(re.compile(rf"^{example_id}\W"))

    def read_label_at_start(self) -> None:
        # Frame 0 may be labelled "Step 0 of 12" or "Step 1 of 13"; either way
        # the label must show this example's frame count (waits for the choice).
        expect(self.label).to_have_text(re.compile(rf"^\s*Step (0 of {LAST}|1 of {LAST + 1})\s*$"))
        self.first_step, self.total = map(int, re.findall(r"\d+", self.label.inner_text()))

    def check_frame(self, i: int) -> None:
        frame = FRAMES[i]
        expect(self.label).to_have_text(re.compile(rf"^\s*Step {self.first_step + i} of {self.total}\s*$"))
        for pattern in frame["narration"]:
            expect(self.narration).to_contain_text(re.compile(pattern) if isinstance(pattern, str) else pattern)
        pairs = self.table_cards.locator(".dl-pair")
        expect(pairs).to_have_count(len(frame["table"]))
        for n, pair in enumerate(frame["table"]):
            cards = pairs.nth(n).locator(".dl-card")
            expect(cards).to_have_count(len(pair))
            for k, card in enumerate(pair):
                expect(cards.nth(k)).to_have_attribute("data-card", card)
                expect(cards.nth(k)).to_have_attribute("aria-label", re.compile(re.escape(card_words(card)), re.I))
        expect(self.table_cards.locator(".dl-card")).to_have_count(sum(len(p) for p in frame["table"]))
        expect(self.result).to_contain_text(GOES_ON)
        for rule in frame.get("rules", ()):
            expect(self.rules).to_contain_text(re.compile(rf"\b{rule}\b"))
        if "legal" in frame:
            expect(self.legal).to_contain_text(frame["legal"])
        expect(self.reason).to_have_text(re.compile(r"^\s*$"))  # no move of this example is rejected
        expect(self.step).to_have_value(str(self.first_step + i))
        if i == 0:
            expect(self.back).to_be_disabled()
            expect(self.start).to_be_disabled()
        else:
            expect(self.back).to_be_enabled()
            expect(self.start).to_be_enabled()
        if i == LAST:
            expect(self.next).to_be_disabled()
        else:
            expect(self.next).to_be_enabled()


def step_through_zh_bout(page, where: str, screenshot, report) -> None:
    root = page.locator(".dl-stepper")
    expect(root).to_have_count(1, timeout=60_000)
    expect(root).to_be_visible()
    s = Stepper(root)
    s.check_controls()
    s.choose(EXAMPLE)
    s.read_label_at_start()
    s.check_frame(0)
    expect(s.source).to_contain_text(SOURCE_QUOTE)

    timer = ClickTimer(page, ".dl-stepper")
    for i in range(1, LAST + 1):
        timer.arm()
        s.next.click()
        s.check_frame(i)
        timer.read()
        if i == 5:
            screenshot(root, "-frame05")
    screenshot(root, "-end")
    report(f"{where}: Next click to update (step label and narration changed): {timer.summary()}")

    for i in range(LAST - 1, -1, -1):
        s.back.click()
        s.check_frame(i)
    s.end.click()
    s.check_frame(LAST)
    s.start.click()
    s.check_frame(0)
    # The step box jumps to a frame.
    s.step.fill(str(s.first_step + 5))
    s.step.press("Enter")
    s.check_frame(5)
    # "Seen by" P2: the other hands face down, only P2's own moves; then every hand again
    seen_by = root.get_by_label("Seen by", exact=True)
    seen_by.select_option(label="P2")
    table = root.locator(".dl-table")
    expect(table).to_contain_text("cards, hidden")
    expect(table.locator("svg.dl-card-back").first).to_be_attached()
    expect(root.locator(".dl-legal")).to_contain_text("P2 cannot see what the other players may do")
    expect(s.label).to_have_text(re.compile(rf"^\s*Step {s.first_step + 5} of {s.total}\s*$"))  # same frame
    seen_by.select_option(label="everyone (all hands face up)")
    expect(table).not_to_contain_text("cards, hidden")
    s.check_frame(5)
    s.start.click()
    s.check_frame(0)


def test_worked_examples_stepper_in_lab(lab_page, screenshot, report):
    panel = open_lab_notebook(lab_page, NOTEBOOK)
    step_through_zh_bout(lab_page, "JupyterLab", screenshot, report)
    screenshot(lab_page)
    assert lab_error_outputs(panel) == []
    assert unexpected_page_errors(lab_page, known=()) == []


def test_worked_examples_stepper_in_voila(voila_page, screenshot, report):
    open_voila(voila_page, NOTEBOOK)
    step_through_zh_bout(voila_page, "Voila", screenshot, report)
    screenshot(voila_page)
    assert voila_error_outputs(voila_page) == []
    assert unexpected_page_errors(voila_page) == []


def test_worked_examples_stepper_in_voila_on_jupyter_server(lab_page, screenshot, report):
    # The Binder app-mode link: Voila as an extension of the Jupyter server
    # (urlpath=voila/render/notebooks/01_worked_examples.ipynb).
    open_voila(lab_page, NOTEBOOK)
    step_through_zh_bout(lab_page, "Voila on the Jupyter server (Binder route)", screenshot, report)
    screenshot(lab_page)
    assert voila_error_outputs(lab_page) == []
    assert unexpected_page_errors(lab_page) == []
