"""Compare a game's computed numbers with a vector's ``expect`` (vectors.md).

The lines are read by people, in their language; the keys they name (``pulya.A``) are the
vector's own and stay as written.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from .i18n import _, decimal
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
                out.append(_differs("finished", wanted, report.get("finished")))
        elif key == "bombs":
            got = report.get("bombs") or {}
            for player, queue in (wanted or {}).items():
                mine = [int(x) for x in got.get(str(player), [])]
                if [int(x) for x in queue or []] != mine:
                    out.append(_differs(f"bombs.{player}", queue, mine))
        else:
            out.append(_("{key}: not a key pulka computes").format(key=key))
    return out


def _differs(key: str, expected: object, actual: object) -> str:
    """The line of one value that differs: ``pulya.A: expected 3, got 2``."""
    return _("{key}: expected {expected}, got {actual}").format(
        key=key, expected=expected, actual=actual)


def _exact(value: object) -> Fraction | None:
    try:
        return parse_number(str(value))
    except ValueError:
        return None


def _per_player(key: str, wanted: object, got: Mapping[str, Exact] | None) -> list[str]:
    if not isinstance(wanted, dict):
        return [_("{key}: expected a mapping of players").format(key=key)]
    if got is None:
        return [_("{key}: not computed for this convention").format(key=key)]
    out = []
    for player, value in wanted.items():
        expected = _exact(value)
        actual = got.get(str(player))
        if expected is None:
            out.append(_("{key}: {value!r} is not a number").format(key=f"{key}.{player}",
                                                                   value=value))
        elif actual is None:
            out.append(_("{key}: no such player").format(key=f"{key}.{player}"))
        elif Fraction(actual) != expected:
            out.append(_differs(f"{key}.{player}", format_number(expected),
                                format_number(actual)))
    return out


def _pairs(key: str, wanted: object, got: Mapping[str, Mapping[str, Exact]] | None) -> list[str]:
    if not isinstance(wanted, dict):
        return [_("{key}: expected a mapping writer -> target -> amount").format(key=key)]
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
                out.append(_("{key}: {value!r} is not a number").format(
                    key=f"{key}.{writer}.{target}", value=row_w[target]))
            elif expected != actual:
                out.append(_differs(f"{key}.{writer}.{target}", format_number(expected),
                                    format_number(actual)))
    return out


def _money(wanted: object, got: Mapping[str, Decimal] | None) -> list[str]:
    if got is None:
        return [_("money: no whist price is set, so there is no money")]
    if not isinstance(wanted, dict):
        return [_("{key}: expected a mapping of players").format(key="money")]
    out = []
    for player, value in wanted.items():
        try:
            expected = Decimal(str(value)).quantize(Decimal("0.01"))
        except InvalidOperation:
            out.append(_("{key}: {value!r} is not an amount").format(key=f"money.{player}",
                                                                    value=value))
            continue
        actual = got.get(str(player))
        if actual is None or actual != expected:
            # amounts of money as the players' language writes them (0,10 in Russian)
            out.append(_differs(f"money.{player}", decimal(str(expected)),
                                decimal(str(actual))))
    return out
