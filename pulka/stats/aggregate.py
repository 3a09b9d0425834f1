"""The tables of the archive, never adding two units. Numbers stay exact here (Fraction whists,
Decimal money); the JSON form is :func:`pulka.settlement.figures.to_json` of these tables.

Money is the one unit across games: the games played for money are summed in money, per
currency (a game's table names one, or none), and there only: the standings (each player's
games, the games he ended in plus, his money and the average per game), the best and worst
evening, head to head (what the settlement had each pay the other), the months and the
running totals. A game's points (whists; a payment game's units of the stake) mean the same
only within games of one convention at one price: they are summed per such *unit* (its
games, each player's result, the best and worst by it, head to head in them), never across
two; a game without a price is counted in its unit alone, and nowhere in money. What each
player did (contracts declared, made, failed, misères, raspasy) is a count, summed over every
game.

A tie for the best or worst evening goes to the game found first in the archive; the
average result is exact (a fraction), the average money rounded to the cent, halves away from
zero (numbers.hundredths, as the tables show the average in whists).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from decimal import Decimal
from fractions import Fraction
from typing import Any

from ..numbers import hundredths
from .tallies import COUNTS

UNDATED = "unknown"  #: the month of a game whose journal has no ``created`` line
_MONTH = re.compile(r"^[0-9]{4}-[0-9]{2}")
_ZERO = Decimal("0.00")


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


def _above_ratio(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] * b[1] > b[0] * a[1]


def _above_money(a: Decimal, b: Decimal) -> bool:
    return a > b


class Sum(dict):
    """An exact sum of many fractions, kept as denominator -> sum of numerators (a game's
    results have a few small denominators): adding is an integer addition, not a Fraction's
    gcd. (A dict, so that the loops below add to it without a call.)"""

    def value(self) -> Fraction:
        return sum((Fraction(top, bottom) for bottom, top in self.items()), Fraction(0))


def unit_key(game: dict) -> str:
    """The unit a game's points are in: its convention at its price, in its currency."""
    return f"{game['convention']}\x1f{game['price'] or ''}\x1f{game['currency'] or ''}"


def _row(**values: Any) -> dict[str, Any]:
    """A player's row of a money block or a unit: games, games ended in plus, head to head."""
    return {"games": 0, "won": 0, **values, "head_to_head": {}}


def _counts_row() -> dict[str, int]:
    row: dict[str, int] = {"games": 0, "open": 0, "deals": 0}
    row.update(dict.fromkeys(COUNTS, 0))
    return row


#: an evening as a player's best or worst is kept: (his result: money, or whists as (top,
#: bottom); the file's place in the archive; file; created; the convention's title)
Evening = tuple[Any, int, str, str, str]


