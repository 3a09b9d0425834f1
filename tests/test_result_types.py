"""What this round's speed work changed, found by comparing with the code before it: each
test here failed on the round's first version and holds what the code did before."""

from __future__ import annotations

import json
from pathlib import Path

import pulka
from tests.cli_kit import ok

SAMPLES = Path(pulka.__file__).resolve().parent.parent / "samples"


def test_stats_counts_a_carried_pot_as_before_without_a_price(tmp_path: Path) -> None:
    """A payment game whose pot is carried (``end.leftover: carry``), played without a price:
    its whists' payments in the archive are between the players (the settlement's own go to
    the pot too, which is no player of the archive: stats failed with KeyError 'pot')."""
    game = tmp_path / "g.pulka"
    ok("new", game, "--players", "A", "B", "C", "--set", "end.leftover=carry",
       "--convention", "austrian")
    ok("add", game, "B d 6 C whist 3 A whist 1")
    settled = json.loads(ok("settle", game, "--json").stdout)
    assert any(p["to"] == "pot" for p in settled["payments"])
    found = json.loads(ok("stats", tmp_path, "--json", "--no-cache").stdout)
    assert found["games"] == 1 and found["skipped"] == []
    mine = {p: found["players"][p]["head_to_head"] for p in ("A", "B", "C")}
    assert "pot" not in str(mine)


def test_a_result_worked_from_a_fraction_stays_a_fraction_in_the_workbook(tmp_path: Path) -> None:
    """The four-player sample's means are fractions (its pulyas and goras do not divide by
    four), so its whole results were Fractions, written in the workbook's fraction format;
    the result worked in whole numbers until one division gave ints, cells without it."""
    import zipfile
    from fractions import Fraction

    from pulka.journal import parse
    from pulka.replay import family_of, final_state

    sample = SAMPLES / "sochi-4.pulka"
    game = parse(sample.read_bytes(), str(sample)).game()
    state, _count = final_state(game, compiled=False)
    result = family_of(game.table).result(state)
    assert all(type(v) is Fraction for v in result.values()), result
    book = tmp_path / "s.xlsx"
    ok("export", sample, "--xlsx", book)
    sheet = zipfile.ZipFile(book).read("xl/worksheets/sheet1.xml").decode()
    assert '<c r="H5" s="' in sheet  # (the result column, in the fraction format)


def test_stats_leaves_a_carried_pot_out_of_the_head_to_head_in_money(tmp_path: Path) -> None:
    """With a price, the money's payments are the settlement's own, the pot's share too: the
    pot is no player, and stats failed (KeyError 'pot', before this round as well). Its
    head-to-head in money is between the players, as the one in whists is."""
    game = tmp_path / "g.pulka"
    ok("new", game, "--players", "A", "B", "C", "--set", "end.leftover=carry",
       "--convention", "austrian", "--price", "0.10")
    ok("add", game, "B d 6 C whist 3 A whist 1")
    settled = json.loads(ok("settle", game, "--json").stdout)
    assert any(p["to"] == "pot" for p in settled["payments"])
    found = json.loads(ok("stats", tmp_path, "--json", "--no-cache").stdout)
    assert found["games"] == 1 and found["skipped"] == []
    assert "pot" not in json.dumps([found["players"][p]["head_to_head"] for p in "ABC"])


def test_linear_result_gives_the_values_and_types_of_each_term_worked_apart() -> None:
    """The result in whole numbers until one division is the mean-by-mean result of before,
    to the type of each value (a whole Fraction stays one): random columns, rates, nets."""
    import random
    from fractions import Fraction
    from types import SimpleNamespace

    from pulka.families.base import Term, linear_result
    from pulka.numbers import div

    def apart(state, terms, columns):  # (the code before this round)
        conv, n = state.table.convention, len(state.players)
        means = {t.column: div(sum(columns[t.column].values()), n) for t in terms}
        out = {}
        for p in state.players:
            parts = [t.sign * (1 if t.rate is None else conv[t.rate])
                     * (columns[t.column][p] - means[t.column]) for t in terms]
            out[p] = (sum(parts[1:], parts[0]) if parts else 0) + state.sheet.net_whists(p)
        return out

    rng = random.Random(5)

    def number():
        kind = rng.random()
        if kind < 0.5:
            return rng.randint(-40, 40)
        return Fraction(rng.randint(-40, 40), 1 if kind < 0.7 else rng.choice([2, 3, 4]))

    for _trial in range(3000):
        players = ("A", "B", "C", "D")[:rng.choice([2, 3, 4])]
        conv = {"r1": rng.choice([1, 10, 0, Fraction(1, 2), Fraction(5, 3)]),
                "r2": rng.choice([1, 10, Fraction(1, 3)])}
        nets = {p: number() for p in players}
        state = SimpleNamespace(players=players, table=SimpleNamespace(convention=conv),
                                sheet=SimpleNamespace(net_whists=nets.__getitem__))
        terms = rng.choice([(), (Term("x", "r1", 1),), (Term("x", "r1", 1), Term("y", "r2", -1)),
                            (Term("x", None, 1), Term("y", None, -1))])
        columns = {c: {p: number() for p in players} for c in ("x", "y")}
        want, got = apart(state, terms, columns), linear_result(state, terms, columns)
        assert got == want and list(map(type, got.values())) == list(map(type, want.values()))
