"""Attack and defence as graphs (networkx): which card beats which, the table of a bout,
and "can the defender cover everything?".

* :func:`beats_graph` — the card order of a deck under a trump (R1, R11): an edge
  ``a → b`` when ``a`` beats ``b``.  The full graph is dense; ``reduced=True``
  keeps only the "next higher" edges (its transitive reduction).
  :func:`beats_layout` places it as two ranked rows, the trump suit on top.
* :func:`table_graph` — one bout: the attack cards, their covers, the
  defender's hand and the cards the attackers could still throw in (R12, R13),
  joined by "beats", "covered by" and "may throw in" edges.
* :func:`cover_plan` / :func:`cover_plan_for` — a bipartite matching between
  the uncovered attack cards and the defender's cards: whether a full cover
  exists, one cheapest full cover (:func:`card_cost`: keep the trumps and the
  high cards, as the ZH tips advise), and when there is none, a set of attack
  cards with too few possible answers (Hall's condition fails), found from a
  maximum matching by alternating paths (König).
* :func:`edge_table` and :func:`cover_table` — the same facts as pandas tables,
  the text alternative of the figures of :mod:`durak_lab.plots.beats`.

Analysis layer: needs networkx (and pandas for the tables).

>>> plan = cover_plan_for("10♥ A♠ 6♣", "7♥ 9♥ J♥", trump="♠")
>>> plan.full, plan.hall_set, plan.neighbours
(False, (Card('7♥'), Card('9♥'), Card('J♥')), (Card('10♥'), Card('A♠')))
>>> print(plan.sentence())
7♥, 9♥ and J♥ can only be beaten by 10♥ and A♠: three cards, two answers, so at least one of them stays uncovered.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Optional, Union

import networkx as nx

from ..engine.cards import (BEATERS, SUIT_SYMBOLS, Card, CardSet, cards_of, deck_mask, parse_suit, rank_of,
                    ranks_mask, suit_of)
from ..engine.errors import CardError
from ..engine.moves import seat_text
from ..engine.rules import AfterTake
from ..engine.state.position import Position
from ..text.catalogue import Items
from ..text.explain import cover_why
from ..text.messages import say
from ..text.reasons import card_words

__all__ = [
    "card_attrs", "beats_graph", "beats_layout", "table_graph", "TABLE_ROLES", "card_cost", "TRUMP_COST",
    "CoverPlan", "cover_plan", "cover_plan_for", "edge_table", "cover_table", "suit_number",
]

Cards = Union[str, CardSet, int, Iterable[Union[int, str]]]
Suit = Union[str, int]

#: What a trump costs on top of its rank in :func:`card_cost`: more than any set of non-trumps.
TRUMP_COST = 1000

#: The roles of the nodes of :func:`table_graph`, in the order the table figure shows them as columns.
TABLE_ROLES = ("attack", "cover", "hand", "throw-in")

def suit_number(trump: Suit) -> int:
    """The number (0 to 3) of a suit given as text (``♠``, ``S`` …) or as its number; a CardError
    names anything else.

    >>> suit_number("♥"), suit_number("d"), suit_number(3)
    (1, 2, 3)
    """
    if isinstance(trump, str):
        return parse_suit(trump)
    if isinstance(trump, bool) or not isinstance(trump, int) or not 0 <= trump < 4:
        raise CardError(f"{trump!r} is not a suit: write ♠ ♥ ♦ ♣ or S H D C", facts={"text": str(trump), "case": "suit"})
    return int(trump)


def _cards(cards: Cards) -> list[Card]:
    """Cards in the order given (text order for a string); a repeated card is a CardError."""
    if isinstance(cards, CardSet):
        return list(cards)
    if isinstance(cards, str):
        out = [Card.parse(tok) for tok in cards.replace(",", " ").split()]
    elif isinstance(cards, int) and not isinstance(cards, bool):
        return list(CardSet(cards))
    else:
        out = [Card(c) for c in cards]
    if len(set(out)) != len(out):
        twice = next(c for c in out if out.count(c) > 1)
        raise CardError(f"{twice} appears twice", facts={"text": str(twice), "case": "twice"})
    return out


def _texts(cards: Iterable[object]) -> Items:
    """Cards as a list a template words: '7♥', '7♥ and 9♥', '7♥, 9♥ and J♥'."""
    return Items([str(c) for c in cards])


def _pairs(pairs: Iterable[tuple]) -> Items:
    """Attack cards and their covers as a list: '7♥ with 8♥, 9♥ with 10♥'."""
    return Items([say("plan-pair", attack=str(a), cover=str(c)) for a, c in pairs], "comma")


def card_attrs(card: Union[int, str], trump: Suit) -> dict:
    """The node attributes of a card: text, rank, suit, is_trump and the card in words.

    >>> card_attrs("10♦", trump="♠")
    {'text': '10♦', 'rank': 10, 'suit': '♦', 'is_trump': False, 'words': '10 of diamonds'}
    """
    c = Card(card)
    return {"text": str(c), "rank": c.rank, "suit": SUIT_SYMBOLS[c.suit], "is_trump": c.suit == suit_number(trump),
            "words": card_words(c)}


# ---------------------------------------------------------------- the beats graph
def beats_graph(trump: Suit, deck: int = 36, reduced: bool = False) -> nx.DiGraph:
    """The beats graph of a deck under a trump: an edge ``a → b`` when ``a`` beats ``b`` (R11).

    Nodes are :class:`~durak_lab.engine.cards.Card` values with the attributes of
    :func:`card_attrs`; each edge has ``how`` ("a higher heart", "a trump",
    "a higher trump") and ``text`` ("J♥ beats 10♥: a higher heart").
    ``deck`` is 36 (6–A, R1), 52 (2–A) or 24 (9–A).  With ``reduced`` only the
    edges not implied by others remain (the transitive reduction): each card
    to the next lower card of its suit, and the lowest trump to the ace of
    every other suit.

    >>> g = beats_graph("♥")
    >>> g.number_of_nodes(), g.number_of_edges()
    (36, 387)
    >>> g.has_edge(Card("6♥"), Card("A♠")), g.edges[Card("J♦"), Card("10♦")]["text"]
    (True, 'J♦ beats 10♦: a higher diamond')
    >>> sorted(str(b) for b in beats_graph("♥", reduced=True).predecessors(Card("A♠")))
    ['6♥']
    """
    t = suit_number(trump)
    lowest = {36: 6, 52: 2, 24: 9}.get(deck)
    if lowest is None:
        raise CardError(f"deck {deck!r}: choose 36, 52 or 24 cards")
    dm = deck_mask(lowest)
    g = nx.DiGraph(trump=SUIT_SYMBOLS[t], deck=deck, reduced=reduced)
    cards = cards_of(dm)
    for c in cards:
        g.add_node(c, **card_attrs(c, t))
    low_trump = Card((t * 13) + lowest - 2)
    for b in cards:
        m = BEATERS[t][b] & dm
        for a in cards_of(m):
            if reduced:
                if suit_of(a) == suit_of(b):
                    if rank_of(a) != rank_of(b) + 1:
                        continue
                elif not (a == low_trump and rank_of(b) == 14):
                    continue
            how = cover_why(b, a, t)
            g.add_edge(a, b, how=how, text=say("beats-edge", card=str(a), target=str(b), why=how))
    return g


def beats_layout(graph_or_trump: Union[nx.DiGraph, Suit], deck: int = 36, gap: float = 0.27) -> dict:
    """Positions ``card -> (x, y)`` for two ranked rows: the trump suit on top, the others below.

    ``x`` is the rank's place in the deck (0 for the lowest rank) in the top
    row; in the bottom row the three other suits of a rank sit side by side
    around that place, ``gap`` apart, in suit order.  ``y`` is 1 for the trump
    row and 0 for the other suits.

    >>> pos = beats_layout("♦")
    >>> pos[Card("6♦")], pos[Card("A♦")], pos[Card("6♠")], pos[Card("6♥")]
    ((0.0, 1.0), (8.0, 1.0), (-0.27, 0.0), (0.0, 0.0))
    """
    if isinstance(graph_or_trump, nx.DiGraph):
        t = parse_suit(graph_or_trump.graph["trump"])
        deck = graph_or_trump.graph.get("deck", deck)
    else:
        t = suit_number(graph_or_trump)
    lowest = {36: 6, 52: 2, 24: 9}.get(deck)
    if lowest is None:
        raise CardError(f"deck {deck!r}: choose 36, 52 or 24 cards")
    others = [s for s in range(4) if s != t]
    pos = {}
    for c in cards_of(deck_mask(lowest)):
        x = float(c.rank - lowest)
        if c.suit == t:
            pos[c] = (x, 1.0)
        else:
            pos[c] = (round(x + (others.index(c.suit) - 1) * gap, 6), 0.0)
    return pos


# ---------------------------------------------------------------- the table graph
def _player_role(p: Position, seat: int) -> str:
    if seat == p.defender:
        return "defender"
    if seat == p.leader:
        return "leader"
    if seat in p.attackers():
        return "attacker"
    return "onlooker"


def table_graph(position: Position) -> nx.DiGraph:
    """The table of a bout as a graph.

    Nodes are cards, each with the attributes of :func:`card_attrs` plus
    ``role`` (one of :data:`TABLE_ROLES`: ``"attack"``, ``"cover"``, ``"hand"``
    for the defender's cards, ``"throw-in"`` for a card an attacker could
    still add), ``seat`` (0-based), ``player`` ("P2"), ``player_role``
    ("leader", "attacker", "defender") and, for attack cards, ``covered``.

    Edges have ``kind`` and ``text``:

    * ``"covered by"``: attack card → its cover on the table;
    * ``"beats"``: a defender's card → an uncovered attack card it beats (R11);
    * ``"may throw in"``: a throw-in candidate → each table card of its rank
      (R12).  Candidates come from the seats of ``position.attackers()`` and
      only while ``position.room()`` leaves room for a card (R13, R14); none
      after a take when the rules allow no more cards then (R18).

    The graph attribute ``players`` maps each seat to its role in the bout.

    >>> from durak_lab.engine.records import load_example
    >>> p = load_example("EX-ZH-BOUT").game_after(3).position     # 7♥/10♥ 10♦ on the table
    >>> g = table_graph(p)
    >>> [(str(a), str(b), d["kind"]) for a, b, d in g.edges(data=True) if d["kind"] != "beats"]
    [('7♥', '10♥', 'covered by')]
    >>> sorted(str(a) for a, b, d in g.in_edges(Card("10♦"), data=True) if d["kind"] == "beats")
    ['8♠']
    >>> g.nodes[Card("10♦")]["player"], g.graph["players"][0]
    ('P2', 'defender')
    """
    p = position
    t = p.trump
    g = nx.DiGraph(trump=SUIT_SYMBOLS[t], players={s: _player_role(p, s) for s in range(p.players)},
                   defender=p.defender, leader=p.leader, room=p.room())

    def add(c: int, role: str, seat: int, **extra: Any) -> None:
        g.add_node(Card(c), **card_attrs(c, t), role=role, seat=seat, player=seat_text(seat),
                   player_role=_player_role(p, seat), **extra)

    for a, c, ao, co in p.table:
        add(a, "attack", ao, covered=c >= 0)
        if c >= 0:
            add(c, "cover", co)
            g.add_edge(Card(a), Card(c), kind="covered by",
                       text=say("bout-edge-covered", attack=str(Card(a)), cover=str(Card(c))))
    d = p.defender
    hand = p.hands[d]
    for c in cards_of(hand):
        add(c, "hand", d)
    if not p.taking:
        for a, c, _, _ in p.table:
            if c < 0:
                for b in cards_of(hand & BEATERS[t][a]):
                    g.add_edge(b, Card(a), kind="beats", text=say("bout-edge-could-beat", card=str(b),
                                                                  target=str(Card(a)), why=cover_why(a, b, t)))
    room = p.room() if p.table else 0
    if room > 0 and not (p.taking and p.rules.after_take is AfterTake.NONE):
        on_table = p.table_cards()
        for s in p.attackers():
            for c in cards_of(p.hands[s] & ranks_mask(on_table)):
                add(c, "throw-in", s)
                for x in cards_of(on_table & ranks_mask(1 << c)):
                    g.add_edge(c, x, kind="may throw in",
                               text=say("bout-edge-may-throw", seat=seat_text(s), card=str(c), target=str(x)))
    return g


# ---------------------------------------------------------------- can the defender cover everything?
def card_cost(card: Union[int, str], trump: Suit) -> int:
    """What spending ``card`` on a cover costs: its rank, plus :data:`TRUMP_COST` for a trump.

    So a cover with fewer trumps is always cheaper (a trump costs more than
    any set of non-trumps), then lower trumps, then lower cards: keep the
    trumps and the high cards for later (the ZH tips).

    >>> card_cost("8♠", "♠"), card_cost("A♥", "♠"), card_cost("6♥", "♠")
    (1008, 14, 6)
    """
    c = Card(card)
    return c.rank + (TRUMP_COST if c.suit == suit_number(trump) else 0)


@dataclass(frozen=True)
class CoverPlan:
    """The answer to "can the defender cover everything?" for some attack cards and a hand.

    ``attack``: the uncovered attack cards (in table order); ``hand``: the
    defender's cards; ``trump`` (suit number); ``full``: does a full cover
    exist; ``cover``: one full cover, pairs ``(attack, cover)``, the
    cheapest by :func:`card_cost` (None when there is none); ``cost`` its
    cost; ``matching``: a maximum matching, the cheapest of them, as pairs
    (equal to ``cover`` when full); ``hall_set``: when there is no full
    cover, attack cards whose possible covers, ``neighbours``, are fewer than
    they are (empty when full).

    >>> plan = cover_plan_for("8♥ 10♥ A♠ 7♠", "7♥ 9♥", trump="♠")
    >>> plan.full, plan.cover, plan.cost
    (True, ((Card('7♥'), Card('8♥')), (Card('9♥'), Card('10♥'))), 18)
    >>> plan.trumps_used, plan.unanswered
    (0, ())
    """

    attack: tuple
    hand: CardSet
    trump: int
    full: bool
    cover: Optional[tuple]
    cost: Optional[int]
    matching: tuple
    hall_set: tuple = ()
    neighbours: tuple = ()

    @property
    def options(self) -> dict:
        """For each attack card, the cards of the hand that beat it (R11).

        >>> cover_plan_for("8♥ A♠", "7♥", "♠").options
        {Card('7♥'): (Card('8♥'), Card('A♠'))}
        """
        return {a: tuple(sorted(cards_of(self.hand.mask & BEATERS[self.trump][a]), key=self._order))
                for a in self.attack}

    def _order(self, c: Card) -> tuple:
        return (c.suit == self.trump, c.rank, c.suit)

    @property
    def trumps_used(self) -> int:
        """How many trumps the plan's matching spends.

        >>> cover_plan_for("A♠", "7♥", "♠").trumps_used
        1
        """
        return sum(1 for _, c in self.matching if c.suit == self.trump)

    @property
    def unanswered(self) -> tuple:
        """The attack cards the maximum matching leaves uncovered (empty when full).

        >>> cover_plan_for("8♥", "7♥ 9♥", "♠").unanswered
        (Card('9♥'),)
        """
        used = {a for a, _ in self.matching}
        return tuple(a for a in self.attack if a not in used)

    @property
    def deficiency(self) -> int:
        """How many attack cards must stay uncovered at least: ``len(hall_set) - len(neighbours)``.

        >>> cover_plan_for("10♥ A♠", "7♥ 9♥ J♥", "♠").deficiency
        1
        """
        return len(self.hall_set) - len(self.neighbours)

    def sentence(self) -> str:
        """The answer in one sentence (or two).

        >>> print(cover_plan_for("8♥ 10♥ A♠", "7♥ 9♥", "♠").sentence())
        The defender can cover both attack cards: 7♥ with 8♥, 9♥ with 10♥; no trump needed.
        >>> print(cover_plan_for("6♣", "7♥", "♠").sentence())
        7♥ cannot be beaten by any card of the hand: one card, no answers, so it stays uncovered.
        """
        if not self.attack:
            return say("plan-nothing")
        if self.full:
            n = self.trumps_used
            spend = say("plan-no-trump") if n == 0 else say("plan-trumps", count=n)
            k = len(self.attack)
            pairs = _pairs(self.cover or ())
            if k <= 2:
                return say("plan-full-one" if k == 1 else "plan-full-two", pairs=pairs, spend=spend)
            return say("plan-full-all", count=k, pairs=pairs, spend=spend)
        s, nb = self.hall_set, self.neighbours
        if not nb:
            if len(s) == 1:
                return say("plan-unbeatable-one", card=str(s[0]))
            return say("plan-unbeatable", cards=_texts(s), count=len(s))
        return say("plan-too-few", cards=_texts(s), answers=_texts(nb), count=len(s),
                   answered=say("plan-answers", count=len(nb)),
                   uncovered=say("plan-stay-uncovered", count=self.deficiency))

    def text(self) -> str:
        """The sentence plus the best the defender can do without a full cover.

        >>> print(cover_plan_for("10♥ A♠", "7♥ 9♥ J♥", "♠").text())
        7♥, 9♥ and J♥ can only be beaten by 10♥ and A♠: three cards, two answers, so at least one of them stays uncovered. At most two can be covered, e.g. 7♥ with A♠, 9♥ with 10♥.
        """
        out = self.sentence()
        if self.full or not self.attack:
            return out
        if not self.matching:
            return say("plan-text-none", sentence=out)
        return say("plan-text-at-most", sentence=out, count=len(self.matching), pairs=_pairs(self.matching))

    def __str__(self) -> str:
        return self.sentence()


def _match(attack: list[Card], hand_mask: int, trump: int) -> dict:
    """The cheapest maximum matching attack -> cover (networkx max_weight_matching, max cardinality)."""
    g = nx.Graph()
    cost_cap = TRUMP_COST + 20
    for a in attack:
        g.add_node(("a", a))
        for c in cards_of(hand_mask & BEATERS[trump][a]):
            g.add_edge(("a", a), ("c", c), weight=cost_cap - card_cost(c, trump))
    m = nx.max_weight_matching(g, maxcardinality=True)
    out = {}
    for u, v in m:
        if u[0] == "c":
            u, v = v, u
        out[u[1]] = v[1]
    return out


def _hall_set(attack: list[Card], hand_mask: int, trump: int, matching: dict) -> tuple[list, list]:
    """König: attack cards reachable from the unmatched ones by alternating paths, and their covers."""
    owner = {c: a for a, c in matching.items()}
    seen_a = [a for a in attack if a not in matching]
    seen_c: list = []
    queue = list(seen_a)
    while queue:
        a = queue.pop()
        for c in cards_of(hand_mask & BEATERS[trump][a]):
            if c in seen_c:
                continue
            seen_c.append(c)
            b = owner[c]  # every reachable cover is matched, else the matching were not maximum
            if b not in seen_a:
                seen_a.append(b)
                queue.append(b)
    order = {a: i for i, a in enumerate(attack)}
    return sorted(seen_a, key=order.__getitem__), sorted(seen_c, key=lambda c: (suit_of(c) == trump, c.rank, c))


def cover_plan_for(hand: Cards, attack: Cards, trump: Suit) -> CoverPlan:
    """Can ``hand`` cover every card of ``attack`` under ``trump``?  For puzzles without a position.

    Each attack card needs its own cover that beats it (R11), so this is a
    bipartite matching.  The cheapest full cover minimises the total
    :func:`card_cost`; it is found as a maximum-weight maximum-cardinality
    matching (networkx ``max_weight_matching``) with weights
    ``TRUMP_COST + 20 - cost``.  Without a full cover the Hall set comes from
    the maximum matching: the attack cards reachable from an unanswered one
    by alternating paths; their possible covers are all matched to other
    cards of the set, so they are fewer than the set.

    Card texts may be strings (``"7♥ 9♥"``), :class:`CardSet` values or lists;
    bad text raises :class:`~durak_lab.engine.errors.CardError`.

    >>> plan = cover_plan_for("8♠ Q♣ 7♣", "10♦ 8♣", "♠")
    >>> plan.full, [(str(a), str(c)) for a, c in plan.cover], plan.cost
    (True, [('10♦', '8♠'), ('8♣', 'Q♣')], 1020)
    >>> cover_plan_for("8♠", "7♥ 7♥", "♠")
    Traceback (most recent call last):
    ...
    durak_lab.engine.errors.CardError: 7♥ appears twice
    """
    t = suit_number(trump)
    att = _cards(attack)
    hm = CardSet(_cards(hand)).mask
    both = [c for c in att if hm >> c & 1]
    if both:
        raise CardError(f"{both[0]} cannot be both an attack card and in the hand",
                        facts={"text": str(both[0]), "case": "both"})
    m = _match(att, hm, t)
    pairs = tuple((a, m[a]) for a in att if a in m)
    if len(m) == len(att):
        cost = sum(card_cost(c, t) for _, c in pairs)
        return CoverPlan(tuple(att), CardSet(hm), t, True, pairs, cost, pairs)
    s, nb = _hall_set(att, hm, t, m)
    return CoverPlan(tuple(att), CardSet(hm), t, False, None, None, pairs, tuple(s), tuple(nb))


def cover_plan(position: Position) -> CoverPlan:
    """The :class:`CoverPlan` of a position: its uncovered attack cards against the defender's hand.

    >>> from durak_lab.engine.records import load_example
    >>> p = load_example("EX-ZH-BOUT").game_after(3).position
    >>> print(cover_plan(p).sentence())
    The defender can cover the attack card: 10♦ with 8♠; one trump needed.
    """
    p = position
    return cover_plan_for(CardSet(p.hands[p.defender]), p.uncovered(), p.trump)


# ---------------------------------------------------------------- tables (text alternatives)
def edge_table(graph: nx.DiGraph) -> "Any":
    """The edges of a beats or table graph as a pandas DataFrame: from, to, kind, text.

    >>> df = edge_table(beats_graph("♠", deck=24, reduced=True))
    >>> list(df.columns), len(df)
    (['from', 'to', 'kind', 'text'], 23)
    >>> df.iloc[0]["text"]
    '9♠ beats A♥: a trump'
    """
    import pandas as pd

    rows = [{"from": str(a), "to": str(b), "kind": d.get("kind", "beats"), "text": d.get("text", "")}
            for a, b, d in graph.edges(data=True)]
    return pd.DataFrame(rows, columns=["from", "to", "kind", "text"])


def cover_table(plan: CoverPlan) -> "Any":
    """The plan as a pandas DataFrame, one row per attack card: its possible covers, the chosen
    one, its cost, and whether it is in the Hall set.

    >>> cover_table(cover_plan_for("10♥ A♠", "7♥ 9♥ J♥", "♠"))
      attack attack in words possible covers chosen cover  cost  in Hall set
    0     7♥     7 of hearts          10♥ A♠           A♠  1014         True
    1     9♥     9 of hearts          10♥ A♠          10♥    10         True
    2     J♥  jack of hearts              A♠               <NA>         True
    """
    import pandas as pd

    chosen = dict(plan.matching)
    hall = set(plan.hall_set)
    rows = []
    for a, opts in plan.options.items():
        c = chosen.get(a)
        rows.append({"attack": str(a), "attack in words": card_words(a), "possible covers": " ".join(map(str, opts)),
                     "chosen cover": str(c) if c is not None else "",
                     "cost": card_cost(c, plan.trump) if c is not None else None, "in Hall set": a in hall})
    df = pd.DataFrame(rows, columns=["attack", "attack in words", "possible covers", "chosen cover", "cost",
                                     "in Hall set"])
    df["cost"] = df["cost"].astype("Int64")
    return df
