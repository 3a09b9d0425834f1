"""Who sits after whom: the one way both families go round the table."""

from __future__ import annotations


def clockwise(players: tuple[str, ...], player: str, among: tuple[str, ...]) -> list[str]:
    """The others among ``among``, clockwise starting after ``player`` (``players`` in seat
    order)."""
    n = len(players)
    i = players.index(player)
    return [players[(i + k) % n] for k in range(1, n) if players[(i + k) % n] in among]
