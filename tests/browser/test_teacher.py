"""The teacher's view in a real browser (Voila, ``notebooks/teacher.ipynb``), at 1366×768 and at 800×900.

A class of three students' progress files and one handed-in download lie in the served copy's class
folder; the page shows a row each, a cell a lesson ("1/4 (1)"), the hardest exercise first on its
tab (by the share missed at the first try), a CSV download holding the rows, and nothing sticks out of the page sideways (the wide tables
scroll inside their own box).  The tabs answer the keyboard.
"""

import base64
import re
import shutil

import pytest

expect = pytest.importorskip("playwright.sync_api").expect

from durak_lab.lessons import Progress  # noqa: E402

from .jupyter_pages import open_voila, unexpected_page_errors, voila_error_outputs  # noqa: E402

pytestmark = pytest.mark.browser

VIEWPORTS = {"1366x768": {"width": 1366, "height": 768}, "800x900": {"width": 800, "height": 900}}
AT = "2026-12-04T10:00:00Z"


@pytest.fixture
def class_folder(notebook_root):
    room = notebook_root / "notebooks" / "durak-lab-class"
    shutil.rmtree(room, ignore_errors=True)
    for name, first, solved in (("Ann", True, True), ("Boris", False, True), ("Cleo", False, False)):
        p = Progress.for_student(name, str(room))
        p.mark("cards", 2, solved=solved, first_try=first, tries=1 if first else 3, seconds=40, at=AT)
        p.save()
    handed = room / "handed-in"
    handed.mkdir()
    dora = Progress(student="Dora")
    dora.mark("cards", 2, first_try=True, tries=1, seconds=20, at=AT)
    dora.mark("covering", 1, first_try=False, tries=2, seconds=50, at=AT)
    (handed / "durak-lab-progress-dora.json").write_text(dora.dumps(), encoding="utf-8")
    yield room
    shutil.rmtree(room, ignore_errors=True)


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_the_teachers_view_shows_a_class_of_files(voila_page, class_folder, viewport, screenshot, report):
    page = voila_page
    page.set_viewport_size(VIEWPORTS[viewport])
    open_voila(page, "notebooks/teacher.ipynb")
    root = page.locator(".dl-teacher")
    expect(root).to_have_count(1, timeout=90_000)
    expect(root.locator(".dl-teacher-count")).to_have_text("4 students")
    rows = root.locator("table.dl-teacher-table tbody tr")
    expect(rows).to_have_count(4)
    assert rows.evaluate_all("rs => rs.map(r => r.dataset.student)") == ["Ann", "Boris", "Cleo", "Dora"]
    ann_cards = root.locator('tr[data-student="Ann"] td[data-lesson="cards"]')
    expect(ann_cards).to_have_text("1/4 (1)")
    expect(root.locator('tr[data-student="Cleo"] td[data-lesson="cards"]')).to_have_text("0/4 (0)")
    expect(root.locator('tr[data-student="Dora"] td[data-lesson="covering"]')).to_have_text("1/5 (0)")

    # the page does not scroll sideways: the wide table scrolls inside its own box
    wide = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert wide <= 1, f"the page scrolls sideways by {wide} px"
    screenshot(root, f"-{viewport}")

    # the CSV download holds a row a student and lesson
    href = root.locator("a.dl-teacher-csv").get_attribute("href")
    text = base64.b64decode(href.split(",", 1)[1]).decode("utf-8")
    assert text.startswith("student,lesson,title,") and re.search(r"^Dora,covering,", text, re.M)

    # the Hardest exercises tab, by the keyboard: the share missed at the first try orders them
    tab = page.get_by_role("tab", name="Hardest exercises")
    tab.focus()
    tab.press("Enter")
    missed = root.locator("table.dl-teacher-missed tbody tr")
    expect(missed.first).to_be_visible()
    expect(missed).to_have_count(2)
    expect(missed.nth(0).locator("th")).to_have_text("Covering a card, step 2")  # 1 of 1 missed
    expect(missed.nth(1).locator("th")).to_have_text("The cards, step 3")
    expect(missed.nth(1).locator("td").nth(1)).to_have_text("2")  # Boris and Cleo, of 4
    assert voila_error_outputs(page) == []
    assert unexpected_page_errors(page) == []
    report(f"Voila {viewport}: the teacher's view of 4 students")
