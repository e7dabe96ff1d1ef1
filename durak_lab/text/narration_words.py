"""The templates of the narration: moves, what follows them, results, roles, the coach's words.

:data:`MOVE_WORDS` is merged into :data:`~durak_lab.text.messages.MESSAGES`, so
:func:`~durak_lab.text.messages.say` fills these in like every other sentence.
The functions that use them live in :mod:`durak_lab.text.explain` (what may be
played, what was played, the result) and :mod:`durak_lab.text.narrate` (the
events of a bout, a move as a learner says it, the coach's reasons).

Standard library only.

>>> MOVE_WORDS["narrate-take"]
'{seat} takes.'
"""

from __future__ import annotations

__all__ = ["MOVE_WORDS"]

#: The narration's templates, by key.
MOVE_WORDS: dict = {
    # lists
    "list-and": "{rest} and {last}",
    # a move that was played (describe_move)
    "narrate-lead": "{seat} leads {cards} against {defender}.",
    "narrate-throw": "{seat} throws in {cards}.",
    "narrate-cover": "{seat} covers {target} with {card} ({why}).",
    "narrate-transfer": "{seat} transfers the attack with {cards}.",
    "narrate-show": "{seat} shows the trump {cards} and passes the attack on.",
    "narrate-take": "{seat} takes.",
    "narrate-swap": "{seat} swaps {cards} for the trump card.",
    "narrate-pass": "{seat} passes.",
    "cover-trump": "a trump",
    "cover-higher-trump": "a higher trump",
    "cover-higher": "a higher {suit}",
    "cover-joker": "a joker beats any card",
    # a move that may be played, and why (explain_move)
    "explain-lead": "{seat} may lead {cards}",
    "explain-lead-together": "{seat} may lead {cards} together: cards of one rank",
    "explain-add": "{seat} may add {cards} for {defender} to pick up: {rank} is on the table",
    "explain-throw": "{seat} may throw in {cards}: {rank} is on the table",
    "explain-cover": "{seat} may cover {target} with {card} ({why})",
    "explain-cover-partner": "{seat} may cover {target} with {card} ({why}), helping partner {defender}",
    "explain-transfer": "{seat} may transfer with {cards}, passing the attack on to {next}",
    "explain-show": "{seat} may show the trump {card}, passing the attack on to {next}",
    "explain-take": "{seat} may take",
    "explain-swap": "{seat} may swap {card} for the trump card {trump_card}",
    "explain-keep-six": "{seat} may pass and keep {card}",
    "explain-pass-partner": "{seat} may pass, leaving the cover to partner {partners}",
    "explain-pass": "{seat} may pass",
    "explain-pass-nothing": "{seat} may pass: nothing to throw in",
    "explain-other": "{seat} may play {move}",
    "legal-over": "The game is over: {result}.",
    "legal-nobody": "Nobody may move now.",
    "legal-seat": "{seat}:",
    "legal-seat-role": "{seat} ({role}):",
    # a refused move in a worked example
    "reason-sentence": "The rules do not allow “{move}”. {why}",
    # how the game stands (result_sentence)
    "result-on": "The game goes on",
    "result-draw": "Draw: nobody is durak",
    "result-one": "{seats} is the durak",
    "result-many": "{seats} are the durak",
    # a seat's role in words (role_words)
    "role-name-attacker": "attacker",
    "role-name-defender": "defender",
    "role-name-out": "out",
    "role-name-durak": "durak",
    "role-name-out-safe": "out: safe",
    # what follows a move by itself (event_sentence)
    "event-bito": "Bito: {cards} go to the discard.",
    "event-pickup": "{seat} picks up {cards}.",
    "event-return": "{seat} takes back {cards}.",
    "event-return-one": "{seat} takes back {cards}.",
    "event-draw": "{seat} draws {count} cards.",
    "event-draw-one": "{seat} draws 1 card.",
    "event-out": "{seat} has no cards left and is out.",
    "event-bout": "{seat} leads against {other}.",
    "event-over-draw": "Game over: a draw, there is no durak.",
    "event-over-one": "Game over: {seats} is the durak.",
    "event-over-many": "Game over: {seats} are the durak.",
    "event-other": "Something else happens: {kind}.",
    # the ficus finish (Rules.ficus, HE "פתיחת הפיקוס")
    "event-ficus": "{seat} shows {cards}: a card of the same rank as the last card of {other}, a pair, and two "
                   "cards in a row. That is the ficus: {seat} wins and {other} is the durak.",
    # a move as a learner says it (move_words)
    "move-play": "play {cards}",
    "move-cover": "cover {target} with {card}",
    "move-take": "take the cards",
    "move-pass": "say you are done",
    "move-transfer": "transfer with {cards}",
    "move-show": "show {cards} to transfer",
    "move-swap": "swap your trump six for the trump card",
    # why the coach's hint is a good move (hint_why)
    "hint-cover": "It is the cheapest card that beats it.",
    "hint-cover-trump": "Only a trump beats it.",
    "hint-lead": "A low card first keeps your high cards for defending.",
    "hint-throw": "The same rank is on the table, so you may throw it in.",
    "hint-take": "Covering would cost you too much, or you cannot cover.",
    "hint-pass": "Nothing you hold is worth throwing in now.",
    "hint-transfer": "Passing the attack on saves your cards.",
    "hint-swap": "The trump card is worth more than the trump six.",
    "hint-value": "With best play it is {value} for you.",
    "value-win": "a win",
    "value-draw": "a draw",
    "value-loss": "a loss",
    # the coach's warnings
    "coach-trump-cover": "you cover {card} with a trump, but {plain} beats it too. Keep your trumps for later.",
    "coach-take-coverable": "you could cover everything without a trump ({cards}). Taking gives you more cards "
                            "to get rid of.",
    "coach-keep-trumps": "keep your trumps while there are cards in the talon: {cards} would do.",
    "coach-lead-low": "lead low: {low} would do, and {high} is good for defending later.",
    "coach-endgame": "with best play this move turns {best} into {mine}. Better: {move}.",
    # the defender chooses the cards to beat (R13)
    "narrate-choose": "{seat} chooses to beat {cards}; the other cards go back to the attackers.",
    "explain-choose": "{seat} may choose to beat {cards} and send the other cards back",
    "move-choose": "choose to beat {cards}",
    "hint-choose": "These are the cards you can beat most cheaply; the others go back.",
    # pushing durak: a card that breaks the rules, and sending it back
    "narrate-push": "{seat} pushes {cards}, a card of a rank that is not on the table.",
    "narrate-challenge": "{seat} spots that {card} breaks the rules and sends it back to {owner}.",
    "explain-push": "{seat} may push {cards}: no {rank_plural} are on the table, but here any card may be "
                    "laid, and {defender} may send it back",
    "explain-challenge": "{seat} may send {card} back to {owner}: no {rank_plural} are on the table",
    "move-challenge": "send {card} back",
    "hint-challenge": "That card breaks the rules: send it back instead of covering it.",
}
