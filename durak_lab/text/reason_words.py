"""The learner's sentence for every reason the engine gives to refuse a move.

:data:`REASON_WORDS` holds one template per :class:`~durak_lab.engine.errors.Reason`
(key ``reason-<code>``) and one per situation of a reason that has several
(``reason-<code>-<case>``, the ``case`` of :attr:`IllegalMoveError.facts`).  The
templates are clauses: they begin with a small letter unless a card or a seat
comes first, and :func:`~durak_lab.text.reasons.learner_reason` gives them a
capital.  :mod:`durak_lab.text.messages` merges them into ``MESSAGES``, so
:func:`~durak_lab.text.messages.say` fills them in like every other sentence.

The fields are made from the facts by :mod:`durak_lab.text.reasons`: seats
(``seat``, ``defender``, ``leader``, ``turn``, ``thrower``, ``next``) as ``P3``,
cards (``card``, ``target``, ``cover``, ``trump_card``) as ``8♣``, ``cards`` as
``7♣ and A♥``, ``rank`` as ``7`` or ``jack``, ``rank_phrase`` as ``a 7``,
``rank_plural`` as ``7s``, ``ranks`` as ``7s and 10s``, ``suit`` as ``diamond``,
``trump`` as ``♥``, numbers as they are and ``<number>_cards`` as ``1 card`` or
``3 cards``.

:data:`REASON_RULES` names the rule of the rules digest (R1-R31) each template
rests on; the learner's sentence never shows it.

Standard library only.

>>> REASON_WORDS["reason-does-not-beat-plain"]
'{card} does not beat {target}: cover with a higher {suit} or with a trump (a {trump_suit}).'
>>> REASON_RULES["reason-rank-not-on-table"]
'R12'
"""

from __future__ import annotations

__all__ = ["REASON_WORDS", "REASON_RULES"]

