"""The fine points of the Balkan rules that conventions.md §4 settles (contra on the bule, a
lone whister's contra, the double fall, the last game with a penalty, the uncontra'd two,
refe.max), each with exact numbers.

Players A, B, C clockwise; Croatian from 30 unless a test says otherwise. Values: spades 4,
diamonds 6, hearts 8, clubs 10, bettel 12, sans 14; igra (no talon) +2.
"""

from __future__ import annotations

import pytest
from conftest import play, play_state, whists

from pulka.errors import IllegalDealError

NO_CALLER_PENALTY = {"contra.caller_penalty": False}


def cro(lines: list[str], **options: object) -> dict:
    return play(lines, convention="croatian", **options)


def srb(lines: list[str], **options: object) -> dict:
    return play(lines, convention="serbian", **options)


# --- conventions.md §4, the Balkan clarifications ---------------------------------------------


def test_contra_multiplies_the_declarers_bule_as_well_as_the_supe_with_the_caller():
    """§4: "Contra multiplies the declarer's bule as well as the supe between him and the
    caller" (already followed)."""
    r = cro(["B c 6 A whist 2 contra C whist 2"], **NO_CALLER_PENALTY)
    assert r["bule"]["B"] == 30 - 10 * 2
    assert whists(r) == {"A": {"B": 2 * 10 * 2}, "C": {"B": 2 * 10}}
    r = cro(["B c 5 A whist 3 contra C whist 2"])
    assert r["bule"]["B"] == 30 + 10 * 2
    assert whists(r) == {"A": {"B": 3 * 10 * 2}, "C": {"B": 2 * 10}}


def test_with_two_callers_the_declarers_bule_uses_the_larger_factor():
    """§4: "with two callers his bule is multiplied by the larger factor" (already followed)."""
    r = cro(["B c 5 A whist 3 contra C whist 2 recontra"])
    assert r["bule"]["B"] == 30 + 10 * 4
    assert whists(r) == {"A": {"B": 3 * 10 * 2}, "C": {"B": 2 * 10 * 4}}


def test_a_lone_whisters_contra_invites_the_passer():
    """§4: "A lone whister's contra invites the passer" (already followed): the inviter
    writes all the defence's tricks and answers for 4; the invited writes nothing."""
    state = play_state(["B c 6 C whist 2 contra A pass 2"], convention="croatian")
    assert state.sheet.pairs["whists"][("C", "B")] == 4 * 10 * 2
    assert state.sheet.pairs["whists"][("A", "B")] == 0
    r = cro(["B c 6 C whist 2 contra A pass 2"], **NO_CALLER_PENALTY)
    assert r["bule"] == {"A": 30, "B": 10, "C": 30}  # the pair's 4: the inviter is square
    r = cro(["B c 7 C whist 2 contra A pass 1"], **NO_CALLER_PENALTY)
    assert r["bule"] == {"A": 30, "B": 10, "C": 30 + 20}  # 3 of 4: the inviter pays 10 × 2
    with pytest.raises(IllegalDealError, match="A passed and was not invited"):
        cro(["B c 6 C whist 2 A pass 2"])  # without the contra the passer's cards are out


def test_double_fall_the_serbian_example():
    """§4: "a declarer with 0 < bule < the game's value who fails adds 2 × value × m; the
    whisters write as usual; never under the hat" (already followed). Research case 04: 6
    bule left, hearts (8) fail, the follower took 5: up 16, and 40 supe on him."""
    r = srb(["adjust bule A -54", "A h 5 B whist 5 C pass"])
    assert r["bule"]["A"] == 6 + 16 and whists(r) == {"B": {"A": 40}}
    r = srb(["adjust bule A -54", "allpass", "A h 5 B whist 5 C pass"])  # m = 2 (a refe)
    assert r["bule"]["A"] == 6 + 2 * 8 * 2 and whists(r) == {"B": {"A": 80}}
    r = srb(["adjust bule A -50", "allpass", "A h 5 B whist 5 C pass"])  # 10 left: not < 8
    assert r["bule"]["A"] == 10 + 8 * 2
    for left in (0, -4):  # none left, or under the hat: a plain fall
        r = srb([f"adjust bule A {left - 60}", "A h 5 B whist 5 C pass"])
        assert r["bule"]["A"] == left + 8
    assert cro(["adjust bule A -24", "A h 5 B whist 5 C pass"])["bule"]["A"] == 6 + 8  # off


