"""The tables of the archive: per player, per convention, per month, head to head, and the
evenings in order. Numbers stay exact here (Fraction whists, Decimal money); the JSON form
is :func:`pulka.settlement.figures.to_json` of these tables.

Every total is a plain sum of the games' own ``settle --json`` numbers: the result in whists
(units of the stake in a payment game) of every game, and the money of every game played
for money (``money_games`` of them). Head to head is what the settlement has each pay the
other (who pays whom), summed: positive when the other paid him. The best and worst evening
are a player's highest and lowest result in whists (the first found on a tie). The
average result is exact (a fraction); the average money is rounded to the cent, halves away
from zero (numbers.hundredths, as the tables show the average in whists).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from decimal import Decimal
from fractions import Fraction

from ..numbers import hundredths
from .tallies import COUNTS

UNDATED = "unknown"  #: the month of a game whose journal has no ``created`` line
_MONTH = re.compile(r"^[0-9]{4}-[0-9]{2}")


def month_of(created: str) -> str:
    return created[:7] if _MONTH.match(created) else UNDATED


def _money(value: object) -> Decimal:
    return Decimal(str(value))


def _ratio(value: object) -> tuple[int, int]:
    """A whist amount as ``settle --json`` writes it (``7``, ``"-310/3"``): (numerator,
    denominator)."""
    if isinstance(value, int):
        return value, 1
    top, _slash, bottom = str(value).partition("/")
    return int(top), int(bottom or 1)


def _above(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] * b[1] > b[0] * a[1]


class Sum(dict):
    """An exact sum of many fractions, kept as denominator -> sum of numerators (a game's
    results have a few small denominators): adding is an integer addition, not a Fraction's
    gcd. (A dict, so that the loops below add to it without a call.)"""

    def value(self) -> Fraction:
        return sum((Fraction(top, bottom) for bottom, top in self.items()), Fraction(0))


def _new_player() -> dict[str, object]:
    row: dict[str, object] = {"games": 0, "open": 0, "deals": 0}
    row.update(dict.fromkeys(COUNTS, 0))
    row.update({"result": Sum(), "money": Decimal("0.00"), "money_games": 0,
                "head_to_head": {}})
    return row


def _share(table: dict, key: str, name: str, result: tuple[int, int],
           money: Decimal | None) -> None:
    """One game's result added to a player's line of a convention's or month's table."""
    rows = table[key]["players"]
    row = rows.get(name)
    if row is None:
        row = rows[name] = {"games": 0, "result": Sum(), "money": Decimal("0.00")}
    row["games"] += 1
    parts = row["result"]
    parts[result[1]] = parts.get(result[1], 0) + result[0]
    if money is not None:
        row["money"] += money


class Tables:
    """The archive's tables as they are summed: games added one by one, in any order (a
    game's place in the archive settles a tie for the best or worst evening), and the tables
    of another share of the archive merged in (a worker process sums its own share)."""

    def __init__(self) -> None:
        self.players: dict[str, dict] = {}
        self.conventions: dict[str, dict] = {}
        self.months: dict[str, dict] = {}
        self.evenings: list[dict[str, object]] = []
        self.total = self.still_open = 0

    def add(self, place: int, file: str, game: dict) -> None:
        """One game's summary, the ``place``-th file of the archive."""
        players = self.players
        self.total += 1
        self.still_open += not game["finished"]
        month = month_of(game["created"])
        result = {p: _ratio(v) for p, v in game["result"].items()}
        money = {p: _money(v) for p, v in game["money"].items()} if game["money"] else None
        groups = ((self.conventions, game["convention"]), (self.months, month))
        for table, key in groups:
            table.setdefault(key, {"games": 0, "players": {}})["games"] += 1
        for name in game["players"]:
            row = players.get(name) or players.setdefault(name, _new_player())
            mine, counts = result[name], game["counts"][name]
            row["games"] += 1
            row["open"] += not game["finished"]
            row["deals"] += game["deals"]
            for key in COUNTS:
                row[key] += counts[key]
            parts = row["result"]
            parts[mine[1]] = parts.get(mine[1], 0) + mine[0]
            cash = None if money is None else money[name]
            if cash is not None:
                row["money"] += cash
                row["money_games"] += 1
            evening = (mine, place, file, game["created"], cash)
            _best_and_worst(row, evening, evening)
            for table, key in groups:
                _share(table, key, name, mine, cash)
        # (between the game's players: a pot kept for the next session is no player)
        seated = set(game["players"])
        _head_to_head(players, [t for t in game["pays"] if t[1] in seated], "whists", _ratio)
        if game["pays_money"] is not None:  # (the settlement's own: it may pay the pot)
            _head_to_head(players, [t for t in game["pays_money"] if t[1] in seated],
                          "money", _money)
        self.evenings.append({"file": file, "created": game["created"], "month": month,
                              "convention": game["convention"], "finished": game["finished"],
                              "players": list(game["players"]), "result": game["result"],
                              "money": game["money"]})  # as settle --json wrote them

    def merge(self, other: Tables) -> None:
        """Add the tables of another share of the archive (``other`` is used up)."""
        self.total += other.total
        self.still_open += other.still_open
        self.evenings += other.evenings
        for name, theirs in other.players.items():
            row = self.players.get(name)
            if row is None:
                self.players[name] = theirs
                continue
            for key in ("games", "open", "deals", *COUNTS, "money", "money_games"):
                row[key] += theirs[key]
            _add_sum(row["result"], theirs["result"])
            _best_and_worst(row, theirs["best"], theirs["worst"])
            pairs = row["head_to_head"]
            for other_name, pair in theirs["head_to_head"].items():
                mine = pairs.get(other_name)
                if mine is None:
                    pairs[other_name] = pair
                else:
                    _add_sum(mine["whists"], pair["whists"])
                    mine["money"] += pair["money"]
        for table, their_table in ((self.conventions, other.conventions),
                                   (self.months, other.months)):
            for key, group in their_table.items():
                found = table.get(key)
                if found is None:
                    table[key] = group
                    continue
                found["games"] += group["games"]
                for name, theirs in group["players"].items():
                    row = found["players"].get(name)
                    if row is None:
                        found["players"][name] = theirs
                    else:
                        row["games"] += theirs["games"]
                        _add_sum(row["result"], theirs["result"])
                        row["money"] += theirs["money"]

    def finish(self) -> dict[str, object]:
        """The tables, every sum exact (see the module)."""
        players, conventions, months = self.players, self.conventions, self.months
        for row in players.values():
            _finish(row)
            row["average"] = row["result"] / row["games"]
            # (to the cent as the average in whists is shown: halves away from zero)
            row["average_money"] = hundredths(Fraction(row["money"]) / row["money_games"]) \
                if row["money_games"] else None
            for which in ("best", "worst"):
                (top, bottom), _place, file, created, cash = row[which]
                row[which] = {"file": file, "created": created,
                              "result": Fraction(top, bottom), "money": cash}
            for pair in row["head_to_head"].values():
                _finish(pair)
        for table in (conventions, months):
            for group in table.values():
                for row in group["players"].values():
                    _finish(row)
        self.evenings.sort(key=lambda e: (e["created"], e["file"]))
        return {"games": self.total, "open": self.still_open,
                "players": dict(sorted(players.items())),
                "conventions": dict(sorted(conventions.items())),
                "months": dict(sorted(months.items())), "evenings": self.evenings}


