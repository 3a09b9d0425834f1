"""Trick counts through `pulka add`, in both families: one count left out is filled in, the
defence is put in seat order, and counts that cannot make ten are refused with the journal,
and every other file beside it, byte for byte as they were."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_kit import digests, run


def new_game(tmp_path: Path, convention: str, *players: str) -> Path:
    path = tmp_path / "g.pulka"
    result = run("new", path, "--players", *players, "--convention", convention)
    assert result.exit_code == 0, result.stderr
    return path


REFUSED = [
    # Russian: two counts left out, with the hint; the given ones over ten
    ("sochi", ("A", "B", "C"), "A 6s B whist C whist 3",
     "deal 1: the tricks of A and B are missing\n  hint: give every player's tricks"),
    ("sochi", ("A", "B", "C"), "A 6s 7 B whist 4 C whist",
     "deal 1: the tricks add up to 11, more than 10"),
    ("sochi", ("A", "B", "C"), "raspasy A 4",
     "deal 1: the tricks of B and C are missing\n  hint: give every player's tricks"),
    ("sochi", ("A", "B", "C"), "raspasy A 6 B 5",
     "deal 1: the tricks add up to 11, more than 10"),
    # two players: nothing is filled in on raspasy, and a game's counts stop at ten
    ("gusarik", ("A", "B"), "raspasy A 6", "deal 1: the tricks of B are missing"),
    ("gusarik", ("A", "B"), "raspasy A 6 B 5", "deal 1: the tricks add up to 11, more than 10"),
    ("gusarik", ("A", "B"), "A 6s 8 B whist 3", "deal 1: the tricks add up to 11, more than 10"),
    # Balkan: the same fill, without the Russian hint
    ("croatian", ("A", "B", "C"), "B h A whist C whist",
     "deal 1: the tricks of B and C and A are missing"),
    ("croatian", ("A", "B", "C"), "B h 7 A whist 4 C whist",
     "deal 1: the tricks add up to 11, more than 10"),
]


@pytest.mark.parametrize("convention, players, deal, message", REFUSED)
def test_counts_that_cannot_make_ten_are_refused(tmp_path, convention, players, deal, message):
    path = new_game(tmp_path, convention, *players)
    before = digests(tmp_path)
    result = run("add", path, deal)
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    assert result.stderr.startswith(f"error: {path}: {message}"), result.stderr
    if "hint" not in message:
        assert "hint" not in result.stderr
    assert digests(tmp_path) == before


ACCEPTED = [
    # the count left out is the rest of ten; the defence comes out clockwise from the declarer
    ("sochi", "A 6s 6 C whist 2 B whist", "deal 1. A 6s 6 B whist 2 C whist 2"),
    ("sochi", "raspasy A 4 B 3", "deal 1. raspasy A 4 B 3 C 3"),
    ("croatian", "B h 5 C whist 2 A whist", "deal 1. B h 5 C whist 2 A whist 3"),
]


@pytest.mark.parametrize("convention, deal, recorded", ACCEPTED)
def test_the_count_left_out_is_filled_in(tmp_path, convention, deal, recorded):
    path = new_game(tmp_path, convention, "A", "B", "C")
    before = path.read_bytes()
    result = run("add", path, deal)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[0] == recorded
    assert path.read_bytes() != before
