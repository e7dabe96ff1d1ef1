"""The one place the play table's sentences come from: :func:`say`.

Every sentence the play table, the coach, the stepper and ``durak-lab play`` show
a learner is a template of :data:`MESSAGES`, filled in by :func:`say`: the
table's own words here, the narration of moves and events from
:mod:`durak_lab.text.narration_words` and the reasons for refused moves from
:mod:`durak_lab.text.reason_words`, and the words of the stepper, the other
widgets and the picture of a table from :mod:`durak_lab.text.stepper_words`,
:mod:`durak_lab.text.widget_words` and the others (all merged in).  Keeping them in
one table lets a later version translate them (swap the table) and lets a test
read every one of them for words a learner should not meet.  Templates use
:meth:`str.format` fields; :func:`say` checks the key and the fields and raises
:class:`MessageError` (a programming error, never shown to a learner) when they
do not match.

Standard library only.

>>> say("your-turn", seat="P1")
'P1, your turn.'
>>> say("bot-thinking", seat="P3")
'P3 is thinking…'
>>> say("no-such-key")
Traceback (most recent call last):
...
durak_lab.text.messages.MessageError: no message 'no-such-key'
"""

from __future__ import annotations

import string
from typing import Any

from ..engine.errors import DurakError
from .narration_words import MOVE_WORDS
from .reason_words import REASON_WORDS
from .review_words import REVIEW_WORDS
from .lesson_words import LESSON_WORDS
from .player_words import PLAYER_WORDS
from .stepper_words import STEPPER_WORDS
from .teacher_words import TEACHER_WORDS
from .widget_words import WIDGET_WORDS

__all__ = ["MESSAGES", "MessageError", "say", "fields_of"]


