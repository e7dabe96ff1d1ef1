"""The named presets of the rules: the common games of the four sources, as field values over the defaults.

:data:`PRESETS` names them; :data:`PRESETS_VERSION` and :data:`PRESET_CHANGES` say what a preset's name
meant in the records of an earlier version, and :func:`preset_fields` reads a name under any version.
Standard library only.

>>> PRESETS["perevodnoy"]["transfer"], "podkidnoy" in PRESETS
(True, True)
"""

from __future__ import annotations

from typing import Any

from ..errors import RulesError
from ..reading import brief

__all__ = ["PRESETS", "PRESETS_VERSION", "PRESET_CHANGES", "preset_fields"]


#: Named presets: field values over the defaults (ZH "podkidnoy" standard).
#: ``next_leader`` (R8) follows the source a preset comes from: ZH "之后的局由上一局杜拉克左边的玩家开始"
#: (left of the last durak, the default); FI "Pelin aloittaa pelaaja, jolla on pienin valtti" (every game
#: starts with the lowest trump; "Pelin häviäjä toimii seuraavan jaon jakajana" names only the dealer);
#: HE "התור הראשון במשחק הוא בדרך כלל של השחקן שבידו הקוזיר הנמוך ביותר" (usually the lowest trump; in
#: some versions right or left of the last durak).  A preset from several sources takes HE and FI's rule
#: where they agree; ZH's variants are the preset with ``next_leader="left_of_durak"``.
#: ``first_bout_limit`` (R14) too: ZH "每轮最多 6 张进攻牌（第一轮进攻最多 5 张）" (five in the first bout) is
#: the standard of ZH's presets; HE's basic limit is six, "בדרך כלל נהוג שההגבלה לכמות הקלפים בהתקפה (תור)
#: מסוימת היא שישה קלפים", and five in the first attack an option it names, "התקפה ראשונה - חמישה קלפים …
#: שניתן לשלב במרבית גרסאות המשחק" (that can be combined with most versions); FI names six and no first-bout
#: limit.  So every HE or FI preset has ``first_bout_limit=None``.
_LOWEST = {"next_leader": "lowest_trump"}
PRESETS: dict[str, dict[str, Any]] = {
    # ZH standard: 36 cards, everyone throws in, 5 cards in the first bout; left of the durak leads
    "podkidnoy": {},
    # HE basic (ZH "first bout 6" variant, with next_leader="left_of_durak")
    "classic": {"first_bout_limit": None, **_LOWEST},
    # HE and FI: six cards in the first bout as in every bout (the ZH variant is this preset with
    # first_bout_limit=5 and next_leader="left_of_durak")
    "perevodnoy": {"transfer": True, "first_bout_limit": None, **_LOWEST},
    # HE special transfer: HE's basic limit of six, the first bout too (five is an HE option, R14)
    "perevodnoy_show": {"transfer": True, "transfer_by_show": True, "first_bout_limit": None, **_LOWEST},
    # ZH variant: only the defender's neighbours throw in
    "neighbours": {"throw_in": "neighbours"},
    # HE attack by turns
    "by_turns": {"throw_in": "by_turns", "first_bout_limit": None, **_LOWEST},
    # HE simple durak: one card or two of a rank, nobody throws in
    "simple": {"throw_in": "none", "lead": 2, "first_bout_limit": None, "after_take": "none", **_LOWEST},
    # FI Paripeli: 4 players, partners opposite, partner covers, 12 cards, no transfers
    "pairs": {"players": 4, "teams": 2, "partner_covers": True, "attack_limit": 12,
              "first_bout_limit": None, **_LOWEST},
    # HE pairs: partners may not throw in on each other
    "pairs_he": {"players": 4, "teams": 2, "first_bout_limit": None, **_LOWEST},
    # FI individual game: 52 cards, several cards of a rank in a lead, transfers; after a take the taker draws
    # in his turn clockwise ("Torjutun hyökkäyksen jälkeen kaataja nostaa aina viimeisenä": last only after a
    # repelled attack)
    "finnish": {"deck": 52, "lead": None, "transfer": True, "first_bout_limit": None, "draw_order": "round",
                **_LOWEST},
    # HE "another version": the limit is the defender's hand; after a take, any cards of seen ranks
    "he_hand": {"attack_limit": None, "hand_limit": "bout_start", "after_take": "seen_ranks",
                "first_bout_limit": None, **_LOWEST},
    # HE unlimited attack: no limit, the defender beats what he can, the rest go back
    "unlimited": {"attack_limit": None, "hand_limit": "none", "first_bout_limit": None, **_LOWEST},
    # HE "התקפה בלתי מוגבלת": no limit; when more cards lie than the defender holds he chooses which to
    # beat, "ושאר הקלפים מוחזרים לתוקפים שהניחו אותם" (the others go back to the attackers who laid them)
    "unlimited_choice": {"attack_limit": None, "hand_limit": "none", "first_bout_limit": None,
                         "choose": "hand", **_LOWEST},
    # FI individual game: "Jos hyökkääjät lyövät suuremman määrän kortteja pöytään, kaataja saa päättää,
    # mitkä kortit hän haluaa kaataa" (more than six laid: the defender decides which he beats)
    "finnish_choice": {"deck": 52, "lead": None, "transfer": True, "first_bout_limit": None,
                       "draw_order": "round", "choose": "limit", **_LOWEST},
    # HE "דוקר": "כל הקלפים כולל הג'וקר" (52 cards and the jokers), "מספר השחקנים המרבי הוא שמונה" (up to
    # eight), "משולבים חוקי דוראק העברות המיוחד והרגיל" (transfers, normal and special); first bout as HE;
    # and of "החוקים המשנים הם" (the rules that change are) those the passage states precisely: the take of
    # the unbeaten cards only (R18), the forced take of three sixes or 3-5-9 (R15) and the full defence that
    # draws first (R19)
    "doker": {"deck": 52, "jokers": 2, "transfer": True, "transfer_by_show": True, "first_bout_limit": None,
              "take_unbeaten": True, "forced_take": True, "draw_order": "defender_first", **_LOWEST},
    # HE "דוראק דחיפות" (pushing durak): the HE basic game, and any card may be pushed (R12, R31)
    "pushing": {"pushing": True, "first_bout_limit": None, **_LOWEST},
}


