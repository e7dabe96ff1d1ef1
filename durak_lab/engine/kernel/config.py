"""The kernel's configuration: the rules its loops read, as one flat tuple whose fields have names.

:func:`check_rules` turns :class:`~durak_lab.engine.rules.Rules` into the tuple that every loop of
the kernel reads: the listing loop (:func:`durak_lab.engine.kernel.loop.run`), the fast loops
(:mod:`durak_lab.engine.kernel.two`, :mod:`durak_lab.engine.kernel.fast`,
:mod:`durak_lab.engine.kernel.rollout`) and the two-player endgame model
(:mod:`durak_lab.engine.kernel.endgame`).  Each field has its index named once below: a loop
reads ``cfg[LEAD]``, never ``cfg[13]``, and unpacks the fields it needs into local names before its
hot loop.  The configuration stays a plain tuple: a NamedTuple made the loops measurably slower.

:func:`loop_for` is the one place that says which loop plays which rules: the fast loops play the
common rules (one-card leads, the 'current' hand limit, the 'limit' after-take rule, the clockwise
draw …), one loop for two players and one for three to six; the listing loop plays everything the
kernel supports.

Standard library only.

>>> from durak_lab.engine.rules import Rules
>>> cfg = check_rules(Rules.preset("perevodnoy", players=4))
>>> cfg[PLAYERS], cfg[HAND_SIZE], cfg[TRANSFER], loop_for(cfg) == MULTI_LOOP
(4, 6, True, True)
>>> loop_for(check_rules(Rules.preset("he_hand"))) == LISTING_LOOP   # the bout-start hand limit (R13)
True
"""

from __future__ import annotations

from ..errors import KernelUnsupported
from ..rules import AfterTake, Choose, DrawOrder, HandLimit, Rules, ThrowIn, Tie, TrumpSwap, TurnsDirection

__all__ = [
    "check_rules", "loop_for", "LISTING_LOOP", "TWO_LOOP", "MULTI_LOOP", "NO_LIMIT",
    "PLAYERS", "HAND_SIZE", "CAP", "CAP_FIRST", "CARRY", "TAKE_NONE", "TRANSFER", "NEIGHBOURS", "NO_THROW",
    "TEAMS", "ORDERS", "HAND_LIMIT", "SEEN_RANKS", "LEAD", "MATES", "SHOW", "TURNS", "DRAW_ORDER", "TIE_ALL",
    "FIELDS", "HL_CURRENT", "HL_BOUT_START", "HL_NONE", "DRAW_CLOCKWISE", "DRAW_ATTACK_ORDER", "DRAW_EQUAL",
    "DRAW_ROUND",
]

# ---------------------------------------------------------------------- the fields, by index
PLAYERS = 0      #: the seats at the table, 2 to 6 (``players``, R2, R5)
HAND_SIZE = 1    #: the cards dealt to each seat and drawn up to after a bout (``hand_size``, R3, R19)
CAP = 2          #: the most attack cards in a bout, :data:`NO_LIMIT` without a fixed limit (``attack_limit``, R13)
CAP_FIRST = 3    #: the most attack cards in the first bout: the lower of CAP and ``first_bout_limit`` (R14)
CARRY = 4        #: after a take in the first bout the first-bout limit holds for the next (``first_bout_carry``, R14)
TAKE_NONE = 5    #: once the defender takes, nothing more is added (``after_take='none'``, R18)
TRANSFER = 6     #: the defender may pass the attack on (``transfer``, perevodnoy, R20 to R23)
NEIGHBOURS = 7   #: only the defender's neighbours throw in (``throw_in='neighbours'``, R12)
NO_THROW = 8     #: nobody throws in: the leader alone attacks (``throw_in='none'``, R12)
TEAMS = 9        #: 0, or the number of teams, seat i in team ``i % TEAMS`` (``teams``, R25)
#: ``ORDERS[leader][defender]``: the seats who may attack, in their order from the leader (R12, R25; with
#: ``partner_throw_in``, R26, the defender's partners among them; by turns anticlockwise, R12, reversed)
ORDERS = 10
HAND_LIMIT = 11  #: :data:`HL_CURRENT`, :data:`HL_BOUT_START` or :data:`HL_NONE` (``hand_limit``, R13)
SEEN_RANKS = 12  #: after a take, any cards of the ranks seen in the bout (``after_take='seen_ranks'``, R18)
LEAD = 13        #: the most cards in a lead, all of one rank; :data:`NO_LIMIT` for any number (``lead``, R10)
#: the partner's cover (``partner_covers``, R26): ``MATES[defender]``, his partners clockwise from him;
#: None without that cover
MATES = 14
SHOW = 15        #: a trump of the attack's rank may be shown to transfer (``transfer_by_show``, R24)
TURNS = 16       #: attack by turns, with the right to cut in (``throw_in='by_turns'``, R12)
DRAW_ORDER = 17  #: :data:`DRAW_CLOCKWISE`, :data:`DRAW_ATTACK_ORDER`, :data:`DRAW_EQUAL` or :data:`DRAW_ROUND` (R19)
TIE_ALL = 18     #: the last ones out together are all durak (``tie='all_durak'``, R29)
FIELDS = 19      #: the number of fields

