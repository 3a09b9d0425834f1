"""Russian scoring, one rule at a time, with the arithmetic of conventions.md §1 in comments.

Players are A, B, C (clockwise) unless a test says otherwise; Sochi values are
v = 2, 4, 6, 8, 10 for 6..10.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction as F

import pytest
from conftest import play, whists

from pulka.errors import IllegalDealError

# --- contract games ---------------------------------------------------------------------


def test_both_whist_and_the_game_is_made():
    r = play(["A 6s 6 B whist 2 C whist 2"])
    assert r["pulya"] == {"A": 2, "B": 0, "C": 0}
    # each whister writes own tricks × v × rate = 2 × 2 × 1
    assert whists(r) == {"B": {"A": 4}, "C": {"A": 4}}


def test_one_whister_greedy_takes_the_passers_tricks_and_consolation_goes_to_both():
    r = play(["B 7h 6 A whist 4 C pass"])
    # down 1: gora 1 × 4; A writes 4 tricks × 4 + 1 × 4 consolation, C (passer) 1 × 4
    assert r["gora"]["B"] == 4
    assert whists(r) == {"A": {"B": 20}, "C": {"B": 4}}
    assert r["pulya"]["B"] == 0


def test_gentleman_whist_splits_the_trick_whists_with_the_passer():
    r = play(["B 7h 7 A whist 3 C pass"], convention="leningrad")
    # 3 tricks × v 4 × rate 2 = 24, half each
    assert whists(r) == {"A": {"B": 12}, "C": {"B": 12}}
    assert r["pulya"]["B"] == 4


def test_leningrad_remise_doubles_gora_and_consolation():
    r = play(["B 7h 6 A whist 4 C pass"], convention="leningrad")
    # gora 1 × 4 × 2 = 8; trick whists 4 × 4 × 2 = 32 halved; consolation 1 × 4 × 2 each
    assert r["gora"]["B"] == 8
    assert whists(r) == {"A": {"B": 16 + 8}, "C": {"B": 16 + 8}}


def test_consolation_only_to_whisters():
    r = play(["B 7h 6 A whist 4 C pass"], **{"remise.consolation_to": "whisters"})
    assert whists(r) == {"A": {"B": 20}}


def test_no_consolation():
    r = play(["B 7h 6 A whist 4 C pass"], **{"remise.consolation_to": "none"})
    assert whists(r) == {"A": {"B": 16}}


# --- whist shortfall --------------------------------------------------------------------


def test_two_whisters_on_a_six_the_one_under_two_tricks_pays():
    r = play(["A 6h 7 B whist 1 C whist 2"])
    # the defence took 3 of 4; B took 1 of his 2: (2 − 1) × v 2 × remise.gora 1 = 2
    assert r["gora"] == {"A": 0, "B": 2, "C": 0}
    assert r["pulya"]["A"] == 2


def test_both_whisters_short_both_pay():
    r = play(["A 6h 8 B whist 1 C whist 1"])
    assert r["gora"] == {"A": 0, "B": 2, "C": 2}


def test_half_responsibility_halves_the_shortfall():
    r = play(["A 6h 7 B whist 1 C whist 2"], convention="leningrad")
    # (2 − 1) × 2 × remise.gora 2 × ½ = 2; whists at rate 2
    assert r["gora"]["B"] == 2
    assert whists(r) == {"B": {"A": 4}, "C": {"A": 8}}


def test_two_whisters_on_a_seven_each_owes_one_trick():
    r = play(["A 7s 9 B whist 1 C whist 0"])
    # quota 2, one each: C took 0 → (1 − 0) × 4
    assert r["gora"] == {"A": 0, "B": 0, "C": 4}


@pytest.mark.parametrize(("rule", "gora"), [("second", {"B": 0, "C": 6}),
                                            ("both_half", {"B": 3, "C": 3})])
def test_quota_one_pair_shortfall(rule, gora):
    r = play(["A 8s 10 B whist 0 C whist 0"], **{"whist.pair_low_quota": rule})
    # quota 1, nobody took a trick: 1 × v 6; C is the second defender clockwise from A
    assert {p: r["gora"][p] for p in "BC"} == gora


def test_lone_greedy_whister_carries_the_whole_shortfall():
    r = play(["A 6s 7 B whist 3 C pass"])
    # (4 − 3) × 2 = 2 into B's gora; B writes 3 × 2 = 6
    assert r["gora"]["B"] == 2 and r["gora"]["C"] == 0
    assert whists(r) == {"B": {"A": 6}}


def test_lone_gentleman_whister_shares_the_shortfall():
    r = play(["A 6s 7 B whist 3 C pass"], convention="rostov")
    # (4 − 3) × 2 × ½ (half responsibility) = 1, split ½ / ½
    assert r["gora"] == {"A": 0, "B": F(1, 2), "C": F(1, 2)}
    assert whists(r) == {"B": {"A": 3}, "C": {"A": 3}}


def test_ten_whisted_has_a_quota_of_one():
    r = play(["A 10nt 10 B whist 0 C pass"])
    assert r["pulya"]["A"] == 10
    assert r["gora"]["B"] == 10


def test_ten_checked_has_no_trick_whists_and_no_quota():
    made = play(["A 10nt 10 B whist 0 C whist 0"], convention="leningrad")
    assert made["pulya"]["A"] == 10 and made["gora"] == {"A": 0, "B": 0, "C": 0}
    assert whists(made) == {}
    failed = play(["A 10nt 9 B whist 1 C whist 0"], convention="leningrad")
    # down 1: gora 1 × 10 × 2; consolation 1 × 10 × 2 from each defender; no trick whists
    assert failed["gora"]["A"] == 20
    assert whists(failed) == {"B": {"A": 20}, "C": {"A": 20}}


# --- not played ---------------------------------------------------------------------------


def test_both_pass_counts_as_made():
    r = play(["C 8d A pass B pass"])
    assert r["pulya"]["C"] == 6 and whists(r) == {}


@pytest.mark.parametrize(("contract", "convention", "written"),
                         [("6c", "sochi", 4), ("7c", "sochi", 4), ("6c", "leningrad", 8)])
def test_half_whist_writes_half_the_quota(contract, convention, written):
    # A declares; B is the first defender, C the second; 6: 2 tricks × 2; 7: 1 trick × 4
    r = play([f"A {contract} B pass C half"], convention=convention)
    assert whists(r) == {"C": {"A": written}}
    assert r["pulya"]["A"] == int(contract[0]) * 2 - 10


def test_half_whist_is_refused_where_the_convention_forbids_it():
    with pytest.raises(IllegalDealError, match="not allowed on a 8"):
        play(["A 8c B pass C half"])


def test_only_the_second_defender_can_half_whist():
    with pytest.raises(IllegalDealError, match="only the second defender"):
        play(["A 6c B half C pass"])


def test_stalingrad_requires_both_whists_on_six_spades():
    with pytest.raises(IllegalDealError, match="Stalingrad"):
        play(["A 6s 6 B whist 4 C pass"], **{"whist.stalingrad": True})
    assert play(["A 6c 6 B whist 4 C pass"], **{"whist.stalingrad": True})["pulya"]["A"] == 2


# --- misère -------------------------------------------------------------------------------


def test_misere():
    assert play(["A misere 0"])["pulya"]["A"] == 10
    assert play(["A misere 2"])["gora"]["A"] == 20
    assert play(["A misere 1"], convention="leningrad")["gora"]["A"] == 20


# --- raspasy ------------------------------------------------------------------------------


def test_raspasy_price_progression_and_zero_bonus():
    r = play(["raspasy A 4 B 0 C 6", "raspasy A 3 B 3 C 4", "raspasy A 0 B 5 C 5",
              "raspasy A 2 B 2 C 6"])
    # prices 1, 2, 3, then 3 again; a player with no tricks writes the price into his pulya
    assert r["gora"] == {"A": 4 + 6 + 0 + 6, "B": 0 + 6 + 15 + 6, "C": 6 + 8 + 15 + 18}
    assert r["pulya"] == {"A": 3, "B": 1, "C": 0}


def test_raspasy_streak_resets_after_a_contract():
    r = play(["raspasy A 4 B 0 C 6", "A 6s 6 B whist 2 C whist 2", "raspasy A 4 B 1 C 5"])
    assert r["gora"] == {"A": 8, "B": 1, "C": 11}


def test_raspasy_amnesty_takes_the_fewest_off_everyone():
    r = play(["raspasy A 5 B 2 C 3"], **{"raspasy.amnesty": True})
    assert r["gora"] == {"A": 3, "B": 0, "C": 1}
    assert r["pulya"]["B"] == 0  # B did take tricks: no zero bonus


def test_raspasy_zero_none():
    assert play(["raspasy A 4 B 0 C 6"], **{"raspasy.zero": "none"})["pulya"]["B"] == 0


def test_rostov_the_lowest_writes_on_the_others():
    r = play(["raspasy A 5 B 2 C 3"], convention="rostov")
    # B took fewest: (5 − 2) × 5 on A, (3 − 2) × 5 on C; no gora
    assert whists(r) == {"B": {"A": 15, "C": 5}}
    assert r["gora"] == {"A": 0, "B": 0, "C": 0}


def test_rostov_tied_lowest_split_what_they_write():
    r = play(["raspasy A 6 B 2 C 2"], convention="rostov")
    assert whists(r) == {"B": {"A": 10}, "C": {"A": 10}}


def test_rostov_zero_tricks_earn_one_pulya():
    r = play(["raspasy A 6 B 4 C 0"], convention="rostov")
    assert r["pulya"]["C"] == 1
    assert whists(r) == {"C": {"A": 30, "B": 20}}


def test_exit_from_raspasy():
    play(["raspasy A 4 B 0 C 6", "A 6s 6 B whist 2 C whist 2"])
    with pytest.raises(IllegalDealError, match="lowest contract is 7, not 6"):
        play(["raspasy A 4 B 0 C 6", "raspasy A 4 B 0 C 6", "A 6s 6 B whist 2 C whist 2"])
    play(["raspasy A 4 B 0 C 6", "raspasy A 4 B 0 C 6", "A misere 0"])
    with pytest.raises(IllegalDealError, match="lowest contract is 8, not 7"):
        play(["raspasy A 4 B 1 C 5"] * 3 + ["A 7s 7 B whist 2 C whist 1"], convention="leningrad")


# --- overflow, help, end ------------------------------------------------------------------


def test_overflow_helps_the_partner_with_the_largest_pulya():
    r = play(["adjust pulya A 9 B 4 C 6", "A 6s B pass C pass"], pulya=10)
    # A needs 1 of his 2 points; the other point closes nothing of his: C (6 > 4) gets it
    assert r["pulya"] == {"A": 10, "B": 4, "C": 7}
    assert whists(r) == {"A": {"C": 10}}


def test_help_ties_go_to_the_smaller_gora_then_clockwise():
    r = play(["adjust pulya A 9 B 6 C 6 gora B 5 C 2", "A 6s B pass C pass"], pulya=10)
    assert r["pulya"]["C"] == 7
    r = play(["adjust pulya A 9 B 6 C 6", "A 6s B pass C pass"], pulya=10)
    assert r["pulya"]["B"] == 7


def test_help_never_passes_the_target_and_the_rest_writes_off_the_gora():
    r = play(["adjust pulya A 10 B 9 C 10", "A 8d B pass C pass"], pulya=10)
    assert r["pulya"] == {"A": 10, "B": 10, "C": 10}
    assert r["gora"]["A"] == -5
    assert whists(r) == {"A": {"B": 10}}


def test_a_whister_who_paid_a_shortfall_is_not_helped():
    r = play(["adjust pulya A 9 B 4 C 6", "A 6h 7 B whist 2 C whist 1"], pulya=10)
    # C took 1 of his 2 and pays; the help goes to B instead
    assert r["pulya"] == {"A": 10, "B": 5, "C": 6}
    assert whists(r)["A"] == {"B": 10}


def test_overflow_gora_and_keep():
    r = play(["adjust pulya A 9", "A 6s B pass C pass"], pulya=10, overflow="gora")
    assert r["pulya"]["A"] == 10 and r["gora"]["A"] == -1
    r = play(["adjust pulya A 9", "A 6s B pass C pass"], pulya=10, convention="leningrad")
    assert r["pulya"]["A"] == 11


def test_end_each_and_no_deal_after_the_end():
    r = play(["adjust pulya A 10 B 10 C 8", "C 6s A pass B pass"], pulya=10)
    assert r["finished"] is True
    with pytest.raises(IllegalDealError, match="the game is over"):
        play(["adjust pulya A 10 B 10 C 10", "A 6s B pass C pass"], pulya=10)


def test_end_total():
    r = play(["adjust pulya A 30 B 0 C 0"], pulya=10, convention="leningrad")
    assert r["finished"] is True
    assert play(["adjust pulya A 29"], pulya=10, convention="leningrad")["finished"] is False


def test_split_half_puts_half_into_the_pulya_and_half_off_the_gora():
    r = play(["A 6s 6 B whist 2 C whist 2"], convention="classic")
    assert r["pulya"]["A"] == 1 and r["gora"]["A"] == -1
    r = play(["A misere 0"], convention="classic")
    assert r["pulya"]["A"] == 5 and r["gora"]["A"] == -5
    r = play(["raspasy A 4 B 0 C 6"], convention="classic", **{"robber.stage": False})
    assert r["pulya"]["B"] == 1 and r["gora"]["B"] == 0  # a raspasy bonus is not split


# --- premiums and jumps -----------------------------------------------------------------


def test_prize_and_amnesty_premiums_at_the_first_closing():
    r = play(["adjust pulya A 8 B 6 gora A 4 B 1 C 3", "A 6s B pass C pass",
              "B 6s A pass C pass", "B 6s A pass C pass"],
             pulya=10, **{"premiums.prize": 100, "premiums.amnesty": 100})
    # deal 2: A closes first: A writes 100 on B and on C; B has the smallest gora (1): B
    # writes 100 on A and on C. Nothing more when B closes later (deal 4).
    assert whists(r) == {"A": {"B": 100, "C": 100}, "B": {"A": 100, "C": 100}}


def test_tied_amnisters_share_the_premium():
    r = play(["adjust pulya A 8 gora A 4", "A 6s B pass C pass"], pulya=10,
             **{"premiums.amnesty": 100})
    assert whists(r) == {"B": {"A": 50, "C": 50}, "C": {"A": 50, "B": 50}}


def test_jumps_close_the_pulya_and_carry_the_gora():
    r = play(["adjust pulya A 8 B 3 C 5", "A 6s B pass C pass", "B 6s A pass C pass"],
             pulya=10, **{"premiums.jumps": 2, "premiums.prize": 100})
    # jump 1 ends at deal 2: A writes 100 on each; the unfinished pulyas go into the gora
    # (B 10 − 3 = 7, C 10 − 5 = 5) and every pulya starts again from 0; B then makes a six
    assert r["pulya"] == {"A": 0, "B": 2, "C": 0}
    assert r["gora"] == {"A": 0, "B": 7, "C": 5}
    assert r["finished"] is False
    r = play(["adjust pulya A 8 B 3 C 5", "A 6s B pass C pass", "adjust pulya B 8",
              "B 6s A pass C pass"], pulya=10, **{"premiums.jumps": 2})
    assert r["finished"] is True
    assert r["gora"] == {"A": 0 + 10, "B": 7 + 0, "C": 5 + 10}


def test_jumps_do_not_change_the_value_of_the_points():
    lines = ["adjust pulya A 8 B 3 C 5", "A 6s B pass C pass", "B 7s 7 A whist 2 C whist 1"]
    jumps = play(lines, pulya=10, **{"premiums.jumps": 3})
    plain = play(lines, pulya=10, overflow="keep")
    assert jumps["result"] == plain["result"]


# --- the разбойник (Classic) --------------------------------------------------------------


def _robber_games():
    lines = []
    for who in "ABC":
        others = [p for p in "ABC" if p != who]
        for g in ["6s", "7s", "8s", "9s", "10s"]:
            lines.append(f"{who} {g} {others[0]} pass {others[1]} pass")
        lines.append(f"{who} misere 0")
    return lines


def test_strict_robber_stage_requires_each_compulsory_game_once():
    strict = {"robber.strict": True}
    play(_robber_games(), convention="classic", **strict)
    with pytest.raises(IllegalDealError, match="A does not owe a 6"):
        play(["A 6s B pass C pass", "A 6s B pass C pass"], convention="classic", **strict)
    with pytest.raises(IllegalDealError, match="raspasy come after every compulsory game"):
        play(["A 6s B pass C pass", "raspasy A 4 B 3 C 3"], convention="classic", **strict)
    laps = ["raspasy A 4 B 3 C 3"] * 6
    r = play(_robber_games() + laps + ["A 7s B pass C pass"], convention="classic",
             pulya=100, **strict)
    assert r["finished"] is False
    with pytest.raises(IllegalDealError, match="1 raspasy deals remain"):
        play(_robber_games() + laps[:5] + ["A 7s B pass C pass"], convention="classic",
             pulya=100, **strict)


def test_robber_stage_is_tracked_and_noted_by_default():
    from conftest import play_state

    state = play_state(["A 6s B pass C pass", "A 6s B pass C pass"], convention="classic")
    assert state.robber_owed["A"] == ["7", "8", "9", "10", "misere"]
    assert state.notes == ["note: разбойник: A does not owe a 6 (still owed: 7, 8, 9, 10, misere)"]
    state = play_state(_robber_games() + ["raspasy A 4 B 3 C 3"] * 5, convention="classic",
                       pulya=100)
    assert state.robber_raspasy_left == 1


# --- four players -----------------------------------------------------------------------

FOUR = ("A", "B", "C", "D")


def test_four_players_the_dealer_sits_out_and_the_deal_moves_on():
    r = play(["B 6s 6 C whist 2 D whist 2", "C 6s 6 D whist 2 A whist 2"], players=FOUR)
    assert r["pulya"] == {"A": 0, "B": 2, "C": 2, "D": 0}
    assert r["next_dealer"] == "C"
    with pytest.raises(IllegalDealError, match="A deals this deal and sits it out"):
        play(["A 6s 6 B whist 2 C whist 2"], players=FOUR)
    with pytest.raises(IllegalDealError, match="sits it out"):
        play(["B 6s 6 C whist 2 A whist 2"], players=FOUR)


def test_four_players_consolation_to_all_includes_the_dealer():
    r = play(["B 6s 5 C whist 3 D whist 2"], players=FOUR,
             **{"remise.consolation_to": "all"})
    assert whists(r) == {"A": {"B": 2}, "C": {"B": 6 + 2}, "D": {"B": 4 + 2}}


def test_four_players_the_dealer_takes_the_talon_tricks_on_raspasy():
    r = play(["raspasy A 1 B 3 C 2 D 4"], players=FOUR, **{"raspasy.talon": "dealer"})
    assert r["gora"] == {"A": 1, "B": 3, "C": 2, "D": 4}
    with pytest.raises(IllegalDealError, match="takes no tricks"):
        play(["raspasy A 1 B 3 C 2 D 4"], players=FOUR)


def test_four_players_settlement_in_quarters():
    r = play(["B 6s C pass D pass"], players=FOUR)
    # pulya B 2: 10 × (2 − 1/2) = 15 for B, −5 for each of the others
    assert r["result"] == {"A": -5, "B": 15, "C": -5, "D": -5}
    r = play(["B misere 1"], players=FOUR)
    # gora B 10: −10 × (10 − 10/4) = −75; +25 for each other player
    assert r["result"] == {"A": 25, "B": -75, "C": 25, "D": 25}


# --- dark games and bombs (classic) -------------------------------------------------------


def test_dark_raspasy_doubles_the_penalties_and_gives_bombs():
    r = play(["raspasy dark 1 A 3 B 3 looked C 4", "A 6s 6 B whist 2 C whist 2"],
             convention="classic", **{"robber.stage": False})
    # ×2: gora A 6, B 6, C 8; bombs: A and C (did not look) ×2, B looked: none.
    # A then plays his six on the bomb: v × 2 = 4, split half: pulya 2, gora −2;
    # B and C write 2 × 2 × 2 = 8 each. A made it, so his bomb is gone.
    assert r["bombs"] == {"A": [], "B": [], "C": [2]}
    assert r["pulya"]["A"] == 2 and r["gora"]["A"] == 6 - 2
    assert whists(r) == {"B": {"A": 8}, "C": {"A": 8}}


def test_dark_games_are_refused_without_bombs():
    with pytest.raises(IllegalDealError, match="bombs: false"):
        play(["raspasy dark 1 A 3 B 3 C 4"])


# --- settlement ---------------------------------------------------------------------------


def test_money_rounds_down_then_gives_the_cents_to_the_largest_remainders():
    r = play(["A 6s B pass C pass"], convention="leningrad", price="0.10")
    # 80/3, −40/3, −40/3 whists × 0.10 → 2.666…, −1.333…, −1.333…: every remainder is 2/3
    # of a cent, so the two missing cents go to A and B in seating order
    assert r["result"] == {"A": F(80, 3), "B": F(-40, 3), "C": F(-40, 3)}
    assert r["money"] == {"A": Decimal("2.67"), "B": Decimal("-1.33"), "C": Decimal("-1.34")}
    assert sum(r["money"].values()) == 0


# --- two players (гусарик) ------------------------------------------------------------------

TWO = ("A", "B")


def test_two_players_the_lone_defender_writes_the_dummys_tricks_too():
    r = play(["A 7s 6 B whist", "B 6h 6 A whist 3"], players=TWO, convention="gusarik")
    # deal 1: A down 1: gora 4; B writes 4 defence tricks × 4 + 1 × 4 consolation
    # deal 2: B made; A took 3 and the dummy 1: the defence took 4 of 4 — no shortfall
    assert r["gora"] == {"A": 4, "B": 0}
    assert whists(r) == {"B": {"A": 20}, "A": {"B": 8}}
    assert r["pulya"] == {"A": 0, "B": 2}
    # n = 2: 10 × (0 − 1) − 10 × (4 − 2) + (8 − 20) = −42
    assert r["result"] == {"A": -42, "B": 42}


def test_two_players_raspasy_the_dummy_takes_the_rest():
    r = play(["raspasy A 3 B 0"], players=TWO, convention="gusarik")
    assert r["gora"] == {"A": 3, "B": 0} and r["pulya"]["B"] == 1
    with pytest.raises(IllegalDealError, match="half-whist needs two defenders"):
        play(["A 6s B half"], players=TWO, convention="gusarik")


def test_a_checked_ten_is_always_played_out():
    with pytest.raises(IllegalDealError, match="how many tricks did A take"):
        play(["A 10nt B pass C pass"], convention="leningrad")
    r = play(["A 10nt 9 B pass C pass"], convention="leningrad")
    assert r["gora"]["A"] == 20 and r["pulya"]["A"] == 0


def test_two_players_misere_with_the_defenders_tricks():
    r = play(["A misere 1 B 3"], players=("A", "B"), convention="gusarik")
    assert r["gora"]["A"] == 10


def test_a_dark_raspasy_out_of_turn_is_noted():
    from conftest import play_state

    state = play_state(["raspasy dark 2 A 3 B 3 C 4"], convention="classic",
                       **{"robber.stage": False})
    assert state.notes == ["note: a dark raspasy of rank 2 after 0 dark raspasy in a row (rank 1 "
                           "expected)"]
    assert play_state(["raspasy dark 1 A 3 B 3 C 4", "raspasy dark 2 A 3 B 3 C 4"],
                      convention="classic", **{"robber.stage": False}).notes == []


# --- every other key, changed by a table -----------------------------------------------------


def test_values_and_quota_overrides():
    r = play(["A 6s 6 B whist 2 C whist 2"], **{"values": [3, 5, 7, 9, 11]})
    assert r["pulya"]["A"] == 3 and whists(r) == {"B": {"A": 6}, "C": {"A": 6}}
    r = play(["A 6s 7 B whist 3 C pass"], **{"whist.quota": [3, 2, 1, 1, 1]})
    assert r["gora"]["B"] == 0  # the defence's 3 now meet the quota


def test_help_whists_and_settlement_rates():
    r = play(["adjust pulya A 9 B 4 C 6", "A 6s B pass C pass"], pulya=10, help_whists=5)
    assert whists(r) == {"A": {"C": 5}}
    r = play(["B misere 1"], **{"settle.gora_whists": 20})
    # gora B 10: −20 × (10 − 10/3) = −400/3
    assert r["result"]["B"] == F(-400, 3)


def test_misere_value_and_raspasy_rate():
    assert play(["A misere 0"], **{"misere.value": 8})["pulya"]["A"] == 8
    r = play(["raspasy A 5 B 2 C 3"], convention="rostov", **{"raspasy.rate": 10})
    assert whists(r) == {"B": {"A": 30, "C": 10}}


def test_end_manual_waits_for_the_players():
    r = play(["adjust pulya A 10 B 10 C 10"], pulya=10, end="manual")
    assert r["finished"] is False
    assert play(["adjust pulya A 10 B 10 C 10", "end"], pulya=10, end="manual")["finished"] is True


def test_dark_multipliers_are_the_conventions():
    r = play(["raspasy dark 1 A 3 B 3 C 4", "A 7nt dark 7 B whist 2 C whist 1"],
             convention="classic", **{"robber.stage": False, "dark.raspasy": [3, 9, 27],
                                      "dark.bombs": [5, 25, 125], "dark.game": 3})
    # raspasy × 3: gora 9, 9, 12; A's bomb is ×5 and the dark game ×3: × 15 on 7NT (v = 4)
    assert r["gora"]["B"] == 9
    assert whists(r)["B"] == {"A": 2 * 4 * 15}
    assert r["bombs"] == {"A": [], "B": [5], "C": [5]}


def test_an_unknown_declarer_is_refused_under_the_robber_stage_too():
    # found by the fuzzer: the разбойник looked the declarer up before his name was checked
    # (a vector can name anyone; the notation already refuses unknown names when it reads)
    from pulka.convention.loader import load_convention
    from pulka.game import Contract, Deal, DealKind, Entry, Game, Strain, Table
    from pulka.replay import final_state

    deal = Deal(DealKind.CONTRACT, declarer="D", contract=Contract(None, Strain.MISERE),
                tricks={"D": 1})
    game = Game(Table(("A", "B", "C"), load_convention("classic"), {}, "classic"),
                [Entry(1, deal)])
    with pytest.raises(IllegalDealError, match="'D' is not at the table"):
        final_state(game)
