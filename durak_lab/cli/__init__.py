"""The ``durak-lab`` command line (``main``) and its subcommands and benchmarks.

The top layer: it may import every other layer.
"""

from .app import main

__all__ = ["main"]
