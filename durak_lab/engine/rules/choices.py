"""The values an option of the rules takes, where it is a choice among words (R12, R13, R18, R19, R29 …).

Each is a ``str`` enum: ``Rules(throw_in="neighbours")`` and ``Rules(throw_in=ThrowIn.NEIGHBOURS)`` are
the same rules, and a record writes the word.  Standard library only.

>>> ThrowIn("by_turns") is ThrowIn.BY_TURNS, Tie.FIRST_OUT.value
(True, 'first_out')
"""

from __future__ import annotations

import enum

__all__ = ["ThrowIn", "TurnsDirection", "HandLimit", "AfterTake", "DrawOrder", "NextLeader", "Tie", "TrumpSwap",
           "Choose"]


class ThrowIn(str, enum.Enum):
    """Who may throw in (R12)."""

    ALL = "all"                #: everyone but the defender (ZH basic, HE most versions)
    NEIGHBOURS = "neighbours"  #: only the defender's two neighbours (ZH variant)
    BY_TURNS = "by_turns"      #: the leader, then the next player when the leader stops (HE)
    NONE = "none"              #: nobody: the lead is the whole attack (HE simple durak)


class TurnsDirection(str, enum.Enum):
    """In attack by turns, who attacks after the leader stops (R12, HE "תקיפה לפי התור")."""

    CLOCKWISE = "clockwise"          #: on round the table the way play goes, past the defender
    ANTICLOCKWISE = "anticlockwise"  #: the player to the right of the one before (HE: "usually")


class HandLimit(str, enum.Enum):
    """How the defender's hand limits an attack (R13)."""

    CURRENT = "current"        #: uncovered attack cards never exceed the defender's hand
    BOUT_START = "bout_start"  #: attack cards never exceed the defender's hand at the bout's start (HE)
    NONE = "none"              #: no hand limit: the defender beats what he can, the rest go back (HE, FI)


class AfterTake(str, enum.Enum):
    """What attackers may add once the defender has decided to take (R18)."""

    LIMIT = "limit"            #: matching cards, within the bout limit (ZH)
    SEEN_RANKS = "seen_ranks"  #: any number of cards of ranks seen in the bout (HE)
    NONE = "none"              #: nothing: the defender picks up at once


class DrawOrder(str, enum.Enum):
    """Who draws first after a bout (R19)."""

    CLOCKWISE = "clockwise"        #: leader, then the others clockwise, defender last (HE, KO, ZH, FI)
    ATTACK_ORDER = "attack_order"  #: attackers in the order they attacked, then the rest, defender last (HE)
    EQUAL = "equal"                #: one card at a time to the shortest hand, as equal as possible (HE)
    ROUND = "round"                #: leader, then everyone clockwise; the defender last after a defence (FI)
    DEFENDER_FIRST = "defender_first"  #: after a full defence the defender first, then as clockwise (HE doker)


class NextLeader(str, enum.Enum):
    """Who leads the next game of a match (R8)."""

    LEFT_OF_DURAK = "left_of_durak"    #: the player to the left of the last durak (ZH; HE variant)
    RIGHT_OF_DURAK = "right_of_durak"  #: the player to the right of the last durak (HE variant)
    WINNER = "winner"                  #: the winner, two players (KO)
    LOWEST_TRUMP = "lowest_trump"      #: the lowest trump, as in the first game (R7; FI, HE usually)


class Tie(str, enum.Enum):
    """What happens when the last cards go at the same time (R29)."""

    NO_DURAK = "no_durak"    #: a draw: nobody is durak (ZH, HE)
    ALL_DURAK = "all_durak"  #: the last ones are all durak (HE variant)
    FIRST_OUT = "first_out"  #: the first to empty his hand wins: the defender who beat the last card is durak (KO)


class TrumpSwap(str, enum.Enum):
    """Swapping the lowest trump for the face-up trump card (R6)."""

    OFF = "off"  #: no swap
    ACE = "ace"  #: if the trump card is an ace, the holder of the trump six may swap (HE)
    ANY = "any"  #: the trump six may be swapped for any trump card (rarer HE version)


class Choose(str, enum.Enum):
    """When more attack cards lie than the defender has to beat, he chooses which to beat (R13).

    The cards he does not choose go back to the attackers who laid them.
    """

    OFF = "off"      #: no choice: the limits of the bout are hard caps
    HAND = "hand"    #: HE "התקפה בלתי מוגבלת": more uncovered cards than the defender holds (hand_limit='none')
    LIMIT = "limit"  #: FI: attack_limit is no hard cap; more attack cards than it in the bout
