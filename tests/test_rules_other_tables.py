"""The keys other tables and programs play by (conventions.md §1.7, issue 13): each one with
exact numbers, and its default leaving today's numbers as they were (Sochi, players A, B, C)."""

from __future__ import annotations

from conftest import play, whists


def test_raspasy_cycle_starts_the_progression_again() -> None:
    deals = ["raspasy A 4 B 3 C 3"] * 4
    # Sochi prices 1, 2, 3; the fourth raspasy in a row pays 3 again, or 1 with the cycle
    assert play(deals)["gora"] == {"A": 4 * (1 + 2 + 3 + 3), "B": 27, "C": 27}
    assert play(deals, **{"raspasy.cycle": True})["gora"] == {"A": 4 * (1 + 2 + 3 + 1),
                                                              "B": 21, "C": 21}


def test_misere_consolation_per_trick_from_each_opponent() -> None:
    deals = ["A misere 2"]
    assert whists(play(deals)) == {}
    report = play(deals, **{"misere.consolation": 5})
    assert report["gora"] == {"A": 20, "B": 0, "C": 0}  # 2 tricks × the penalty 10, as before
    assert whists(report) == {"B": {"A": 10}, "C": {"A": 10}}  # 2 tricks × 5 from each


def test_the_half_whisters_credit_quota_or_rest() -> None:
    deals = ["A 7s B pass C half"]  # 7♠ is worth 4; Sochi's quota at 7 is 2
    assert whists(play(deals)) == {"C": {"A": 4}}  # half of 2 tricks × 4
    assert whists(play(deals, **{"whist.half_credit": "rest"})) == {"C": {"A": 6}}  # 3/2 × 4


def test_a_flat_consolation_whatever_the_contract() -> None:
    deals = ["A 8h 6 B whist 3 C whist 1"]  # 8♥ is worth 6, down 2
    report = play(deals)
    assert whists(report) == {"B": {"A": 3 * 6 + 2 * 6}, "C": {"A": 1 * 6 + 2 * 6}}
    flat = play(deals, **{"remise.consolation_flat": 3})
    assert whists(flat) == {"B": {"A": 18 + 2 * 3}, "C": {"A": 6 + 2 * 3}}
    assert flat["gora"] == report["gora"] == {"A": 12, "B": 0, "C": 0}
