"""The Balkan sample games in samples/: croatian-3, slovenian-3 and serbian-3.

Each game was entered only through the CLI (``pulka new`` / ``pulka add``), so every line passed
pulka's checks when it was written, and each was played until the columns add up to exactly 0
(the last made game scaled down). The expected files are ``pulka settle FILE --json``, saved
only after the numbers below had been worked out by hand from conventions.md §2:

    values: spades 4, diamonds 6, hearts 8, clubs 10, bettel 12, sans 14; igra (no talon) +2.
    declarer made → bule −= v × m; failed → bule += v × m (m = refe × the highest contra).
    each whister writes v × own tricks × refe × own contra supe on the declarer; on a failed
    game the defence counts at most 5 tricks (shared in proportion); quota 2 each / 4 for the
    pair; a whister short pays v × refe × own contra into his bule; an inviter writes all the
    defence's tricks and answers for 4. A failed bettel: +12 bule, 60 supe from each defender
    (igra: 14 and 70). Refe ×2 on the holder's next game, used up made or failed.
    The end: a made game that would take the sum of the columns below 0 is scaled by
    (sum left) / (its gain), its supe in proportion.
    settlement: result_i = −10 × (bule_i − mean bule) + Σ_j (S[i][j] − S[j][i]).
"""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest
from samples_kit import built as _built
from samples_kit import entries
from samples_kit import steps as _steps

from pulka.replay import family_of, steps
from pulka.settlement.figures import to_json

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
NAMES = ("croatian-3", "slovenian-3", "serbian-3")
KEYS = ("bule", "whists", "refe", "hats", "result", "money", "finished")
F = Fraction

CRO, SLO, SRB = (f"{name}.pulka" for name in NAMES)


@cache
def _history(name: str) -> tuple[dict[str, dict[str, Fraction]], ...]:
    """Bule, refes held and hats after each deal: history[k] is after deal k (0 is the start)."""
    game = _built(name)[0]
    start = family_of(game.table).new_state(game.table)
    rows = [{"bule": dict(start.bule), "refe": dict(start.refe), "hats": dict(start.sheet.cells["hats"])}]
    for _, state in steps(game):
        rows.append({"bule": dict(state.bule), "refe": dict(state.refe),
                     "hats": dict(state.sheet.cells["hats"])})
    return tuple(rows)


def column(name: str, key: str) -> list[tuple[int, ...]]:
    """One column (bule, refe or hats) after every deal, as tuples in seating order."""
    players = _built(name)[0].table.players
    return [tuple(int(row[key][p]) if row[key][p].denominator == 1 else row[key][p] for p in players)
            for row in _history(name)]


def S(writer: str, target: str, amount) -> tuple[tuple[str, str, str], Fraction]:
    """Supe ``writer`` writes on ``target``."""
    return ("whists", writer, target), F(amount)


def B(player: str, amount) -> tuple[tuple[str, str, None], Fraction]:
    return ("bule", player, None), F(amount)


def R(player: str, amount) -> tuple[tuple[str, str, None], Fraction]:
    return ("refe", player, None), F(amount)


def H(player: str, amount) -> tuple[tuple[str, str, None], Fraction]:
    return ("hats", player, None), F(amount)


# --- every sample ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_sample_settles_as_expected(name: str):
    _, report, state, settlement, _ = _built(f"{name}.pulka")
    data = to_json(report)
    expected = json.loads((SAMPLES / f"{name}.expected.json").read_text("utf-8"))
    for key in KEYS:
        assert data[key] == expected[key], key
    assert data["convention"] == name.split("-")[0]
    assert state.finished and data["finished"] is True
    assert state.end_reason == "the columns add up to 0"
    assert sum(state.bule.values(), F(0)) == 0
    assert sum(settlement.result.values(), F(0)) == 0
    assert settlement.money is not None
    assert sum(settlement.money.values(), Decimal(0)) == Decimal("0.00")


@pytest.mark.parametrize("name", NAMES)
def test_sample_result_follows_the_formula(name: str):
    """result_i = −10 × (bule_i − mean bule) + Σ_j (S[i][j] − S[j][i])."""
    _, _, state, settlement, _ = _built(f"{name}.pulka")
    players = state.players
    mean = sum(state.bule.values(), F(0)) / len(players)
    supe = state.sheet.pairs["whists"]
    for i in players:
        net = sum((supe[(i, j)] - supe[(j, i)] for j in players if j != i), F(0))
        assert settlement.result[i] == -10 * (state.bule[i] - mean) + net, i


