"""Shell completion beyond click's own (commands, options, files): convention names, and
after a journal argument, the names of its players.

Click completes when ``_PULKA_COMPLETE`` is set (``bash_source``, ``zsh_source``,
``fish_source`` print the script; see the README). Nothing here may fail: a journal that
cannot be read simply offers no names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:  # click's completion module is loaded only when completing
    from click.shell_completion import CompletionItem


def conventions(ctx: click.Context, param: click.Parameter,
                incomplete: str) -> list[CompletionItem]:
    """The names and aliases of the conventions pulka knows; a path is completed as a file."""
    from click.shell_completion import CompletionItem

    if "/" in incomplete or incomplete.startswith("."):
        return [CompletionItem(incomplete, type="file")]
    from ..convention.loader import available

    try:
        known = available()
    except Exception:  # a user's folder that cannot be read: no names, not a traceback
        return []
    words: list[str] = []
    for name, _, aliases in known:
        words += [w for w in (name, *aliases) if w not in words]
    found = [CompletionItem(w) for w in words if w.casefold().startswith(incomplete.casefold())]
    return found or [CompletionItem(incomplete, type="file")]


def players(ctx: click.Context, param: click.Parameter,
            incomplete: str) -> list[CompletionItem]:
    """The players of the journal named before (``pulka add g.pulka <TAB>``), from its header."""
    from click.shell_completion import CompletionItem

    path = ctx.params.get("file")
    if not isinstance(path, str):
        return []
    from ..errors import PulkaError
    from ..journal import read

    try:
        names = read(path).players
    except (PulkaError, OSError, ValueError):
        return []
    return [CompletionItem(n) for n in names if n.casefold().startswith(incomplete.casefold())]


def deal_numbers(ctx: click.Context, param: click.Parameter,
                 incomplete: str) -> list[CompletionItem]:
    """The numbers of the journal's deals in force, last first (``pulka fix g.pulka <TAB>``)."""
    from click.shell_completion import CompletionItem

    path = ctx.params.get("file")
    if not isinstance(path, str):
        return []
    from ..errors import PulkaError
    from ..journal import read

    try:
        index = read(path).index()
    except (PulkaError, OSError, ValueError):
        return []
    numbers = [str(n) for n in range(index.used, 0, -1) if n not in index.voided]
    return [CompletionItem(n) for n in numbers if n.startswith(incomplete)]
