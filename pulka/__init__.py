"""pulka: the preferans score sheet, kept as a journal of deals, scored and settled exactly.

The library works without the command line::

    from pathlib import Path
    from pulka import open_game, build_report

    game, _ = open_game(Path("samples/sochi-3.pulka"))
    report, state, settlement, steps = build_report(game)
"""

from __future__ import annotations

__version__ = "0.1.0"
__all__ = ["__version__", "build_report", "open_game"]


def __getattr__(name: str) -> object:
    # the public API is imported on first use, so `pulka add` starts fast
    if name == "open_game":
        from .gamefile import open_game

        return open_game
    if name == "build_report":
        from .settlement.figures import build

        return build
    raise AttributeError(name)
