"""Bots: players that choose a move from what their seat can see.

A bot is any object with a ``name`` and a method ``choose(view, rng) -> Move``
(the :class:`Bot` protocol).  It gets a :class:`~durak_lab.engine.view.PlayerView`:
its own hand, the table, the discard, the cards everyone knows to be in each
hand, the hand sizes and the talon's size (R3, R7, R18, R24), never another
hand or the talon's order; and an explicit ``random.Random`` for any choice
it makes by chance.  It returns one of ``view.legal``, the moves its seat may
make now under the sequential protocol.

The bots here:

* :class:`RandomBot`: a uniformly random legal move, the baseline.
* :class:`TipsBot`: the Chinese source's tips for beginners (see the digest's
  "Tips for beginners (ZH)"): attack with low cards and keep high ones for
  defence; keep trumps and cover with them only when you must; pairs are
  good for throwing in; taking is sometimes cheaper than a trump.
  Every threshold is a parameter, so a class can try variations.  In pushing
  durak (``Rules.pushing``) it never pushes a card that breaks R12 and always
  sends such a card back (R31); the random bot does both by chance.
* :class:`EndgameBot`: another bot's play until nothing is hidden from its seat:
  two players, or two left at a bigger table (R28), and the talon empty or
  holding only the face-up trump card (R3, R19); then it plays a best move of
  the exact solver (:func:`durak_lab.analysis.solver.exact_move_values`), breaking
  ties with the other bot's choice.  A search past its node limit falls back to
  the other bot for that move.

Write your own by giving a class ``name`` and ``choose``; :mod:`durak_lab.bots.tournament`
plays bots against each other.

* :class:`GreedyBot`: Zarlykov's greedy rules (the lowest card, no trump
  throw-ins while the talon lasts, the cheapest cover, else take), the fixed
  point of the ladder and the search bots' playout policy.
* :class:`BeginnerBot`: greedy play with the beginners' mistakes the Chinese
  source lists, made by chance.
* :class:`SearchBot`: Monte-Carlo search (information-set MCTS, determinised
  MCTS or flat Monte Carlo) over worlds dealt from its view, played out on the
  lean kernel, and the exact solver once nothing is hidden; with ``reading``,
  the worlds keep what the other players' moves said about their cards
  (:mod:`durak_lab.analysis.inference.reading`): the search and expert levels read, and differ only
  in how long they think (125 and 1,000 walks down the tree a move).

:data:`LEVELS` names the levels for learners, weakest first
(:data:`TABLE_LEVELS`, what the play table offers, puts the random bot
first); :data:`BOTS` makes any bot by name.

The modules: ``base`` (the protocol, :class:`BotError`, :class:`RandomBot`),
``tips`` (:class:`TipsBot` and the cheapest cover), ``greedy``, ``beginner``,
``endgame`` (:class:`EndgameBot`), ``search`` (:class:`SearchBot`),
``tournament`` (games, duplicate deals, round robins), ``executors`` (where the games run, sent
in chunks: this process, local processes, a Dask cluster), ``protocol`` (bots in other processes
over the engine protocol ``durak-engine/1``),
``ladder`` (Bradley–Terry ratings with bootstrap intervals), ``population`` (opponents written apart
from the search bots, to measure them against: :class:`FlatMonteCarloBot`, :class:`DeterminizedMCTSBot`,
:class:`ISMCTSBot` and :class:`GreedyVariant`,
named in :data:`POPULATION`), ``styles`` (how a player plays, read from its moves: a posterior over
greedy play, its variants and any other way, :class:`~durak_lab.bots.styles.StyleReading`).

Standard library only; imports the engine and analysis.

>>> LEVELS[0], LEVELS[-1]
('beginner', 'expert')
>>> BOTS["tips"]().keep_rank, BOTS["beginner"]().slip, BOTS["endgame"]().reach   # set on the ladder
(6, 1.0, 12)
>>> BOTS["tips"]().name, BOTS["expert"]().iterations, BOTS["expert"]().reading, BOTS["expert"]().styles
('tips', 1000, True, True)
>>> BOTS["expert"]().reply_worlds, BOTS["expert"]().stop_z, BOTS["expert"]().stop_from, BOTS["expert"]().reply_ties
(6, 2.5, 0.2, True)
>>> e = BOTS["expert"]()
>>> e.method, e.opponents, e.model_share, e.model_from, e.model_sure, e.ahead
('ismcts', 'styles', 1.0, 2, 0.0, 0.5)
>>> s = BOTS["search"]()
>>> s.iterations, s.method, s.reading, s.ahead
(125, 'ismcts', True, 0.5)
"""