@pytest.mark.parametrize("name", NAMES)
def test_sample_is_plain_deals_only(name: str):
    text = (SAMPLES / f"{name}.pulka").read_text("utf-8")
    lines = text.splitlines()
    assert not [line for line in lines if line.split(" ")[0] in ("void", "fix")]
    assert f"convention {name.split('-')[0]}" in lines
    assert "set price 0.01" in lines
    numbered = [line.split(".")[0] for line in lines if line[:1].isdigit()]
    assert numbered == [str(k) for k in range(1, len(numbered) + 1)]
    assert len(numbered) == _built(f"{name}.pulka")[1]["deals"]


@pytest.mark.parametrize("name", NAMES)
def test_sample_ends_with_a_scaled_made_game(name: str):
    steps = _built(f"{name}.pulka")[4]
    last = steps[-1]
    assert any("to end at 0" in p.note for p in last.postings)
    # every deal before the last left something in the columns
    assert all(sum(row["bule"].values()) > 0 for row in _history(f"{name}.pulka")[:-1])


# --- croatian-3: A B C, from 30, 0.01 a supa ------------------------------------------------


def test_croatian_bule_refe_hats_deal_by_deal():
    # start 30 30 30; (A, B, C) after each deal:
    assert column(CRO, "bule") == [
        (30, 30, 30),
        (30, 30, 24),    # 1. C ♦ made: 30 − 6
        (30, 20, 24),    # 2. B ♣ made: 30 − 10
        (38, 20, 24),    # 3. A ♥ down: 30 + 8
        (44, 14, 24),    # 4. B ♦ made: 20 − 6; A short: 38 + 6
        (44, 14, 14),    # 5. C ♣ made: 24 − 10
        (56, 14, 14),    # 6. A bettel failed: 44 + 12
        (56, 2, 14),     # 7. B bettel made: 14 − 12
        (56, 2, -2),     # 8. C ♥ made under contra: 14 − 8 × 2 = −2 (a hat)
        (56, 2, -2),     # 9. all passed: no refe, C under the hat
        (56, 2, 4),      # 10. C ♠ igra down: −2 + 6 = 4 (an upside-down hat)
        (56, 2, 4),      # 11. all passed: a refe each
        (44, 2, 4),      # 12. A ♦ on his refe: 56 − 6 × 2
        (4, 2, 14),      # 13. A ♣ recontra'd: 44 − 10 × 4; C short: 4 + 10
        (0, 2, 14),      # 14. A's plain two nobody contra'd: 4 − 4 (0 is not a hat)
        (0, 2, 30),      # 15. C ♥ on his refe down: 14 + 8 × 2
        (-16, 2, 30),    # 16. A sans igra, both passed: 0 − 16 (a hat)
        (-16, -14, 30),  # 17. B ♣ on his refe, 20 scaled to the 16 left: 2 − 16 (a hat)
    ]
    assert column(CRO, "refe")[10] == (0, 0, 0)
    assert column(CRO, "refe")[11] == (1, 1, 1)
    assert column(CRO, "refe")[12] == (0, 1, 1)   # A used his on deal 12
    assert column(CRO, "refe")[15] == (0, 1, 0)   # C on deal 15
    assert column(CRO, "refe")[17] == (0, 0, 0)   # B on deal 17
    assert column(CRO, "hats")[8] == (0, 0, 1)
    assert column(CRO, "hats")[10] == (0, 0, 0)   # hat + upside-down hat
    assert column(CRO, "hats")[17] == (1, 1, 0)


def test_croatian_deal_1_two_whisters_made():
    # 1. C d 6 A whist 2 B whist 2: v = 6. C bule −6; each whister 6 × 2 = 12 supe on C.
    #    The pair took 4 = its quota: no penalty.
    assert entries(CRO, 1) == dict([B("C", -6), S("A", "C", 12), S("B", "C", 12)])


def test_croatian_deal_2_lone_whister():
    # 2. B c 7 C whist 3 A pass: v = 10. B −10; C alone 10 × 3 = 30 on B; A writes nothing.
    assert entries(CRO, 2) == dict([B("B", -10), S("C", "B", 30)])


def test_croatian_deal_3_failed_game_defence_capped_at_5():
    # 3. A h 4 B whist 3 C whist 3: v = 8, A took 4 < 6: down, bule +8 (once).
    #    The defence has 6 tricks but writes at most 5: 5 × 3/6 = 2 1/2 each,
    #    so B and C each write 8 × 5/2 = 20 (not 24).
    assert entries(CRO, 3) == dict([B("A", 8), S("B", "A", 20), S("C", "A", 20)])