def test_the_last_game_with_a_penalty_is_not_scaled_and_play_goes_on():
    """§4: "if the declarer fails or a whister pays a penalty in that deal, nothing is scaled
    and play goes on" (fixed: a penalty used to leave the rest of the game scaled)."""
    start = "adjust bule A -30 B -30 C -26"  # 4 bule left in all
    r = cro([start, "C h 7 A whist 2 B whist 1"])
    # B short pays 8; C's 8 is written in full: 0 + 8 − 4 → the columns add up to 4
    assert r["bule"] == {"A": 0, "B": 8, "C": -4} and r["finished"] is False
    assert whists(r) == {"A": {"C": 16}, "B": {"C": 8}}
    r = cro([start, "C h 7 A whist 2 contra B whist 1"], **NO_CALLER_PENALTY)
    assert r["bule"] == {"A": 0, "B": 8, "C": -12} and r["finished"] is False  # at −4: on
    # the next made game, the columns already below 0, is written in full and ends the game
    r = cro([start, "C h 7 A whist 2 contra B whist 1", "A d 6 B whist 2 C whist 2"],
            **NO_CALLER_PENALTY)
    assert r["bule"] == {"A": -6, "B": 8, "C": -12} and r["finished"] is True
    r = cro([start, "C h 5 A whist 3 B whist 2"])  # the declarer fails: in full, on
    assert r["bule"] == {"A": 0, "B": 0, "C": 12} and r["finished"] is False
    r = cro([start, "C h 6 A whist 2 B whist 2"])  # no penalty: scaled by 4/8 and over
    assert r["bule"] == {"A": 0, "B": 0, "C": 0} and r["finished"] is True
    assert whists(r) == {"A": {"C": 8}, "B": {"C": 8}}


def test_the_uncontrad_two_slovenian_both_pass_gives_refes():
    """§4: "Slovenian, both defenders pass: refes, as refe_all says" (already followed)."""
    r = play(["A s B pass C pass"], convention="slovenian")
    assert r["bule"] == {"A": 30, "B": 30, "C": 30} and r["refe"] == {"A": 1, "B": 1, "C": 1}
    r = cro(["A s B pass C pass"])  # Croatian: the declarer wins it
    assert r["bule"] == {"A": 26, "B": 30, "C": 30} and r["refe"] == {"A": 0, "B": 0, "C": 0}


def test_the_uncontrad_two_serbian_without_a_refe_the_declarer_wins():
    """§4: "Serbian, someone under the hat or no refe left: the declarer wins it
    (two_no_refe)" (already followed)."""
    r = srb(["adjust bule A -61", "B s C whist A pass"])  # A under the hat
    assert r["bule"] == {"A": -1, "B": 56, "C": 60} and r["refe"] == {"A": 0, "B": 0, "C": 0}
    # no refe left to give (B has used his: a two on a refe is no plain two)
    r = srb(["allpass", "B c 6 A whist 2 C whist 2", "B s C whist A pass"], **{"refe.max": 1})
    assert r["bule"] == {"A": 60, "B": 60 - 20 - 4, "C": 60}
    assert r["refe"] == {"A": 1, "B": 0, "C": 1}
    r = srb(["B s C whist A pass"])  # refes left: a refe for everyone, nobody writes
    assert r["bule"] == {"A": 60, "B": 60, "C": 60} and r["refe"] == {"A": 1, "B": 1, "C": 1}


def test_refe_max_counts_the_deals_that_gave_refes():
    """§4: "refe.max counts the deals that gave refes, not the refes held" (already followed)."""
    r = cro(["allpass", "A c 6 B whist 2 C whist 2", "allpass"])  # from 30: one such deal
    assert r["refe"] == {"A": 0, "B": 1, "C": 1}  # A used his; the second all-pass gives none
    assert r["bule"]["A"] == 30 - 20
    r = play(["A s B pass C pass", "allpass"], convention="slovenian")  # the two gave them
    assert r["refe"] == {"A": 1, "B": 1, "C": 1}
    state = play_state(["allpass", "allpass"], convention="croatian")
    assert state.refe_rounds == 1