class Tables:
    """The archive's tables as they are summed: games added one by one, in any order (a
    game's place in the archive settles a tie for the best or worst evening), and the tables
    of another share of the archive merged in (a worker process sums its own share)."""

    def __init__(self) -> None:
        self.players: dict[str, dict] = {}  # what each did: counts over every game
        self.money: dict[str, dict[str, Any]] = {}  # currency ("" none named) -> its tables
        self.units: dict[str, dict[str, Any]] = {}  # unit_key -> its tables
        self.evenings: list[dict[str, Any]] = []
        self.total = self.still_open = self.unpriced = 0

    def add(self, place: int, file: str, game: dict) -> None:
        """One game's summary, the ``place``-th file of the archive."""
        self.total += 1
        finished = game["finished"]
        self.still_open += not finished
        seated = game["players"]
        month = month_of(game["created"])
        title = game["title"]
        counts = self.players
        for name in seated:
            tally = counts.get(name) or counts.setdefault(name, _counts_row())
            did = game["counts"][name]
            tally["games"] += 1
            tally["open"] += not finished
            tally["deals"] += game["deals"]
            for key in COUNTS:
                tally[key] += did[key]
        money = None
        if game["money"]:
            money = {p: _money(v) for p, v in game["money"].items()}
            block = self.money.get(game["currency"] or "")
            if block is None:
                block = self.money[game["currency"] or ""] = {"games": 0, "players": {},
                                                              "months": {}}
            block["games"] += 1
            rows = block["players"]
            group = block["months"].get(month)
            if group is None:
                group = block["months"][month] = {"games": 0, "players": {}}
            group["games"] += 1
            for name in seated:
                cash = money[name]
                row = rows.get(name)
                if row is None:
                    row = rows[name] = _row(money=_ZERO)
                row["games"] += 1
                row["won"] += cash > 0
                row["money"] += cash
                evening: Evening = (cash, place, file, game["created"], title)
                _best_and_worst(row, evening, evening, _above_money)
                share = group["players"].get(name)
                if share is None:
                    share = group["players"][name] = {"games": 0, "money": _ZERO}
                share["games"] += 1
                share["money"] += cash
            # (the settlement's own payments, between the players: a pot kept is no player)
            for payer, payee, amount in game["pays_money"]:
                if payee in seated:
                    _paid(rows, payer, payee, _money(amount))
        else:
            self.unpriced += 1
        key = unit_key(game)
        unit = self.units.get(key)
        if unit is None:
            unit = self.units[key] = {
                "convention": game["convention"], "title": title, "unit": game["unit"],
                "price": game["price"], "currency": game["currency"], "games": 0,
                "players": {}}
        unit["games"] += 1
        rows = unit["players"]
        for name in seated:
            mine = _ratio(game["result"][name])
            row = rows.get(name)
            if row is None:
                row = rows[name] = _row(result=Sum(),
                                        money=_ZERO if money is not None else None)
            row["games"] += 1
            row["won"] += mine[0] > 0
            parts = row["result"]
            parts[mine[1]] = parts.get(mine[1], 0) + mine[0]
            if money is not None:
                row["money"] += money[name]
            evening = (mine, place, file, game["created"], title)
            _best_and_worst(row, evening, evening, _above_ratio)
        for payer, payee, amount in game["pays"]:
            if payee in seated:
                _paid_whists(rows, payer, payee, _ratio(amount))
        self.evenings.append({"file": file, "created": game["created"], "month": month,
                              "convention": game["convention"], "title": title,
                              "price": game["price"], "currency": game["currency"],
                              "finished": finished, "players": list(seated),
                              "result": game["result"],
                              "money": game["money"]})  # as settle --json wrote them

    def merge(self, other: Tables) -> None:
        """Add the tables of another share of the archive (``other`` is used up)."""
        self.total += other.total
        self.still_open += other.still_open
        self.unpriced += other.unpriced
        self.evenings += other.evenings
        for name, theirs in other.players.items():
            row = self.players.get(name)
            if row is None:
                self.players[name] = theirs
            else:
                for key, value in theirs.items():
                    row[key] += value
        for currency, block in other.money.items():
            mine = self.money.get(currency)
            if mine is None:
                self.money[currency] = block
                continue
            mine["games"] += block["games"]
            _merge_rows(mine["players"], block["players"], _above_money)
            for month, group in block["months"].items():
                found = mine["months"].get(month)
                if found is None:
                    mine["months"][month] = group
                    continue
                found["games"] += group["games"]
                for name, share in group["players"].items():
                    kept = found["players"].get(name)
                    if kept is None:
                        found["players"][name] = share
                    else:
                        kept["games"] += share["games"]
                        kept["money"] += share["money"]
        for key, unit in other.units.items():
            mine = self.units.get(key)
            if mine is None:
                self.units[key] = unit
            else:
                mine["games"] += unit["games"]
                _merge_rows(mine["players"], unit["players"], _above_ratio)

    def finish(self) -> dict[str, object]:
        """The tables, every sum exact (see the module)."""
        money = []
        for currency, block in sorted(self.money.items()):
            rows = block["players"]
            for row in rows.values():
                row["average"] = hundredths(Fraction(row["money"]) / row["games"])
                _evenings_of(row, "money", lambda value: value)
            ranked = _ranked(rows, lambda row: row["money"])
            for row in ranked.values():
                row["head_to_head"] = {other: row["head_to_head"][other] for other in ranked
                                       if other in row["head_to_head"]}
            months = {}
            for month, group in sorted(block["months"].items()):
                months[month] = {"games": group["games"],
                                 "players": {name: group["players"][name] for name in ranked
                                             if name in group["players"]}}
            money.append({"currency": currency or None, "games": block["games"],
                          "players": ranked, "months": months})
        units = []
        for unit in sorted(self.units.values(), key=_unit_order):
            rows = unit["players"]
            for row in rows.values():
                row["result"] = row["result"].value()
                row["average"] = row["result"] / row["games"]
                _evenings_of(row, "result", lambda value: Fraction(value[0], value[1]))
                row["head_to_head"] = {other: pair.value()
                                       for other, pair in row["head_to_head"].items()}
            ranked = _ranked(rows, lambda row: row["result"])
            for row in ranked.values():
                row["head_to_head"] = {other: row["head_to_head"][other] for other in ranked
                                       if other in row["head_to_head"]}
            units.append({**unit, "players": ranked})
        self.evenings.sort(key=lambda e: (e["created"], e["file"]))
        return {"games": self.total, "open": self.still_open, "unpriced": self.unpriced,
                "players": dict(sorted(self.players.items())), "money": money, "units": units,
                "evenings": self.evenings}


