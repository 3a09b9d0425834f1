"""Compare a game's computed numbers with a vector's ``expect`` (vectors.md)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from .model import Game
from .numbers import Exact, format_number, parse_number
from .replay import family_of
from .replay import steps as replay_steps

PER_PLAYER = ("pulya", "gora", "bule", "refe", "hats", "result", "pot_in", "pot_out", "balance")
PAIRS = ("whists", "paid")
#: single numbers: the pot after the last deal, the refills
SCALARS = ("pot", "refills")


def differences(expect: dict, report: dict) -> list[str]:
    """Every difference between expected and computed, one line each ([] when all agree)."""
    out: list[str] = []
    for key, wanted in expect.items():
        if key in PER_PLAYER:
            out += _per_player(key, wanted, report.get(key))
        elif key in PAIRS:
            out += _pairs(key, wanted, report.get(key))
        elif key in SCALARS:
            out += _scalar(key, wanted, report.get(key))
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


def _scalar(key: str, wanted: object, got: object) -> list[str]:
    expected = _exact(wanted)
    if expected is None:
        return [f"{key}: {wanted!r} is not a number"]
    if got is None:
        return [f"{key}: not computed for this convention"]
    if Fraction(got) != expected:  # type: ignore[arg-type]
        return [f"{key}: expected {format_number(expected)}, got {format_number(got)}"]  # type: ignore[arg-type]
    return []


def deal_facts(game: Game, numbers: Iterable[int]) -> dict[int, Mapping[str, object]]:
    """What the deals with these numbers did, as their family tells it (``facts``: played_for,
    pot, moves), taken right after each one is played; families without facts give none."""
    wanted = set(numbers)
    family = family_of(game.table)
    facts = getattr(family, "facts", None)
    out: dict[int, Mapping[str, object]] = {}
    if facts is None or not wanted:
        return out
    for step, state in replay_steps(game):
        if step.number in wanted:
            out[step.number] = facts(step, state)
    return out


def after_differences(checks: Mapping[int, Mapping[str, object]],
                      facts: Mapping[int, Mapping[str, object]]) -> list[str]:
    """The per-deal ``after`` checks of a vector against what each deal did: ``facts`` gives,
    by deal number, ``played_for``, ``pot`` and ``moves`` (from, to, amount)."""
    out: list[str] = []
    for number, wanted in sorted(checks.items()):
        got = facts.get(number)
        if got is None:
            out.append(f"deal {number}: after: the deal was not played")
            continue
        for key, value in wanted.items():
            if key == "moves":
                out += _moves(number, value, got.get("moves"))
            else:
                for line in _scalar(key, value, got.get(key)):
                    out.append(f"deal {number}: after {line}")
    return out


def _moves(number: int, wanted: object, got: object) -> list[str]:
    """Moves compared as a multiset, equal (from, to) pairs added up."""
    if got is None:
        return [f"deal {number}: after moves: not computed for this convention"]

    def totals(moves: object) -> dict[tuple[str, str], Fraction]:
        out: dict[tuple[str, str], Fraction] = {}
        for a, b, amount in moves:  # type: ignore[attr-defined]
            out[(str(a), str(b))] = out.get((str(a), str(b)), Fraction(0)) + Fraction(
                _exact(amount) or 0)
        return {k: v for k, v in out.items() if v}

    want, have = totals(wanted), totals(got)
    lines = []
    for pair in sorted(set(want) | set(have)):
        w, h = want.get(pair, Fraction(0)), have.get(pair, Fraction(0))
        if w != h:
            lines.append(f"deal {number}: after moves {pair[0]} → {pair[1]}: expected "
                         f"{format_number(w)}, got {format_number(h)}")
    return lines


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
