"""The rules of a game: one frozen value, one field per option of the sources.

Every field carries, in its metadata, the rule in words (``doc``) and the rule
id of the digest (``rule``: R1…R31); :func:`explain` prints them.  Variants are
parameters, not subclasses.  Named presets build common games and
:meth:`Rules.replace` re-validates.

Standard library only.

>>> r = Rules.preset("perevodnoy", players=4)
>>> r.transfer, r.players, r.deck, r.first_bout_limit
(True, 4, 36, None)
>>> r.replace(players=9)
Traceback (most recent call last):
...
durak_lab.engine.errors.RulesError: players: 9 is not allowed: Durak is for 2 to 8 players (R2, R5)
>>> r.replace(players=7)
Traceback (most recent call last):
...
durak_lab.engine.errors.RulesError: deck: 36 is not allowed: 7 hands of 6 need 42 cards; with more than six players add the ranks below six (R5): use deck=44, 48 or 52
>>> Rules.field_doc("throw_in")[:20]
'Who may throw in (R1'
"""


from __future__ import annotations

import dataclasses
import functools
import enum
from dataclasses import dataclass, field
from typing import Any, Optional

from ..errors import RulesError
from ..reading import brief, shorten
from .choices import AfterTake, Choose, DrawOrder, HandLimit, NextLeader, ThrowIn, Tie, TrumpSwap, TurnsDirection
from .presets import PRESETS

__all__ = ["Rules", "explain"]


def _f(default: Any, rule: str, doc: str) -> Any:
    return field(default=default, metadata={"rule": rule, "doc": doc})