import functools

from .base import Bot, BotError, RandomBot
from .beginner import BeginnerBot
from .endgame import EndgameBot, position_of_view
from .greedy import GreedyBot
from .population import POPULATION, DeterminizedMCTSBot, FlatMonteCarloBot, GreedyVariant, ISMCTSBot
from .ratings import Ladder, ladder
from .search import METHODS, SearchBot
from .tips import TRUMP_COST, TipsBot, card_cost, cheapest_cover
from .tournament import (MAX_MOVES, GameResult, InProcess, Tournament, deal_jobs, deal_seeds, play_deals,
                         play_game, round_robin, run_jobs, wilson)



def _search(name: str, iterations: int, method: str = "ismcts", reading: bool = False, **options):
    def make() -> SearchBot:
        return SearchBot(iterations=iterations, method=method, name=name, reading=reading, styles=reading, **options)
    make.__name__ = make.__qualname__ = f"{name}_bot"
    make.__doc__ = (f"A :class:`SearchBot`: {method}, {iterations} playouts a move"
                    + (", reading the other players' moves and how each plays." if reading else "."))
    return make


#: The levels for learners, weakest first (see the ladder in the benchmark notes).
LEVELS = ("beginner", "tips", "greedy", "endgame", "search", "expert")

#: What the play table and ``durak-lab play`` offer, weakest first: a random player, then the levels.
TABLE_LEVELS = ("random",) + LEVELS

#: Every bot by name, each a factory (``BOTS["tips"]()``): the levels first, weakest first, then the
#: baseline and the other search methods.
#: How the expert and the search level think (the search level with fewer walks: see ``BOTS``).
#: Every walk plays each other player by a style drawn from the posterior, at every table size, and the
#: reading weighs a player who thinks ahead (``ahead``): a searching player is then searched, a greedy one
#: played greedy.  (``stop_z`` and ``stop_from`` are the flat search's: ``expert[method=flat,ahead=0]`` is an
#: earlier release's expert; the last release's: ``expert[model_share=0.5,model_from=3,ahead=0,model_sure=0]``.)
_EXPERT = dict(reading=True, reply_worlds=6, reply_ties=True, pool=250, settle=1.0, opponents="styles", ahead=0.5,
               stop_z=2.5, stop_from=0.2)

BOTS = {
    "beginner": BeginnerBot,
    # the tips level keeps every card for defence while the talon lasts (`TipsBot` keeps J and up): set on the
    # ladder, halfway between the beginner and greedy play (the tips levels of the releases before:
    # `tips[keep_rank=9]` and `tips[keep_rank=11]`)
    "tips": functools.partial(TipsBot, keep_rank=6),
    "greedy": GreedyBot,
    # the endgame level solves once 12 cards or fewer are left in the hands and on the table: set on the ladder
    # (`EndgameBot` solves whatever the solver can; the endgame level of the releases before is `endgame[reach=none]`)
    "endgame": functools.partial(EndgameBot, reach=12),
    # the expert's way with 125 walks, set on the ladder halfway between endgame and the expert (the search
    # levels of the releases before: `search[iterations=150]`, flat Monte Carlo of 400 playouts `flat:400`,
    # and of the first release `flat:150`)
    "search": _search("search", 125, "ismcts", **_EXPERT),
    "expert": _search("expert", 1000, "ismcts", **_EXPERT),
    "random": RandomBot,
    "ismcts": _search("ismcts", 1000),
    "determinized": _search("determinized", 1000, "determinized"),
}

__all__ = [
    "Bot", "BotError", "RandomBot", "TipsBot", "GreedyBot", "BeginnerBot", "EndgameBot", "SearchBot", "METHODS",
    "BOTS", "LEVELS", "TABLE_LEVELS", "Ladder", "ladder", "InProcess", "TRUMP_COST", "card_cost", "cheapest_cover",
    "position_of_view", "MAX_MOVES", "GameResult", "Tournament", "deal_jobs", "deal_seeds", "play_deals",
    "play_game", "round_robin", "run_jobs", "wilson", "POPULATION", "FlatMonteCarloBot", "GreedyVariant",
    "DeterminizedMCTSBot", "ISMCTSBot",
]
