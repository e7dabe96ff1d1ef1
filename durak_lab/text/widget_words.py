"""The words of the widgets and of the picture of a table, merged into :data:`~durak_lab.text.messages.MESSAGES`.

Keys by widget: ``stepper-`` (the worked-examples stepper,
:mod:`durak_lab.widgets.stepper`), ``cover-`` ("can the defender cover
everything?", :mod:`durak_lab.widgets.cover`), ``trumps-`` (who holds the
trumps, :mod:`durak_lab.widgets.trumps`), ``picture-`` (the drawing of a
table and its cards, :mod:`durak_lab.display.render`, with the text
alternatives screen readers read) and ``classroom-`` (the page a visitor gets
when a classroom server runs as many pages as it may,
:mod:`durak_lab.cli.classroom`).  :func:`durak_lab.text.messages.say` fills
them in.  The templates hold plain words, never HTML: a widget puts its markup
around them.  A rule id is never part of a sentence; a widget shows it beside
the sentence as a rule tag.

Standard library only.

>>> from durak_lab.text.messages import say
>>> say("stepper-step", index=3, last=12)
'Step 3 of 12'
>>> say("picture-talon-under", cards="12 cards", card="9♠")
'Talon: 12 cards; the trump card 9♠ lies face up under it'
"""

from __future__ import annotations

__all__ = ["WIDGET_WORDS"]

