"""Balkan scoring (conventions.md §2, seed 002), one rule at a time, with exact numbers.

Players A, B, C clockwise; Croatian from 30 unless a test says otherwise. Values: spades 4,
diamonds 6, hearts 8, clubs 10, bettel 12, sans 14; igra (no talon) +2.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from conftest import play, whists

from pulka.errors import IllegalDealError


def cro(lines, **options):
    return play(lines, convention="croatian", **options)


def test_made_game_with_two_whisters():
    r = cro(["C d 6 A whist 2 B whist 2"])
    assert r["bule"] == {"A": 30, "B": 30, "C": 24}
    assert whists(r) == {"A": {"C": 12}, "B": {"C": 12}}


def test_failed_game_adds_its_value_once_and_the_defence_writes_its_tricks():
    r = cro(["B h 5 A whist 3 C whist 2"])
    # B took 5 of 6: +8 (once, not per undertrick); 3 × 8 and 2 × 8
    assert r["bule"]["B"] == 38
    assert whists(r) == {"A": {"B": 24}, "C": {"B": 16}}


def test_the_defence_writes_at_most_five_tricks_on_a_failed_game():
    r = cro(["B h 4 C whist 6 A pass"])
    assert whists(r) == {"C": {"B": 5 * 8}}
    r = cro(["B h 3 A whist 4 C whist 3"])
    # 7 defence tricks counted as 5, shared in proportion: 4 × 5/7 and 3 × 5/7, × 8
    assert whists(r) == {"A": {"B": F(160, 7)}, "C": {"B": F(120, 7)}}


def test_a_lone_whister_short_of_two_pays_the_value():
    r = cro(["B c 9 C whist 1 A pass"])
    assert r["bule"] == {"A": 30, "B": 20, "C": 40}
    assert whists(r) == {"C": {"B": 10}}


def test_a_pair_short_of_four_the_one_under_two_pays():
    r = cro(["B c 7 A whist 1 C whist 2"])
    assert r["bule"] == {"A": 40, "B": 20, "C": 30}


def test_the_inviter_writes_everything_and_answers_for_four():
    r = cro(["B c invite 7 C whist 2 A pass 1"])
    assert whists(r) == {"C": {"B": 30}}
    assert r["bule"] == {"A": 30, "B": 20, "C": 40}


def test_contra_doubles_between_the_declarer_and_the_caller():
    # a lone whister's contra invites the passer; 3 defence tricks × 10 × 2; short of 4: 10 × 2
    r = cro(["B c 7 C whist 3 contra A pass"])
    assert whists(r) == {"C": {"B": 60}}
    assert r["bule"] == {"A": 30, "B": 10, "C": 50}
    r = cro(["B c 7 A whist 2 recontra C whist 1"])
    # A called contra and B recontra: ×4 between them; C writes plainly and, short, pays 10;
    # the defence took 3 (4 or fewer), so A, who called contra, pays 10 × 4 (Croatian
    # contra.caller_penalty)
    assert whists(r) == {"A": {"B": 80}, "C": {"B": 10}}
    assert r["bule"] == {"A": 30 + 40, "B": 30 - 40, "C": 40}


def test_both_pass_the_declarer_wins_without_play():
    assert cro(["A sans igra B pass C pass"])["bule"]["A"] == 30 - 16


def test_bettel():
    assert cro(["A bettel 0"])["bule"]["A"] == 18
    r = cro(["A bettel 1"])
    assert r["bule"]["A"] == 42 and whists(r) == {"B": {"A": 60}, "C": {"A": 60}}
    r = cro(["A bettel igra 2"])
    assert r["bule"]["A"] == 44 and whists(r) == {"B": {"A": 70}, "C": {"A": 70}}


def test_refe_doubles_the_next_game_and_is_used_up():
    r = cro(["allpass", "A c 7 B pass C whist 3", "A c 7 B pass C whist 3"])
    # the seed's line 5: 20 off and 60 on A; the second game is plain again
    assert r["refe"] == {"A": 0, "B": 1, "C": 1}
    assert r["bule"]["A"] == 30 - 20 - 10
    assert whists(r) == {"C": {"A": 60 + 30}}


def test_refe_max_and_the_hat_stop_refes():
    r = cro(["allpass", "allpass"])  # from 30 only one all-pass gives refes
    assert r["refe"] == {"A": 1, "B": 1, "C": 1}
    r = cro(["adjust bule A -28", "A h B pass C pass", "allpass"])
    # A: 2 − 8 = −6: under the hat, so the all-pass gives no refe
    assert r["hats"] == {"A": 1, "B": 0, "C": 0}
    assert r["refe"] == {"A": 0, "B": 0, "C": 0}


def test_an_upside_down_hat_when_the_column_comes_back():
    r = cro(["adjust bule A -28", "A h B pass C pass", "A d 5 B whist 3 C whist 2"])
    assert r["bule"]["A"] == 0 and r["hats"]["A"] == 0


def test_the_last_game_is_scaled_to_end_at_zero():
    r = cro(["adjust bule A -28 B -28 C -24", "A c 6 B whist 2 C whist 2"])
    # 2 + 2 + 6 = 10 left; clubs would write 10 off: exactly enough
    assert r["finished"] is True and r["bule"]["A"] == -8
    r = cro(["adjust bule A -28 B -28 C -28", "A c 6 B whist 2 C whist 2"])
    # 6 left; A writes 6 of 10 off, the supe scaled by 6/10: 2 × 10 × 3/5 = 12
    assert r["bule"] == {"A": -4, "B": 2, "C": 2}
    assert sum(r["bule"].values()) == 0 and r["finished"] is True
    assert r["hats"]["A"] == 1
    assert whists(r) == {"B": {"A": 12}, "C": {"A": 12}}


def test_a_failed_last_game_is_written_in_full():
    r = cro(["adjust bule A -28 B -28 C -26", "A c 5 B whist 3 C whist 2"])
    assert r["bule"]["A"] == 12 and r["finished"] is False


@pytest.mark.parametrize(("convention", "bule", "refe"), [
    ("croatian", {"A": 26, "B": 30, "C": 30}, {"A": 0, "B": 0, "C": 0}),
    ("slovenian", {"A": 30, "B": 30, "C": 30}, {"A": 1, "B": 1, "C": 1}),
])
def test_a_plain_two_nobody_contras(convention, bule, refe):
    r = play(["A s B whist C pass"], convention=convention)
    assert r["bule"] == bule and r["refe"] == refe


def test_serbian_pik_without_refes_left_wins_for_the_declarer():
    r = play(["A s B whist C pass"], convention="serbian", **{"refe.max": 0})
    assert r["bule"]["A"] == 56
    r = play(["A s B whist C pass"], convention="slovenian", **{"refe.max": 0})
    assert r["bule"]["A"] == 30


def test_serbian_double_fall_near_the_end():
    # 6 bule left, hearts (8) fails: +16; the follower writes 5 × 8 (rules-research case 04)
    r = play(["adjust bule A -54", "A h 4 B whist 6 C pass"], convention="serbian")
    assert r["bule"]["A"] == 6 + 16
    assert whists(r) == {"B": {"A": 40}}


def test_serbian_allows_no_subcontra():
    with pytest.raises(IllegalDealError, match="contra up to level 2"):
        play(["A c 7 B whist 2 subcontra C whist 1"], convention="serbian")


def test_bad_balkan_deals():
    with pytest.raises(IllegalDealError, match="not a Balkan contract"):
        cro(["A 6s 6 B whist 2 C whist 2"])
    with pytest.raises(IllegalDealError, match="raspasy are not played"):
        cro(["raspasy A 4 B 3 C 3"])
    with pytest.raises(IllegalDealError, match="not invited"):
        cro(["B c 7 C whist 2 A pass 1"])
    with pytest.raises(IllegalDealError, match="not played: leave the tricks out"):
        cro(["A s 6 B whist 4 C pass"])


def test_settlement_sums_to_zero_with_thirds():
    r = cro(["C d 6 A whist 2 B whist 2", "B h 5 A whist 3 C whist 2"], price="0.10")
    assert sum(r["result"].values()) == 0
    assert sum(r["money"].values()) == 0


def test_a_plain_two_won_without_play_is_scaled_at_the_end_too():
    r = cro(["adjust bule A -29 B -29 C -30", "A s B whist C pass"])
    # 2 left in all; the two is worth 4: A writes 2 of it off
    assert r["bule"] == {"A": -1, "B": 1, "C": 0} and r["finished"] is True


def test_the_last_game_is_not_scaled_beside_a_penalty():
    r = cro(["adjust bule A -30 B -30 C -26", "C h 7 A whist 2 contra B whist 1"],
            **{"contra.caller_penalty": False})
    # 4 left; B short pays 8: conventions.md §4, a whister pays a penalty in the last game,
    # so nothing is scaled (C writes off 8 × 2 = 16 in full) and play goes on
    assert r["bule"] == {"A": 0, "B": 8, "C": -12}
    assert whists(r) == {"A": {"C": 32}, "B": {"C": 8}}
    assert r["finished"] is False


def test_double_fall_only_while_some_bule_are_left():
    r = play(["adjust bule A -64", "A h 5 B whist 3 C whist 2"], convention="serbian")
    assert r["bule"]["A"] == -4 + 8  # under the hat: a plain fall
    r = play(["adjust bule A -56", "A bettel 1"], convention="serbian")
    assert r["bule"]["A"] == 4 + 24  # a bettel worth 12 with 4 left falls double


def test_an_uncontrad_two_without_refe_is_noted():
    from conftest import play_state

    state = play_state(["adjust bule A -40", "B s A whist C pass"], convention="slovenian")
    assert state.notes == ["a two nobody contra'd: not played, no refe (A under the hat)"]


def test_the_balkan_explanation_writes_signs_once():
    from conftest import play_state

    state = play_state(["adjust bule A -40", "B s 6 A whist 4 contra C pass"], convention="croatian")
    from pulka.families.balkan.settle import explain

    text = "\n".join(line for _, lines in explain(state).steps for line in lines)
    assert "−-" not in text and "+-" not in text and "× -" not in text
