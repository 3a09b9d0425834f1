"""Compare a game's computed numbers with a vector's ``expect`` (vectors.md).

The lines are read by people, in their language; the keys they name (``pulya.A``) are the
vector's own and stay as written.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from ..game import Game
from ..i18n import _, decimal
from ..numbers import Exact, format_number, parse_number
from ..replay import family_of
from ..replay import steps as replay_steps

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


def _scalar(key: str, wanted: object, got: object) -> list[str]:
    expected = _exact(wanted)
    if expected is None:
        return [_("{key}: {value!r} is not a number").format(key=key, value=wanted)]
    if not isinstance(got, (int, Fraction)):
        return [_("{key}: not computed for this convention").format(key=key)]
    if Fraction(got) != expected:
        return [_differs(key, format_number(expected), format_number(got))]
    return []


def deal_facts(game: Game, numbers: Iterable[int]) -> dict[int, Mapping[str, object]]:
    """What the deals with these numbers did, as their family tells it (``facts``: played_for,
    pot, moves), taken right after each one is played; families without facts give none."""
    wanted = set(numbers)
    family = family_of(game.table)
    out: dict[int, Mapping[str, object]] = {}
    if not wanted:
        return out
    for step, state in replay_steps(game):
        if step.number in wanted:
            told = family.facts(step, state)
            if told is None:  # the family tells no facts, of any deal
                return out
            out[step.number] = told
    return out


def after_differences(checks: Mapping[int, Mapping[str, object]],
                      facts: Mapping[int, Mapping[str, object]]) -> list[str]:
    """The per-deal ``after`` checks of a vector against what each deal did: ``facts`` gives,
    by deal number, ``played_for``, ``pot`` and ``moves`` (from, to, amount)."""
    out: list[str] = []
    for number, wanted in sorted(checks.items()):
        got = facts.get(number)
        if got is None:
            out.append(_("deal {number}: after: the deal was not played").format(number=number))
            continue
        for key, value in wanted.items():
            if key == "moves":
                out += _moves(number, value, got.get("moves"))
            else:
                for line in _scalar(key, value, got.get(key)):
                    out.append(_("deal {number}: after {difference}").format(
                        number=number, difference=line))
    return out


def _moves(number: int, wanted: object, got: object) -> list[str]:
    """Moves compared as a multiset, equal (from, to) pairs added up."""
    if got is None:
        return [_("deal {number}: after moves: not computed for this convention").format(
            number=number)]

    def totals(moves: Iterable) -> dict[tuple[str, str], Fraction]:
        out: dict[tuple[str, str], Fraction] = {}
        for a, b, amount in moves:
            out[(str(a), str(b))] = out.get((str(a), str(b)), Fraction(0)) + Fraction(
                _exact(amount) or 0)
        return {k: v for k, v in out.items() if v}

    if not isinstance(wanted, list) or not isinstance(got, list):
        return [_("deal {number}: after moves: expected a list of moves").format(number=number)]
    want, have = totals(wanted), totals(got)
    lines = []
    for pair in sorted(set(want) | set(have)):
        w, h = want.get(pair, Fraction(0)), have.get(pair, Fraction(0))
        if w != h:
            lines.append(_("deal {number}: after {difference}").format(
                number=number, difference=_differs(f"moves {pair[0]} → {pair[1]}",
                                                   format_number(w), format_number(h))))
    return lines


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