#: The values of ``cfg[HAND_LIMIT]`` (R13): uncovered cards never exceed the defender's hand; attack cards
#: never exceed his hand at the bout's start; no hand limit (the cards he cannot beat go back).
HL_CURRENT, HL_BOUT_START, HL_NONE = 0, 1, 2
#: The values of ``cfg[DRAW_ORDER]`` (R19): clockwise from the leader; the attackers in the order they
#: attacked; one card at a time to the shortest hand; FI's round, where after a take the defender draws
#: in his turn clockwise from the leader.
DRAW_CLOCKWISE, DRAW_ATTACK_ORDER, DRAW_EQUAL, DRAW_ROUND = 0, 1, 2, 3
#: A limit that is never reached (no attack limit, leads of any size).
NO_LIMIT = 1 << 30

# ---------------------------------------------------------------------- which loop plays which rules
#: The listing loop (:func:`~durak_lab.engine.kernel.loop.run`): every rule the kernel supports.
LISTING_LOOP = 0
#: The two-player fast loops (:func:`~durak_lab.engine.kernel.two.two_run`,
#: :func:`~durak_lab.engine.kernel.rollout.greedy_two`).
TWO_LOOP = 1
#: The fast loops for three to six players (:func:`~durak_lab.engine.kernel.fast.random_run`,
#: :func:`~durak_lab.engine.kernel.rollout.greedy_multi`).
MULTI_LOOP = 2


def loop_for(cfg: tuple, greedy: bool = False) -> int:
    """Which loop plays random and greedy playouts under the configuration ``cfg``: :data:`TWO_LOOP`,
    :data:`MULTI_LOOP`, or :data:`LISTING_LOOP` for the rules only the listing loop plays (the
    bout-start and unlimited hand limits, R13; seen ranks after a take, R18; leads of several cards,
    R10; the partner's cover, R26; the transfer by showing a trump, R24; attack by turns with more
    than two players, R12 (with two, the attacker attacks alone); the attack-order and equal draws,
    R19; the all-durak tie, R29).  ``greedy``: the loop of greedy playouts only, which plays the
    partner's cover too (:func:`~durak_lab.engine.kernel.rollout.greedy_multi`).

    >>> from durak_lab.engine.rules import Rules
    >>> [loop_for(check_rules(Rules.preset("by_turns", players=n))) for n in (2, 3)] == [TWO_LOOP, LISTING_LOOP]
    True
    >>> [loop_for(check_rules(Rules.preset("pairs")), greedy) for greedy in (False, True)] == [LISTING_LOOP, MULTI_LOOP]
    True
    """
    if (cfg[HAND_LIMIT] != HL_CURRENT or cfg[SEEN_RANKS] or cfg[LEAD] != 1 or (cfg[MATES] is not None and not greedy)
            or cfg[SHOW] or (cfg[TURNS] and cfg[PLAYERS] > 2) or cfg[DRAW_ORDER] != DRAW_CLOCKWISE
            or cfg[TIE_ALL]):
        return LISTING_LOOP
    return TWO_LOOP if cfg[PLAYERS] == 2 else MULTI_LOOP


# ---------------------------------------------------------------------- the tuple
_CONFIGS: dict = {}


