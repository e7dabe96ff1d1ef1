"""The sentences of the stepper's "Guess the move" and "Open a saved game", merged into
:data:`~durak_lab.text.messages.MESSAGES`.

Keys start with ``guess-`` (guessing) or ``open-`` (a saved game opened from a file);
:func:`durak_lab.text.messages.say` fills them in.  The moves a learner can pick are written as plain words ("P1 covers 7♦
with Q♦"), not in the move text of records ("P1 cover 7♦ with Q♦").

Standard library only.

>>> from durak_lab.text.messages import say
>>> say("guess-move-cover", seat="P1", target="7♦", card="Q♦")
'P1 covers 7♦ with Q♦'
>>> say("guess-score", guessed=4, asked=6, first=3)
'4 of 6 guessed, 3 at the first try'
"""

from __future__ import annotations

__all__ = ["STEPPER_WORDS"]

#: The "Guess the move" sentences, by key.
STEPPER_WORDS: dict = {
    # the controls
    "guess-toggle": "Guess the move",
    "guess-toggle-tip": "Hide the next move of the example and guess it",
    "guess-show": "Show the move",
    "guess-show-tip": "Give up and see the move the source plays",
    # a move, in plain words
    "guess-move-lead": "{seat} leads {cards}",
    "guess-move-throw": "{seat} throws in {cards}",
    "guess-move-cover": "{seat} covers {target} with {card}",
    "guess-move-transfer": "{seat} passes the attack on with {cards}",
    "guess-move-show": "{seat} shows the trump {cards} to pass the attack on",
    "guess-move-take": "{seat} takes the cards",
    "guess-move-pass": "{seat} passes",
    "guess-move-swap": "{seat} swaps {cards} for the trump card",
    "guess-move-choose": "{seat} chooses to beat {cards} and sends the others back",
    # a player's heading above the moves
    "guess-seat": "{seat}",
    "guess-seat-role": "{seat} ({role})",
    # what the panel asks
    "guess-prompt": "What happens next in the source? Click the move you think comes next.",
    "guess-prompt-yours": "What does {seat} do next in the source? Click the move you think comes next.",
    "guess-not-yours": "{seat} moves next, with cards that {viewer} cannot see. Click “Show the move”, "
                       "or choose “everyone” in “Seen by” to guess it.",
    "guess-wait": "Click “Next” to see what follows by itself.",
    "guess-end": "This is the end of the example.",
    "guess-hidden-start": "The description of this example is hidden while you guess, because it tells the "
                          "moves. Switch off “Guess the move” to read it.",
    "guess-hidden-source": "The source text is hidden while you guess, because it tells the moves.",
    # what the panel answers
    "guess-right": "Right: that is the move in the source.",
    "guess-other": "That move is allowed, but it is not the move in the source. Try another one, or click "
                   "“Show the move”.",
    "guess-other-shown": "That move is allowed, but the source plays this: {move}.",
    "guess-shown": "The source plays this: {move}.",
    "guess-illegal": "That move is not allowed: {why}",
    "guess-illegal-source": "The source tries it here on purpose, to show that rule, so you found its move.",
    "guess-error": "Something went wrong with the guessing. Switch “Guess the move” off and on again.",
    "guess-again": "You answered this move before, so it is not counted again.",
    # the score
    "guess-score": "{guessed} of {asked} guessed, {first} at the first try",
    "guess-kept-for": "Kept for {name}",
    "guess-score-zero": "0 of {asked} guessed",
    "guess-score-none": "Nothing guessed yet",
    # opening a saved game (a durak-lab/1 record) from a file
    "open-game": "Open a saved game",
    "open-game-tip": "Open a game saved with “Save game” on the play table (a .json file)",
    "open-saved": "Saved games",
    "open-saved-choose": "choose one",
    "open-not-record": "{name} is not a saved game. Choose a file that “Save game” on the play table wrote.",
    "open-bad-move": "{name} is a saved game, but its move {number} cannot be read, so it cannot be opened.",
    "open-bad-rules": "{name} is a saved game, but its rules cannot be read, so it cannot be opened.",
    "open-bad-start": "{name} is a saved game, but its deal cannot be read, so it cannot be opened.",
    "open-bad": "{name} is a saved game, but part of it cannot be read, so it cannot be opened.",
    "open-cannot-read": "{name} cannot be opened: it is not in the folder any more, or it cannot be read.",
}
