"""The sentences of the lesson player that are not a lesson's own text: :data:`LESSON_WORDS`.

:mod:`durak_lab.text.messages` merges them into its ``MESSAGES`` table, so they are said
with :func:`~durak_lab.text.messages.say` like every other learner sentence.  The keys
start with ``lesson-``.

Standard library only.

>>> from durak_lab.text.messages import say
>>> say("lesson-cards-missed-one", what="beats 10♦")
'One more card beats 10♦.'
"""

from __future__ import annotations

__all__ = ["LESSON_WORDS"]

#: The lesson player's sentences, by key.
LESSON_WORDS: dict = {
    # right, and answers that are no answer
    "lesson-right": "Right!",
    "lesson-wrong-seat": "In this exercise you play as {seat}.",
    "lesson-not-a-move": "That is not a move: {why}",
    # a move step
    "lesson-legal-not-listed": "That is allowed ({why}), but it is not the best move here.",
    # a cards step: a wrong pick
    "lesson-cards-not-in-hand": "{card} is not in your hand.",
    "lesson-cards-not-on-table": "{card} is not on the table.",
    "lesson-cards-lower": "{card} does not beat {target}: it is lower.",
    "lesson-cards-other-suit": "{card} does not beat {target}: it is not a {suit} and not a trump.",
    "lesson-cards-trump-only": "{card} does not beat {target}: only a higher trump beats a trump.",
    "lesson-cards-not-trump": "{card} is not a trump: the trumps are the {suit}.",
    "lesson-cards-no-cover": "{card} does not beat any card on the table that is still uncovered.",
    "lesson-cards-covered": "{card} is not waiting for a cover.",
    "lesson-cards-follows-rules": "{card} may stay: it started the bout, or its rank is already on the table, or "
                                  "it is covered.",
    "lesson-cards-wrong": "{card} is not one of the cards asked for.",
    # a cards step: a missed card
    "lesson-cards-missed-one": "One more card {what}.",
    "lesson-cards-missed-many": "{count} more cards {what}.",
    "lesson-cards-missed-one-plain": "You missed one card.",
    "lesson-cards-missed-many-plain": "You missed {count} cards.",
    "lesson-what-beats-one": "beats {card}",
    "lesson-what-beats-many": "beat {card}",
    "lesson-what-playable": "can be played now",
    "lesson-what-throw-in": "can be thrown in",
    "lesson-what-trumps-one": "is a trump",
    "lesson-what-trumps-many": "are trumps",
    "lesson-what-covers": "can cover a card on the table",
    "lesson-what-uncovered-one": "is still uncovered",
    "lesson-what-uncovered-many": "are still uncovered",
    "lesson-what-illegal-one": "breaks the rules",
    "lesson-what-illegal-many": "break the rules",
    # a seat step
    "lesson-seat-to-act": "It is not {seat}'s turn now.",
    "lesson-seat-leader": "{seat} does not lead this bout.",
    "lesson-seat-defender": "{seat} is not the defender.",
    "lesson-seat-lowest-trump": "{seat} does not hold the lowest trump.",
    "lesson-seat-next-leader": "{seat} does not lead the next bout.",
    "lesson-seat-next-defender": "{seat} does not defend in the next bout.",
    "lesson-seat-draws-first": "{seat} does not draw first.",
    "lesson-seat-draws-last": "{seat} does not draw last.",
    "lesson-seat-durak": "{seat} is not the durak.",
    "lesson-seat-wrong": "{seat} is not the answer.",
    # a yes-no step and a choice step
    "lesson-yes-no-illegal": "It is not allowed. {why}",
    "lesson-yes-no-legal": "It is allowed: {why}",
    "lesson-choice-wrong": "“{option}” is not right.",
    # hints made from the engine when the lesson gives none
    "lesson-hint-rule": "Think about this rule: {title}.",
    "lesson-hint-look": "Look at your cards and at the table once more.",
    "lesson-hint-beats": "A card beats {card} if it is a higher {suit} or any trump ({trump}).",
    "lesson-hint-beats-trump": "Only a higher trump beats {card}.",
    "lesson-hint-count-none": "Look closely: maybe no card is right here.",
    "lesson-hint-count-one": "Exactly one card is right.",
    "lesson-hint-count-many": "{count} cards are right.",
    "lesson-hint-seat-to-act": "Is a card on the table still waiting for a cover?",
    "lesson-hint-seat-leader": "The leader is the player who made the first attack of this bout.",
    "lesson-hint-seat-defender": "The defender is the player the attack cards are played against.",
    "lesson-hint-seat-lowest-trump": "Look at the trumps ({suit}) in every hand and find the lowest one.",
    "lesson-hint-seat-bito": "After bito the defender leads the next bout.",
    "lesson-hint-seat-take": "A player who takes loses the lead: the next player after them leads.",
    "lesson-hint-seat-next-defender": "First find who leads the next bout. That player attacks the player "
                                      "on their left.",
    "lesson-hint-seat-draws-first": "The player who led the bout draws first. A player with {hand} cards "
                                    "or more draws nothing.",
    "lesson-hint-seat-draws-last": "The defender draws last. But a player with {hand} cards or more draws "
                                   "nothing, and once the talon is empty, nobody draws.",
    "lesson-hint-seat-draws-attack-order": "Here the attackers draw in the order they joined the attack. "
                                           "The defender draws last, if cards are left.",
    "lesson-hint-seat-durak": "The durak is the last player still holding cards.",
    "lesson-hint-seat": "Look at each player in turn.",
    "lesson-hint-choice": "Read the question again and think about each answer.",
    # the answer, shown after the third wrong try
    "lesson-shown-move": "The answer: {move}.",
    "lesson-shown-any": "Any allowed move is right here, for example: {move}.",
    "lesson-shown-cards": "The right cards: {cards}.",
    "lesson-shown-no-cards": "No card is right here.",
    "lesson-shown-seat": "The answer is {seat}.",
    "lesson-shown-yes": "The answer is yes: it is allowed.",
    "lesson-shown-no": "The answer is no: it is not allowed.",
    "lesson-shown-option": "The answer is “{option}”.",
    # progress
    "lesson-progress-broken": "Your saved progress could not be read, so it starts fresh. "
                              "The old file is kept beside the new one.",
    # a lesson built from a played game
    "lesson-record-title": "What would {seat} play?",
    "lesson-record-summary": "The moves of {seat} in a played game: play them yourself.",
    "lesson-record-intro": "This lesson comes from a played game. At each step, make the move you "
                           "would make as {seat}.",
    "lesson-record-step": "You are {seat}. What would you play here?",
    "lesson-record-played": "In the game, {seat} played this: {move}",
}