def test_croatian_deal_4_whister_short_of_2():
    # 4. B d 7 A whist 1 C whist 2: v = 6, made: B −6. Supe A 6 × 1 = 6, C 6 × 2 = 12.
    #    The pair took 3 < 4; A took 1 < 2: A pays v = 6 into his bule. C took his 2: no penalty.
    assert entries(CRO, 4) == dict([B("B", -6), S("A", "B", 6), S("C", "B", 12), B("A", 6)])


def test_croatian_deal_5_invitation():
    # 5. C c invite 6 A whist 3 B pass 1: A invites the passer B. C made ♣: −10.
    #    The inviter A writes the whole defence, 3 + 1 = 4 tricks × 10 = 40; B writes nothing.
    #    A answers for 4 and the defence took 4: no penalty.
    assert entries(CRO, 5) == dict([B("C", -10), S("A", "C", 40)])


def test_croatian_deals_6_and_7_bettel_failed_and_made():
    # 6. A bettel 1: failed. A takes +12, each defender writes 60 on A.
    assert entries(CRO, 6) == dict([B("A", 12), S("B", "A", 60), S("C", "A", 60)])
    # 7. B bettel 0: made. B −12; the defenders write nothing.
    assert entries(CRO, 7) == dict([B("B", -12)])


def test_croatian_deal_8_contra_and_a_hat():
    # 8. C h 6 A whist 2 contra B whist 2: v = 8; A's contra ×2 counts between A and C.
    #    C made: −8 × 2 = −16, from 14 to −2: below 0, a hat.
    #    A writes 8 × 2 tricks × 2 = 32; B (no contra) 8 × 2 = 16.
    assert entries(CRO, 8) == dict([B("C", -16), S("A", "C", 32), S("B", "C", 16), H("C", 1)])


def test_croatian_deal_9_allpass_under_the_hat_gives_no_refe():
    # 9. allpass while C is under the hat (−2): nobody gets a refe (the refe count is still 0).
    assert entries(CRO, 9) == {}
    assert _steps(CRO)[9].notes == ("all passed: no refe (C under the hat)",)
    assert _history(CRO)[8]["bule"]["C"] == -2


def test_croatian_deal_10_igra_down_and_an_upside_down_hat():
    # 10. C s igra 5 A whist 3 B whist 2: ♠ without the talon, 4 + 2 = 6. Down: C −2 + 6 = 4,
    #     back to 0 or above: an upside-down hat. Supe A 6 × 3 = 18, B 6 × 2 = 12.
    assert entries(CRO, 10) == dict([B("C", 6), S("A", "C", 18), S("B", "C", 12), H("C", -1)])


def test_croatian_deals_11_12_refe_given_and_played():
    # 11. allpass, nobody under the hat, refe.max 1 not reached: a refe each.
    assert entries(CRO, 11) == dict([R("A", 1), R("B", 1), R("C", 1)])
    # 12. A d 6 B whist 2 C whist 2 on A's refe: m = 2. A −6 × 2 = −12; supe 6 × 2 × 2 = 24 each.
    assert entries(CRO, 12) == dict([R("A", -1), B("A", -12), S("B", "A", 24), S("C", "A", 24)])


def test_croatian_deal_13_recontra():
    # 13. A c 7 B whist 2 contra recontra C whist 1: v = 10; B's contra, A's recontra: ×4
    #     between A and B. A made: −10 × 4 = −40. B writes 10 × 2 × 4 = 80; C 10 × 1 = 10.
    #     The pair took 3 < 4: C (1 < 2) pays v × his own factor 1 = 10; B took 2.
    assert entries(CRO, 13) == dict([B("A", -40), S("B", "A", 80), S("C", "A", 10), B("C", 10)])


def test_croatian_deal_14_plain_two_nobody_contras():
    # 14. A s B whist C pass: a plain two (♠, talon, A holds no refe), nobody contra'd;
    #     two_uncontrad = declarer_wins: A −4 without play, nobody writes supe.
    assert entries(CRO, 14) == dict([B("A", -4)])


def test_croatian_deal_15_game_on_a_refe_fails():
    # 15. C h 5 A whist 3 B whist 2 on C's refe: down, C +8 × 2 = 16; A 8 × 3 × 2 = 48,
    #     B 8 × 2 × 2 = 32.
    assert entries(CRO, 15) == dict([R("C", -1), B("C", 16), S("A", "C", 48), S("B", "C", 32)])


def test_croatian_deal_16_both_pass():
    # 16. A sans igra B pass C pass: 14 + 2 = 16 won without play: A 0 − 16 = −16, a hat.
    assert entries(CRO, 16) == dict([B("A", -16), H("A", 1)])


