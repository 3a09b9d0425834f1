"""What ``add``, ``fix`` and ``play`` say of a deal the recorder wrote: the deal as scored, in
the words the player typed (:mod:`pulka.notation.styles`)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..i18n import _
from ..notation.styles import of_language, style_of, written

if TYPE_CHECKING:
    from ..recorder import Recorded


def said_back(recorded: Recorded, typed: str | None) -> str:
    """The deal recorded (as scored: the tricks that follow filled in), in the typed style
    (in the language's, :func:`of_language`, for a line nobody typed: ``typed`` None)."""
    if recorded.step is None:  # (add and fix always score it; the journal's text otherwise)
        return re.sub(r"^(fix )?[0-9]+\.? ", "", recorded.line)
    deal = recorded.step.deal
    players = recorded.state.table.players if recorded.state is not None else deal.named
    style = of_language() if typed is None else style_of(typed, players)
    return written(deal, style, players)


def added(recorded: Recorded, typed: str) -> str:
    """What `add` says: the deal's number and the deal, in the words the player typed."""
    return _("deal {number}. {deal}").format(number=recorded.number,
                                            deal=said_back(recorded, typed))


def fixed(recorded: Recorded, typed: str) -> str:
    """What `fix` says: the deal corrected, in the words the player typed."""
    return _("fix {number} {deal}").format(number=recorded.number,
                                          deal=said_back(recorded, typed))
