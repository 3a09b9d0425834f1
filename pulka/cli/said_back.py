"""What ``add``, ``fix`` and ``play`` say of a deal the recorder wrote: the deal as scored, in
the words the player typed (:mod:`pulka.notation.styles`)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..i18n import _
from ..notation.styles import of_language, said_in_language, style_said, written
from ..notation.vocabulary import words_for

if TYPE_CHECKING:
    from ..game import Deal, Table
    from ..recorder import Recorded


def said_back(recorded: Recorded, typed: str | None) -> str:
    """The deal recorded (as scored: the tricks that follow filled in), in the typed style
    (in the language's, :func:`of_language`, for a line nobody typed: ``typed`` None)."""
    if recorded.step is None:  # (add and fix always score it; the journal's text otherwise)
        return re.sub(r"^(fix )?[0-9]+\.? ", "", recorded.line)
    deal = recorded.step.deal
    assert recorded.state is not None  # (add and fix keep the state with the step)
    table = recorded.state.table
    words = words_for(table.convention.family)
    # (a typed line's style from the words the recorder read it in: it is not read again)
    style = of_language(words) if typed is None else style_said(recorded.said, words)
    return written(deal, style, table.players, words)


def in_players_words(deal: Deal, table: Table) -> str:
    """A deal nobody typed (built from answers) in the words of the players' language, where
    they read back as the same deal at this table."""
    words = words_for(table.convention.family)
    return written(deal, said_in_language(words), table.players, words)


def added(recorded: Recorded, typed: str) -> str:
    """What `add` says: the deal's number and the deal, in the words the player typed."""
    return _("deal {number}. {deal}").format(number=recorded.number,
                                            deal=said_back(recorded, typed))


def fixed(recorded: Recorded, typed: str) -> str:
    """What `fix` says: the deal corrected, in the words the player typed."""
    return _("fix {number} {deal}").format(number=recorded.number,
                                          deal=said_back(recorded, typed))