def test_croatian_deal_17_last_game_scaled():
    # 17. B c 6 A whist 2 C whist 2 on B's refe: worth 10 × 2 = 20, but the columns have
    #     −16 + 2 + 30 = 16 left: ratio 16/20 = 4/5. B −16 (2 → −14, a hat);
    #     supe 10 × 2 × 2 × 4/5 = 32 each.
    assert sum(_history(CRO)[16]["bule"].values()) == 16
    assert entries(CRO, 17) == dict([R("B", -1), B("B", -16), S("A", "B", 32), S("C", "B", 32),
                                     H("B", 1)])


def test_croatian_final_result():
    # bule −16, −14, 30: sum 0, mean 0.
    # supe, deal by deal:
    #   A→B 6 (4) + 32 (17) = 38           A→C 12 + 40 + 32 + 18 + 48 (1, 5, 8, 10, 15) = 150
    #   B→A 20 + 60 + 24 + 80 (3, 6, 12, 13) = 184     B→C 12 + 16 + 12 + 32 (1, 8, 10, 15) = 72
    #   C→A 20 + 60 + 24 + 10 (3, 6, 12, 13) = 114     C→B 30 + 12 + 32 (2, 4, 17) = 74
    # A: −10 × (−16) + (38 + 150) − (184 + 114) = 160 + 188 − 298 = 50
    # B: −10 × (−14) + (184 + 72) − (38 + 74)   = 140 + 256 − 112 = 284
    # C: −10 × 30    + (114 + 74) − (150 + 72)  = −300 + 188 − 222 = −334;  sum 0
    # money at 0.01 a supa: 0.50, 2.84, −3.34.
    _, report, state, settlement, _ = _built(CRO)
    assert state.bule == {"A": -16, "B": -14, "C": 30}
    assert report["whists"] == {"A": {"B": 38, "C": 150}, "B": {"A": 184, "C": 72},
                                "C": {"A": 114, "B": 74}}
    assert settlement.result == {"A": 50, "B": 284, "C": -334}
    assert settlement.money == {"A": Decimal("0.50"), "B": Decimal("2.84"), "C": Decimal("-3.34")}
    assert report["hats"] == {"A": 1, "B": 1, "C": 0}


# --- slovenian-3: Jure Maja Tine, from 30, 0.01 a supa ---------------------------------------


def test_slovenian_bule_refe_hats_deal_by_deal():
    # (Jure, Maja, Tine) after each deal:
    assert column(SLO, "bule") == [
        (30, 30, 30),
        (22, 30, 38),    # 1. Jure ♥ made: −8; Tine short: +8
        (22, 30, 38),    # 2. Maja's two nobody contra'd: not played, a radlc each
        (22, 30, 18),    # 3. Tine ♣ on his refe: −10 × 2
        (22, 30, 26),    # 4. Tine ♠ contra'd, down: +4 × 2
        (6, 30, 26),     # 5. Jure ♦ igra on his refe: −8 × 2
        (6, 2, 26),      # 6. Maja sans on her refe: −14 × 2
        (6, 2, 14),      # 7. Tine bettel made: −12
        (6, 16, 14),     # 8. Maja bettel igra failed: +14
        (-4, 16, 14),    # 9. Jure ♣ made: 6 − 10 = −4 (a hat)
        (-4, 16, 14),    # 10. all passed: no refe (Jure under the hat)
        (-4, 16, 14),    # 11. Tine's two nobody contra'd: nothing (no refe under the hat)
        (4, 16, 14),     # 12. Jure ♥ down: −4 + 8 = 4 (an upside-down hat)
        (4, 16, 14),     # 13. all passed: no refe (the one radlc of the game was given)
        (4, 10, 20),     # 14. Maja ♦ made −6; the inviter Tine took 3 of 4: +6
        (4, 10, 30),     # 15. Tine ♣ down: +10
        (4, -30, 30),    # 16. Maja ♣ recontra'd: 10 − 10 × 4 = −30 (a hat)
        (4, -30, 26),    # 17. Tine ♦ made, 6 scaled to the 4 left
    ]
    assert column(SLO, "refe")[2] == (1, 1, 1)
    assert column(SLO, "refe")[6] == (0, 0, 0)
    assert column(SLO, "refe")[17] == (0, 0, 0)
    assert column(SLO, "hats")[9] == (1, 0, 0)
    assert column(SLO, "hats")[12] == (0, 0, 0)
    assert column(SLO, "hats")[17] == (0, 1, 0)


def test_slovenian_deal_1_pair_short():
    # 1. Jure h 7 Maja whist 2 Tine whist 1: v = 8, made: Jure −8. Maja 8 × 2 = 16,
    #    Tine 8 × 1 = 8; the pair took 3 < 4 and Tine took 1 < 2: Tine pays 8 into his bule.
    assert entries(SLO, 1) == dict([B("Jure", -8), S("Maja", "Jure", 16), S("Tine", "Jure", 8),
                                    B("Tine", 8)])