#: The version of :data:`PRESETS` in force: what a preset's name means in a record (``rules.presets`` in a
#: ``durak-lab/1`` record).  Version 2 checked every preset against its source (the first bout of the HE
#: transfer games, the FI draw after a take, doker's house rules); version 1 is what the names meant before.
PRESETS_VERSION = 2

#: What changed between the versions of :data:`PRESETS`: for each version before the current one, the
#: presets whose meaning differs and the fields that give them their old meaning.  A record written under
#: version 1 (every record without ``rules.presets``) is read with these, so it replays as it was played.
PRESET_CHANGES: dict[int, dict[str, dict[str, Any]]] = {
    1: {
        "perevodnoy": {"first_bout_limit": 5},
        "perevodnoy_show": {"first_bout_limit": 5},
        "finnish": {"draw_order": "clockwise"},
        "finnish_choice": {"draw_order": "clockwise"},
        "doker": {"take_unbeaten": False, "forced_take": False, "draw_order": "clockwise"},
        "pushing": {"sent_back_passes": True},
    },
}


def preset_fields(name: str, version: int = PRESETS_VERSION) -> dict[str, Any]:
    """The fields preset ``name`` sets under version ``version`` of :data:`PRESETS`.

    >>> preset_fields("perevodnoy", 1)["first_bout_limit"], preset_fields("perevodnoy")["first_bout_limit"]
    (5, None)
    >>> preset_fields("podkidnoy", 1) == preset_fields("podkidnoy")
    True
    """
    if not isinstance(name, str) or name not in PRESETS:
        raise RulesError(f"preset: {brief(name)} is not a preset; presets: {', '.join(PRESETS)}")
    if not (isinstance(version, int) and 1 <= version <= PRESETS_VERSION):
        raise RulesError(f"presets: {brief(version)} is not a version of the presets (1 to {PRESETS_VERSION})")
    out = dict(PRESETS[name])
    for v in range(PRESETS_VERSION - 1, version - 1, -1):
        out.update(PRESET_CHANGES.get(v, {}).get(name, {}))
    return out