class MessageError(DurakError, KeyError):
    """A message key that does not exist, or fields that do not fit its template."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


#: Every sentence of the play table, the coach and the terminal game, by key.
MESSAGES: dict = {
    # whose turn
    "your-turn": "{seat}, your turn.",
    "your-turn-hidden": "{seat}, your turn: click “Show my cards” when nobody else is looking.",
    "bot-thinking": "{seat} is thinking…",
    "waiting": "Waiting for {seat}.",
    "pick-cover": "Now click the card of your hand that covers {card}.",
    "picked-attack": "You picked {card}. Click a card of your hand that beats it.",
    "pick-cards": "Click a card of your hand to play it.",
    # roles and seats
    "seat-you": "{seat} (you)",
    "seat-bot": "{seat} ({level} bot)",
    "seat-human": "{seat}",
    "role-attacker": "attacks",
    "role-defender": "defends",
    "role-out": "out of cards",
    "role-durak": "durak",
    "cards-count": "{count} cards",
    "one-card": "1 card",
    "talon-count": "Talon: {count} cards",
    "talon-empty": "Talon: empty",
    "trump-is": "Trump: {suit}",
    # the moves a learner can make with a button
    "button-take": "Take",
    "button-pass": "Done",
    "button-pass-partner": "Pass to partner",
    "button-transfer": "Transfer",
    "button-show": "Show trump",
    "button-swap": "Swap trump six",
    "button-challenge": "Send back",
    "button-hint": "Hint",
    "button-options": "Show my options",
    "button-undo": "Undo",
    "button-new": "New game",
    "button-rematch": "Rematch, seats swapped",
    "button-save": "Save game",
    "button-reveal": "Show my cards",
    "button-play-anyway": "Play it anyway",
    "button-think-again": "Think again",
    # feedback
    "illegal": "You can't do that: {why}",
    "not-your-turn": "It is not your turn: {seat} plays now.",
    "options": "You may: {moves}.",
    "options-none": "You have nothing to play right now.",
    "no-undo": "There is nothing to undo yet.",
    "undone": "Your last move is taken back.",
    "saved": "The game is saved in {path}.",
    "new-game": "New game (deal number {seed}). {leader} leads.",
    "game-over": "Game over. {result}.",
    "you-lost": "You are the durak this time. Try again!",
    "you-won": "Well played: you are not the durak!",
    "draw": "A draw: nobody is the durak.",
    # the coach
    "coach-warning": "Coach: {why}",
    "coach-hint": "Hint: {move}. {why}",
    "coach-ok": "Coach: that looks fine.",
    # the review at the end
    "review-title": "How the game went",
    "review-moves": "{count} moves were played.",
    "review-notes": "The coach spoke up {count} times.",
    "review-notes-once": "The coach spoke up once.",
    "review-no-notes": "The coach had nothing to say.",
    # the terminal game
    "terminal-moves": "your moves: {moves}",
    "terminal-bad-line": "not understood: {why}",
    "terminal-line-too-long": "That line is too long: type one move a line, like 7h or take.",
    "terminal-bye": "Bye! The game stopped before the end.",
    "terminal-welcome": "Durak ({rules}): {seats}. Type help to see how to write your moves.",
    "terminal-trump-card": "Trump: {suit} (the face-up card at the bottom of the talon is {card})",
    "terminal-seat": "{seat}: {cards}",
    "terminal-seat-role": "{seat}: {cards}, {role}",
    "terminal-table": "On the table: {cards}",
    "terminal-table-empty": "On the table: nothing yet",
    "terminal-covered": "{card} covered by {cover}",
    "terminal-taking": "{seat} is taking the cards.",
    "terminal-talon-one": "Talon: 1 card",
    "terminal-hand": "Your cards ({seat}): {cards}",
    "terminal-no-cards": "none",
    "terminal-not-your-seat": "You play {seat} now, not {other}: write a move of {seat}, or just the cards.",
    "terminal-play-anyway": "play it anyway? (y/n)",
    "terminal-think-again": "OK, the move is not played: think again.",
    "terminal-hand-over": "{seat} plays next: give {seat} the keyboard, then press Enter.",
    "terminal-help-moves": "Type one move a line and press Enter: a card to play it (7h, 10♦, qs), several cards "
                           "of one rank to lead them together (7h 7c), '9h on 7h' to cover 7h with 9h, take, pass "
                           "(or done), transfer 7c, show 7s, swap, or a move as the list of your moves writes it.",
    "terminal-help-cards": "A card is a rank (2 to 10, J, Q, K, A) and a suit: s or ♠ spades, h or ♥ hearts, "
                           "d or ♦ diamonds, c or ♣ clubs.",
    "terminal-help-words": "Also: hint (what a strong player would do), undo (take back your last move), "
                           "help (this text), quit (stop the game).",
    "terminal-option-number": "{option}: '{value}' is not a whole number",
    "terminal-option-digits": "{option}: '{value}' has too many digits",
    "terminal-option-players": "--players: a table has 2 to 8 players, not {value}",
    "terminal-option-players-deck": "--players: --preset {preset} deals cards to at most {most} players, not "
                                    "{value}; for 7 or 8 players choose --preset {presets}",
    "terminal-option-preset": "--preset: there is no preset '{value}': the presets are {presets}",
    "terminal-option-rules": "--preset {preset} cannot be played by {players} players: {why}",
    "terminal-option-seed": "--seed: a deal number is 0 or more, not {value}",
    "terminal-option-seat": "--seat: write 1 to {players} (P1 to P{players}), not {value}",
    "terminal-option-humans": "--humans: 0 to {players} people can play at a table of {players}, not {value}",
    "terminal-option-level": "--vs: there is no bot level '{value}': the levels are {levels} (weakest first)",
    "terminal-option-levels": "--vs: {count} levels for {bots}: give one level for all the bots or one for each",
    "terminal-no-bots": "no bots",
    # the options of durak_lab.play() (the play table in a notebook)
    "option-vs": "vs: write a bot level, or a list of one level per bot ({levels}), not {value}",
    "option-preset": "preset: write the name of a preset ({presets}), not {value}",
    "option-speed": "speed: write slow, normal, fast or instant, not {value}",
    "option-whole": "{option}: write a whole number from 0 to {most}, not {value}",
    "option-seed": "seed: write a deal number, a whole number from 0 up, of at most 40 digits, not {value}",
    "option-humans": "humans: 1 to {players} people can play at a table of {players}, not {value}",
    "option-deal": "deal: write the class deal code the teacher gave you, like podkidnoy-2-tips-4817, not {value}",
    "option-unreadable": "(not a text)",
    "option-large": "a number of more than 40 digits",
    "terminal-one-bot": "1 bot",
    "terminal-bots": "{count} bots",
    # reading a typed move (what the terminal game and the play table show when a line fits no move)
    "read-empty": "type a move, or help to see how",
    "read-unknown": "'{word}' is not a card or a move: write a card like 7h, or take, pass or help",
    "read-not-a-card": "'{word}' is not a card: write a rank (2-10, J, Q, K, A) and a suit (s h d c or ♠ ♥ ♦ ♣), "
                       "like 7h or 10♦",
    "read-needs-card": "'{verb}' needs a card, like '{verb} 7h'",
    "read-twice": "a card appears twice",
    "read-no-card": "'{verb}' needs no card: write just {verb}",
    "read-one-card": "'{verb}' takes one card, like '{verb} 7h'",
    "read-cover-form": "write a cover as '9h on 7h' or 'cover 7h with 9h'",
    "read-which-card": "{card} could cover {cards}: write '{card} on {target}'",
    "read-cover-or-transfer": "{card} could cover {cards}, or transfer the attack: write '{card} on {target}' "
                              "or 'transfer {card}'",
    "read-beats-none": "{card} beats none of the cards to cover ({cards})",
    "read-both-on-table": "{first} and {second} are both on the table: write your card on the card it covers, "
                          "like '{example}'",
    "read-neither-on-table": "neither {first} nor {second} is on the table: write your card on the card it "
                             "covers, like '{example}'",
    "read-one-at-a-time": "cover one card at a time, like '9h on 7h'",
    # the redeal question (R4): the play table and the terminal game
    "redeal-ask-suit": "{seat}, you have {count} {suit}. You may ask for a new deal. Do you want new cards?",
    "redeal-ask-colour": "{seat}, you have {count} {colour} cards. You may ask for a new deal. Do you want new cards?",
    "redeal-yes": "Yes, new cards",
    "redeal-no": "No, keep my cards",
    "redeal-declared": "{seat} asks for a new deal. All cards but the trump card are dealt again.",
    "redeal-kept": "You keep your cards.",
    "redeal-first": "First answer the question about a new deal, {seat}.",
    "redeal-not-asked": "Nobody is asked about a new deal now.",
    "redeal-terminal": "new cards? (y/n)",
    # links that open notebooks as apps (durak_lab.display.links)
    "app-links-intro": "Open them as apps, with nothing but the cards to click (each opens in a new tab):",
    "app-link-learn": "The lessons",
    "app-link-play": "The play table",
    # the play table
    "button-play": "Play",
    "button-reveal-seat": "{seat}, your turn: show my cards",
    "button-coach": "Coach",
    "button-settings": "Game settings",
    "button-download": "Download the record",
    "button-log": "Everything that happened",
    "pick-attack": "Click a card on the table, then the card of your hand that beats it.",
    "pick-throw": "Throw in a card of a rank that is on the table, or click “Done”.",
    "pick-target": "{card} beats more than one card on the table: first click the card you want to cover.",
    "picked-cards": "You picked {cards}. Click “Play”, or click another card of that rank to add it.",
    "pick-transfer": "Click the cards you pass the attack on with, then click “Transfer”.",
    "picked-transfer": "You picked {cards}. Click “Transfer” to pass the attack on.",
    "picked-challenge": "You picked {card}. Click “Send back” if it breaks the rules, or “Take”.",
    "pick-challenge": "Click the card on the table that breaks the rules, and it goes back to its owner.",
    "think-again": "Take your time and choose another move.",
    "coach-on": "The coach is on: it speaks up before a move that looks like a mistake.",
    "coach-off": "The coach is off.",
    "hidden-hands": "Every hand is face down until its owner clicks the button.",
    "error": "Something went wrong. Click “New game” to start again.",
    "save-failed": "The game could not be saved on this computer.",
    "download-ready": "You can also download the record to your computer.",
    "players-fixed": "These rules are for {count} players.",
    "players-most": "These rules are for at most {count} players. For 7 or 8, choose a game with 52 cards.",
    "card-trump": "{card}, trump",
    "card-under-talon": "{card}, the trump card under the talon",
    "bito-count": "Bito pile: {count} cards",
    "bito-empty": "Bito pile: empty",
    "hand-of": "Cards of {seat}",
    "hand-face-down": "{count} cards, face down",
    "table-label": "Cards on the table",
    "table-empty": "No cards on the table yet.",
    "moves-label": "Your moves",
    "tools-label": "Help and undo",
    "known-cards": "Seen by all: {cards}",
    "said-label": "What just happened",
    "options-more": "{moves} and {count} more",
    "settings-bots": "Bots",
    "settings-rules": "Rules",
    "settings-players": "Players",
    "settings-seat": "Your seat",
    "settings-people": "People at this screen",
    "settings-seed": "Deal number (empty: a new deal)",
    "settings-speed": "Bot speed",
    "settings-coach": "Coach on",
    "level-random": "random (plays any card, easiest)",
    "level-beginner": "beginner (makes beginners' mistakes)",
    "level-tips": "tips (follows the beginners' tips)",
    "level-greedy": "greedy (plays its lowest cards)",
    "level-endgame": "endgame (perfect once the pile is empty)",
    "level-search": "search (tries moves out in its head)",
    "level-expert": "expert (thinks hardest and watches your moves)",
    "level-mixed": "as chosen: {levels}",
    "speed-slow": "slow",
    "speed-normal": "normal",
    "speed-fast": "fast",
    "speed-instant": "instant",
    "people-one": "1 (me against the bots)",
    "people-many": "{count} (pass and play)",
    "preset-podkidnoy": "Podkidnoy: everyone throws in",
    "preset-classic": "Classic: 6 cards in the first bout",
    "preset-perevodnoy": "Perevodnoy: pass the attack on",
    "preset-perevodnoy-show": "Perevodnoy: also pass it on by showing a trump",
    "preset-neighbours": "Only the defender's neighbours throw in",
    "preset-by-turns": "Attack by turns",
    "preset-simple": "Simple durak: nobody throws in",
    "preset-pairs": "Pairs: 4 players, partners help defend",
    "preset-pairs-he": "Pairs: 4 players, partners opposite",
    "preset-finnish": "Finnish: 52 cards, several cards at once",
    "preset-he-hand": "The defender's hand limits the attack",
    "preset-unlimited": "Unlimited attack",
    # the defender chooses the cards to beat (R13): the presets, the play table's buttons and guides
    "preset-unlimited-choice": "Unlimited attack: the defender chooses what to beat",
    "preset-finnish-choice": "Finnish: past six cards the defender chooses what to beat",
    "button-choose": "Choose cards to beat",
    "button-choose-these": "Beat these",
    "pick-choose": "More cards lie than you have to beat: click the {count} cards on the table you will beat, "
                   "then click “Beat these”. The others go back to the attackers.",
    "picked-choose": "You picked {cards} to beat. Click “Beat these” when you have {count}.",
    "preset-doker": "Doker: 54 cards with two jokers, up to 8 players",
    "preset-pushing": "Pushing durak: any card may be laid, spot the wrong ones",
}


def _merge(*tables: dict) -> None:
    for table in tables:
        clash = set(table) & set(MESSAGES)
        if clash:  # pragma: no cover - a programming error, caught by the tests at once
            raise MessageError(f"messages defined twice: {', '.join(sorted(clash))}")
        MESSAGES.update(table)


# the narration of moves and events, the learner's sentence for every refused move, the stepper's
# guessing, the lessons, the lesson player, the words of the widgets and the picture of a table, and the
# teacher's view
_merge(MOVE_WORDS, REASON_WORDS, STEPPER_WORDS, LESSON_WORDS, PLAYER_WORDS, WIDGET_WORDS, TEACHER_WORDS, REVIEW_WORDS)


def fields_of(key: str) -> set:
    """The fields a message's template needs.

    >>> sorted(fields_of("illegal"))
    ['why']
    """
    if key not in MESSAGES:
        raise MessageError(f"no message {key!r}")
    return {name for _, name, _, _ in string.Formatter().parse(MESSAGES[key]) if name}


def say(key: str, **fields: Any) -> str:
    """The sentence ``key`` with its ``fields`` filled in.

    >>> say("illegal", why="9♠ does not beat 8♣.")
    "You can't do that: 9♠ does not beat 8♣."
    >>> say("illegal")
    Traceback (most recent call last):
    ...
    durak_lab.text.messages.MessageError: message 'illegal' needs why
    """
    need = fields_of(key)
    missing = need - set(fields)
    if missing:
        raise MessageError(f"message {key!r} needs {', '.join(sorted(missing))}")
    extra = set(fields) - need
    if extra:
        raise MessageError(f"message {key!r} has no field {', '.join(sorted(extra))}")
    return MESSAGES[key].format(**fields)