#: The widgets' sentences and labels, by key.
WIDGET_WORDS: dict = {
    # ------------------------------------------------------------ the stepper: its controls
    "stepper-example": "Example",
    "stepper-four-colour": "Four-colour deck",
    "stepper-seen-by": "Seen by",
    "stepper-everyone": "everyone (all hands face up)",
    "stepper-judge": "Judge the endgame moves (exact solver)",
    "stepper-start": "Start",
    "stepper-start-tip": "Go to the start position",
    "stepper-back": "Back",
    "stepper-back-tip": "One step back",
    "stepper-next": "Next",
    "stepper-next-tip": "One step forward",
    "stepper-end": "End",
    "stepper-end-tip": "Go to the last step",
    "stepper-step-box": "Step",
    "stepper-step": "Step {index} of {last}",
    "stepper-show-source": "Show the source text",
    "stepper-rules-head": "Rules:",
    "stepper-result-head": "Result:",
    "stepper-legal-head": "What may happen now",
    "stepper-rule-tip": "{rule}: {title}",
    # the stepper: its messages
    "stepper-error": "Something went wrong. Choose the example again, or restart the notebook.",
    "stepper-no-examples": "No worked examples are installed.",
    "stepper-no-example": "There is no such worked example: {name}. Choose one from the list.",
    "stepper-bad-record": "Could not open the record {name}: {why}",
    "stepper-disagree-move": "This record and the rules disagree at move {number}.",
    "stepper-disagree-end": "This record and the rules disagree about how the game ends.",
    "stepper-judge-players": "The solver judges the endgames of two-player games; this one has {players} "
                             "players.",
    "stepper-judge-cannot": "The solver cannot judge this game: {why}",
    "stepper-judge-no-endgame": "The talon never ran out in this game, so no move can be judged exactly.",
    # the stepper: a frame
    "stepper-start-position": "The start position.",
    "stepper-start-line": "The start position",
    "stepper-move-number": "Move {number} of {moves}",
    "stepper-move-rejected": "rejected by the rules",
    "stepper-move-tried": "{move}?",
    "stepper-after-move": "After move {number}: what follows by itself",
    "stepper-bout-ends": "Nobody can or will add a card any more, so the bout ends by itself.",
    "stepper-clearing": "Nobody moves while the bout is cleared away and the hands are refilled.",
    "stepper-cannot-see": "{seat} cannot see what the other players may do: that depends on their cards.",
    "stepper-may-not-move": "{seat} may not move now.",
    "stepper-instead": "Instead, the rules allow:",
    # the stepper: the record's title and its source
    "stepper-a-record": "a game record",
    "stepper-a-record-title": "A game record",
    "stepper-label": "{ident} — {title}",
    "stepper-source-he": "the Hebrew encyclopedia article",
    "stepper-source-ko": "the Korean wiki article",
    "stepper-source-zh": "the Chinese rules page",
    "stepper-source-fi": "the Finnish encyclopedia article",
    "stepper-source-other": "source {ident}",
    "stepper-source-name": "{what} ({ident})",
    "stepper-source-section": ", section {section}",
    "stepper-from": "From {source}",
    "stepper-no-source": "This record names no source.",
    "stepper-source-head": "Source:",
    "stepper-source-own": "{source}, in its own language:",
    "stepper-in-english": "In English:",
    # ------------------------------------------------------------ can the defender cover everything?
    "cover-own": "your own cards",
    "cover-moment": "{ident} after move {number}: {move}",
    "cover-example": "Example",
    "cover-attack": "Attack",
    "cover-attack-hint": "e.g. 7♥ 9♥ J♥ or 7H 9H JH",
    "cover-hand": "Hand",
    "cover-hand-hint": "the defender's cards",
    "cover-trump-choice": "Trump",
    "cover-error": "Something went wrong. Check the cards.",
    "cover-error-example": "Something went wrong. Choose the example again.",
    "cover-no-moment": "Could not open {ident} after move {number}: {why}",
    # ------------------------------------------------------------ who holds the trumps
    "trumps-viewpoint": "Viewpoint",
    "trumps-inference": "Guess with",
    "trumps-model-counting": "Only the cards seen",
    "trumps-model-tenth": "Also how they play: 10% odd moves",
    "trumps-model-third": "Also how they play: 33% odd moves",
    "trumps-model-certain": "Also how they play: no odd moves",
    "trumps-at-start": "At the start",
    "trumps-after-move": "After move {number}: {move}",
    "trumps-seen-from": ", seen from {seat}",
    "trumps-exact": " (worked out exactly from what you saw)",
    "trumps-sampled": " (an estimate from {n} possible deals that fit what you saw)",
    "trumps-course-title": "Expected trumps move by move",
    "trumps-course-note": "solid: the cards seen; dashed: how they play too",
    "trumps-table-head": "The same numbers as a table",
    "trumps-col-place": "place",
    "trumps-col-source": "guessed from",
    "trumps-col-expected": "expected trumps",
    "trumps-col-any": "chance of at least one",
    # the words of the trump widget's charts and table (the sources of a guess, titles, axes)
    "trumps-source-counting": "the cards seen",
    "trumps-source-posterior": "how they play too",
    "trumps-bars-title": "Trumps in each place, seen from {seat}",
    "trumps-bars-both": "the cards seen, and how they play too",
    "trumps-heatmap-title": "Where each trump is, seen from {seat}",
    "trumps-axis-number": "number of trumps",
    "trumps-axis-chance": "chance",
    "trumps-axis-place": "place",
    "trumps-axis-card": "card",
    "trumps-axis-moves": "moves played",
    "trumps-axis-expected": "trumps expected",
    "trumps-legend-source": "guessed from",
    "trumps-legend-place": "place",
    "trumps-hover-bars": "{count} trumps: chance {chance}",
    "trumps-hover-card": "{card} in {place}: chance {chance}",
    "trumps-hover-course": "after {step} moves: {expected} trumps expected",
    # ------------------------------------------------------------ the picture of a table
    "picture-face-down": "a face-down card",
    "picture-one-card": "1 card",
    "picture-cards": "{count} cards",
    "picture-one-face-down": "1 face-down card",
    "picture-face-down-cards": "{count} face-down cards",
    "picture-cards-named": "{cards}: {names}",
    "picture-no-cards": "no cards",
    "picture-new": "new",
    "picture-you": "you",
    "picture-defender-takes": "defender: takes",
    "picture-hidden": "{count}, hidden",
    "picture-fresh": "{count}, {fresh} new",
    "picture-seat": "{seat}: {count}",
    "picture-seat-role": "{seat}, {role}: {count}",
    "picture-talon-under": "Talon: {cards}; the trump card {card} lies face up under it",
    "picture-talon-last": "Talon: only the trump card {card} is left",
    "picture-talon-backs": "the talon: {cards}",
    "picture-talon-caption": "Talon: {count}",
    "picture-trump-caption": "trump {suit}",
    "picture-talon-empty-caption": "Talon empty",
    "picture-no-talon-caption": "No talon",
    "picture-talon-empty-label": "talon empty; trump is {suit}",
    "picture-no-talon-label": "no talon; trump is {suit}",
    "picture-bito-label": "Bito: {cards} out of the game",
    "picture-bito-empty": "Bito: empty",
    "picture-bito-pile": "the bito pile",
    "picture-bito-caption": "Bito: {count}",
    "picture-pair-covered": "{attack} from {attacker}, covered by {cover} from {defender}",
    "picture-pair-open": "{attack} from {attacker}, not covered",
    "picture-from": "from {seat}",
    "picture-beaten-by": "beaten by {seat}",
    "picture-not-covered": "not covered",
    "picture-table-empty": "The table is empty",
    "picture-table-nothing": "On the table: nothing",
    "picture-table": "On the table: {pairs}",
    "picture-covered-by": "{attack} covered by {cover}",
    "picture-open": "{attack} not covered",
    "picture-taking": "{seat} takes: these cards go to {seat}'s hand",
    "picture-game-over": "Game over:",
    "picture-attacks": "{attacker} attacks {defender}",
    "picture-takes": " · {seat} takes",
    "picture-trump": "Trump: {suit}",
    "picture-talon-count": "Talon: {count}",
    "picture-bito-count": "Bito: {count}",
    "picture-all-face-up": "all hands face up",
    "picture-seen-by": "seen by {seat}",
    "picture-table-label": "Durak table, {who}",
    # ------------------------------------------------------------ a classroom server that is full
    "classroom-full-title": "Too many pages are open",
    "classroom-full": "The computer that serves this class already runs {limit} pages, as many as it may. "
                      "This page tries again by itself every minute; or ask your teacher.",
}
