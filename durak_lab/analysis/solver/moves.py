"""The exact solver's moves for the attacker, best first: :func:`_attacker_moves`.

The search (:mod:`durak_lab.analysis.solver.search`) tries a lead, a throw-in
or a pass in the order this module lists them:

* at a bout start, the leads: low non-trumps first, then low trumps (ties:
  fewer possible covers first);
* after the covers, the throw-ins the same way, with the pass second, right
  after the lowest throw-in; or first, if the throw-ins are trumps (with leads
  of more than one card, the pass last);
* while the defender takes, every set of throw-ins once: the most low cards
  first, then none (the pass), then the other sets (low cards first, the most
  cards first); the sets holding a trump last.

Trumps are held back: a full solve searches a fifth fewer positions at 8+8
with this order than with the pass always last (measured in
``tests/benchmarks/README.md``).  A card nothing beats (and no transfer) is
taken at once (R15).  The rules themselves are the kernel's endgame model
(:mod:`durak_lab.engine.kernel.endgame`): this module only orders its moves.

Standard library only.
"""

from __future__ import annotations

from ...engine.cards import SUIT_MASKS
from ...engine.rules import Rules
from .model import _LOW13, _SPREAD, _Model

__all__: list = []


def _attacker_moves(m: _Model, rules: Rules, trump: int) -> tuple:
    """``(children, take_memo)``: ``children(a, d, tbl, unc, tk, x)`` lists the successors of
    an attacker's state (a bout start, or a bout whose cards are all covered or taken), best
    first, as the model gives them (outcomes as ints, states as 7-tuples); ``take_memo`` is
    the cache of sets of throw-ins it keeps (the search clears it with its tables).

    >>> from durak_lab.engine.cards import CardSet
    >>> from durak_lab.analysis.solver.model import _model
    >>> rules = Rules.preset("podkidnoy", players=2)
    >>> children, _ = _attacker_moves(_model(rules, 0), rules, 0)   # ♠ trump
    >>> a, d = CardSet.parse("7♥ 6♠ 9♣").mask, CardSet.parse("8♥ 10♣").mask
    >>> kids = children(a, d, 0, 0, 0, 0)
    >>> [str(CardSet(a ^ ch[0])) for ch in kids]   # the leads, best first
    ['7♥', '9♣', '6♠']
    >>> str(CardSet(kids[2][1]))                     # nothing beats 6♠: taken at once (R15)
    '6♠ 8♥ 10♣'
    >>> tbl = CardSet.parse("7♥ 8♥").mask            # 7♥ led and covered by 8♥
    >>> a, d = CardSet.parse("7♠ 7♣").mask, CardSet.parse("10♠ K♦").mask
    >>> [str(CardSet(ch[2] ^ tbl)) if ch[2] else "pass" for ch in children(a, d, tbl, 0, 0, 0)]
    ['7♣', 'pass', '7♠']
    >>> [str(CardSet(ch[2] ^ tbl)) if ch[2] else "pass"            # only a trump to throw in: held back
    ...  for ch in children(CardSet.parse("7♠ A♦").mask, d, tbl, 0, 0, 0)]
    ['pass', '7♠']
    """
    beat, lead, no_throw = m.beat, m.lead, m.no_throw
    room, end, settle, take = m.room, m.end, m.settle, m.take
    attack_sets, transfer_options = m.attack_sets, m.transfer_options
    cyclic = rules.transfer
    low13, spread = _LOW13, _SPREAD

    # lead order: non-trumps before trumps, low before high (ties: fewer possible covers first)
    # (times 64 plus the card: keys all different, so a plain sort never compares the states)
    lead_pri = [((50 if c // 13 == trump else 0) + 2 * (c % 13)) * 64 + c for c in range(52)]
    trump_pri = 50 * 64  # lead_pri of a trump is at least this, of a non-trump below it
    tmask = SUIT_MASKS[trump]
    take_pri = [(c % 13) * 64 + c for c in range(52)]  # throw-ins while the defender takes

    def take_key(c: int) -> int:
        return take_pri[c.bit_length() - 1]

    def take_sets(cs: list, j: int, s: int, left: int, out: list) -> None:
        """Append every set of cards that adds up to ``left`` more of ``cs[j:]`` to ``s``,
        each set once: with cs[j] before without it."""
        if j == len(cs) or not left:
            out.append(s)
            return
        take_sets(cs, j + 1, s | cs[j], left - 1, out)
        take_sets(cs, j + 1, s, left, out)

    take_memo: dict = {}  # the sets of throw-ins on a take, by (cards that may go, room)
    take_memo_get = take_memo.get

    def children(a: int, d: int, tbl: int, unc: int, tk: int, x: int) -> list:
        """The successors to search, best first (outcomes as ints, states as 7-tuples)."""
        if not tbl:  # the lead (R10): low non-trumps first, then low trumps
            k = lead
            if k > 1:  # (one card always goes: the defender holds one, every bout takes one)
                r = room(d, 0, 0, 0, x)
                if r < k:
                    k = r
            out: list[tuple[int, object]] = []
            if k == 1:
                m = a
                while m:
                    c = m & -m
                    m ^= c
                    i = c.bit_length() - 1
                    bt = d & beat[i]
                    if bt or (cyclic and d & spread << (i % 13) and transfer_options(a ^ c, d, c, c, x)):
                        out.append((lead_pri[i] + (64 if bt & (bt - 1) else 0), (a ^ c, d, c, c, 0, x, False)))
                    else:  # nothing beats it and no transfer (R20, R22, R24): the defender takes (R15)
                        out.append((lead_pri[i], take(a ^ c, d, c, c, x)))
            else:  # sets of one rank share their lowest card: the listing's order breaks ties
                ranked: list[tuple[int, int, object]] = []
                for n, c in enumerate(attack_sets(a, k)):
                    i = (c & -c).bit_length() - 1
                    bt = d & beat[i]
                    if bt or (cyclic and d & spread << (i % 13) and transfer_options(a ^ c, d, c, c, x)):
                        ranked.append((lead_pri[i] + (64 if bt & (bt - 1) else 0), n, (a ^ c, d, c, c, 0, x, False)))
                    else:
                        ranked.append((lead_pri[i], n, take(a ^ c, d, c, c, x)))
                ranked.sort()
                return [ch for _, _, ch in ranked]
            out.sort()
            return [ch for _, ch in out]
        # the attacker throws in (low non-trumps first; while the defender takes, low first) or passes
        if not tk and lead == 1 and not no_throw:
            # all covered (unc is 0): one card, which the defender covers or takes, or the pass
            m = a & ((tbl | tbl >> 13 | tbl >> 26 | tbl >> 39) & low13) * spread
            if not m or room(d, tbl, unc, 0, x) < 1:
                return [end(a, d, tbl, True, x)]
            if not m & (m - 1):
                i = m.bit_length() - 1
                card = (a ^ m, d, tbl | m, m, 0, x, False) if d & beat[i] else take(a ^ m, d, tbl | m, m, x)
                if m & tmask:  # a trump: held back first
                    return [end(a, d, tbl, True, x), card]
                return [card, end(a, d, tbl, True, x)]
            out = []
            while m:
                c = m & -m
                m ^= c
                i = c.bit_length() - 1
                if d & beat[i]:
                    out.append((lead_pri[i], (a ^ c, d, tbl | c, c, 0, x, False)))
                else:  # a card nothing beats is taken at once (no transfer once a card is covered)
                    out.append((lead_pri[i], take(a ^ c, d, tbl | c, c, x)))
            out.sort()
            kids = [ch for _, ch in out]
            # the pass second, or first if the lowest throw-in is a trump (then all of them are)
            kids.insert(1 if out[0][0] < trump_pri else 0, end(a, d, tbl, True, x))
            return kids
        k = lead
        r = room(d, tbl, unc, tk, x)
        if r < k:
            k = r
        out = []
        if k > 0 and not no_throw:
            rs = ((tbl | tbl >> 13 | tbl >> 26 | tbl >> 39) & low13) * spread
            if tk:
                # While the defender takes nobody answers a throw-in (R18), and a throw-in
                # keeps the ranks on the table: the throw-ins are a set, not a sequence.
                # Every set of up to r of the cards that may go, each set once, as the
                # next bout (the order: see the module docstring).
                m = a & rs
                sk = (m, r)
                sets = take_memo_get(sk)
                if sets is None:  # (the sets depend on the cards that may go and r only)
                    tm = m & tmask
                    cs = []
                    while m:
                        c = m & -m
                        m ^= c
                        cs.append(c)
                    if len(cs) > 1:
                        cs.sort(key=take_key)
                    sets = []
                    take_sets(cs, 0, 0, r, sets)
                    if len(sets) > 2:  # none (the pass) second, after the most low cards
                        sets.insert(1, sets.pop())
                    if tm:  # the sets with a trump last
                        sets = [s for s in sets if not s & tm] + [s for s in sets if s & tm]
                    sets = take_memo[sk] = tuple(sets)
                return [end(a ^ s, d, tbl | s, False, x) for s in sets]
            elif k == 1:  # all covered (unc is 0): one card, which the defender covers or takes
                m = a & rs
                while m:
                    c = m & -m
                    m ^= c
                    i = c.bit_length() - 1
                    if d & beat[i]:
                        out.append((lead_pri[i] << 8, (a ^ c, d, tbl | c, c, 0, x, False)))
                    else:  # a card nothing beats is taken at once (no transfer once a card is covered)
                        out.append((lead_pri[i] << 8, take(a ^ c, d, tbl | c, c, x)))
            else:
                for n, c in enumerate(attack_sets(a & rs, k)):
                    i = (c & -c).bit_length() - 1
                    out.append((lead_pri[i] << 8 | n, settle(a ^ c, d, tbl | c, c, 0 if d & beat[i] else 1, x)))
            if len(out) > 1:
                out.sort()
        kids = [ch for _, ch in out]
        kids.append(end(a, d, tbl, not tk, x))
        return kids

    return children, take_memo
