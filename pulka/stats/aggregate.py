"""The tables of the archive: per player, per convention, per month, head to head, and the
evenings in order. Numbers stay exact here (Fraction whists, Decimal money); the JSON form
is :func:`pulka.report.to_json` of these tables.

Every total is a plain sum of the games' own ``settle --json`` numbers: the result in whists
(units of the stake in a payment game) of every game, and the money of every game played
for money (``money_games`` of them). Head to head is what the settlement has each pay the
other (who pays whom), summed: positive when the other paid him. The best and worst evening
are a player's highest and lowest result in whists (the earliest on a tie).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from decimal import Decimal
from fractions import Fraction

from .outcome import COUNTS

UNDATED = "unknown"  #: the month of a game whose journal has no ``created`` line
_MONTH = re.compile(r"^[0-9]{4}-[0-9]{2}")
CENT = Decimal("0.01")


def month_of(created: str) -> str:
    return created[:7] if _MONTH.match(created) else UNDATED


def _money(value: object) -> Decimal:
    return Decimal(str(value))


def _whists(value: object) -> Fraction:
    return Fraction(str(value))


def _new_player() -> dict[str, object]:
    row: dict[str, object] = {"games": 0, "open": 0, "deals": 0}
    row.update(dict.fromkeys(COUNTS, 0))
    row.update({"result": Fraction(0), "money": Decimal("0.00"), "money_games": 0})
    return row


def _share(table: dict, key: str, name: str, result: Fraction, money: Decimal | None) -> None:
    """One game's result added to a player's line of a convention's or month's table."""
    group = table.setdefault(key, {"games": 0, "players": {}})
    row = group["players"].setdefault(name, {"games": 0, "result": Fraction(0),
                                             "money": Decimal("0.00")})
    row["games"] += 1
    row["result"] += result
    if money is not None:
        row["money"] += money


def aggregate(games: Iterable[tuple[str, dict]]) -> dict[str, object]:
    """The archive's tables from its games' summaries."""
    players: dict[str, dict] = {}
    conventions: dict[str, dict] = {}
    months: dict[str, dict] = {}
    evenings: list[dict[str, object]] = []
    total = still_open = 0
    for file, game in games:
        total += 1
        still_open += not game["finished"]
        month = month_of(game["created"])
        result = {p: _whists(v) for p, v in game["result"].items()}
        money = {p: _money(v) for p, v in game["money"].items()} if game["money"] else None
        for key, table in ((game["convention"], conventions), (month, months)):
            table.setdefault(key, {"games": 0, "players": {}})["games"] += 1
        for name in game["players"]:
            row = players.setdefault(name, _new_player())
            row["games"] += 1
            row["open"] += not game["finished"]
            row["deals"] += game["deals"]
            for key in COUNTS:
                row[key] += game["counts"][name][key]
            row["result"] += result[name]
            if money is not None:
                row["money"] += money[name]
                row["money_games"] += 1
            evening = {"file": file, "created": game["created"], "result": result[name],
                       "money": None if money is None else money[name]}
            if "best" not in row or result[name] > row["best"]["result"]:
                row["best"] = evening
            if "worst" not in row or result[name] < row["worst"]["result"]:
                row["worst"] = evening
            row.setdefault("head_to_head", {})
            for key, table in ((game["convention"], conventions), (month, months)):
                _share(table, key, name, result[name], None if money is None else money[name])
        _head_to_head(players, game["pays"], "whists", _whists)
        if game["pays_money"] is not None:
            _head_to_head(players, game["pays_money"], "money", _money)
        evenings.append({"file": file, "created": game["created"], "month": month,
                         "convention": game["convention"], "finished": game["finished"],
                         "players": list(game["players"]), "result": result, "money": money})
    for row in players.values():
        row["average"] = row["result"] / row["games"]
        row["average_money"] = (row["money"] / row["money_games"]).quantize(CENT) \
            if row["money_games"] else None
    evenings.sort(key=lambda e: (e["created"], e["file"]))
    return {"games": total, "open": still_open, "players": dict(sorted(players.items())),
            "conventions": dict(sorted(conventions.items())),
            "months": dict(sorted(months.items())), "evenings": evenings}


def _head_to_head(players: dict[str, dict], pays: list, unit: str,
                  number: Callable[[object], Fraction | Decimal]) -> None:
    """Each payment of a game: the payee's gain on the payer, the payer's loss on him."""
    for payer, payee, amount in pays:
        value = number(amount)
        for me, other, signed in ((payee, payer, value), (payer, payee, -value)):
            pair = players[me]["head_to_head"].setdefault(
                other, {"whists": Fraction(0), "money": Decimal("0.00")})
            pair[unit] += signed


def running_totals(stats: dict[str, object]) -> tuple[list[str], dict[str, list[Fraction | None]]]:
    """Each player's running total in whists after each evening (None before his first)."""
    evenings = stats["evenings"]
    assert isinstance(evenings, list)
    names = list(stats["players"])  # type: ignore[call-overload]
    totals: dict[str, Fraction | None] = dict.fromkeys(names)
    lines: dict[str, list[Fraction | None]] = {n: [] for n in names}
    for evening in evenings:
        for name, value in evening["result"].items():
            totals[name] = (totals[name] or Fraction(0)) + value
        for name in names:
            lines[name].append(totals[name])
    return [e["created"] or e["file"] for e in evenings], lines