def test_slovenian_deal_2_plain_two_nobody_contras_gives_radlc():
    # 2. Maja s Tine whist Jure pass: nobody contra'd the two; two_uncontrad = refe_all:
    #    nobody writes anything, everyone gets a refe (radlc); nobody is under the hat.
    assert entries(SLO, 2) == dict([R("Jure", 1), R("Maja", 1), R("Tine", 1)])
    assert _history(SLO)[2]["bule"] == _history(SLO)[1]["bule"]


def test_slovenian_deal_3_game_on_a_radlc():
    # 3. Tine c 6 Jure whist 2 Maja whist 2 on Tine's refe: −10 × 2 = −20; 10 × 2 × 2 = 40 each.
    assert entries(SLO, 3) == dict([R("Tine", -1), B("Tine", -20), S("Jure", "Tine", 40),
                                    S("Maja", "Tine", 40)])


def test_slovenian_deal_4_contrad_two_is_played_and_invites():
    # 4. Tine s 5 Jure whist 5 contra Maja pass: a contra'd two is played. A lone whister's
    #    contra invites the passer. Down: Tine +4 × 2 = 8; Jure writes the defence's 5 tricks:
    #    4 × 5 × 2 = 40. He answered for 4 and the defence took 5: no penalty.
    assert _steps(SLO)[4].deal.invite is True
    assert entries(SLO, 4) == dict([B("Tine", 8), S("Jure", "Tine", 40)])


def test_slovenian_deal_5_igra_on_a_radlc_lone_whister():
    # 5. Jure d igra 6 Tine whist 4 Maja pass: ♦ igra = 6 + 2 = 8, on Jure's refe ×2.
    #    Made: −16. Tine alone 8 × 4 × 2 = 64.
    assert entries(SLO, 5) == dict([R("Jure", -1), B("Jure", -16), S("Tine", "Jure", 64)])


def test_slovenian_deal_8_bettel_igra_failed():
    # 8. Maja bettel igra 1: failed without the talon: Maja +14, each defender 70 on her.
    assert entries(SLO, 8) == dict([B("Maja", 14), S("Jure", "Maja", 70), S("Tine", "Maja", 70)])


def test_slovenian_deals_9_to_11_hat_then_no_radlc():
    # 9. Jure c 8 Maja whist 2 Tine pass: Jure 6 − 10 = −4, a hat; Maja 10 × 2 = 20.
    assert entries(SLO, 9) == dict([B("Jure", -10), S("Maja", "Jure", 20), H("Jure", 1)])
    # 10. allpass while Jure is under the hat: nothing.
    assert entries(SLO, 10) == {}
    assert _steps(SLO)[10].notes == ("all passed: no refe (Jure under the hat)",)
    # 11. Tine s Maja whist Jure pass: a two nobody contra'd while Jure is under the hat:
    #     not played, nobody writes, and no radlc (two_no_refe = nothing).
    assert entries(SLO, 11) == {}


def test_slovenian_deal_12_upside_down_hat():
    # 12. Jure h 5 Maja whist 3 Tine whist 2: down, −4 + 8 = 4: an upside-down hat.
    #     Maja 8 × 3 = 24, Tine 8 × 2 = 16.
    assert entries(SLO, 12) == dict([B("Jure", 8), S("Maja", "Jure", 24), S("Tine", "Jure", 16),
                                     H("Jure", -1)])


def test_slovenian_deal_13_allpass_after_the_one_radlc():
    # 13. allpass, nobody under the hat, but refe.max = 1 and deal 2 gave it: nothing.
    assert entries(SLO, 13) == {}
    assert _steps(SLO)[13].notes == ("all passed: no refe (the most refes for this game have been given)",)


def test_slovenian_deal_14_invitation_short():
    # 14. Maja d invite 7 Tine whist 2 Jure pass 1: made, Maja −6. The inviter Tine writes the
    #     defence's 3 tricks: 6 × 3 = 18, and answers for 4: 3 < 4, he pays 6.
    assert entries(SLO, 14) == dict([B("Maja", -6), S("Tine", "Maja", 18), B("Tine", 6)])


def test_slovenian_deal_15_lone_whister_capped():
    # 15. Tine c 4 Jure whist 6 Maja pass: down, Tine +10; Jure took 6 but writes 5: 50.
    assert entries(SLO, 15) == dict([B("Tine", 10), S("Jure", "Tine", 50)])


