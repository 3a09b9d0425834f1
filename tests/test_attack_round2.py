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
