"""The analysis board's picture for the browser: one JSON object, only what the chosen seat may see.

:func:`board_state` turns the board's model (:class:`~durak_lab.widgets.board.control.BoardControl`:
the tree of lines, the node shown, the seat and the mode, the thinking about the node) into the
``state`` trait the JavaScript draws.  "From my seat" it is built from the seat's
:class:`~durak_lab.engine.view.PlayerView` only: the other hands are a count and the cards known to
be there, the talon a count and the face-up trump card, the moves listed and valued are the seat's
own, the evaluation is of the view, and the trumps' chances are counted from it.  Nothing in the
JSON depends on a card the seat cannot see (a property test deals them again and compares).

Presentation layer, standard library only (no pandas, no numpy: it runs in JupyterLite).
"""

from __future__ import annotations

from typing import Any, Optional

from ...engine.cards import Card, CardSet, popcount, rank_of, suit_of
from ...engine.moves import Move, seat_text
from ...engine.state.position import Position
from ...session.board.lines import Node
from ..cards import card_json
from ...session.board.thinking import trump_chances
from ...text.catalogue import Suit, counted
from ...text.messages import say
from ...text.narrate import move_words, role_words, seats_words, value_words
from ...text.review import percent

__all__ = ["board_state", "trumps_json", "chance_json", "evaluation_json", "seats_json", "status_words", "LABEL_KEYS"]

#: The words of the page's buttons and headings, each a catalogue key (sent with every state).
LABEL_KEYS = {
    "start": "board-start", "back": "board-back", "forward": "board-forward", "end": "board-end",
    "mode_seat": "board-mode-seat", "mode_open": "board-mode-open", "seat": "board-seat-label",
    "moves": "board-moves-heading", "lines": "board-lines-heading", "line": "board-line-heading",
    "trumps": "board-trumps-heading", "tree": "board-tree-heading", "comment": "board-comment-label",
    "comment_save": "board-comment-save", "delete": "board-delete", "promote": "board-promote",
    "save": "board-save", "download": "board-download", "open": "board-open-label",
    "open_example": "board-open-example", "open_game": "board-open-game", "open_file": "board-open-file",
    "open_go": "board-open-go", "thinking": "board-thinking", "talon": "board-talon-label",
    "hand_of": "board-hand-label", "table": "board-table-label", "chances": "board-chances-heading",
    "win": "board-win", "draw": "board-draw", "lose": "board-lose", "language": "board-language",
    "start_position": "board-start-position", "more": "board-tree-more",
    "setup": "board-setup-heading", "setup_rules": "board-setup-rules", "setup_players": "board-setup-players",
    "setup_where": "board-setup-where", "setup_hidden": "board-setup-hidden", "setup_leader": "board-setup-leader",
    "setup_defender": "board-setup-defender", "setup_suit": "board-setup-suit", "setup_analyse": "board-setup-analyse",
    "setup_clear": "board-setup-clear", "setup_from_board": "board-setup-from-board", "setup_seat": "board-setup-seat",
}


def _sorted(mask: int, trump: int) -> list:
    return sorted(CardSet(mask), key=lambda c: (suit_of(c) == trump, suit_of(c), rank_of(c)))


def status_words(p: Position) -> str:
    if p.result is not None:
        if not p.result:
            return say("event-over-draw")
        return say("event-over-one" if len(p.result) == 1 else "event-over-many", seats=seats_words(p.result))
    mover = p.to_act()
    return say("board-status-to-act", seat=seat_text(mover)) if mover is not None else ""