def test_slovenian_deal_16_recontra_and_a_hat():
    # 16. Maja c 6 Jure whist 2 contra recontra Tine whist 2: ×4 between Maja and Jure.
    #     Made: Maja −10 × 4 = −40 (10 → −30, a hat). Jure 10 × 2 × 4 = 80, Tine 10 × 2 = 20.
    assert entries(SLO, 16) == dict([B("Maja", -40), S("Jure", "Maja", 80), S("Tine", "Maja", 20),
                                     H("Maja", 1)])


def test_slovenian_deal_17_last_game_scaled():
    # 17. Tine d 6 Jure whist 2 Maja whist 2: 4 − 30 + 30 = 4 left, the game is worth 6:
    #     ratio 4/6 = 2/3. Tine −4; supe 6 × 2 × 2/3 = 8 each.
    assert sum(_history(SLO)[16]["bule"].values()) == 4
    assert entries(SLO, 17) == dict([B("Tine", -4), S("Jure", "Tine", 8), S("Maja", "Tine", 8)])


def test_slovenian_final_result():
    # bule 4, −30, 26: sum 0, mean 0.
    # supe:
    #   Jure→Maja 56 + 70 + 80 (6, 8, 16) = 206      Jure→Tine 40 + 40 + 50 + 8 (3, 4, 15, 17) = 138
    #   Maja→Jure 16 + 20 + 24 (1, 9, 12) = 60       Maja→Tine 40 + 8 (3, 17) = 48
    #   Tine→Jure 8 + 64 + 16 (1, 5, 12) = 88        Tine→Maja 56 + 70 + 18 + 20 (6, 8, 14, 16) = 164
    # Jure: −10 × 4    + 344 − (60 + 88)   = −40 + 344 − 148 = 156
    # Maja: −10 × (−30) + 108 − (206 + 164) = 300 + 108 − 370 = 38
    # Tine: −10 × 26   + 252 − (138 + 48)  = −260 + 252 − 186 = −194;  sum 0
    _, report, state, settlement, _ = _built(SLO)
    assert state.bule == {"Jure": 4, "Maja": -30, "Tine": 26}
    assert report["whists"] == {"Jure": {"Maja": 206, "Tine": 138}, "Maja": {"Jure": 60, "Tine": 48},
                                "Tine": {"Jure": 88, "Maja": 164}}
    assert settlement.result == {"Jure": 156, "Maja": 38, "Tine": -194}
    assert settlement.money == {"Jure": Decimal("1.56"), "Maja": Decimal("0.38"),
                                "Tine": Decimal("-1.94")}


# --- serbian-3: Marko Jelena Nikola, from 60, 0.01 a supa ------------------------------------


def test_serbian_bule_refe_hats_deal_by_deal():
    # (Marko, Jelena, Nikola) after each deal:
    assert column(SRB, "bule") == [
        (60, 60, 60),
        (54, 60, 60),    # 1. Marko ♦ made −6
        (54, 60, 60),    # 2. Jelena's pik nobody contra'd: a refe each
        (54, 60, 60),    # 3. allpass: a second refe each
        (54, 60, 28),    # 4. Nikola sans igra on a refe: −16 × 2
        (54, 44, 28),    # 5. Jelena ♥ on a refe: −8 × 2
        (78, 44, 28),    # 6. Marko ♦ on a refe, contra'd, down: +6 × 2 × 2
        (-2, 44, 28),    # 7. Marko ♣ on his refe, recontra: −10 × 2 × 4 = −80 (a hat)
        (-6, 44, 28),    # 8. Marko's pik nobody contra'd, he is under the hat: wins 4
        (-6, 44, 28),    # 9. allpass: no refe (Marko under the hat)
        (10, 44, 12),    # 10. Nikola ♥ on his refe −16; Marko short pays 8 × 2 (upside-down hat)
        (10, 20, 12),    # 11. Jelena bettel on her refe: −12 × 2
        (10, 20, 6),     # 12. Nikola ♦ made −6
        (10, 30, 6),     # 13. Jelena ♣ down +10 (10 < her 20 left: not double)
        (10, 42, 6),     # 14. Jelena bettel failed +12
        (10, 42, 22),    # 15. Nikola ♥ (8) down with 6 left: falls double, +16
        (10, 42, 22),    # 16. Jelena's pik nobody contra'd: a refe each (3 of 8)
        (10, 10, 22),    # 17. Jelena sans igra on her refe, both passed: −32
        (10, 10, 2),     # 18. Nikola ♣ on his refe: −20
        (-12, 10, 2),    # 19. Marko sans on his refe, 28 scaled to the 22 left (a hat)
    ]
    refe = column(SRB, "refe")
    assert refe[2] == (1, 1, 1)
    assert refe[3] == (2, 2, 2)        # refes pile up: refe.max is 8
    assert refe[7] == (0, 1, 1)
    assert refe[9] == (0, 1, 1)        # no refe under the hat
    assert refe[12] == (0, 0, 0)
    assert refe[16] == (1, 1, 1)
    assert refe[19] == (0, 0, 0)
    hats = column(SRB, "hats")
    assert (hats[7], hats[10], hats[19]) == ((1, 0, 0), (0, 0, 0), (1, 0, 0))


