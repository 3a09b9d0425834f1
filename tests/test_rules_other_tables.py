"""The keys other tables and programs play by (conventions.md §1.7, issue 13): each one with
exact numbers, and its default leaving today's numbers as they were (Sochi, players A, B, C)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from conftest import play, whists

from pulka.errors import IllegalDealError


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


def test_gora_first_writes_the_made_game_off_the_gora() -> None:
    deals = ["A 6s 5 B whist 3 C whist 2", "A 7h 7 B whist 2 C whist 1"]  # down 1 (gora 2), then 4
    assert (play(deals)["pulya"]["A"], play(deals)["gora"]["A"]) == (4, 2)
    report = play(deals, gora_first=True)
    assert (report["pulya"]["A"], report["gora"]["A"]) == (2, 0)  # 2 off the gora, 2 in the pulya


def test_overflow_floor_stops_the_gora_at_zero() -> None:
    deals = ["A 10s B pass C pass", "B 6s 5 C whist 3 A whist 2", "A 8s B pass C pass"]
    # A's pulya of 10 is closed; the 8♠ (6) is past it and A has no gora
    assert play(deals, pulya=10, overflow="gora")["gora"] == {"A": -6, "B": 2, "C": 0}
    assert play(deals, pulya=10, overflow="gora", **{"overflow.floor": "zero"})["gora"] == \
        {"A": 0, "B": 2, "C": 0}


def test_help_reaches_the_dealer_sitting_out_only_where_the_table_says() -> None:
    players = ("A", "B", "C", "D")
    deals = ["C 7s B pass D pass", "D 7s C pass A pass", "B 7s D pass A pass",
             "A 6s B pass C pass", "B 8s C pass D pass"]  # the last: A deals and sits out
    plain = play(deals, players=players, pulya=4)
    assert (plain["pulya"]["A"], plain["gora"]["B"], whists(plain)) == (2, -6, {})
    helped = play(deals, players=players, pulya=4, **{"help.sitting_out": True})
    assert (helped["pulya"]["A"], helped["gora"]["B"]) == (4, -4)
    assert whists(helped) == {"B": {"A": 2 * 10}} and helped["finished"] is True


def test_settle_rounding_whole_rounds_each_gora_share_to_a_whist() -> None:
    deals = ["A 6s 6 B whist 2 C whist 2"]
    # goras with the unfinished pulya (×10/10) and the amnesty: A 0, B 2, C 2; each point of
    # gora writes 10/3 on each other player: B's and C's shares are 6 2/3, rounded to 7
    assert play(deals)["result"] == {"A": Fraction(16, 3), "B": Fraction(-8, 3),
                                     "C": Fraction(-8, 3)}
    whole = play(deals, **{"settle.rounding": "whole"})
    assert whole["result"] == {"A": -8 + 7 + 7, "B": 4 + 7 - 2 * 7, "C": 4 + 7 - 2 * 7}


def test_a_half_whist_share_is_rounded_down() -> None:
    from pulka.families.russian.settle import round_half_down

    assert [round_half_down(Fraction(n, 6)) for n in (13, 15, 16, -3)] == [2, 2, 3, -1]


def test_gentleman_on_remise_shares_only_when_the_declarer_fails() -> None:
    failed = ["B 7h 6 A whist 3 C pass 1"]  # 7♥ (4) down 1: the defence took 4
    made = ["B 7h 8 A whist 1 C pass 1"]  # made with an overtrick: the defence took 2
    lone = {"whist.lone": "gentleman_on_remise"}
    # failed: half of 4 × 4 each, and each writes the consolation 1 × 4
    assert whists(play(failed, **lone)) == {"A": {"B": 8 + 4}, "C": {"B": 8 + 4}}
    # made: the whister writes his own trick alone (conventions.md §1.7), not the passer's
    assert whists(play(made, **lone)) == {"A": {"B": 1 * 4}}
    assert whists(play(made, **{"whist.lone": "gentleman"})) == {"A": {"B": 4}, "C": {"B": 4}}


def test_the_passers_own_tricks_may_earn_nothing() -> None:
    failed = ["B 7h 6 A whist 3 C pass 1"]
    none = {"whist.passer_tricks": "none"}
    assert whists(play(failed)) == {"A": {"B": 4 * 4 + 4}, "C": {"B": 4}}
    assert whists(play(failed, **none)) == {"A": {"B": 3 * 4 + 4}, "C": {"B": 4}}
    assert whists(play(failed, **none, **{"whist.lone": "gentleman"})) == \
        {"A": {"B": 6 + 4}, "C": {"B": 6 + 4}}


def test_an_uncontrad_two_played_like_any_game() -> None:
    deal = ["A s 6 B whist 3 C whist 1"]  # a two of spades (4) with the talon, nobody contra'd
    report = play(deal, convention="croatian", two_uncontrad="played")
    assert report["bule"] == {"A": 26, "B": 30, "C": 30}  # 30 − 4
    assert whists(report) == {"B": {"A": 3 * 4}, "C": {"A": 1 * 4}}


def test_a_failed_bettel_per_trick() -> None:
    # conventions.md §1.7: each defender writes the bettel's value × the tricks HE took
    deal = ["A bettel 2 B whist 3 C whist 5"]  # Croatian bettel: 12; A took 2, B 3, C 5
    assert whists(play(deal, convention="croatian")) == {"B": {"A": 60}, "C": {"A": 60}}
    per_trick = play(deal, convention="croatian", **{"bettel_fail.supe": "per_trick"})
    assert whists(per_trick) == {"B": {"A": 12 * 3}, "C": {"A": 12 * 5}}  # 36 and 60
    assert per_trick["bule"]["A"] == 42  # the bule the declarer takes back is as before: 30 + 12
    one_left_out = play(["A bettel 1 B whist 6"], convention="croatian",
                        **{"bettel_fail.supe": "per_trick"})  # C took 10 − 1 − 6 = 3
    assert whists(one_left_out) == {"B": {"A": 12 * 6}, "C": {"A": 12 * 3}}  # 72 and 36
    igra = play(["A bettel igra 2 B whist 4 C whist 4"], convention="croatian",
                **{"bettel_fail.supe": "per_trick"})
    assert whists(igra) == {"B": {"A": 14 * 4}, "C": {"A": 14 * 4}}  # 12 + 2 without the talon
    made = play(["A bettel 0"], convention="croatian", **{"bettel_fail.supe": "per_trick"})
    assert whists(made) == {} and made["bule"]["A"] == 30 - 12


def test_a_failed_bettel_per_trick_needs_the_defenders_tricks() -> None:
    with pytest.raises(IllegalDealError, match="tricks of B and C are missing"):
        play(["A bettel 2"], convention="croatian", **{"bettel_fail.supe": "per_trick"})
    # the fixed amount needs only the declarer's tricks, as before
    assert whists(play(["A bettel 2"], convention="croatian")) == {"B": {"A": 60}, "C": {"A": 60}}