def aggregate(games: Iterable[tuple[str, dict]]) -> dict[str, object]:
    """The archive's tables from its games' summaries, in the archive's order."""
    tables = Tables()
    for place, (file, game) in enumerate(games):
        tables.add(place, file, game)
    return tables.finish()


def _unit_order(unit: dict) -> tuple:
    """Units by convention, then price (none last), then currency."""
    price = unit["price"]
    return (unit["title"], unit["convention"], price is None,
            Decimal(price) if price is not None else _ZERO, unit["currency"] or "")


def _ranked(rows: dict[str, dict], by: Callable[[dict], Any]) -> dict[str, dict]:
    """The players in their places: the most first, then the most games, then by name; each
    row given its ``place`` (equal totals and games share one)."""
    order = sorted(rows, key=lambda name: (-by(rows[name]), -rows[name]["games"], name))
    ranked: dict[str, dict] = {}
    last: tuple | None = None
    for n, name in enumerate(order, start=1):
        row = rows[name]
        mark = (by(row), row["games"])
        if mark != last:
            place, last = n, mark
        row["place"] = place
        ranked[name] = row
    return ranked


def _evenings_of(row: dict, key: str, value: Callable[[Any], object]) -> None:
    """The best and worst evening of a finished row, as the JSON gives them."""
    for which in ("best", "worst"):
        result, _place, file, created, title = row[which]
        row[which] = {"file": file, "created": created, "title": title, key: value(result)}


def _best_and_worst(row: dict, best: Evening, worst: Evening,
                    above: Callable[[Any, Any], bool]) -> None:
    """Keep the higher result as the best evening and the lower as the worst; on a tie, the
    evening found first in the archive."""
    kept = row.get("best")
    if kept is None or above(best[0], kept[0]) or (
            not above(kept[0], best[0]) and best[1] < kept[1]):
        row["best"] = best
    kept = row.get("worst")
    if kept is None or above(kept[0], worst[0]) or (
            not above(worst[0], kept[0]) and worst[1] < kept[1]):
        row["worst"] = worst


def _merge_rows(rows: dict[str, dict], theirs: dict[str, dict],
                above: Callable[[Any, Any], bool]) -> None:
    """Another share's rows of one money block or unit added to these."""
    for name, row in theirs.items():
        mine = rows.get(name)
        if mine is None:
            rows[name] = row
            continue
        mine["games"] += row["games"]
        mine["won"] += row["won"]
        if "result" in row:
            _add_sum(mine["result"], row["result"])
        if row["money"] is not None:
            mine["money"] += row["money"]
        _best_and_worst(mine, row["best"], row["worst"], above)
        pairs = mine["head_to_head"]
        for other, pair in row["head_to_head"].items():
            kept = pairs.get(other)
            if kept is None:
                pairs[other] = pair
            elif isinstance(pair, Decimal):
                pairs[other] = kept + pair
            else:
                _add_sum(kept, pair)


def _add_sum(into: dict, more: dict) -> None:
    for bottom, top in more.items():
        into[bottom] = into.get(bottom, 0) + top


def _paid(rows: dict[str, dict], payer: str, payee: str, amount: Decimal) -> None:
    """A payment in money: the payee's gain on the payer, the payer's loss on him."""
    pairs = rows[payee]["head_to_head"]
    pairs[payer] = pairs.get(payer, _ZERO) + amount
    pairs = rows[payer]["head_to_head"]
    pairs[payee] = pairs.get(payee, _ZERO) - amount


def _paid_whists(rows: dict[str, dict], payer: str, payee: str,
                 amount: tuple[int, int]) -> None:
    """A payment in a unit's points, as :func:`_paid`."""
    top, bottom = amount
    for me, other, sign in ((payee, payer, 1), (payer, payee, -1)):
        pairs = rows[me]["head_to_head"]
        parts = pairs.get(other)
        if parts is None:
            parts = pairs[other] = Sum()
        parts[bottom] = parts.get(bottom, 0) + sign * top


def running_money(stats: dict, block: dict) -> tuple[list[dict], dict[str, list[Decimal | None]]]:
    """The evenings played for money in a currency, in order, and each player's running total
    after each of them (None before his first)."""
    currency = block["currency"]
    evenings = [e for e in stats["evenings"] if e["money"] and e["currency"] == currency]
    names = list(block["players"])
    totals: dict[str, Decimal | None] = dict.fromkeys(names)
    lines: dict[str, list[Decimal | None]] = {n: [] for n in names}
    for evening in evenings:
        for name, value in evening["money"].items():
            totals[name] = (totals[name] or _ZERO) + _money(value)
        for name in names:
            lines[name].append(totals[name])
    return evenings, lines