#: Every learner sentence for a refused move, by ``reason-<code>`` and ``reason-<code>-<case>``.
REASON_WORDS: dict = {
    "reason-game-over": "the game is over: nobody plays any more.",
    "reason-not-your-turn": "it is {turn}'s turn, not yours.",
    "reason-not-your-turn-turn": "it is {turn}'s turn, not yours.",
    "reason-not-your-turn-seat": "you play {turn} now: choose a move for {turn}, not for {seat}.",
    "reason-not-your-turn-nobody": "nobody may move now.",
    "reason-no-such-seat": "there is no {seat} at this table: it has {players} players.",
    "reason-player-out": "{seat} is out of cards and plays no more.",
    "reason-not-in-hand": "{seat} does not hold {cards}.",
    "reason-not-in-hand-cards": "{seat} does not hold {cards}.",
    "reason-not-in-hand-no-card": "an attack needs at least one card.",
    "reason-not-in-hand-one-cover": "cover a card with exactly one card.",
    "reason-not-in-hand-kind": "there is no such move in Durak.",
    "reason-duplicate-card": "the {card} is named twice: name each card once.",
    # attacking
    "reason-defender-cannot-attack": "{seat} defends in this bout, so {seat} cannot attack.",
    "reason-not-an-attacker": "{seat} is not attacking in this bout.",
    "reason-not-an-attacker-throw": "{seat} is not attacking in this bout, so {seat} cannot throw in.",
    "reason-not-an-attacker-pass": "{seat} is not attacking in this bout: only attackers say they are done.",
    "reason-not-an-attacker-partner": "{seat} and {defender} are partners: nobody throws in against a partner.",
    "reason-not-an-attacker-neighbours": "only the defender's neighbours may throw in, and {seat} does not sit "
                                         "next to {defender}.",
    "reason-not-leader": "{leader} starts this bout: only {leader} may lay the first card.",
    "reason-mixed-ranks": "cards played together must all have the same rank.",
    "reason-too-many-lead-cards": "these rules allow at most {limit_cards} at a time.",
    "reason-too-many-lead-cards-one": "these rules allow only one card at a time.",
    "reason-too-many-lead-cards-several": "these rules allow at most {limit_cards} at a time.",
    "reason-too-many-lead-cards-transfer": "the attack may be passed on with at most {limit_cards} at a time.",
    "reason-one-card-per-throw-in": "throw in one card at a time.",
    "reason-rank-not-on-table": "the {card} matches no rank on the table: only {ranks} may be thrown in.",
    "reason-rank-not-on-table-one": "the {card} matches no rank on the table: only {ranks} may be thrown in.",
    "reason-rank-not-on-table-several": "no {rank_plural} are on the table: only {ranks} may be thrown in.",
    "reason-no-throw-in": "in these rules nobody throws in: the first cards of a bout are the whole attack.",
    "reason-bout-limit": "a bout may have at most {limit} attack cards: this would make {total}.",
    "reason-bout-limit-bout": "a bout may have at most {limit} attack cards: this would make {total}.",
    "reason-bout-limit-first": "the first bout of a game may have at most {limit} attack cards: this would make "
                               "{total}.",
    "reason-bout-limit-transfer": "passing the attack on would make {count} attack cards, but a bout may have "
                                  "at most {limit}.",
    "reason-defender-hand-limit": "{defender} holds {held_cards}, and there may not be more cards to cover "
                                  "than that.",
    "reason-defender-hand-limit-hand": "{defender} holds {held_cards}, and there may not be more cards to cover "
                                       "than that.",
    "reason-defender-hand-limit-start": "{defender} held {limit_cards} when the bout began: the attack may not "
                                        "have more cards than that.",
    "reason-not-attackers-turn": "attack by turns: it is not {seat}'s turn to throw in.",
    "reason-not-attackers-turn-other": "attack by turns: it is {thrower}'s turn to throw in, and {seat} waits "
                                       "until {thrower} is done.",
    "reason-not-attackers-turn-nobody": "attack by turns: nobody may throw in now.",
    "reason-not-attackers-turn-pass": "attack by turns: it is {thrower}'s turn to throw in, not {seat}'s.",
    "reason-not-attackers-turn-pass-nobody": "attack by turns: it is not {seat}'s turn to throw in.",
    "reason-no-throw-in-after-take": "{defender} is taking the cards, and in these rules nothing more may be "
                                     "added then.",
    # defending
    "reason-not-defender": "only the defender, {defender}, may do that.",
    "reason-not-defender-cover": "only the defender, {defender}, covers cards.",
    "reason-not-defender-cover-partner": "only the defender, {defender}, and {defender}'s partner cover cards.",
    "reason-not-defender-take": "only the defender, {defender}, can take the cards.",
    "reason-not-defender-transfer": "only the defender, {defender}, can pass the attack on.",
    "reason-nothing-to-cover": "there is no card on the table to cover.",
    "reason-nothing-to-cover-cover": "there is no card on the table to cover.",
    "reason-nothing-to-cover-transfer": "there is no attack yet to pass on.",
    "reason-not-on-table": "there is no {card} on the table waiting to be covered.",
    "reason-already-covered": "the {card} is already covered by the {cover}.",
    "reason-does-not-beat": "{card} does not beat {target}.",
    "reason-does-not-beat-plain": "{card} does not beat {target}: cover with a higher {suit} or with a trump "
                                  "(a {trump_suit}).",
    "reason-does-not-beat-trump": "{card} does not beat {target}: a trump is beaten only by a higher trump.",
    "reason-does-not-beat-joker": "{card} does not beat the joker: only the other joker beats a joker.",
    "reason-already-taking": "the defender is already taking the cards.",
    "reason-already-taking-cover": "{defender} has decided to take the cards and covers no more.",
    "reason-already-taking-take": "{seat} is already taking the cards.",
    "reason-already-taking-transfer": "{seat} has decided to take the cards and can no longer pass the attack on.",
    "reason-nothing-to-take": "every card on the table is covered: there is nothing to take.",
    # passing the attack on
    "reason-transfer-off": "in these rules the attack cannot be passed on to the next player.",
    "reason-transfer-after-cover": "once a card is covered, the attack can no longer be passed on.",
    "reason-transfer-rank": "the attack can be passed on only with a card of its own rank, {rank_phrase}.",
    "reason-transfer-rank-rank": "the attack can be passed on only with a card of its own rank, {rank_phrase}.",
    "reason-transfer-rank-mixed": "the attack cards have different ranks, so the attack cannot be passed on.",
    "reason-transfer-next-too-few": "{next} holds only {held_cards}, fewer than the {count} attack cards: the "
                                    "attack cannot be passed on to {next}.",
    "reason-transfer-next-too-few-seat": "{next} holds only {held_cards}, fewer than the {count} attack cards: "
                                         "the attack cannot be passed on to {next}.",
    "reason-transfer-next-too-few-nobody": "there is nobody to pass the attack on to.",
    "reason-show-off": "in these rules the attack cannot be passed on by showing a trump.",
    "reason-show-not-trump": "only the trump of the attack's rank, the {card}, can be shown to pass the attack "
                             "on.",
    "reason-show-used": "the {card} has already been shown once this game: now it passes the attack on only if "
                        "it is played.",
    # saying done, and the rest
    "reason-cannot-pass": "nobody can say they are done now.",
    "reason-cannot-pass-not-begun": "the bout has not begun: {leader} must lay the first card.",
    "reason-cannot-pass-defender": "{seat} defends, and only attackers say they are done.",
    "reason-cannot-pass-partner": "{seat}'s partner has already passed or has no cards left, so {seat} must "
                                  "cover or take the cards.",
    "reason-cannot-pass-taking": "{defender} is picking up the cards: nothing more happens in this bout.",
    "reason-already-passed": "{seat} has already said they are done.",
    "reason-already-passed-throw": "{seat} has said they are done, and may throw in again only after another "
                                   "card is played.",
    "reason-already-passed-pass": "{seat} has already said they are done.",
    "reason-already-passed-turns": "{seat} has already let the others go on. {seat} may still cut in with a "
                                   "card, but does not need to say so again.",
    "reason-swap-off": "in these rules the lowest trump cannot be swapped for the trump card.",
    "reason-swap-not-now": "the trump card can be swapped only before the first card of the game is played.",
    "reason-swap-not-now-late": "the trump card can be swapped only before the first card of the game is "
                                "played.",
    "reason-swap-not-now-card": "only the {card} can be swapped for the trump card "
                                "{trump_card}.",
    "reason-swap-not-now-not-ace": "the trump card {trump_card} is not an ace: in these rules only an ace "
                                   "may be swapped.",
    "reason-swap-not-now-lowest": "the trump card is already the {card}, the card you would swap in, so "
                                  "there is nothing to swap.",
    "reason-swap-not-now-no-trump-card": "there is no trump card lying face up to swap for.",
    "reason-unknown": "the rules do not allow this move.",
    # the defender chooses the cards to beat (R13)
    "reason-choose-off": "in these rules the defender cannot choose which cards to beat: cover them all or "
                         "take them.",
    "reason-choose-not-now": "there is nothing to choose: the defender must beat every card that lies, or "
                             "take them.",
    "reason-choose-not-now-hand": "{uncovered_cards} wait to be beaten and {seat} holds {held_cards}: there is "
                                  "nothing to choose, so beat them or take them.",
    "reason-choose-not-now-limit": "{uncovered_cards} wait to be beaten, and a bout may have {limit_cards} to "
                                   "beat: there is nothing to choose, so beat them or take them.",
    "reason-choose-not-uncovered": "choose only cards that lie on the table still to be beaten: {cards} "
                                   "cannot be chosen.",
    "reason-choose-count": "choose exactly {count_cards} to beat, not {given}: the other cards go back.",
    "reason-not-defender-choose": "only the defender, {defender}, chooses which cards to beat.",
    "reason-nothing-to-cover-choose": "there is no card on the table to choose.",
    "reason-already-taking-choose": "{seat} has decided to take the cards and can no longer choose which to "
                                    "beat.",
    "reason-already-passed-throw-choose": "{seat} has said they are done, or the defender has just chosen "
                                          "which cards to beat: nobody adds a card until another one is beaten.",
    # pushing durak: sending a card back
    "reason-challenge-off": "in these rules every card on the table follows the rules, so there is nothing to "
                            "send back.",
    "reason-challenge-not-defender": "only the defender, {defender}, may send a card back.",
    "reason-challenge-not-uncovered": "there is no {card} on the table waiting to be covered.",
    "reason-challenge-not-uncovered-covered": "the {card} is already covered, so it stays: a covered card "
                                              "counts as if it had been played by the rules.",
    "reason-challenge-not-uncovered-missing": "there is no {card} on the table waiting to be covered.",
    "reason-challenge-card-stands": "the {card} follows the rules: {ranks} are on the table, so it may "
                                    "stay.",
    "reason-challenge-card-stands-rank": "the {card} follows the rules: {ranks} are on the table, so it may "
                                         "stay.",
    "reason-challenge-card-stands-lead": "the {card} started the bout, and the first card may be any card.",
    "reason-challenge-taking": "{defender} has decided to take the cards: it is too late to send one back.",
    "reason-must-take": "{defender} must take all the cards.",
    "reason-must-take-sixes": "three sixes were laid against {defender}, so {defender} must take all the cards.",
    "reason-must-take-three-five-nine": "a 3, a 5 and a 9 were laid against {defender}, so {defender} must take "
                                        "all the cards.",
    "reason-push-sent-back": "the {card} was sent back in this bout, so it may come back only once "
                             "{rank_phrase} lies on the table as the first card or in a covered pair.",
}

