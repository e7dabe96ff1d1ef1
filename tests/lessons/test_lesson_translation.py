"""Lessons in other languages: words files laid over the checked lessons (durak-lab-lesson-words/1)."""

from __future__ import annotations

import copy
import json

import pytest

from durak_lab.lessons import LessonError, course, in_language, lesson, translated, words_of
from durak_lab.lessons.translation import WORDS_FORMAT, course_title_in, words_files
from durak_lab.lessons.syllabus import course_folder
from durak_lab.text.catalogue import LANGUAGES


def _marked(words: dict) -> dict:
    """Every text of a words file marked, as a translation would change it."""
    out = copy.deepcopy(words)
    out["title"] = "¤" + out["title"]
    out["summary"] = "¤" + out["summary"]
    for step in out["steps"]:
        for key in ("text", "hint", "explain"):
            if key in step:
                step[key] = "¤" + step[key]
        if "options" in step:
            step["options"] = ["¤" + o for o in step["options"]]
        if "feedback" in step:
            step["feedback"] = {k: "¤" + v for k, v in step["feedback"].items()}
    return out


@pytest.mark.parametrize("one", course(), ids=lambda L: L.id)
def test_every_lesson_translates_and_keeps_what_the_engine_checks(one):
    same = translated(one, words_of(one))
    assert [s.text for s in same.steps] == [s.text for s in one.steps]
    marked = translated(one, _marked(words_of(one)))
    assert marked.title == "¤" + one.title and len(marked.steps) == len(one.steps)
    for before, after in zip(one.steps, marked.steps):
        assert after.text == "¤" + before.text
        assert (after.position, after.seat, after.answers, after.check, after.rules) == \
            (before.position, before.seat, before.answers, before.check, before.rules)
        if before.kind == "choice":
            assert after.options == tuple("¤" + o for o in before.options)
            assert after.answer == "¤" + before.answer
            assert all(k in after.options for k in after.feedback if k.startswith("¤"))
        else:
            assert after.answer == before.answer and set(after.feedback) == set(before.feedback)


def test_a_choice_maps_its_answer_and_feedback_by_place():
    one = lesson("bito")
    words = words_of(one)
    words["steps"][4]["options"] = ["Kyllä", "Ei"]
    words["steps"][4]["feedback"] = {"Yes, if the rank matches": "Ei voi."}
    fi = translated(one, words)
    assert fi.steps[4].options == ("Kyllä", "Ei") and fi.steps[4].answer == "Ei"
    assert fi.steps[4].feedback == {"Kyllä": "Ei voi."}
    assert fi.steps[3].feedback == one.steps[3].feedback  # seat answers keep their keys


@pytest.mark.parametrize("change, field", [
    (lambda w: w.update(format="durak-lab-lesson/1"), "format"),
    (lambda w: w.update(id="cards"), "id"),
    (lambda w: w["steps"].pop(), "steps"),
    (lambda w: w["steps"][0].update(hint="extra"), "steps[0]"),
    (lambda w: w["steps"][2].pop("explain"), "steps[2]"),
    (lambda w: w["steps"][2].update(text="  "), "steps[2].text"),
    (lambda w: w["steps"][4].update(options=["a"]), "steps[4].options"),
    (lambda w: w["steps"][4].update(options=["a", "a"]), "steps[4].options"),
    (lambda w: w["steps"][2]["feedback"].update({"P1 pass": "x"}), "steps[2].feedback"),
    (lambda w: w.update(title=3), "title"),
    (lambda w: w.update(extra=1), "extra"),
])
def test_a_words_file_that_does_not_fit_names_what_is_wrong(change, field):
    words = words_of(lesson("bito"))
    change(words)
    with pytest.raises(LessonError) as info:
        translated(lesson("bito"), words, "he/bito.json")
    assert info.value.field == field and "he/bito.json" in str(info.value)


def test_english_and_a_language_without_words_files_give_the_lesson_itself():
    one = lesson("trump")
    assert in_language(one, "en") is one
    assert course_title_in("Learn Durak", "en") == "Learn Durak"


@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != "en"])
def test_every_shipped_words_file_fits_its_lesson(code):
    names = words_files(code)
    for name in names:
        data = json.loads((course_folder() / code / name).read_text(encoding="utf-8"))
        assert data["format"] == WORDS_FORMAT and data.get("lang") == code, name
        translated(lesson(name[:-len(".json")]), data, f"{code}/{name}")
    if names:  # a language with words files translates the whole course, and its title
        assert sorted(names) == sorted(f"{L.id}.json" for L in course())
        assert course_title_in("Learn Durak", code) != "Learn Durak"
