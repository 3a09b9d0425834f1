"""Which package draws each scoring family: the text sheet, the blank and the filled PDF sheet.

A family's drawing lives in ``render/<family>/``, whose ``RENDERER`` has the methods of
:class:`Renderer`; :mod:`pulka.registry` says where each family's is.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from ..errors import PulkaError
from ..i18n import _
from ..registry import FAMILIES


class Renderer(Protocol):
    """How one family is drawn; every drawing library is imported only when it draws. A
    family's renderer derives from this class, and inherits the defaults of what it does not
    say (no paper sheet in the terminal; the deals listed)."""

    #: the convention key written in the centre of a blank sheet (the pulya, the bule)
    target_key: str
    #: the module whose ``draw(kit, game, report, state, settlement, steps)`` gives the paper
    #: sheet for the terminal (``pulka show --paper``); None: none is drawn
    paper: str | None = None
    #: the terminal sheet lists the deals (:meth:`text_sheet` reads them); False: the sheet is
    #: drawn from the final state alone, which a long game reaches the compiled way
    sheet_lists_deals: bool = True

    def text_sheet(self, game: Any, steps: list | None) -> Any | None:
        """A second table for the terminal under the common one (None: nothing more; ``steps``
        None: the deals were not kept)."""
        ...

    def pdf_blank(self, buf: Any, f: Any, seats: list[str | None], names: tuple[str, ...] | None,
                  *, title: str | None, target: str | None, price: str | None,
                  convention: Any = None) -> Any:
        """A canvas on ``buf`` with the empty sheet and its heading drawn (page not shown);
        ``convention``: the one the sheet is for, when one was named (the fields and marks its
        game needs, for a family that reads it)."""
        ...

    def pdf_sheet(self, buf: Any, f: Any, page: Any, game: Any, steps: list, report: dict,
                  state: Any, settlement: Any) -> Any:
        """A canvas on ``buf`` with the filled sheet and its heading drawn (page not shown)."""
        ...


def get_renderer(name: str) -> Renderer:
    """The renderer of a family.

    Raises:
        PulkaError: no package draws that family.
    """
    registered = FAMILIES.get(name)
    if registered is None:
        raise PulkaError(_("unknown family {name!r}: the sheet is drawn for {families}").format(
            name=name, families=_(" or ").join(FAMILIES)))
    return importlib.import_module(registered.drawing).RENDERER


def get_paper(name: str) -> Any:
    """The module that draws a family's paper sheet in the terminal.

    Raises:
        PulkaError: no paper sheet is drawn for that family.
    """
    paper = get_renderer(name).paper if name in FAMILIES else None
    if paper is None:
        drawn = [family for family in FAMILIES if get_renderer(family).paper is not None]
        raise PulkaError(_("the paper sheet is drawn only for {families}; "
                           "`pulka show` without --paper shows this game").format(
                               families=", ".join(drawn)))
    return importlib.import_module(paper)
