"""The sample games in samples/: each replays to the settlement in its .expected.json.

Every sample was entered only through the CLI (``pulka new`` / ``pulka add`` / one ``pulka
fix``), so each line passed pulka's checks when it was written. The expected files are the
output of ``pulka settle FILE --json``; they were written only after the numbers below had
been worked out by hand from conventions.md §1 (Sochi column):

    values 2 4 6 8 10 (v), misère 10 / 10 a trick, whist.rate 1, quota 4 2 1 1 1, ten whisted,
    responsibility full, lone whister greedy, pair_low_quota second, half-whist on 6 and 7,
    remise.gora 1, consolation 1 to the defenders, raspasy prices 1 2 3, zero earns the price,
    exit 6 7 7, overflow help at 10 whists a point, settle 10 / 10 whists a pulya / gora point.

The hand checks are the ``test_*_deal_*`` tests (each deal's entries, with the arithmetic in
comments) and the ``test_*_final_result`` tests (the settlement formula of §1.4 worked out
from the final sheet).
"""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from samples_kit import G, P, W, entries, sheet_before
from samples_kit import built as _built
from samples_kit import steps as _steps

from pulka.settlement.figures import to_json

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
GAMES = sorted(SAMPLES.glob("sochi-*.pulka"))
KEYS = ("pulya", "gora", "whists", "result", "money", "finished")
F = Fraction


# --- every sample ----------------------------------------------------------------------------


def test_the_samples_are_there():
    names = {p.name for p in GAMES}
    assert {"sochi-3.pulka", "sochi-4.pulka"} <= names


@pytest.mark.parametrize("path", GAMES, ids=[p.name for p in GAMES])
def test_sample_settles_as_expected(path: Path):
    _, report, state, settlement, _ = _built(path.name)
    data = to_json(report)
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text("utf-8"))
    for key in KEYS:
        assert data[key] == expected[key], key
    assert state.finished and data["finished"] is True
    assert sum(settlement.result.values(), F(0)) == 0
    assert settlement.money is not None
    assert sum(settlement.money.values(), Decimal(0)) == Decimal("0.00")


@pytest.mark.parametrize("path", GAMES, ids=[p.name for p in GAMES])
def test_sample_result_follows_the_formula(path: Path):
    """result_i = 10 (pulya_i − mean) − 10 (gora_i − mean) + Σ_j (W[i][j] − W[j][i])."""
    _, _, state, settlement, _ = _built(path.name)
    players = state.players
    n = len(players)
    mean_pulya = sum(state.pulya.values(), F(0)) / n
    mean_gora = sum(state.gora.values(), F(0)) / n
    for i in players:
        net = sum((state.whists[(i, j)] - state.whists[(j, i)] for j in players if j != i), F(0))
        expected = 10 * (state.pulya[i] - mean_pulya) - 10 * (state.gora[i] - mean_gora) + net
        assert settlement.result[i] == expected, i


@pytest.mark.parametrize("path", GAMES, ids=[p.name for p in GAMES])
def test_sample_has_no_voided_deals(path: Path):
    text = path.read_text("utf-8")
    assert not [line for line in text.splitlines() if line.startswith("void")]


# --- sochi-3: Аня Борис Вера, pulya 20, 0.10 a whist -------------------------------------------

S3 = "sochi-3.pulka"


def test_sochi3_shape():
    _, report, _, _, steps = _built(S3)
    assert 30 <= len(steps) <= 45
    assert report["deals"] == 34
    kinds = [step.deal.kind.value for step in steps]
    assert kinds.count("raspasy") == 11


def test_sochi3_deal_7_remise_with_two_whisters():
    # 7. Аня 6c 5 Борис whist 3 Вера whist 2: v = 2, the defence took 5 ≥ quota 4.
    #    trick whists: Борис 3 × 2 × 1 = 6, Вера 2 × 2 × 1 = 4;
    #    down u = 6 − 5 = 1: Аня gora 1 × 2 × remise.gora 1 = 2,
    #    consolation 1 × 2 × 1 = 2 from each defender  → Борис 6 + 2 = 8, Вера 4 + 2 = 6.
    assert entries(S3, 7) == dict([W("Борис", "Аня", 8), W("Вера", "Аня", 6), G("Аня", 2)])


def test_sochi3_deal_11_half_whist():
    # 11. Аня 6h Борис pass Вера half: Вера is the second defender clockwise from Аня.
    #     Not played, Аня pulya += v = 2; Вера writes quota/2 × v × rate = 4/2 × 2 × 1 = 4.
    assert entries(S3, 11) == dict([P("Аня", 2), W("Вера", "Аня", 4)])