def test_serbian_deal_2_pik_nobody_contras():
    # 2. Jelena s Nikola whist Marko pass: a pik must be contra'd; nobody did, so it is not
    #    played and, refes remaining and nobody under the hat, everyone gets a refe.
    assert entries(SRB, 2) == dict([R("Marko", 1), R("Jelena", 1), R("Nikola", 1)])


def test_serbian_deal_4_sans_igra_on_a_refe():
    # 4. Nikola sans igra 7 Marko whist 3 Jelena pass: 14 + 2 = 16, refe ×2: −32;
    #    Marko alone 16 × 3 × 2 = 96.
    assert entries(SRB, 4) == dict([R("Nikola", -1), B("Nikola", -32), S("Marko", "Nikola", 96)])


def test_serbian_deal_6_contra_on_a_refe_down():
    # 6. Marko d 5 Jelena whist 3 contra Nikola whist 2: v = 6, refe ×2, Jelena's contra ×2.
    #    Down: Marko +6 × 2 × 2 = 24. Jelena 6 × 3 × 2 × 2 = 72; Nikola 6 × 2 × 2 = 24.
    assert entries(SRB, 6) == dict([R("Marko", -1), B("Marko", 24), S("Jelena", "Marko", 72),
                                    S("Nikola", "Marko", 24)])


def test_serbian_deal_7_refe_and_recontra_times_8():
    # 7. Marko c 6 Jelena whist 2 Nikola whist 2 contra recontra: refe ×2 × recontra ×4 = ×8
    #    between Marko and Nikola. Made: −10 × 8 = −80 (78 → −2, a hat).
    #    Nikola 10 × 2 × 2 × 4 = 160; Jelena 10 × 2 × 2 = 40.
    assert entries(SRB, 7) == dict([R("Marko", -1), B("Marko", -80), S("Jelena", "Marko", 40),
                                    S("Nikola", "Marko", 160), H("Marko", 1)])


def test_serbian_deals_8_and_9_under_the_hat():
    # 8. Marko s Jelena whist Nikola pass: a pik nobody contra'd, but Marko is under the hat,
    #    so no refe can be given: two_no_refe = declarer_wins, Marko −4.
    assert entries(SRB, 8) == dict([B("Marko", -4)])
    # 9. allpass: no refe, Marko under the hat.
    assert entries(SRB, 9) == {}
    assert _steps(SRB)[9].notes == ("all passed: no refe (Marko under the hat)",)


def test_serbian_deal_10_short_whister_on_a_refe_comes_back():
    # 10. Nikola h 7 Marko whist 1 Jelena whist 2 on Nikola's refe: −8 × 2 = −16.
    #     Marko 8 × 1 × 2 = 16, Jelena 8 × 2 × 2 = 32. The pair took 3 < 4: Marko (1) pays
    #     8 × 2 = 16: −6 + 16 = 10, an upside-down hat.
    assert entries(SRB, 10) == dict([R("Nikola", -1), B("Nikola", -16), S("Marko", "Nikola", 16),
                                     S("Jelena", "Nikola", 32), B("Marko", 16), H("Marko", -1)])


def test_serbian_deals_11_to_14_bettels_invite_and_a_plain_fall():
    # 11. Jelena bettel 0 on her refe: −12 × 2 = −24.
    assert entries(SRB, 11) == dict([R("Jelena", -1), B("Jelena", -24)])
    # 12. Nikola d invite 6 Jelena whist 3 Marko pass 1: −6; Jelena writes 4 tricks: 24.
    assert entries(SRB, 12) == dict([B("Nikola", -6), S("Jelena", "Nikola", 24)])
    # 13. Jelena c 4 Marko whist 6 Nikola pass: worth 10, she has 20 left: a plain fall, +10.
    #     Marko writes 5 of his 6 tricks: 50.
    assert entries(SRB, 13) == dict([B("Jelena", 10), S("Marko", "Jelena", 50)])
    # 14. Jelena bettel 1: failed, +12; 60 from each defender.
    assert entries(SRB, 14) == dict([B("Jelena", 12), S("Marko", "Jelena", 60),
                                     S("Nikola", "Jelena", 60)])