def seats_json(p: Position, seat: int, open: bool) -> list:
    """Every seat, the chosen one first: its role, its cards (all of them: its own, or open) or a count
    and the cards known to be there."""
    out = []
    for k in range(p.players):
        s = (seat + k) % p.players
        hand = p.hands[s]
        shown = open or s == seat
        cards = hand if shown else p.known[s]
        role = "defender" if s == p.defender and p.result is None else (
            "attacker" if s == p.leader and p.result is None else "")
        hidden = popcount(hand) - popcount(cards)
        out.append({
            "seat": seat_text(s), "me": s == seat, "role": role, "role_words": role_words(role) if role else "",
            "acting": s == p.to_act(),
            "label": say("board-hand-of", seat=seat_text(s), cards=counted(popcount(hand), "cards")),
            "cards": [card_json(Card(c), p.trump) for c in _sorted(cards, p.trump)],
            "hidden": hidden, "hidden_label": say("board-hidden-cards", cards=counted(hidden, "cards")) if hidden else "",
        })
    return out


def chance_json(v: Any) -> dict:
    """A value for the seat: its chance in percent with its 95% range, or its exact words."""
    if v.exact:
        value = 1 if v.chance > 0.75 else (-1 if v.chance < 0.25 else 0)
        return {"exact": True, "text": value_words(value), "chance": round(v.chance, 4), "value": value}
    lo, hi = v.interval
    return {"exact": False, "text": percent(v.chance), "chance": round(v.chance, 4),
            "range": say("board-range", low=percent(lo), high=percent(hi))}


def evaluation_json(ev: Any) -> Optional[dict]:
    if ev is None:
        return None
    v = ev.value
    bars = []
    for outcome, key in (("win", "board-win"), ("draw", "board-draw"), ("lose", "board-lose")):
        share = getattr(v, outcome)
        lo, hi = v.interval_of(outcome) if not v.exact else (share, share)
        bars.append({"outcome": outcome, "label": say(key), "share": round(share, 4), "text": percent(share),
                     "range": "" if v.exact else say("board-range", low=percent(lo), high=percent(hi))})
    if v.exact:
        value = 1 if v.chance > 0.75 else (-1 if v.chance < 0.25 else 0)
        sentence = say("board-eval-exact", seat=seat_text(ev.seat), value=value_words(value))
    else:
        lo, hi = v.interval
        sentence = say("board-eval-chance", seat=seat_text(ev.seat), chance=percent(v.chance), low=percent(lo),
                       high=percent(hi))
    return {"exact": v.exact, "sentence": sentence, "bars": bars, "playouts": ev.playouts}


def _moves_json(control: Any, node: Node, ev: Any, shows_moves: bool) -> list:
    """The moves at the node: the seat's legal moves (valued when the thinking has them), and the moves
    the lines already play from here (public: they were played)."""
    out = []
    seen = set()
    p = node.position
    children = {str(ch.move): ch.id for ch in node.children}
    if shows_moves:
        best = {str(m) for m in ev.best} if ev is not None else set()
        valued = {str(mv.move): mv for mv in ev.moves} if ev is not None else {}
        legal = [str(m) for m in p.legal_moves(control.seat if not control.open else p.to_act())]
        order = [k for k in valued if k in legal] + [k for k in legal if k not in valued]
        for text in order:
            move = Move.parse(text, p.players)
            mv = valued.get(text)
            out.append({"move": text, "words": move_words(move), "seat": seat_text(move.seat),
                        "value": chance_json(mv) if mv is not None else None, "best": text in best,
                        "child": children.get(text)})
            seen.add(text)
    for ch in node.children:
        if str(ch.move) not in seen:
            out.append({"move": str(ch.move), "words": move_words(ch.move), "seat": seat_text(ch.move.seat),
                        "value": None, "best": False, "child": ch.id})
    return out


def _line_nodes(control: Any, nodes: list) -> list:
    """Nodes of one line for the page, each with its variations (nested lines) after it."""
    out = []
    for n in nodes:
        out.append({"id": n.id, "move": str(n.move), "words": move_words(n.move), "seat": seat_text(n.move.seat),
                    "current": n.id == control.node.id, "comment": n.comment or "",
                    "variations": [_line_nodes(control, [v] + control.lines.line_from(v))
                                   for v in (n.parent.children[1:] if n.parent is not None and
                                             n.parent.children and n.parent.children[0] is n else [])]})
    return out


