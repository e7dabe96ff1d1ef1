"""Play Durak in the notebook: a table you click.

The face of the folder: :mod:`.table` (:class:`PlayTable`, the widget), :mod:`.control` (what a click
does, without a browser), :mod:`.state` (the picture its JavaScript draws) and :mod:`.settings` (bot
levels, preset, players, seats, the deal).
"""

from .table import PlayTable

__all__ = ["PlayTable"]
