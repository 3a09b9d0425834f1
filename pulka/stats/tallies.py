"""What each player did in a game's deals: contracts declared, made and failed, misères,
raspasy played and the tricks taken on them.

The families score a contract and keep "made" to themselves; here a deal as the replay
returns it (tricks filled in) is only classified, never scored. A contract is made when the
family kept it as made (a payment game's extras, written "made"/"down"), when it was not
played out (every defender passed, a half-whist: the game is written to the declarer), or by
the declarer's tricks against what the contract needs; a conceded game (Prefa) is failed.
"""

from __future__ import annotations

from typing import Any

from ..convention import Convention
from ..families.tricks import TRICKS
from ..game import Deal, DealKind, Strain
from ..replay.packed import pack, unpack

#: strains won by taking no trick, and by taking every trick
NO_TRICK = (Strain.MISERE, Strain.BETTEL, Strain.PLAUDERER)
ALL_TRICKS = (Strain.DURCHMARSCH, Strain.OFFENER)
SUIT_TARGET = 6  #: tricks a Balkan or Austrian game needs (no level is bid)
#: the keys of one player's counts, in the order the tables show them
COUNTS = ("declared", "made", "failed", "misere", "raspasy", "raspasy_tricks")


def needed(deal: Deal, conv: Convention) -> int:
    """The declarer's tricks a contract needs (a no-trick game: none may be taken)."""
    contract = deal.contract
    assert contract is not None
    if contract.strain in ALL_TRICKS:
        return TRICKS
    if contract.level is not None:
        return contract.level
    if conv.family == "swabian":
        from ..families.payment.swabian import GAMES
        from ..families.payment.swabian_keys import HAND_EXTRA, REQUIRED

        return conv[REQUIRED][GAMES.index(contract.strain)] + (
            conv[HAND_EXTRA] if deal.no_talon else 0)
    if contract.strain is Strain.SANS and conv.family != "balkan":
        from ..families.payment.austrian_keys import SANS_TARGET

        return conv[SANS_TARGET]
    return SUIT_TARGET


def made(deal: Deal, conv: Convention) -> bool:
    """Whether the declarer of a contract deal made it."""
    if deal.made is not None:
        return deal.made
    if "concede" in deal.marks:
        return False
    assert deal.declarer is not None and deal.contract is not None
    taken = deal.tricks.get(deal.declarer)
    if taken is None:  # not played out: the game is written to the declarer
        return True
    if deal.contract.strain in NO_TRICK:
        return taken == 0
    return taken >= needed(deal, conv)


class Tally:
    """Each player's counts (:data:`COUNTS`) over the deals a replay plays, as it tells them
    (:class:`pulka.replay.compiled.Seen`): each deal as the rules checked it, as often as it came."""

    def __init__(self, players: tuple[str, ...], conv: Convention) -> None:
        self.players, self.conv = players, conv
        self.total = 0  # the counts, packed (pulka.replay.packed)
        key = (conv, players)
        marks = _BY_STEP.get(key)
        if marks is None or len(marks) > _MARKS_MAX:
            marks = _BY_STEP[key] = _StepMarks(players, conv)
        self._of_step = marks.__getitem__

    def played(self, deal: Deal) -> None:
        self.total += marks_of(deal, self.conv, self.players)

    def counted(self, steps: list) -> None:
        self.total += sum(map(self._of_step, steps))

    def counts(self) -> dict[str, dict[str, int]]:
        fields = [0] * (len(self.players) * len(COUNTS))
        unpack(self.total, fields)
        width = len(COUNTS)
        return {p: dict(zip(COUNTS, fields[at * width:(at + 1) * width], strict=True))
                for at, p in enumerate(self.players)}


class _StepMarks(dict):
    """The marks of each compiled step's deal (step -> packed marks), made when first asked
    for: a table's steps come again and again, game after game."""

    def __init__(self, players: tuple[str, ...], conv: Convention) -> None:
        super().__init__()
        self.players, self.conv = players, conv

    def __missing__(self, step: Any) -> int:
        found = self[step] = marks_of(step.deal, self.conv, self.players)
        return found


def marks_of(deal: Deal, conv: Convention, players: tuple[str, ...]) -> int:
    """What one deal adds to the players' counts, packed (:mod:`pulka.replay.packed`): a field for
    each player's count, in the order of ``players`` and :data:`COUNTS`."""
    def field(name: str, count: str) -> int:
        return players.index(name) * len(COUNTS) + COUNTS.index(count)

    marks: list[tuple[int, int]] = []
    if deal.kind is DealKind.CONTRACT and deal.declarer in players:
        declarer = deal.declarer
        marks += [(field(declarer, "declared"), 1),
                  (field(declarer, "made" if made(deal, conv) else "failed"), 1)]
        if deal.contract is not None and deal.contract.is_misere:
            marks.append((field(declarer, "misere"), 1))
    elif deal.kind is DealKind.RASPASY:
        for name, taken in deal.tricks.items():
            if name in players:
                marks += [(field(name, "raspasy"), 1), (field(name, "raspasy_tricks"), taken)]
    return pack(marks)


#: the marks of the steps met so far, for each convention and players (a step is kept by
#: the compiled replay as long as the process runs: its identity is never another's)
_BY_STEP: dict[tuple[Convention, tuple[str, ...]], _StepMarks] = {}
_MARKS_MAX = 50_000