def _unsupported(rules: Rules) -> str | None:
    """The option of ``rules`` the kernel does not play, in words, or None."""
    if rules.trump_swap is not TrumpSwap.OFF:
        return f"trump_swap={rules.trump_swap.value!r}"
    if rules.redeal:
        return "redeal"
    if rules.choose is not Choose.OFF:
        return f"choose={rules.choose.value!r} (the defender chooses the cards to beat, R13)"
    # seven and eight players; doker's jokers (R5, HE "ריבוי שחקנים", "דוקר")
    if rules.players > 6:
        return f"players={rules.players} (more than six players, R5)"
    if rules.jokers:
        return f"jokers={rules.jokers} (doker, R1)"
    if rules.pushing:  # pushing durak (HE "דוראק דחיפות"): the reference engine's alone
        return "pushing (pushing durak: any card may be laid and challenged, R12, R31)"
    if rules.ficus:  # the ficus finish (R28, HE "פתיחת הפיקוס")
        return "ficus (the ficus finish, R28)"
    if rules.tie is Tie.FIRST_OUT:  # KO: the first out wins a simultaneous finish
        return "tie='first_out' (the first to empty his hand wins, R28, R29)"
    if rules.draw_order is DrawOrder.DEFENDER_FIRST:  # doker: after a full defence the defender draws first
        return "draw_order='defender_first' (doker: the defender draws first after a full defence, R19)"
    if rules.take_unbeaten:  # doker: a take picks up only the unbeaten cards
        return "take_unbeaten (doker: the beaten pairs of a take go to the discard, R18)"
    if rules.forced_take:  # doker: three sixes or 3-5-9 force a take
        return "forced_take (doker: three sixes or a 3, a 5 and a 9 force a take, R15)"
    return None


def check_rules(rules: Rules) -> tuple:
    """The kernel's configuration tuple for ``rules`` (its fields: :data:`PLAYERS` …
    :data:`TIE_ALL`); :class:`~durak_lab.engine.errors.KernelUnsupported` names an option it lacks.

    >>> from durak_lab.engine.rules import Rules
    >>> cfg = check_rules(Rules.preset("perevodnoy", players=4))
    >>> cfg[PLAYERS], cfg[HAND_SIZE], cfg[CAP], len(cfg) == FIELDS
    (4, 6, 6, True)
    """
    cfg = _CONFIGS.get(rules)
    if cfg is not None:
        return cfg
    bad = _unsupported(rules)
    if bad:
        raise KernelUnsupported(f"the kernel does not support {bad}; use Position")
    cap = rules.attack_limit if rules.attack_limit is not None else NO_LIMIT
    fbl = rules.first_bout_limit
    n, t = rules.players, rules.teams
    # who may throw in, in order from the leader (R12, R25): by leader and defender
    # (attack by turns, R12: in the order of the turns, which may run anticlockwise)
    step = -1 if rules.throw_in is ThrowIn.BY_TURNS and rules.turns_direction is TurnsDirection.ANTICLOCKWISE else 1
    orders = tuple(tuple(tuple(x for x in ((ld + step * i) % n for i in range(n))
                               if x != d and (not t or rules.partner_throw_in or x % t != d % t))
                         for d in range(n)) for ld in range(n))
    # the partner's cover (R26): each defender's partners, clockwise from him
    mates = (tuple(tuple(x for x in ((dd + i) % n for i in range(1, n)) if x % t == dd % t) for dd in range(n))
             if rules.partner_covers else None)
    fields: dict = {
        PLAYERS: n,
        HAND_SIZE: rules.hand_size,
        CAP: cap,
        CAP_FIRST: min(cap, fbl) if fbl is not None else cap,
        CARRY: rules.first_bout_carry,
        TAKE_NONE: rules.after_take is AfterTake.NONE,
        TRANSFER: rules.transfer,
        NEIGHBOURS: rules.throw_in is ThrowIn.NEIGHBOURS,
        NO_THROW: rules.throw_in is ThrowIn.NONE,
        TEAMS: t,
        ORDERS: orders,
        HAND_LIMIT: {HandLimit.CURRENT: HL_CURRENT, HandLimit.BOUT_START: HL_BOUT_START,
                     HandLimit.NONE: HL_NONE}[rules.hand_limit],
        SEEN_RANKS: rules.after_take is AfterTake.SEEN_RANKS,
        LEAD: rules.lead if rules.lead is not None else NO_LIMIT,
        MATES: mates,
        SHOW: rules.transfer_by_show,
        TURNS: rules.throw_in is ThrowIn.BY_TURNS,
        DRAW_ORDER: {DrawOrder.CLOCKWISE: DRAW_CLOCKWISE, DrawOrder.ATTACK_ORDER: DRAW_ATTACK_ORDER,
                     DrawOrder.EQUAL: DRAW_EQUAL, DrawOrder.ROUND: DRAW_ROUND}[rules.draw_order],
        TIE_ALL: rules.tie is Tie.ALL_DURAK,
    }
    cfg = _CONFIGS[rules] = tuple(fields[i] for i in range(FIELDS))
    return cfg
