"""Compare a game's computed numbers with a vector's ``expect`` (vectors.md)."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from .numbers import Exact, format_number, parse_number

PER_PLAYER = ("pulya", "gora", "bule", "refe", "hats", "result")
PAIRS = ("whists",)


def differences(expect: dict, report: dict) -> list[str]:
    """Every difference between expected and computed, one line each ([] when all agree)."""
    out: list[str] = []
    for key, wanted in expect.items():
        if key in PER_PLAYER:
            out += _per_player(key, wanted, report.get(key))
        elif key in PAIRS:
            out += _pairs(key, wanted, report.get(key))
        elif key == "money":
            out += _money(wanted, report.get("money"))
        elif key == "finished":
            if bool(wanted) != bool(report.get("finished")):
                out.append(f"finished: expected {wanted}, got {report.get('finished')}")
        elif key == "bombs":
            got = report.get("bombs") or {}
            for player, queue in (wanted or {}).items():
                mine = [int(x) for x in got.get(str(player), [])]
                if [int(x) for x in queue or []] != mine:
                    out.append(f"bombs.{player}: expected {queue}, got {mine}")
        else:
            out.append(f"{key}: not a key pulka computes")
    return out


def _exact(value: object) -> Fraction | None:
    try:
        return parse_number(str(value))
    except ValueError:
        return None


def _per_player(key: str, wanted: object, got: Mapping[str, Exact] | None) -> list[str]:
    if not isinstance(wanted, dict):
        return [f"{key}: expected a mapping of players"]
    if got is None:
        return [f"{key}: not computed for this convention"]
    out = []
    for player, value in wanted.items():
        expected = _exact(value)
        actual = got.get(str(player))
        if expected is None:
            out.append(f"{key}.{player}: {value!r} is not a number")
        elif actual is None:
            out.append(f"{key}.{player}: no such player")
        elif Fraction(actual) != expected:
            out.append(f"{key}.{player}: expected {format_number(expected)}, got "
                       f"{format_number(actual)}")
    return out


def _pairs(key: str, wanted: object, got: Mapping[str, Mapping[str, Exact]] | None) -> list[str]:
    if not isinstance(wanted, dict):
        return [f"{key}: expected a mapping writer -> target -> amount"]
    got = got or {}
    writers = {str(w) for w in wanted} | set(got)
    out = []
    for writer in sorted(writers):
        row_w = wanted.get(writer) or {}
        row_g = got.get(writer, {})
        for target in sorted({str(t) for t in row_w} | set(row_g)):
            expected = _exact(row_w.get(target, 0))
            actual = Fraction(row_g.get(target, 0))
            if expected is None:
                out.append(f"{key}.{writer}.{target}: {row_w[target]!r} is not a number")
            elif expected != actual:
                out.append(f"{key}.{writer}.{target}: expected {format_number(expected)}, got "
                           f"{format_number(actual)}")
    return out


def _money(wanted: object, got: Mapping[str, Decimal] | None) -> list[str]:
    if got is None:
        return ["money: no whist price is set, so there is no money"]
    if not isinstance(wanted, dict):
        return ["money: expected a mapping of players"]
    out = []
    for player, value in wanted.items():
        try:
            expected = Decimal(str(value)).quantize(Decimal("0.01"))
        except InvalidOperation:
            out.append(f"money.{player}: {value!r} is not an amount")
            continue
        actual = got.get(str(player))
        if actual is None or actual != expected:
            out.append(f"money.{player}: expected {expected}, got {actual}")
    return out