@dataclass(frozen=True)
class Rules:
    """All options of one game of Durak.  Build with :meth:`preset` or directly.

    >>> Rules(players=3).throw_in
    <ThrowIn.ALL: 'all'>
    >>> Rules.preset("pairs").teams
    2
    """

    deck: int = _f(36, "R1", "Deck size: 36 cards (6–A, HE KO ZH), 52 (2–A, FI default), or any "
                   "multiple of 4 from 20 to 52 (lowest rank 10…2); ace high.")
    players: int = _f(2, "R2", "Number of players, 2 to 8 (KO describes 2; 3–4 or 4–5 play best).  Seven "
                      "or eight need the low ranks (R5, HE \"ניתן להוסיף את הקלפים בדרגות הנמוכות משש\", "
                      "\"add the cards of ranks below six\"): the deck must hold every hand, "
                      "players × hand_size <= deck + jokers (8 × 6 = 48 of 52 leaves a 4-card talon; "
                      "exactly the deck leaves none, and the dealer shows trump as with six on 36).")
    hand_size: int = _f(6, "R3", "Cards dealt to each player and refilled after every bout (R19). "
                        "If the deal uses every card there is no talon; the dealer shows a card to fix trump (R5).")
    throw_in: ThrowIn = _f(ThrowIn.ALL, "R12", "Who may throw in (R12): cards whose rank is already on the "
                           "table, attack or cover, any suit.  'all': everyone but the defender; "
                           "'neighbours': the defender's two neighbours; 'by_turns': the leader, then the next "
                           "player in seating order when the leader stops, and so on; an earlier attacker "
                           "may stop the current one and attack himself (HE \"תקיפה לפי התור\"); 'none': nobody "
                           "(simple durak).")
    turns_direction: TurnsDirection = _f(TurnsDirection.CLOCKWISE, "R12", "Attack by turns only: who "
                                         "attacks after the leader stops.  'clockwise': the seats after the "
                                         "leader the way play goes, past the defender (the player at the "
                                         "defender's left first); 'anticlockwise': the player to the right "
                                         "of the one before, HE \"בדרך כלל היושב לימינו של התוקף\" (\"usually "
                                         "the one sitting to the attacker's right\").")
    lead: Optional[int] = _f(1, "R10", "Most cards in a lead, all of one rank: 1 (HE KO ZH), 2 (HE simple "
                             "durak), or None for any number of one rank (FI).")
    attack_limit: Optional[int] = _f(6, "R13", "Most attack cards in one bout: 6 (HE KO ZH FI), 12 in the "
                                     "FI pairs game (R26), or None for no fixed limit.")
    hand_limit: HandLimit = _f(HandLimit.CURRENT, "R13", "How the defender's hand limits the attack: "
                               "'current': uncovered attack cards never exceed the cards the defender holds; "
                               "'bout_start': attack cards never exceed the defender's hand at the start of the "
                               "bout (HE); 'none': no limit, the defender beats what he can and the extra cards "
                               "go back to their owners (HE, FI).")
    first_bout_limit: Optional[int] = _f(5, "R14", "Most attack cards in the first bout of the game: 5 (ZH "
                                         "standard, HE option), or None.")
    first_bout_carry: bool = _f(False, "R14", "HE: if the defender takes in the first bout, the first-bout "
                                "limit carries over to the next bout, until a bout is fully defended.")
    after_take: AfterTake = _f(AfterTake.LIMIT, "R18", "Once the defender takes, attackers may still add "
                               "matching cards: 'limit': within the bout limit (ZH); 'seen_ranks': any number of "
                               "cards of ranks seen in the bout (HE); 'none': the defender picks up at once.")
    transfer: bool = _f(False, "R20", "Perevodnoy (HE FI, ZH variant): before covering anything the defender "
                        "may add card(s) of the attack rank and pass the attack on to the next player, who "
                        "must hold at least as many cards as the attack then has (R21, R22, R23).")
    transfer_by_show: bool = _f(False, "R24", "HE special transfer: the defender may transfer by showing a "
                                "trump of the attack rank instead of playing it; each trump once per game.")
    teams: int = _f(0, "R25", "0 for every player alone; 2 or 3 for teams, seat i belonging to team i mod "
                    "teams, so partners sit opposite (4 players in 2 pairs: HE FI; 6 in 3 pairs or 2 teams of "
                    "3: ZH).  Every attack goes to an opponent; the first team out of cards wins (R27).")
    partner_throw_in: bool = _f(False, "R26", "In a team game, may a player throw in against their own "
                                "partner?  HE: no.")
    partner_covers: bool = _f(False, "R26", "FI pairs: the defender's partner may cover attack cards with "
                              "their own cards.")
    draw_order: DrawOrder = _f(DrawOrder.CLOCKWISE, "R19", "Draw order after a bout: 'clockwise' (leader, "
                               "other attackers clockwise, defender last; FI pairs: leader, leader's partner, "
                               "defender's partner, defender), 'attack_order' (HE: in the order they attacked), "
                               "'equal' (HE: hands as equal as possible), 'round' (FI individual game: "
                               "\"Ensimmäisenä pakasta nostaa ensimmäisen hyökkäyskortin lyönyt pelaaja. "
                               "Nostovuoro kiertää myötäpäivään. Torjutun hyökkäyksen jälkeen kaataja nostaa "
                               "aina viimeisenä\", \"the player who laid the first attack card draws first; the "
                               "turn to draw goes round clockwise; after a repelled attack the defender always "
                               "draws last\": so after a take the defender draws in his turn clockwise from the "
                               "leader), 'defender_first' (HE doker: \"אם אחד השחקנים שרף את כל הקלפים,חיב "
                               "לקחת ראשון שישה קלפים מהקופה\", \"if one of the players burned all the cards, "
                               "he must take six cards from the talon first\": after a bout he beat in full the "
                               "defender draws first, up to six as everyone (R19), then the leader and the others "
                               "clockwise; after a take the defender draws last).")
    show_lowest_trump: bool = _f(True, "R7", "The first leader is the holder of the lowest trump, who shows "
                                 "it (HE KO ZH FI); the shown card is public knowledge.")
    next_leader: NextLeader = _f(NextLeader.LEFT_OF_DURAK, "R8", "Who leads the next game of a match: "
                                 "'left_of_durak' (ZH; an HE variant), 'right_of_durak' (an HE variant), "
                                 "'winner' (KO, two players), 'lowest_trump' (the holder of the lowest trump, "
                                 "as in the first game: FI, and HE usually).  FI and HE say the loser deals "
                                 "the next game: that names the dealer, not the leader.")
    tie: Tie = _f(Tie.NO_DURAK, "R29", "If the last cards go at the same time: 'no_durak' (a draw, ZH HE) "
                  "or 'all_durak' (the last ones are all durak, HE variant: \"השחקנים שנותרו אחרונים "
                  "מוכרזים\", \"the players left last are declared\" durak), or 'first_out' (KO, "
                  "R28: \"가장 먼저 카드를 모두 비운 사람 또는 팀이 승리한다\", \"the person or team who "
                  "first emptied all their cards wins\"; \"경기 과정에서 패가 빈다고 무조건 승리하는 건 "
                  "아니다\", emptying one's hand during a bout does not by itself win).  Read as: the last "
                  "cards go in one bout only when the defender beats the last attack card with his last "
                  "card, after every attacker has laid his last one (the bout ends as soon as the defender "
                  "holds none, R16), so the defender emptied his hand last and is the durak (in a team "
                  "game, his team).")
    trump_swap: TrumpSwap = _f(TrumpSwap.OFF, "R6", "HE option: if the face-up trump card is an ace "
                               "('ace'), or any trump ('any'), the holder of the lowest trump (the six in a "
                               "36-card deck) may swap it in before the first lead.")
    redeal: bool = _f(False, "R4", "HE option: a player dealt 5 cards of one suit or 6 of one colour may "
                      "declare it, and then all cards but the trump card are dealt again.  Declaring is the "
                      "player's choice (keeping five trumps is allowed): see Position.deal's declare and a "
                      "record's start.redeal.")
    choose: Choose = _f(Choose.OFF, "R13", "The defender chooses the cards he beats, and the others go back "
                        "to the attackers who laid them (move 'P2 choose 7♥ 9♣').  'off': no choice; "
                        "'hand' (HE \"התקפה בלתי מוגבלת\", with hand_limit='none'): when more uncovered "
                        "cards lie than the defender holds, \"the defender may choose the cards he wants to "
                        "beat, and the other cards are returned to the attackers who laid them\" "
                        "(\"רשאי השחקן המגן לבחור את הקלפים אותם הוא מעוניין להדוף, ושאר הקלפים מוחזרים "
                        "לתוקפים שהניחו אותם\"); he chooses as many as he holds.  HE's basic game says the "
                        "same within its limit of six: \"ובמקרה שהתוקפים הניחו יותר קלפים ממה שיש בידו, רשאי "
                        "המגן לבחור על אלו קלפים להגן. הקלפים המיותרים מוחזרים לתוקפים שהניחו אותם\" (\"if "
                        "the attackers laid more cards than he holds, the defender may choose which cards to "
                        "beat; the extra cards go back to the attackers who laid them\"): 'hand' with "
                        "hand_limit='none' and attack_limit=6, e.g. Rules.preset('classic', "
                        "hand_limit='none', choose='hand').  The presets keep the hand limit (R13) that this "
                        "choice mends when the attackers break it.  'limit' (FI): "
                        "attack_limit is no hard cap: \"at most six cards may be laid for the defender to "
                        "beat; if the attackers lay more, the defender decides which he wants to beat\" "
                        "(\"Kaatajalle voidaan lyödä enintään kuusi korttia kaadettavaksi. Jos hyökkääjät "
                        "lyövät suuremman määrän kortteja pöytään, kaataja saa päättää, mitkä kortit hän "
                        "haluaa kaataa\"); he chooses up to attack_limit cards in the bout, covered ones "
                        "counted.  After a choice nobody adds a card until the defender has beaten one; he "
                        "beats the chosen cards or takes the table.")
    # doker (HE "דוקר"): the jokers
    jokers: int = _f(0, "R1", "Jokers added to the deck: 0, 1 or 2 (HE \"דוקר\": \"יש את כל הקלפים כולל "
                     "הג'וקר\", \"all the cards, the joker included\").  \"הג'וקר שורף כל קלף\" (\"the joker "
                     "burns any card\"): a joker covers any card, trump or not, the other joker too, and "
                     "nothing else covers a joker.  Where the passage says nothing: a joker may be led like "
                     "any card (\"אותם חוקים של הדוראק\", the same rules as durak), but it has no rank and "
                     "no suit, so it is never thrown in, never transfers (R20, R24), is not a trump for the "
                     "lowest trump (R7), and a joker on the table adds no rank for throw-ins; a joker is "
                     "never the face-up trump card: the next card under it is turned instead (with jokers "
                     "only left there is no trump card, and the dealer shows trump, R5).  Of doker's "
                     "other house rules, three are options the doker preset sets (take_unbeaten, "
                     "forced_take, draw_order='defender_first'); the others (hearts first; the trump 2; "
                     "the cheat) are not modelled: tutorials/teacher_guide.md says why, one by one.")
    pushing: bool = _f(False, "R12", "HE \"דוראק דחיפות\" (pushing durak), a house rule over R12 and R31: "
                       "besides the cards whose rank is on the table, attackers \"יכולים להוסיף כל קלף\" (may "
                       "add any card), and the attacked player must spot a card that did not appear before and "
                       "not cover it (\"להגיד לשחקן ג' להרים אותה חזרה ליד\": he tells its owner to pick it up): "
                       "the move 'P2 challenge Q♦'.  A card that breaks R12 (its rank is not among the ranks "
                       "that stand: the lead and every covered pair) may be thrown in, within the bout limits "
                       "of R13/R14 (\"אין הגבלה למספר הקלפים שניתן לדחוף\": any number of the cards may be "
                       "pushed, not more cards than the bout takes); while it lies uncovered, and before he takes, "
                       "the defender may challenge it: it goes back to its owner's hand, face up (known).  That "
                       "is the one consequence the passage names (\"הוא יכל להגיד לשחקן ג' להרים אותה חזרה ליד\", "
                       "\"he could have told player C to pick it back up into his hand\"): the owner keeps "
                       "the rights of R12 (he may throw in, push another card or pass).  So that a bout "
                       "always ends, a card sent back may not be pushed again in that bout: it comes back "
                       "only once its rank stands (a pushed card lapses no passes).  Once covered it stands: "
                       "its rank and the cover's count as on the table (\"כאילו הם קלפי התקפה רגילים\").  "
                       "After a take, throw-ins follow R12 as usual.  Covers must still beat (R11): a wrong "
                       "cover is taken back at once, ZH R31 \"压错的牌必须收回\", so 'noticed later' never "
                       "arises.  The HE time limit of one to three minutes is not modelled.  Not combined with "
                       "transfers, partner covers, attack by turns or 'none' (no throw-ins).")
    sent_back_passes: bool = _f(False, "R12", "Pushing durak (``pushing``) as the presets read it before they "
                                "were checked against the source (version 1 of the presets, "
                                ":data:`PRESET_CHANGES`): when a pushed card is sent back its owner counts as "
                                "having passed (with two players the bout ends in bito at once), and the card "
                                "may be pushed again once a card lapses his pass.  The passage names no such "
                                "consequence (\"הוא יכל להגיד לשחקן ג' להרים אותה חזרה ליד\": only the "
                                "pick-up): off in every preset; records written under version 1 replay with it.")
    ficus: bool = _f(False, "R28", "HE option \"פתיחת הפיקוס\" (the ficus finish), two players: \"אם משתתף "
                     "זורק את הקלף האחרון שלו אך למשתתף השני יש את: קלף זהה לקלף שנזרק, שני קלפים זהים (לדוגמה: "
                     "9,9) ושני קלפים עוקבים (לדוגמה: J,Q) אז המשתתף השני מנצח\" (\"if a participant throws his "
                     "last card but the other has a card identical to the card thrown, two identical cards (9,9) "
                     "and two consecutive cards (J,Q), the other wins\").  Read as: when a player plays the last "
                     "card of his hand with the talon empty and the other holds, in five different cards, one of "
                     "the rank just played, a pair of one rank and two of consecutive ranks (any suits; the ace "
                     "does not follow the king), the game ends at once and the one who went out is the durak.  "
                     "See durak_lab.engine.ficus.")
    swap_six: bool = _f(False, "R6", "HE option, with trump_swap, on a deck with ranks below six (52 cards): "
                        "the card swapped in is the trump six itself, as HE words it, \"רשאי השחקן שבידו קלף "
                        "שש מסדרת הקוזיר, להחליף את השש באס\" (\"the player holding the six of the trump "
                        "suit may swap the six for the ace\"), and in the rarer versions \"הקלף שבידי "
                        "השחקן חייב להיות בדרגת השש\" (\"the card in the player's hand must be of rank "
                        "six\").  Off: the lowest trump of the deck is swapped in (the six on 36 cards, the "
                        "2 on 52), HE's six read as the lowest rank of its 36-card deck.  Needs a deck that "
                        "holds the sixes (36 cards or more).")
    # doker's house rules (HE "דוקר"), played where the passage states them precisely
    take_unbeaten: bool = _f(False, "R18", "Doker (HE \"דוקר\"): \"אם אחד שרף והוסיפו לא והוא לא רוצה/יכול "
                             "לשרוף הוא יכול לקחת רק מה שהוא לא שרף וקלפים נוספים\" (the source writes \"לא\" "
                             "where the sense, and its next sentence, have \"לו\", to him: \"if one has burned and "
                             "more were added to him and he does not want to or cannot burn, he can take only "
                             "what he did not burn, and further cards\").  To burn is to beat: HE calls the "
                             "beaten cards of a bout burned, \"שרופים\", out of the game.  So on a take the "
                             "covered pairs go to the discard as in a defended bout, and the defender picks "
                             "up only the attack cards he did not beat, with those added after the take (R18); "
                             "he still loses the next lead (R18).  The passage gives him no reason to take "
                             "more, so \"he can\" is read as the rule of every take.  A forced take "
                             "(forced_take) picks up everything.")
    forced_take: bool = _f(False, "R15", "Doker (HE \"דוקר\"): \"אם התקיפו על המגן בשלוש שישיות או בקלפי "
                           "שלוש חמש ותשע המגן חייב לקחת את כל הקלפים\" (\"if they attacked the defender "
                           "with three sixes or with the cards three, five and nine, the defender must take "
                           "all the cards\").  Read as: once the attack cards on the table (led, thrown in "
                           "or passed on, covered or not) include three sixes, or a 3, a 5 and a 9, the "
                           "defender's only move is to take (R15: no cover, transfer or show), and he picks "
                           "up every card on the table, the covered pairs too (also with take_unbeaten).  "
                           "The 3 and the 5 are in the 52-card deck only; on 36 cards three sixes alone "
                           "force a take.  Not with a partner who covers, pushing durak or the defender's "
                           "choice.")

    def __post_init__(self) -> None:
        conv: dict[str, type[enum.Enum]] = {
            "throw_in": ThrowIn, "turns_direction": TurnsDirection, "hand_limit": HandLimit,
            "after_take": AfterTake, "draw_order": DrawOrder, "next_leader": NextLeader, "tie": Tie,
            "trump_swap": TrumpSwap,
            "choose": Choose,  # the defender chooses the cards to beat (R13)
        }
        for name, enum_type in conv.items():
            value = getattr(self, name)
            if not isinstance(value, enum_type):
                try:
                    object.__setattr__(self, name, enum_type(value))
                except ValueError:
                    choices = ", ".join(repr(e.value) for e in enum_type)
                    raise RulesError(f"{name}: {brief(value)} is not one of {choices}") from None
        self._validate()
        object.__setattr__(self, "_hash", hash(dataclasses.astuple(self)))

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined]

    def _validate(self) -> None:
        def bad(name: str, why: str) -> RulesError:
            value = getattr(self, name)
            if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10 ** 12:
                shown = "a number of more than 12 digits"  # repr of a huge int is slow, past 4,300 digits an error
            else:
                shown = shorten(value) if isinstance(value, str) else brief(value)
            return RulesError(f"{name}: {shown} is not allowed: {why}")

        for name in ("deck", "players", "hand_size", "teams", "jokers"):
            if isinstance(getattr(self, name), bool) or not isinstance(getattr(self, name), int):
                raise bad(name, "it must be a whole number")
        for name in ("lead", "attack_limit", "first_bout_limit"):
            v = getattr(self, name)
            if v is not None and (isinstance(v, bool) or not isinstance(v, int) or v < 1):
                raise bad(name, "it must be a whole number of at least 1, or None")
        for name in ("first_bout_carry", "transfer", "transfer_by_show", "partner_throw_in",
                     "partner_covers", "show_lowest_trump", "redeal", "swap_six", "take_unbeaten",
                     "forced_take"):
            if not isinstance(getattr(self, name), bool):
                raise bad(name, "it must be true or false")
        if not (20 <= self.deck <= 52 and self.deck % 4 == 0):
            raise bad("deck", "a deck has 4 suits of 5 to 13 ranks: 20, 24, …, 36, …, 52 cards (R1)")
        if not 2 <= self.players <= 8:
            raise bad("players", "Durak is for 2 to 8 players (R2, R5)")
        if self.hand_size < 1:
            raise bad("hand_size", "each player needs at least one card (R3)")
        # seven and eight players, doker's jokers (R1, R5)
        if isinstance(self.jokers, bool) or not isinstance(self.jokers, int) or not 0 <= self.jokers <= 2:
            raise bad("jokers", "a deck has 0, 1 or 2 jokers (doker, R1)")
        need = self.players * self.hand_size
        if self.players > 6 and need > self.deck + self.jokers:
            fits = [d for d in range(20, 53, 4) if d + self.jokers >= need]
            fix = (f"use deck={', '.join(map(str, fits[:-1]))} or {fits[-1]}" if len(fits) > 1 else
                   f"use deck={fits[0]}" if fits else "use smaller hands")
            raise bad("deck", f"{self.players} hands of {self.hand_size} need {need} cards; with more than six "
                      f"players add the ranks below six (R5): {fix}")
        if self.players * self.hand_size > self.deck + self.jokers:
            raise bad("hand_size", f"{self.players} hands of {self.hand_size} need more than "
                      f"{self.deck + self.jokers} cards (R5: add low ranks or play with fewer)")
        if self.teams:
            if self.teams < 2 or self.players % self.teams or self.players // self.teams < 2:
                raise bad("teams", "teams need 2 or more teams of 2 or more equal members "
                          "(4 players in 2 pairs, 6 in 3 pairs or 2 teams of 3) (R25)")
        elif self.partner_covers or self.partner_throw_in:
            raise bad("partner_covers" if self.partner_covers else "partner_throw_in",
                      "partners exist only in a team game (set teams) (R26)")
        if self.turns_direction is not TurnsDirection.CLOCKWISE and self.throw_in is not ThrowIn.BY_TURNS:
            raise bad("turns_direction", "the direction of the turns matters only when attackers take turns "
                      "(set throw_in='by_turns') (R12)")
        if self.transfer_by_show and not self.transfer:
            raise bad("transfer_by_show", "showing a trump is a kind of transfer: set transfer too (R24)")
        if self.transfer and self.partner_covers:
            raise bad("transfer", "FI pairs, where the partner covers, allow no transfers (R26)")
        if self.partner_covers and self.partner_throw_in:
            raise bad("partner_throw_in", "a partner who helps to cover cannot also throw in against the "
                      "defender (R26)")
        # pushing durak (HE "דוראק דחיפות", R12, R31)
        if not isinstance(self.pushing, bool):
            raise bad("pushing", "it must be true or false")
        if not isinstance(self.sent_back_passes, bool):
            raise bad("sent_back_passes", "it must be true or false")
        if self.sent_back_passes and not self.pushing:
            raise bad("sent_back_passes", "it is a rule of pushing durak: it needs pushing=True (R12)")
        if self.pushing and (self.transfer or self.partner_covers
                             or self.throw_in in (ThrowIn.BY_TURNS, ThrowIn.NONE)):
            raise bad("pushing", "pushing durak is played on the basic game: not with transfers, partner "
                      "covers, attack by turns or without throw-ins (R12, R20, R26)")

        # the defender chooses the cards to beat (R13, HE "התקפה בלתי מוגבלת", FI)
        if self.choose is Choose.HAND and self.hand_limit is not HandLimit.NONE:
            raise bad("choose", "the choice 'hand' is for an attack the defender's hand does not limit "
                      "(set hand_limit='none') (R13)")
        if self.choose is Choose.LIMIT and self.attack_limit is None:
            raise bad("choose", "the choice 'limit' needs an attack_limit the attackers may go over (R13)")
        if self.choose is not Choose.OFF and self.throw_in is ThrowIn.BY_TURNS:
            raise bad("choose", "the choice of cards to beat is for attacks not made by turns (HE: \"where "
                      "attack by turns is not used\") (R12, R13)")
        if self.choose is not Choose.OFF and self.partner_covers:
            raise bad("choose", "the choice of cards to beat is not modelled with a partner who covers (R26)")
        if self.choose is not Choose.OFF and self.pushing:
            raise bad("choose", "the choice of cards to beat is not modelled with pushing durak, where the "
                      "defender sends back cards one by one (R12, R13, R31)")
        # the trump six swapped in on a deck with lower ranks (R6)
        if self.swap_six and self.trump_swap is TrumpSwap.OFF:
            raise bad("swap_six", "it says which card the trump swap puts in: set trump_swap too (R6)")
        if self.swap_six and self.lowest_rank > 6:
            raise bad("swap_six", f"a {self.deck}-card deck has no six (R1, R6)")
        # doker's forced take (R15, HE "דוקר")
        if self.forced_take and (self.partner_covers or self.pushing or self.choose is not Choose.OFF):
            raise bad("forced_take", "the forced take is not modelled with a partner who covers, pushing durak "
                      "or the defender's choice (R13, R15, R26)")
        # the ficus finish (R28, HE "פתיחת הפיקוס")
        if not isinstance(self.ficus, bool):
            raise bad("ficus", "it must be true or false")
        if self.ficus and (self.players != 2 or self.teams):
            raise bad("ficus", "the ficus finish is for two players: it names \"the other participant\" "
                      "(HE \"המשתתף השני\") (R28)")
        if self.ficus and self.jokers:
            raise bad("ficus", "the ficus finish compares ranks, and a joker has none: not with jokers (R1, R28)")

    # ------------------------------------------------------------------ helpers
    @property
    def swap_rank(self) -> int:
        """The rank of the trump card the R6 swap puts in for the face-up one: the lowest rank of the
        deck, or the six with :attr:`swap_six`.

        >>> Rules(deck=52).swap_rank, Rules(deck=52, trump_swap="ace", swap_six=True).swap_rank
        (2, 6)
        """
        return 6 if self.swap_six else self.lowest_rank

    @property
    def lowest_rank(self) -> int:
        """Lowest rank of the deck: 6 for 36 cards, 2 for 52.

        >>> Rules(deck=24).lowest_rank
        9
        """
        return 15 - self.deck // 4

    @property
    def has_talon(self) -> bool:
        """False when the deal uses every card (six players on 36 cards, R5)."""
        return self.players * self.hand_size < self.deck + self.jokers

    @property
    def all_cards(self) -> int:
        """The mask of every card of the game: the ranks from :attr:`lowest_rank` up, and the jokers (R1).

        >>> from durak_lab.engine.cards import CardSet
        >>> len(CardSet(Rules.preset("doker").all_cards)), len(CardSet(Rules().all_cards))
        (54, 36)
        """
        from ..cards import JOKER_MASKS, deck_mask

        return deck_mask(self.lowest_rank) | JOKER_MASKS[self.jokers]

    def replace(self, **changes: Any) -> "Rules":
        """A copy with some fields changed, validated again.

        >>> Rules().replace(players=4, transfer=True).players
        4
        >>> Rules().replace(colour="red")
        Traceback (most recent call last):
        ...
        durak_lab.engine.errors.RulesError: 'colour' is not a rules option; options: deck, players, ...
        """
        names = {f.name for f in dataclasses.fields(self)}
        for key in changes:
            if key not in names:
                raise RulesError(f"{brief(key)} is not a rules option; options: deck, players, ...")
        return dataclasses.replace(self, **changes)

    @classmethod
    def preset(cls, name: str, **changes: Any) -> "Rules":
        """A named preset (see :data:`PRESETS`) with optional changes.

        >>> Rules.preset("simple").throw_in.value
        'none'
        """
        if not isinstance(name, str) or name not in PRESETS:
            raise RulesError(f"{brief(name)} is not a preset; presets: {', '.join(PRESETS)}")
        return cls(**{**PRESETS[name], **changes})

    def to_dict(self, preset: Optional[str] = None) -> dict:
        """The fields as plain JSON values; with ``preset``, only those that differ from it.

        >>> Rules.preset("perevodnoy", players=4).to_dict("perevodnoy")
        {'preset': 'perevodnoy', 'players': 4}
        """
        base = Rules.preset(preset) if preset else None
        out: dict = {"preset": preset} if preset else {}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if base is not None and getattr(base, f.name) == v:
                continue
            out[f.name] = v.value if isinstance(v, enum.Enum) else v
        return out

    @classmethod
    def from_dict(cls, data: dict) -> "Rules":
        """Rules from ``{"preset": name, field: value, ...}`` (the record's ``rules``).

        >>> Rules.from_dict({"preset": "podkidnoy", "players": 4}).players
        4
        """
        if not isinstance(data, dict):
            raise RulesError("rules must be an object of options")
        data = dict(data)
        name = data.pop("preset", None)
        names = {f.name for f in dataclasses.fields(cls)}
        for key in data:
            if key not in names:
                raise RulesError(f"{brief(key)} is not a rules option; options: {', '.join(sorted(names))}")
        if name is None:
            return cls(**data)
        return cls.preset(name, **data)

    def short_name(self) -> str:
        """The first preset equal to these rules with ``players`` changed, plus the rest.

        >>> Rules.preset("pairs").short_name()
        'pairs'
        """
        return _short_name(self)

    def _short_name(self) -> str:
        best = None
        for name in PRESETS:
            d = self.to_dict(name)
            d.pop("preset")
            d.pop("players", None)
            if best is None or len(d) < len(best[1]):
                best = (name, d)
        assert best is not None
        return best[0] + "".join(f",{k}={v}" for k, v in best[1].items())

    @classmethod
    def field_doc(cls, name: str) -> str:
        """The rule a field states, with its rule id."""
        f = {f.name: f for f in dataclasses.fields(cls)}[name]
        return f.metadata["doc"]

    @classmethod
    def field_rule(cls, name: str) -> str:
        """The rule id a field implements, e.g. ``'R12'``.

        >>> Rules.field_rule("transfer")
        'R20'
        """
        return {f.name: f for f in dataclasses.fields(cls)}[name].metadata["rule"]


def explain(rules: Rules) -> str:
    """Every option of ``rules`` with its value and the rule it states.

    >>> print(explain(Rules()).splitlines()[0])
    deck = 36  [R1] Deck size: 36 cards (6–A, HE KO ZH), 52 (2–A, FI default), or any multiple of 4 from 20 to 52 (lowest rank 10…2); ace high.
    """
    lines = []
    for f in dataclasses.fields(rules):
        v = getattr(rules, f.name)
        v = v.value if isinstance(v, enum.Enum) else v
        lines.append(f"{f.name} = {v}  [{f.metadata['rule']}] {f.metadata['doc']}")
    return "\n".join(lines)


@functools.lru_cache(maxsize=512)
def _short_name(rules: Rules) -> str:
    """:meth:`Rules.short_name`, worked out once per rules (it builds every preset to compare: a
    position's text asks it each time)."""
    return rules._short_name()