#: The rule id each template rests on ("" where no single rule of the digest says it).
REASON_RULES: dict = {
    "reason-game-over": "R28",
    "reason-not-your-turn": "", "reason-not-your-turn-turn": "", "reason-not-your-turn-seat": "",
    "reason-not-your-turn-nobody": "",
    "reason-no-such-seat": "R2", "reason-player-out": "R28",
    "reason-not-in-hand": "", "reason-not-in-hand-cards": "", "reason-not-in-hand-no-card": "R10",
    "reason-not-in-hand-one-cover": "R11", "reason-not-in-hand-kind": "", "reason-duplicate-card": "",
    "reason-defender-cannot-attack": "R9",
    "reason-not-an-attacker": "R12", "reason-not-an-attacker-throw": "R12", "reason-not-an-attacker-pass": "R12",
    "reason-not-an-attacker-partner": "R26", "reason-not-an-attacker-neighbours": "R12",
    "reason-not-leader": "R10", "reason-mixed-ranks": "R10",
    "reason-too-many-lead-cards": "R10", "reason-too-many-lead-cards-one": "R10",
    "reason-too-many-lead-cards-several": "R10", "reason-too-many-lead-cards-transfer": "R20",
    "reason-one-card-per-throw-in": "R12",
    "reason-rank-not-on-table": "R12", "reason-rank-not-on-table-one": "R12",
    "reason-rank-not-on-table-several": "R12", "reason-no-throw-in": "R12",
    "reason-bout-limit": "R13", "reason-bout-limit-bout": "R13", "reason-bout-limit-first": "R14",
    "reason-bout-limit-transfer": "R13",
    "reason-defender-hand-limit": "R13", "reason-defender-hand-limit-hand": "R13",
    "reason-defender-hand-limit-start": "R13",
    "reason-not-attackers-turn": "R12", "reason-not-attackers-turn-other": "R12",
    "reason-not-attackers-turn-nobody": "R12", "reason-not-attackers-turn-pass": "R12",
    "reason-not-attackers-turn-pass-nobody": "R12", "reason-no-throw-in-after-take": "R18",
    "reason-not-defender": "R11", "reason-not-defender-cover": "R11", "reason-not-defender-cover-partner": "R26",
    "reason-not-defender-take": "R15", "reason-not-defender-transfer": "R20",
    "reason-nothing-to-cover": "R11", "reason-nothing-to-cover-cover": "R11",
    "reason-nothing-to-cover-transfer": "R20",
    "reason-not-on-table": "R11", "reason-already-covered": "R11",
    "reason-does-not-beat": "R11", "reason-does-not-beat-plain": "R11", "reason-does-not-beat-trump": "R11",
    "reason-does-not-beat-joker": "R1",
    "reason-already-taking": "R15", "reason-already-taking-cover": "R15", "reason-already-taking-take": "R15",
    "reason-already-taking-transfer": "R15", "reason-nothing-to-take": "R15",
    "reason-transfer-off": "R20", "reason-transfer-after-cover": "R21",
    "reason-transfer-rank": "R20", "reason-transfer-rank-rank": "R20", "reason-transfer-rank-mixed": "R20",
    "reason-transfer-next-too-few": "R22", "reason-transfer-next-too-few-seat": "R22",
    "reason-transfer-next-too-few-nobody": "R22",
    "reason-show-off": "R24", "reason-show-not-trump": "R24", "reason-show-used": "R24",
    "reason-cannot-pass": "R16", "reason-cannot-pass-not-begun": "R10", "reason-cannot-pass-defender": "R16",
    "reason-cannot-pass-partner": "R26", "reason-cannot-pass-taking": "R18",
    "reason-already-passed": "R16", "reason-already-passed-throw": "R16", "reason-already-passed-pass": "R16",
    "reason-already-passed-turns": "R12",
    "reason-swap-off": "R6", "reason-swap-not-now": "R6", "reason-swap-not-now-late": "R6",
    "reason-swap-not-now-card": "R6", "reason-swap-not-now-not-ace": "R6", "reason-swap-not-now-lowest": "R6",
    "reason-swap-not-now-no-trump-card": "R6",
    "reason-unknown": "",
    # the defender chooses the cards to beat (R13)
    "reason-choose-off": "R13", "reason-choose-not-now": "R13", "reason-choose-not-now-hand": "R13",
    "reason-choose-not-now-limit": "R13", "reason-choose-not-uncovered": "R13", "reason-choose-count": "R13",
    "reason-not-defender-choose": "R13", "reason-nothing-to-cover-choose": "R13",
    "reason-already-taking-choose": "R15", "reason-already-passed-throw-choose": "R13",
    "reason-challenge-off": "R12", "reason-challenge-not-defender": "R31",
    "reason-challenge-not-uncovered": "R31", "reason-challenge-not-uncovered-covered": "R31",
    "reason-challenge-not-uncovered-missing": "R31", "reason-challenge-card-stands": "R12",
    "reason-challenge-card-stands-rank": "R12",
    "reason-challenge-card-stands-lead": "R10", "reason-challenge-taking": "R31",
    "reason-push-sent-back": "R12",
    "reason-must-take": "R15", "reason-must-take-sixes": "R15", "reason-must-take-three-five-nine": "R15",
}
