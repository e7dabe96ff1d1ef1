"""The catalogue of every word a learner reads, in six languages: :func:`say` and its data.

Sentences are keys with named fields (``say("your-turn", seat="P1")``); each language words
them in its own data files (``durak_lab/text/locales/<code>/*.json``, read the first time a
language is used, never at import).  Fields take meanings (:class:`Suit`, :class:`Rank`,
:class:`Items` …) that the template words in the form it names, and a number picks the plural
form of its language (CLDR's categories).  :func:`set_language` chooses the language; see
:mod:`.languages` for how it is found by default.

Standard library only.

>>> from durak_lab.text.catalogue import say, using
>>> with using("he"):
...     direction()
'rtl'
"""

from .languages import (LANGUAGES, LanguageError, asked_language, language, language_code, plural_category,
                        set_language, system_language, using)
from .loading import FAMILIES, Catalogue, CatalogueError, available, catalogue
from .meanings import Colour, Items, Meaning, Number, Rank, Suit, Word, join_list, word_forms
from .render import MESSAGES, MessageError, Worded, counted, direction, fields_of, say, template_of, templates

__all__ = ["LANGUAGES", "LanguageError", "language", "language_code", "plural_category", "set_language",
           "system_language", "asked_language", "using", "FAMILIES", "Catalogue", "CatalogueError", "available", "catalogue",
           "Colour", "Items", "Meaning", "Number", "Rank", "Suit", "Word", "join_list", "word_forms",
           "MESSAGES", "MessageError", "Worded", "counted", "direction", "fields_of", "say", "template_of", "templates"]