def test_sochi3_deal_17_pair_shortfall():
    # 17. Борис 6c 7 Вера whist 2 Аня whist 1: made with an overtrick, Борис pulya += 2.
    #     trick whists: Вера 2 × 2 = 4, Аня 1 × 2 = 2.
    #     the defence took 3 < quota 4; each whister owes quota/2 = 2: Аня took 1, pays
    #     (2 − 1) × v 2 × remise.gora 1 × factor 1 = 2 into her gora; Вера took 2, pays nothing.
    assert entries(S3, 17) == dict([P("Борис", 2), W("Вера", "Борис", 4), W("Аня", "Борис", 2),
                                    G("Аня", 2)])


def test_sochi3_deal_22_lone_whister_shortfall():
    # 22. Борис 9h 10 Вера whist 0 Аня pass: v = 8, quota 1; Вера whisted alone (greedy) and
    #     the defence took 0: shortfall (1 − 0) × 8 × 1 × 1 = 8 into Вера's gora; she writes
    #     0 × 8 = 0. Борис pulya 12 + 8 = 20, exactly closed (no overflow).
    assert sheet_before(S3, 22)[0]["Борис"] == 12
    assert entries(S3, 22) == dict([P("Борис", 8), G("Вера", 8)])


def test_sochi3_deal_23_ten_down_one():
    # 23. Вера 10nt 9 Аня whist 1 Борис pass: v = 10, ten is whisted in Sochi.
    #     Аня alone writes the whole defence: 1 × 10 × 1 = 10;
    #     down 1: Вера gora 1 × 10 × 1 = 10; consolation 1 × 10 = 10 from both defenders,
    #     the passer Борис too (consolation_to: defenders) → Аня 10 + 10 = 20, Борис 10.
    assert entries(S3, 23) == dict([W("Аня", "Вера", 20), W("Борис", "Вера", 10), G("Вера", 10)])


def test_sochi3_deals_26_to_28_raspasy_streak():
    # 26. raspasy #1 at 1: Аня 4, Борис 2, Вера 4 into the gora.
    # 27. raspasy #2 at 2: Борис 6 × 2 = 12, Вера 4 × 2 = 8; Аня took none: pulya += the price 2.
    # 28. raspasy #3 at 3: Аня 3 × 3 = 9, Борис 5 × 3 = 15, Вера 2 × 3 = 6.
    assert entries(S3, 26) == dict([G("Аня", 4), G("Борис", 2), G("Вера", 4)])
    assert entries(S3, 27) == dict([G("Борис", 12), G("Вера", 8), P("Аня", 2)])
    assert entries(S3, 28) == dict([G("Аня", 9), G("Борис", 15), G("Вера", 6)])
    # after three raspasy the next contract must be 7 or more: deal 29 is a 7
    assert _steps(S3)[29].deal.contract.level == 7


def test_sochi3_deal_29_half_whist_and_help():
    # 29. Вера 7s Аня pass Борис half: Борис (second defender from Вера) writes
    #     quota/2 × v × rate = 2/2 × 4 × 1 = 4 on Вера. Вера had 18: +2 closes her pulya,
    #     the other 2 help a partner: Борис is closed (20), so Аня 14 → 16, and Вера writes
    #     2 × help_whists 10 = 20 on Аня.
    pulya, _ = sheet_before(S3, 29)
    assert pulya == {"Аня": 14, "Борис": 20, "Вера": 18}
    assert entries(S3, 29) == dict([W("Борис", "Вера", 4), P("Вера", 2), P("Аня", 2),
                                    W("Вера", "Аня", 20)])


def test_sochi3_deal_34_misere_closes_the_game():
    # 34. Аня misere 0: misère made, 10 points. Аня had 18: 2 close her pulya; both partners are
    #     closed, so the other 8 are written off her own gora. Every pulya is 20: game over.
    assert sheet_before(S3, 34)[0] == {"Аня": 18, "Борис": 20, "Вера": 20}
    assert entries(S3, 34) == dict([P("Аня", 2), G("Аня", -8)])


