"""The teacher's words: the class's progress (the teacher's view and ``durak-lab class``) and class games.

:data:`TEACHER_WORDS` is merged into :data:`~durak_lab.text.messages.MESSAGES`, so
every sentence here is said with :func:`~durak_lab.text.messages.say`; the keys
start with ``class-``.  Standard library only.

>>> TEACHER_WORDS["class-cell"].format(solved=4, first=3, total=5)
'4/5 (3)'
"""

#: Every sentence of the teacher's view and of ``durak-lab class``, by key.
TEACHER_WORDS = {
    # the plain table
    "class-col-student": "Student",
    "class-cell": "{solved}/{total} ({first})",
    "class-cell-key": "Each cell: exercises solved / exercises in the lesson (solved at the first try, "
                      "without a hint); - : not started.",
    "class-missed-head": "Exercises most students missed at the first try:",
    "class-missed": "{title}, step {step}: {missed} of {finished} not right at the first try, "
                    "{shown} saw the answer",
    "class-problem": "Could not read {file}: {why}",
    "class-none": "No progress files found. Students' progress is kept in the class folder "
                  "(durak-lab-class beside the notebooks), or hand in the files they downloaded.",
    # the teacher's view (durak_lab.teacher())
    "class-title": "The class",
    "class-intro": "Each student's progress in the lessons: what is solved, and what was right at the "
                   "first try.",
    "class-folder": "Folders to read",
    "class-reload": "Read again",
    "class-upload": "Add handed-in files",
    "class-csv": "Download as CSV",
    "class-count": "{count} students",
    "class-tab-table": "Lessons",
    "class-tab-missed": "Hardest exercises",
    "class-tab-guesses": "Guess the move",
    "class-col-lessons": "Lessons finished",
    "class-col-first": "Right at the first try",
    "class-col-solved": "Exercises solved",
    "class-col-minutes": "Minutes",
    "class-col-last": "Last seen",
    "class-col-exercise": "Exercise",
    "class-col-finished": "Finished by",
    "class-col-missed": "Missed at the first try",
    "class-col-shown": "Saw the answer",
    "class-col-record": "Game",
    "class-col-guessed": "Guessed",
    "class-step": "{title}, step {step}",
    "class-nothing-missed": "No exercise was missed yet.",
    "class-no-guesses": "Nobody has played Guess the move yet.",
    "class-chart-title": "Solved at the first try, by student and lesson",
    "class-chart-share": "{share}% at the first try",
    # class games with one deal ("duplicate" play)
    "class-deal-bad": "“{code}” is not a class deal code. Check it with your teacher: it looks like "
                      "podkidnoy-2-tips-4817.",
    "class-deal-playing": "Class deal {code}: everyone in the class has these same cards.",
    "class-deal-label": "Class deal from your teacher (empty: none)",
    "class-deal-new": "Class deal {code}: {players} players, {game}, against the {bots} bot. "
                      "Students type this code in Game settings on the play table, then click New game.",
    "class-tab-games": "Class games",
    "class-games-head": "Class deal {code}",
    "class-col-place": "Place",
    "class-col-result": "Result",
    "class-col-moves": "Moves",
    "class-col-margin": "Cards left to the durak",
    "class-result-not-durak": "not the durak",
    "class-result-durak": "durak",
    "class-result-draw": "draw",
    "class-result-unfinished": "not finished",
    "class-no-games": "No class games saved yet. Give the class a code from durak-lab class-deal; "
                      "the games students save with it show here.",
}


def class_result_words(result: str) -> str:
    """The words for a class game's result (see :class:`durak_lab.session.class_deal.ClassGame`).

    >>> class_result_words("not durak")
    'not the durak'
    """
    from .messages import say

    words = {"not durak": say("class-result-not-durak"), "durak": say("class-result-durak"),
             "draw": say("class-result-draw"), "unfinished": say("class-result-unfinished")}
    return words[result]