def test_serbian_deal_15_double_fall():
    # 15. Nikola h 5 Marko whist 5 Jelena pass: herc is worth 8, Nikola has 6 bule left:
    #     he falls double, 6 + 8 × 2 = 22. Marko writes normally: 8 × 5 = 40.
    #     (The club rule's own example: 6 left, herc fails, a follower took 5 → +16 and 40.)
    assert _history(SRB)[14]["bule"]["Nikola"] == 6
    assert entries(SRB, 15) == dict([B("Nikola", 16), S("Marko", "Nikola", 40)])


def test_serbian_deals_16_to_18_second_pik_and_refes():
    # 16. Jelena s Nikola pass Marko whist: nobody under the hat, 2 of 8 refes given: a refe each.
    assert entries(SRB, 16) == dict([R("Marko", 1), R("Jelena", 1), R("Nikola", 1)])
    # 17. Jelena sans igra, both passed, on her refe: −16 × 2 = −32.
    assert entries(SRB, 17) == dict([R("Jelena", -1), B("Jelena", -32)])
    # 18. Nikola c 6 Marko whist 2 Jelena whist 2 on his refe: −20; 10 × 2 × 2 = 40 each.
    assert entries(SRB, 18) == dict([R("Nikola", -1), B("Nikola", -20), S("Marko", "Nikola", 40),
                                     S("Jelena", "Nikola", 40)])


def test_serbian_deal_19_last_game_scaled():
    # 19. Marko sans 6 Jelena whist 2 Nikola whist 2 on his refe: worth 14 × 2 = 28, but
    #     10 + 10 + 2 = 22 are left: ratio 22/28 = 11/14. Marko −22 (10 → −12, a hat);
    #     supe 14 × 2 × 2 × 11/14 = 44 each.
    assert sum(_history(SRB)[18]["bule"].values()) == 22
    assert entries(SRB, 19) == dict([R("Marko", -1), B("Marko", -22), S("Jelena", "Marko", 44),
                                     S("Nikola", "Marko", 44), H("Marko", 1)])


def test_serbian_final_result():
    # bule −12, 10, 2: sum 0, mean 0.
    # supe:
    #   Marko→Jelena 32 + 50 + 60 (5, 13, 14) = 142   Marko→Nikola 96 + 16 + 40 + 40 (4, 10, 15, 18) = 192
    #   Jelena→Marko 12 + 72 + 40 + 44 (1, 6, 7, 19) = 168   Jelena→Nikola 32 + 24 + 40 (10, 12, 18) = 96
    #   Nikola→Marko 12 + 24 + 160 + 44 (1, 6, 7, 19) = 240  Nikola→Jelena 32 + 60 (5, 14) = 92
    # Marko:  −10 × (−12) + 334 − (168 + 240) = 120 + 334 − 408 = 46
    # Jelena: −10 × 10    + 264 − (142 + 92)  = −100 + 264 − 234 = −70
    # Nikola: −10 × 2     + 332 − (192 + 96)  = −20 + 332 − 288 = 24;  sum 0
    _, report, state, settlement, _ = _built(SRB)
    assert state.bule == {"Marko": -12, "Jelena": 10, "Nikola": 2}
    assert report["whists"] == {"Marko": {"Jelena": 142, "Nikola": 192},
                                "Jelena": {"Marko": 168, "Nikola": 96},
                                "Nikola": {"Marko": 240, "Jelena": 92}}
    assert settlement.result == {"Marko": 46, "Jelena": -70, "Nikola": 24}
    assert settlement.money == {"Marko": Decimal("0.46"), "Jelena": Decimal("-0.70"),
                                "Nikola": Decimal("0.24")}
    assert state.refe_rounds == 3


@pytest.mark.parametrize("name", ["croatian-3", "serbian-3", "slovenian-3"])
def test_show_writes_the_bule_with_the_papers_sign(name: str):
    """One sign wherever a player reads the bule: `show`'s table writes each player's bule as
    the paper sheet does (the debt left to play is negative there), the opposite of
    `settle --json`'s "left to play" (its `bule_sign`)."""
    from cli_kit import ok

    from pulka.numbers import mixed

    report = json.loads(ok("settle", SAMPLES / f"{name}.pulka", "--json").stdout)
    assert report["bule_sign"] == "left_to_play"
    lines = ok("show", SAMPLES / f"{name}.pulka").stdout.splitlines()
    head = next(line for line in lines if line.split()[:1] == ["player"])
    assert head.split()[1] == "bule"
    for player in report["players"]:
        row = next(line.split() for line in lines if line.split()[:1] == [player])
        assert row[1] == mixed(-Fraction(str(report["bule"][player])))
