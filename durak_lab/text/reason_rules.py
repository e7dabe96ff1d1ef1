"""The rule of the rules digest (R1-R31) each refused-move sentence rests on, by its key.

The sentences themselves are the catalogue's (``reasons.json`` of each language,
``reason-<code>`` and ``reason-<code>-<case>``); this table is data the learner never reads:
:func:`~durak_lab.text.reasons.reason_rule` gives it for a tooltip or a lesson's "see R12".

Standard library only.

>>> REASON_RULES["reason-rank-not-on-table"]
'R12'
"""

from __future__ import annotations

__all__ = ["REASON_RULES"]

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
