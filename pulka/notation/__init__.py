"""The deal notation: one deal per line, typed fast at the table, written back canonically.

Examples (players Аня, Борис, Вера)::

    Аня 6s 6 Борис whist 2 Вера whist 2     a six of spades, both whist
    Аня 6♠ Б вист 2 В вист 2                 the same, Russian words and name prefixes
    Борис 7h 6 Аня whist 4 Вера pass         one whister; the passer's tricks may be left out
    Вера 8d Аня pass Борис pass              both pass: counted as made, not played
    Аня 6c Борис pass Вера half              half-whist
    Вера misere 1                            misère, the declarer took one trick
    raspasy Аня 4 Борис 0 Вера 6             all passed, played out
    raspasy dark 1 Аня 3 Борис 3 looked Вера 4
    allpass                                  (Balkan) all passed, a refe
    allpass Аня 3 Борис 4 Вера 3             (Greek, allpass: played) all passed, played out
    adjust pulya Аня 2 gora Борис -3 whists Аня Борис 10
    end                                      the players stop here

After a player's name come what he said (whist, pass, half), his tricks, and marks that are
his (looked, contra...). A name may be shortened to any prefix that is unambiguous; a name
with spaces, or one that reads like a keyword or number, is written in double quotes.
Anything after ``;`` is a comment. :func:`format_deal` writes the one canonical form, and
``parse_deal(format_deal(d, w), players, w) == d``.

The journal's words are read at every table; the words players say at the table (``6к``,
``без козыря``, ``пол-виста``, ``вистую``, ``мизер чистый``) are each family's, in any case,
``ё`` as ``е``: a line is read with the vocabulary of the table's family
(:mod:`.vocabulary`, :func:`words_for`). The modules: :mod:`.vocabulary` (what words mean),
:mod:`.tokens`, :mod:`.reading` (a line into a Deal), :mod:`.writing` (a Deal into the
canonical line), :mod:`.styles` (a deal said back in the words it was typed in).
"""

from __future__ import annotations

from .reading import (
    LEVELS,
    Typed,
    parse_cached,
    parse_contract,
    parse_deal,
    read_typed,
    resolve_player,
    words_of,
)
from .tokens import Token, quote, shown, tokenize
from .vocabulary import CANONICAL, CONTRA_WORDS, Style, Vocabulary, fold, words_for
from .writing import fell_alone, format_deal

__all__ = ["CANONICAL", "CONTRA_WORDS", "LEVELS", "Style", "Token", "Typed", "Vocabulary",
           "fell_alone", "fold", "format_deal", "parse_cached", "parse_contract", "parse_deal",
           "quote", "read_typed", "resolve_player", "shown", "tokenize", "words_for", "words_of"]
