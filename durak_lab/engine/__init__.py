"""The rules engine: cards, rules, moves, positions, games, views, notation, records.

Standard library only; nothing here imports another layer at module level.
"""

from .errors import (DurakError, CardError, RulesError, MoveTextError, PositionError, IllegalMoveError,
                     RecordError, SolverDomainError, SamplingError, Reason)
from .cards import (SPADES, HEARTS, DIAMONDS, CLUBS, SUITS, SUIT_SYMBOLS, SUIT_NAMES, RANKS, RANK_NAMES, Card,
                    CardSet, card, cards_of, deck_mask, beats, beaters, suit_of, rank_of, rank_text, parse_suit,
                    ranks_mask, same_ranks, iter_bits, popcount, SUIT_MASKS, RANK_MASKS, CARDS, BEATERS)
from .rules import (Rules, ThrowIn, HandLimit, AfterTake, DrawOrder, NextLeader, Tie, TrumpSwap, PRESETS,
                    explain)
from .moves import (Move, ATTACK, COVER, TRANSFER, SHOW, TAKE, PASS, SWAP, KINDS, seat_text, parse_seat, attack,
                    cover, transfer, show, take, pass_, swap)
from .state.position import Position, Event, BIG
from .game import Game, Step
from .view import PlayerView, view_of
from .notation import position_text, parse_position, rules_text, parse_rules_text
from .partial import Partial, parse_partial
from .records.record import (FORMAT, Record, RecordMove, ReplayStep, ReplayResult, load_record, record_from_game, replay,
                      result_value, json_text, example_ids, load_example, list_examples)
from .match import Match, next_leader
from .random_play import random_endgame, random_game

__all__ = [
    'DurakError', 'CardError', 'RulesError', 'MoveTextError', 'PositionError',
    'IllegalMoveError', 'RecordError', 'SolverDomainError', 'SamplingError', 'Reason', 'SPADES',
    'HEARTS', 'DIAMONDS', 'CLUBS', 'SUITS', 'SUIT_SYMBOLS', 'SUIT_NAMES', 'RANKS', 'RANK_NAMES',
    'Card', 'CardSet', 'card', 'cards_of', 'deck_mask', 'beats', 'beaters', 'suit_of',
    'rank_of', 'rank_text', 'parse_suit', 'ranks_mask', 'same_ranks', 'iter_bits', 'popcount',
    'SUIT_MASKS', 'RANK_MASKS', 'CARDS', 'BEATERS', 'Rules', 'ThrowIn', 'HandLimit',
    'AfterTake', 'DrawOrder', 'NextLeader', 'Tie', 'TrumpSwap', 'PRESETS', 'explain', 'Move',
    'ATTACK', 'COVER', 'TRANSFER', 'SHOW', 'TAKE', 'PASS', 'SWAP', 'KINDS', 'seat_text',
    'parse_seat', 'attack', 'cover', 'transfer', 'show', 'take', 'pass_', 'swap', 'Position',
    'Event', 'BIG', 'Game', 'Step', 'PlayerView', 'view_of', 'position_text', 'parse_position',
    'rules_text', 'parse_rules_text', 'Partial', 'parse_partial', 'FORMAT', 'Record', 'RecordMove', 'ReplayStep',
    'ReplayResult', 'load_record', 'record_from_game', 'replay', 'result_value', 'json_text',
    'example_ids', 'load_example', 'list_examples', 'Match', 'next_leader', 'random_endgame', 'random_game',
]

# doker (R1): the jokers
from .cards import JOKERS, JOKER_MASK, is_joker  # noqa: E402

__all__ += ["JOKERS", "JOKER_MASK", "is_joker"]
