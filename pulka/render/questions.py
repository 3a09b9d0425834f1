"""The records of a deal's questions, as a family's renderer gives them for the tap form of
``pulka serve`` (:mod:`pulka.web.form` says what each field means; ``static/app.js`` walks
them)."""

from __future__ import annotations

from ..frozen import NamedTuple

#: what the counts of one ``total`` add up to at most: the tricks of a deal
TRICKS = 10


#: conditions on earlier answers: (question id, the words it must be one of), each to hold
Conditions = tuple[tuple[str, tuple[str, ...]], ...]


class Choice(NamedTuple):
    """One answer: the word the notation line gets, what its button says, and when it is
    offered (always, when ``when`` is empty)."""

    word: str
    say: str
    when: Conditions = ()


class Question(NamedTuple):
    """One question of a deal (see the module's docstring)."""

    id: str
    ask: str
    choices: tuple[Choice, ...] = ()
    counts: tuple[int, int] | None = None
    when: Conditions = ()
    unless: Conditions = ()
    before: str = ""
    glue: bool = False
    optional: bool = False
    total: str = ""