def aggregate(games: Iterable[tuple[str, dict]]) -> dict[str, object]:
    """The archive's tables from its games' summaries, in the archive's order."""
    tables = Tables()
    for place, (file, game) in enumerate(games):
        tables.add(place, file, game)
    return tables.finish()


#: an evening as a player's best or worst is kept: (result as (top, bottom), the file's place
#: in the archive, file, created, money)
Evening = tuple[tuple[int, int], int, str, str, "Decimal | None"]


def _best_and_worst(row: dict, best: Evening, worst: Evening) -> None:
    """Keep the higher result as the best evening and the lower as the worst; on a tie, the
    evening found first in the archive."""
    kept = row.get("best")
    if kept is None or _above(best[0], kept[0]) or (
            not _above(kept[0], best[0]) and best[1] < kept[1]):
        row["best"] = best
    kept = row.get("worst")
    if kept is None or _above(kept[0], worst[0]) or (
            not _above(worst[0], kept[0]) and worst[1] < kept[1]):
        row["worst"] = worst


def _add_sum(into: dict, more: dict) -> None:
    for bottom, top in more.items():
        into[bottom] = into.get(bottom, 0) + top


def _finish(row: dict) -> None:
    """Every exact sum of a row made a Fraction."""
    for key, value in row.items():
        if isinstance(value, Sum):
            row[key] = value.value()


def _head_to_head(players: dict[str, dict], pays: list, unit: str,
                  number: Callable[[object], tuple[int, int] | Decimal]) -> None:
    """Each payment of a game: the payee's gain on the payer, the payer's loss on him."""
    for payer, payee, amount in pays:
        value = number(amount)
        for me, other, sign in ((payee, payer, 1), (payer, payee, -1)):
            pairs = players[me]["head_to_head"]
            pair = pairs.get(other)
            if pair is None:
                pair = pairs[other] = {"whists": Sum(), "money": Decimal("0.00")}
            if isinstance(value, Decimal):
                pair["money"] += value if sign > 0 else -value
            else:
                parts = pair["whists"]
                parts[value[1]] = parts.get(value[1], 0) + sign * value[0]


def running_totals(stats: dict[str, object]) -> tuple[list[str], dict[str, list[Fraction | None]]]:
    """Each player's running total in whists after each evening (None before his first)."""
    evenings = stats["evenings"]
    assert isinstance(evenings, list)
    names = list(stats["players"])  # type: ignore[call-overload]
    totals: dict[str, Fraction | None] = dict.fromkeys(names)
    lines: dict[str, list[Fraction | None]] = {n: [] for n in names}
    for evening in evenings:
        for name, value in evening["result"].items():
            totals[name] = (totals[name] or Fraction(0)) + Fraction(*_ratio(value))
        for name in names:
            lines[name].append(totals[name])
    return [e["created"] or e["file"] for e in evenings], lines
