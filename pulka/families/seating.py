"""Who sits after whom, and who holds cards in each deal: the one way every family goes round
the table."""

from __future__ import annotations

from ..frozen import NamedTuple


def clockwise(players: tuple[str, ...], player: str, among: tuple[str, ...]) -> list[str]:
    """The others among ``among``, clockwise starting after ``player`` (``players`` in seat
    order)."""
    n = len(players)
    i = players.index(player)
    return [players[(i + k) % n] for k in range(1, n) if players[(i + k) % n] in among]


class Seats(NamedTuple):
    """Who sits where in one deal.

    Attributes:
        dealer: who deals it.
        sitting_out: the dealer when he sits the deal out (four and five players), else None.
        active: who holds cards, clockwise from the dealer's left.
        sitters: everyone who sits the deal out, the dealer first: none at two and three
            players, the dealer at four, the dealer and one more at five.
    """

    dealer: str
    sitting_out: str | None
    active: tuple[str, ...]
    sitters: tuple[str, ...]


#: five players: besides the dealer, the one who sits out (conventions.md §1.5, ``five.rest``)
#: is his right-hand neighbour, his left-hand one, or the one each deal names
REST_RULES = ("right", "left", "manual")

_ROUNDS: dict[tuple[tuple[str, ...], str], tuple[Seats, ...]] = {}


def rounds(players: tuple[str, ...], rest: str = "right") -> tuple[Seats, ...]:
    """Who sits where for each position of the deal, players[0] dealing first; made once for
    each seating (the compiled replay starts a state for every deal it compiles).

    At five players ``rest`` says who sits out besides the dealer (``manual``: the deal
    names him, so only the dealer is known to sit out before it)."""
    found = _ROUNDS.get((players, rest))
    if found is None:
        n = len(players)
        out = []
        for start in range(n):
            dealer = players[start]
            sitters: tuple[str, ...] = ()
            if n == 4 or (n == 5 and rest == "manual"):
                sitters = (dealer,)
            elif n == 5:
                other = players[(start - 1) % n] if rest == "right" else players[(start + 1) % n]
                sitters = (dealer, other)
            order = [players[(start + 1 + i) % n] for i in range(n)]
            out.append(Seats(dealer, dealer if sitters else None,
                             tuple(p for p in order if p not in sitters), sitters))
        found = _ROUNDS[(players, rest)] = tuple(out)
    return found


def named_rest(players: tuple[str, ...], dealer: str, rest: tuple[str, ...]) -> Seats:
    """The seats of a deal at five whose two sitters it names (``rest A E``)."""
    sitters = (dealer, *(p for p in rest if p != dealer))
    order = clockwise(players, dealer, players)
    return Seats(dealer, dealer, tuple(p for p in order if p not in sitters), sitters)