def test_sochi3_final_result():
    # Final sheet: pulya 20 / 20 / 20, so the pulya term is 0 for everyone.
    # gora  Аня 64 = raspasy 4+6+3+2+3+8+5+4+0+9+2 (46) + 6c down 2 + shortfall 2 + misère 20
    #                + 6nt down 2 − overflow 8
    #       Борис 79 = raspasy 2+0+15+3+3+8+1+2+12+15+4 (65) + 7s down 4 + 7c down 4 + 8h down 6
    #       Вера 95 = raspasy 4+14+12+5+4+4+4+4+8+6+4 (69) + 7h down 8 + shortfall 8 + 10nt down 10
    #       sum 238, mean 238/3.
    # whists (writer on target), summed deal by deal:
    #   Аня→Борис 8+2+4+20+12 = 46     Аня→Вера 8+8+20+20+2 = 58
    #   Борис→Аня 4+8+6+6 = 24         Борис→Вера 4+4+16+10+4+6 = 44
    #   Вера→Аня 4+6+4+6+20+8+20 = 68  Вера→Борис 12+16+4+4+4+18 = 58
    # Аня:   −10 (64 − 238/3) = 460/3;  net 46 + 58 − 24 − 68 = 12     → 496/3 = 165 1/3
    # Борис: −10 (79 − 238/3) =  10/3;  net 24 + 44 − 46 − 58 = −36    → −98/3 = −32 2/3
    # Вера:  −10 (95 − 238/3) = −470/3; net 68 + 58 − 58 − 44 = 24     → −398/3 = −132 2/3
    # sum (496 − 98 − 398)/3 = 0.
    # Money at 0.10: 1653.33, −326.67, −1326.67 cents → floors 1653, −327, −1327 (sum −1);
    # the missing cent goes to the largest remainder, all 1/3, tie → seating order → Аня.
    _, report, state, settlement, _ = _built(S3)
    assert state.pulya == {"Аня": 20, "Борис": 20, "Вера": 20}
    assert state.gora == {"Аня": 64, "Борис": 79, "Вера": 95}
    assert report["whists"] == {"Аня": {"Борис": 46, "Вера": 58}, "Борис": {"Аня": 24, "Вера": 44},
                                "Вера": {"Аня": 68, "Борис": 58}}
    assert settlement.result == {"Аня": F(496, 3), "Борис": F(-98, 3), "Вера": F(-398, 3)}
    assert settlement.money == {"Аня": Decimal("16.54"), "Борис": Decimal("-3.27"),
                                "Вера": Decimal("-13.27")}


# --- sochi-4: Аня Борис Вера Глеб, pulya 10, 0.05 a whist -----------------------------------

S4 = "sochi-4.pulka"


def test_sochi4_shape_and_dealers():
    game, report, _, _, steps = _built(S4)
    players = game.table.players
    assert len(steps) >= 20 and report["deals"] == 23
    for k, step in enumerate(steps, 1):
        assert step.number == k
        # deal k is dealt by players[(k − 1) % 4], who sits it out
        assert step.dealer == players[(k - 1) % 4]
        assert step.dealer not in step.deal.players_named()
    # the journal has exactly one correction and nothing voided
    lines = (SAMPLES / S4).read_text("utf-8").splitlines()
    assert [line.split()[:2] for line in lines if line.startswith(("fix", "void"))] == [["fix", "5"]]


def test_sochi4_deal_5_as_fixed():
    # 5. was first entered as "Глеб 7c 6 Борис whist 3 Вера whist 1" (down one), then corrected
    #    with `pulka fix` to: Глеб 7c 7 Борис whist 2 Вера whist 1. Only the fix counts:
    #    v = 4, made: Глеб pulya += 4; Борис 2 × 4 = 8, Вера 1 × 4 = 4; defence 3 ≥ quota 2.
    assert entries(S4, 5) == dict([P("Глеб", 4), W("Борис", "Глеб", 8), W("Вера", "Глеб", 4)])


def test_sochi4_deal_8_half_whist_at_four():
    # 8. Вера 6h Аня pass Борис half. Глеб deals and sits out, so clockwise from Вера the
    #    defenders are Аня, then Борис: Борис may half-whist. 4/2 × 2 × 1 = 4; Вера pulya += 2.
    assert _steps(S4)[8].dealer == "Глеб"
    assert entries(S4, 8) == dict([P("Вера", 2), W("Борис", "Вера", 4)])