def trumps_json(view: Any) -> list:
    """How many trumps each other seat and the talon hold, from ``view``'s seat: each count's chance."""
    out = []
    for place, pairs, expected in trump_chances(view):
        where = say("board-talon-place") if place == "talon" else place
        out.append({"place": where, "rows": [{"count": k, "chance": percent(float(c)),
                                              "fraction": f"{c.numerator}/{c.denominator}"} for k, c in pairs],
                    "expected": f"{float(expected):.1f}", "sentence": say("board-trumps-expected", place=where,
                                                                          count=f"{float(expected):.1f}")})
    return out


def _tree_json(tree: Optional[dict], depth: int = 0) -> Optional[list]:
    if tree is None:
        return None
    out = []
    for ch in tree.get("children", []):
        out.append({"words": f"{seat_text(ch['move'].seat)} {move_words(ch['move'])}",
                    "value": value_words(ch["value"]), "score": ch["value"],
                    "children": _tree_json(ch, depth + 1) or [], "more": bool(ch.get("more"))})
    return out


def board_state(control: Any) -> dict:
    """The JSON-able picture of the board for the JavaScript (see the module)."""
    node: Node = control.node
    p = node.position
    seat, open_ = control.seat, control.open
    thinking = control.thinking()
    ev = thinking.evaluation if thinking is not None else None
    mover = p.to_act()
    shows_moves = p.result is None and mover is not None and (open_ or mover == seat)
    tc = p.trump_card
    face_up = tc >= 0 and bool(p.talon) and p.talon[-1] == tc
    line = []
    if thinking is not None and thinking.line and ev is not None and ev.best and thinking.line[0] in ev.best[:1]:
        line = [{"seat": seat_text(m.seat), "words": move_words(m)} for m in thinking.line]
    trumps = control.trumps() if not open_ and p.result is None else []
    return {
        "serial": control.serial, "node": node.id, "ply": len(control.lines.line_to(node)),
        "title": control.title, "mode": "open" if open_ else "seat", "seat": seat_text(seat),
        "seat_choices": [seat_text(s) for s in control.seat_choices()], "open_allowed": control.open_allowed,
        "status": status_words(p), "players": p.players,
        "trump": say("trump-is", suit=Suit(p.trump)),
        "trump_card": card_json(Card(tc), p.trump) if tc >= 0 else None, "trump_face_up": face_up,
        "talon": say("talon-count", count=len(p.talon)) if p.talon else say("talon-empty"),
        "bito": say("bito-count", count=popcount(p.discard)) if p.discard else say("bito-empty"),
        "seats": seats_json(p, seat, open_),
        "table": [{"attack": card_json(Card(a), p.trump),
                   "cover": card_json(Card(c), p.trump) if c >= 0 else None} for a, c, _, _ in p.table],
        "moves": _moves_json(control, node, ev, shows_moves),
        "moves_note": "" if shows_moves or p.result is not None else say(
            "board-moves-hidden", seat=seat_text(mover) if mover is not None else ""),
        "evaluation": evaluation_json(ev),
        "thinking": thinking is not None and not thinking.done, "think_error":
            say(thinking.error) if thinking is not None and thinking.error else "",
        "best_line": line, "line_exact": bool(thinking is not None and thinking.line_exact),
        "line_note": (say("board-line-exact") if thinking is not None and thinking.line_exact else
                      say("board-line-likely")) if line else "",
        "trumps": trumps,
        "tree": _tree_json(thinking.tree) if thinking is not None else None,
        "lines": _line_nodes(control, control.lines.main_line()),
        "start_current": node.parent is None, "start_comment": control.lines.root.comment or "",
        "comment": node.comment or "",
        "can": {"back": node.parent is not None, "forward": bool(node.children),
                "delete": node.parent is not None and not control.on_main_line(node),
                "promote": node.parent is not None and node.parent.children[0] is not node},
        "feedback": control.feedback, "feedback_kind": control.feedback_kind,
        "examples": control.example_choices(), "games": control.game_choices(), "setup": control.setup.json(),
        "labels": {k: say(v) for k, v in LABEL_KEYS.items()},
    }
