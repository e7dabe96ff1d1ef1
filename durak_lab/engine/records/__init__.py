"""Game records: the ``durak-lab/1`` JSON format, loading, saving and replaying.

The face of the folder: :mod:`.record` (the :class:`Record` value, loading and saving), :mod:`.parts`
(each part of a record read and checked), :mod:`.replaying` (its moves played one by one), :mod:`.lines`
(the variations, other lines a record keeps beside its moves) and :mod:`.players` (who played each
seat).

Standard library only.
"""

from .record import (
    FORMAT, Record, RecordMove, ReplayStep, ReplayResult, load_record, record_from_game, replay,
    result_value, json_text, example_ids, load_example, list_examples,
)
from .lines import check_variations, walk_variations
from .players import BOT, PERSON, Player

__all__ = ["FORMAT", "Record", "RecordMove", "ReplayStep", "ReplayResult", "load_record", "record_from_game", "replay", "result_value", "json_text", "example_ids", "load_example", "list_examples", "check_variations", "walk_variations", "BOT", "PERSON", "Player"]
