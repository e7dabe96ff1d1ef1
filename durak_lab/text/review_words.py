"""The words of the evaluator, the review of a game and the hint built on them.

:data:`REVIEW_WORDS` is merged into :data:`~durak_lab.text.messages.MESSAGES`, so
every sentence here is said with :func:`~durak_lab.text.messages.say`; the keys
start with ``eval-``, ``label-``, ``rv-``, ``hint-`` and ``chart-`` (and ``cli-eval-``, ``cli-best-``
for ``durak-lab eval``, ``best`` and ``review``).  Standard library only.

>>> REVIEW_WORDS["eval-chance-range"].format(seat="P1", chance="62%", low="55%", high="69%")
'P1 has a 62% chance of not being the durak (somewhere between 55% and 69%).'
"""

#: Every sentence of the evaluation and the review, by key.
REVIEW_WORDS = {
    # a position's worth
    "eval-chance-range": "{seat} has a {chance} chance of not being the durak (somewhere between {low} and {high}).",
    "eval-exact-win": "{seat} wins with best play, whatever the others do.",
    "eval-exact-draw": "With best play on both sides nobody is the durak.",
    "eval-exact-loss": "{seat} is the durak with best play, whatever {seat} does.",
    "eval-how": "Worked out from {worlds} guesses of the hidden cards and {playouts} games played to the end.",
    "eval-how-open": "Worked out with every card open, from {playouts} games played to the end.",
    "eval-how-exact": "Worked out exactly: every card is known, and every line of play was checked.",
    "eval-best": "Best move: {move} ({chance}).",
    "eval-move-line": "{move}: {chance}",
    "eval-move-exact": "{move}: {value}",
    "eval-over": "The game is over.",
    # the labels of a move
    "label-best": "best move",
    "label-only": "the only good move",
    "label-forced": "the only move",
    "label-good": "good",
    "label-inaccuracy": "a small slip",
    "label-mistake": "a mistake",
    "label-blunder": "a big mistake",
    # one sentence about a move played
    "rv-best": "{seat} chose to {move}: the best move.",
    "rv-only": "{seat} chose to {move}: the only good move here, well found!",
    "rv-forced": "{seat} chose to {move}: there was nothing else to do.",
    "rv-good": "{seat} chose to {move}: good. A little better: {better}.",
    "rv-good-plain": "{seat} chose to {move}: a good move.",
    "rv-slip": "{seat} chose to {move}: {label}. Better: {better}. The chance of not being the durak went "
               "from {before} to {after}.",
    "rv-slip-exact": "{seat} chose to {move}: {label}. Better: {better}, which kept {was}. After this move it "
                     "was {now}.",
    # per player, and the key moments
    "rv-title": "Review of the game",
    "rv-accuracy": "{seat}: accuracy {accuracy} out of 100.",
    "rv-counts": "{seat}: {counts}.",
    "rv-count": "{count} × {label}",
    "rv-no-decisions": "{seat} had no choices to judge.",
    "rv-key": "Key moment, move {number}: {sentence}",
    "rv-no-key": "No mistakes: well played on every side!",
    "rv-thinking": "Looking at move {done} of {total}…",
    # the hint built on the evaluator
    "hint-best-next": "Hint: {move}. It gives you the best chance of not being the durak: {chance}. "
                      "Next best: {other} ({other_chance}).",
    "hint-best-exact": "Hint: {move}. With best play it is {value} for you.",
    "hint-best-only": "Hint: {move}. It is your only move.",
    "hint-close": "Hint: {move}. It gives you the best chance of not being the durak: {chance}. "
                  "Almost as good: {other} ({other_chance}).",
    # the coach's word before a move the evaluator judges a mistake (its label: a mistake, a big mistake)
    "coach-eval-slip": "this looks like {label}. Your chance of not being the durak goes down from {before} "
                       "to {after}. Better: {better}.",
    # durak-lab eval, best and review
    "cli-eval-after": "After {count} moves",
    "cli-eval-after-one": "After 1 move",
    "cli-eval-the-position": "The position",
    "cli-eval-at": "{name} after {count} moves",
    "cli-eval-at-one": "{name} after 1 move",
    "cli-eval-at-text": "the position",
    "cli-eval-head-view": "{where}, as {seat} sees it; {to_act} to act:",
    "cli-eval-head-open": "{where}, every card open, for {seat}; {to_act} to act:",
    "cli-eval-over": "the game is over ({result}): there is nothing left to evaluate",
    "cli-eval-unsupported": "the evaluator does not play these rules: {why}",
    "cli-eval-text-after": "--after: a position text has no moves to go back to",
    "cli-eval-bad-text": "the position text: {why}",
    "cli-eval-bad-seat": "--seat: {why}",
    "cli-eval-not-to-act": "--seat: {seat} does not act now; {to_act} does",
    "cli-best-chance": "Best move for {seat}: {move} ({words}). Chance of not being the durak: {chance} "
                       "(somewhere between {low} and {high}).",
    "cli-best-exact": "Best move for {seat}: {move} ({words}): {value} with best play.",
    "cli-best-also": "Just as good: {moves}.",
    # the charts
    "chart-advantage-title": "{seat}'s chance of not being the durak, move by move",
    "chart-advantage-y": "chance of {seat}",
    "chart-move-x": "move",
    "chart-band": "95% range",
    "chart-loss-title": "Chance lost by each move",
    "chart-loss-y": "chance lost",
    "chart-hover-before": "Before move {number}: {seat} has a {chance} chance of not being the durak "
                          "(somewhere between {low} and {high}).",
    "chart-hover-before-exact": "Before move {number}: {value} for {seat} with best play.",
    "chart-hover-lost": "Move {number}: {seat} gave away {loss} of the chance of not being the durak.",
    "chart-hover-lost-sampled": "Move {number}: {seat} gave away at least {loss} of the chance of not being "
                                "the durak.",
    "chart-no-decisions": "No choices to show.",
    # the review board (durak_lab.widgets.review)
    "rvb-title": "Review of the game, move by move",
    "rvb-waiting": "The review starts when the board is shown.",
    "rvb-done": "Done: {count} choices judged.",
    "rvb-done-one": "Done: 1 choice judged.",
    "rvb-cannot": "This game cannot be reviewed: {why}",
    "rvb-how": "Click a point of the first chart, or choose a move in the list, to see it on the table below.",
    "rvb-moves": "Go to",
    "rvb-pick": "choose a move…",
    "rvb-option": "move {number}: {seat} {move} ({label})",
    "rvb-no-choice": "Move {number}: nothing to judge here (the player had no choice, or it was not this "
                     "player's review).",
}
