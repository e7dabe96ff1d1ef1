"""The lesson player's own words: its buttons, the menu, the feedback around a lesson's text.

:data:`PLAYER_WORDS` is merged into :data:`~durak_lab.text.messages.MESSAGES`, so
every sentence here is said with :func:`~durak_lab.text.messages.say`; the keys
start with ``learn-``.  The lessons' own texts (instructions, hints, feedback)
come from their files.  Standard library only.

>>> PLAYER_WORDS["learn-step"].format(step=2, steps=5)
'Step 2 of 5'
"""

#: Every sentence of the lesson player (``durak_lab.widgets.lessons.player``), by key.
PLAYER_WORDS = {
    # the menu
    "learn-course-title": "Learn Durak",
    "learn-menu-intro": "Pick a lesson. Each one shows a game position and asks you to try things out.",
    "learn-lessons-label": "The lessons",
    "learn-open": "Open the lesson: {title}",
    "learn-rules": "Rules:",
    "learn-rule-title": "{rule}: {title}",
    "learn-progress-label": "Progress in “{title}”",
    "learn-progress": "{solved} of {total} exercises solved",
    "learn-progress-first": "{solved} of {total} exercises solved, {first} at the first try",
    "learn-progress-none": "Nothing to solve: read it through",
    "learn-progress-read": "Read",
    "learn-lesson-done": "Done ✓",
    "learn-lesson-new": "Not started",
    "learn-overall": "You have finished {done} of {total} lessons.",
    "learn-overall-label": "Lessons finished",
    "learn-no-lessons": "There are no lessons to show.",
    "learn-no-such-lesson": "There is no lesson “{lesson}”. The lessons are: {lessons}.",
    # inside a lesson
    "learn-step": "Step {step} of {steps}",
    "learn-back": "Back to the lessons",
    "learn-next": "Next",
    "learn-finish": "Finish the lesson",
    "learn-hint": "Hint",
    "learn-check": "Check",
    "learn-yes": "Yes",
    "learn-no": "No",
    "learn-answer-label": "Your answer",
    "learn-seat-label": "Click a seat",
    "learn-options-label": "Pick one answer",
    "learn-cards-picked": "You picked {cards}. Click “Check” when you have them all.",
    "learn-cards-none": "Click cards to pick them, then click “Check”.",
    "learn-cards-empty": "You have not picked a card yet. Click the cards first, then “Check”.",
    "learn-table-label": "The game position",
    "learn-seat-cards": "Cards: {cards}",
    # what happens after a try
    "learn-right": "Right!",
    "learn-no-hint": "No hint for this step: read the question again.",
    "learn-read-next": "Read this, then click “Next”.",
    "learn-play-now": "Play the game on the table. This step is done when the game ends.",
    "learn-play-done": "The game is over: well played! Click “Next”.",
    # the end of a lesson
    "learn-finished": "You finished the lesson “{title}”.",
    "learn-finished-score": "You solved {solved} of {total} exercises without seeing the answer.",
    "learn-finished-first": "{first} of {total} were right at your first try, without a hint.",
    "learn-next-lesson": "Next lesson: {title}",
    "learn-all-done": "That was the last lesson. Well done!",
    "learn-not-saved": "Your progress could not be saved on this computer. Click “Download my progress” "
                       "on the lesson list to keep it.",
    # who is learning (one server for a class: each student's own progress)
    "learn-who-title": "Who are you?",
    "learn-who-intro": "Type your name, or the name your teacher gave you, then click “Start”. "
                       "This computer remembers it, and your progress is kept under it.",
    "learn-who-label": "Your name",
    "learn-who-start": "Start",
    "learn-who-bad": "Type a name with at least one letter or number.",
    "learn-who-hello": "Hello, {name}!",
    "learn-who-change": "Not {name}? Change",
    "learn-download": "Download my progress",
    "learn-error": "Something went wrong with this step. Click “Back to the lessons” and try again.",
}
