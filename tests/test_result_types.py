"""A settlement's result keeps the type of each value it is worked to (a Fraction stays one, a
whole number an int): the result worked in whole numbers until one division gives what the
mean-by-mean result gave, and the workbook writes a fraction where the result is one. Each
test failed on a first version of that speed-up and holds what the code did before it."""

from __future__ import annotations

from pathlib import Path

import pulka
from tests.cli_kit import ok

SAMPLES = Path(pulka.__file__).resolve().parent.parent / "samples"


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