def test_sochi4_deal_15_consolation_not_to_the_dealer():
    # 15. Аня 10s 9 Борис whist 1 Глеб pass; Вера deals. v = 10.
    #     Борис alone writes 1 × 10 = 10; down 1: Аня gora 10; consolation 10 from each
    #     defender (Борис and the passer Глеб), none from Вера who sat out.
    assert _steps(S4)[15].dealer == "Вера"
    assert entries(S4, 15) == dict([W("Борис", "Аня", 20), W("Глеб", "Аня", 10), G("Аня", 10)])


def test_sochi4_deal_14_pair_shortfall():
    # 14. Глеб 6h 7 Аня whist 1 Вера whist 2: defence 3 < 4; Аня took 1 < 2:
    #     (2 − 1) × 2 × 1 × 1 = 2 into her gora. Whists Аня 2, Вера 4; Глеб pulya += 2.
    assert entries(S4, 14) == dict([P("Глеб", 2), W("Аня", "Глеб", 2), W("Вера", "Глеб", 4),
                                    G("Аня", 2)])


def test_sochi4_deal_21_help_skips_the_dealer():
    # 21. Вера misere 0 with her pulya already closed (10): all 10 points overflow.
    #     Аня deals this deal, so she gets no help even though her pulya (6) is open.
    #     Help goes to the largest pulya first: Глеб 8 → 10 (2 points, 20 whists), then
    #     Борис 6 → 10 (4 points, 40 whists); the 4 points left come off Вера's gora.
    assert _steps(S4)[21].dealer == "Аня"
    assert sheet_before(S4, 21)[0] == {"Аня": 6, "Борис": 6, "Вера": 10, "Глеб": 8}
    assert entries(S4, 21) == dict([P("Глеб", 2), W("Вера", "Глеб", 20), P("Борис", 4),
                                    W("Вера", "Борис", 40), G("Вера", -4)])


def test_sochi4_deal_23_last_game_overflows():
    # 23. Аня 8h 8 Борис whist 2 Глеб pass; v = 6. Борис alone: 2 × 6 = 12.
    #     Аня 8 → 10 takes 2; everyone else is closed, so 4 come off her gora. Game over.
    assert entries(S4, 23) == dict([W("Борис", "Аня", 12), P("Аня", 2), G("Аня", -4)])


def test_sochi4_final_result():
    # pulya 10 each: the pulya term is 0.
    # gora  Аня 28 = 3 + 4 + 2 (6d down) + 2 (shortfall) + 10 (10s down) + 5 + 2 (6c down) + 4 − 4
    #       Борис 29 = 4 + 0 + 10 (misère, 1 trick) + 4 + 2 + 6 + 3
    #       Вера 30 = 16 + 2 + 4 (7d down) + 3 + 6 + 3 − 4
    #       Глеб 15 = 3 + 4 + 8;  sum 102, mean 51/2.
    # whists: Аня→Вера 4, Аня→Глеб 4+2+4 = 10; Борис→Аня 12+20+6+12 = 50, Борис→Вера 4+8 = 12,
    #   Борис→Глеб 8; Вера→Аня 8, Вера→Борис 4+40 = 44, Вера→Глеб 4+4+4+20+4 = 36;
    #   Глеб→Аня 6+10+8+20 = 44, Глеб→Борис 4, Глеб→Вера 12+16+8 = 36.
    # Аня:   −10 (28 − 25 1/2) = −25;  net 14 − 102 = −88  → −113
    # Борис: −10 (29 − 25 1/2) = −35;  net 70 − 48  = 22   → −13
    # Вера:  −10 (30 − 25 1/2) = −45;  net 88 − 52  = 36   → −9
    # Глеб:  −10 (15 − 25 1/2) = 105;  net 84 − 54  = 30   → 135;   sum 0.
    # Money at 0.05: −5.65, −0.65, −0.45, +6.75 (exact, no rounding needed).
    _, report, state, settlement, _ = _built(S4)
    assert state.gora == {"Аня": 28, "Борис": 29, "Вера": 30, "Глеб": 15}
    assert report["whists"] == {
        "Аня": {"Вера": 4, "Глеб": 10},
        "Борис": {"Аня": 50, "Вера": 12, "Глеб": 8},
        "Вера": {"Аня": 8, "Борис": 44, "Глеб": 36},
        "Глеб": {"Аня": 44, "Борис": 4, "Вера": 36},
    }
    assert settlement.result == {"Аня": -113, "Борис": -13, "Вера": -9, "Глеб": 135}
    assert settlement.money == {"Аня": Decimal("-5.65"), "Борис": Decimal("-0.65"),
                                "Вера": Decimal("-0.45"), "Глеб": Decimal("6.75")}
