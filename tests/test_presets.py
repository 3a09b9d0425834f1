"""One full sample game per Russian preset besides Sochi, checked by hand.

samples/leningrad-3.pulka, rostov-3.pulka, classic-3.pulka and gusarik-2.pulka were entered
only through the CLI (``pulka new`` then one ``pulka add`` per deal), so every line passed
pulka's checks when it was written. Each ``.expected.json`` is the output of ``pulka settle FILE
--json``, written only after the numbers below had been worked out by hand from
conventions.md §1 (the column of each preset) and from the convention files.

Notation in the comments: v = value of the contract (2 4 6 8 10 for 6..10), m = the deal's
multiplier, "X→Y n" = X writes n whists on Y, P / G = pulya / gora.
"""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import ALL_WORDS
from samples_kit import G, P, W, entries, sheet_before
from samples_kit import built as _built
from samples_kit import steps as _steps

from pulka.errors import IllegalDealError
from pulka.families.russian import robber
from pulka.notation import parse_deal
from pulka.replay import family_of, steps
from pulka.settlement.figures import to_json

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
F = Fraction

LENINGRAD = "leningrad-3.pulka"
ROSTOV = "rostov-3.pulka"
CLASSIC = "classic-3.pulka"
GUSARIK = "gusarik-2.pulka"
PRESETS = (LENINGRAD, ROSTOV, CLASSIC, GUSARIK)
KEYS = ("pulya", "gora", "whists", "result", "money", "finished")


def state_after(name: str, number: int):
    """The live state right after deal ``number`` (a fresh replay, safe to play on)."""
    game = _built(name)[0]
    for step, state in steps(game):
        if step.number == number:
            return game, state
    raise AssertionError(f"no deal {number}")


def B(player: str, amount) -> tuple[tuple[str, str, None], Fraction]:
    return ("bombs", player, None), F(amount)


def settlement_formula(name: str) -> dict[str, Fraction]:
    """§1.4 with the convention's P and G: P (pulya − mean) − G (gora − mean) + net whists."""
    game, _, state, _, _ = _built(name)
    conv = game.table.convention
    p_rate, g_rate = conv["settle.pulya_whists"], conv["settle.gora_whists"]
    players = state.players
    n = len(players)
    mean_pulya = sum(state.pulya.values(), F(0)) / n
    mean_gora = sum(state.gora.values(), F(0)) / n
    out = {}
    for i in players:
        net = sum((state.whists[(i, j)] - state.whists[(j, i)] for j in players if j != i), F(0))
        out[i] = p_rate * (state.pulya[i] - mean_pulya) - g_rate * (state.gora[i] - mean_gora) + net
    return out


# --- every preset sample -------------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_preset_sample_settles_as_expected(name: str):
    _, report, state, settlement, _ = _built(name)
    data = to_json(report)
    expected = json.loads((SAMPLES / name).with_suffix(".expected.json").read_text("utf-8"))
    keys = (*KEYS, "bombs", "bombs_extinguished") if name == CLASSIC else KEYS
    for key in keys:
        assert data[key] == expected[key], key
    assert state.finished and data["finished"] is True
    assert sum(settlement.result.values(), F(0)) == 0
    assert settlement.money is not None
    assert sum(settlement.money.values(), Decimal(0)) == Decimal("0.00")
    assert settlement.result == settlement_formula(name)


@pytest.mark.parametrize("name", PRESETS)
def test_preset_sample_was_entered_cleanly(name: str):
    """Only numbered deals after the header: nothing voided, fixed or adjusted, no notes."""
    lines = (SAMPLES / name).read_text("utf-8").splitlines()
    assert not [line for line in lines if line.startswith(("void", "fix", "adjust"))]
    assert all(not step.notes for step in _built(name)[4])
    assert all(step.deal.kind.value in ("contract", "raspasy") for step in _built(name)[4])


def test_preset_conventions():
    expected = {
        LENINGRAD: ("leningrad", ("Аня", "Борис", "Вера"), 20, 10),
        ROSTOV: ("rostov", ("Аня", "Борис", "Вера"), 10, 10),
        CLASSIC: ("classic", ("Аня", "Борис", "Вера"), 10, 10),
        GUSARIK: ("gusarik", ("Аня", "Борис"), 10, 10),
    }
    for name, (conv_name, players, p_rate, g_rate) in expected.items():
        game, report, state, _, _ = _built(name)
        conv = game.table.convention
        assert report["convention"] == conv_name
        assert game.table.players == players
        assert (conv["settle.pulya_whists"], conv["settle.gora_whists"]) == (p_rate, g_rate)
        assert state.target == 20
        assert conv["price"] == Decimal("0.10")


# --- leningrad-3: Аня Борис Вера, pulya 20, 0.10 a whist ------------------------------------------
#
# Leningrad (conventions.md §1, leningrad column; conventions/leningrad.yaml): whist.rate 2,
# remise.gora 2, consolation 2, misère 10 / 20 a trick, ten checked, responsibility half
# (factor ½), lone whister gentleman (½ / ½ with the passer), raspasy 2 4 6 with exit 6 7 8,
# zero earns the price, overflow keep, end total (pulyas add up to 3 × 20 = 60), settle 20 / 10.

L = LENINGRAD


def test_leningrad_shape():
    _, report, _, _, steps = _built(L)
    assert report["deals"] == len(steps) == 21
    kinds = [step.deal.kind.value for step in steps]
    assert kinds.count("raspasy") == 5


def test_leningrad_deal_2_doubled_remise():
    # 2. Борис 7h 6 Вера whist 3 Аня whist 1: v = 4, down u = 1.
    #    trick whists × rate 2: Вера 3 × 4 × 2 = 24, Аня 1 × 4 × 2 = 8;
    #    Борис gora u × v × remise.gora 2 = 8; consolation u × v × 2 = 8 from each defender
    #    → Вера 24 + 8 = 32, Аня 8 + 8 = 16. The defence took 4 ≥ quota 2: no shortfall.
    assert entries(L, 2) == dict([W("Вера", "Борис", 32), W("Аня", "Борис", 16), G("Борис", 8)])


def test_leningrad_deal_3_gentleman_shortfall():
    # 3. Вера 6d 7 Аня whist 1 Борис pass (2): v = 2, the defence took 3.
    #    gentleman: the defence's 3 × 2 × rate 2 = 12, half each → Аня 6, Борис 6 on Вера.
    #    shortfall: (quota 4 − 3) × v 2 × remise.gora 2 × ½ (half responsibility) = 2,
    #    split ½ / ½ with the passer → Аня gora 1, Борис gora 1. Вера made: pulya + 2.
    assert entries(L, 3) == dict([W("Аня", "Вера", 6), W("Борис", "Вера", 6), G("Аня", 1),
                                  G("Борис", 1), P("Вера", 2)])


def test_leningrad_deal_5_half_responsibility_pair():
    # 5. Борис 6c 7 Вера whist 1 Аня whist 2: v = 2; Вера 1 × 2 × 2 = 4, Аня 2 × 2 × 2 = 8.
    #    the defence took 3 < 4; Вера took 1 < quota/2 = 2: (2 − 1) × 2 × 2 × ½ = 2 into her gora.
    assert entries(L, 5) == dict([W("Вера", "Борис", 4), W("Аня", "Борис", 8), G("Вера", 2),
                                  P("Борис", 2)])


def test_leningrad_deal_6_misere_fails_at_20():
    # 6. Аня misere 1: 1 trick × misere.penalty 20 = 20 into the gora.
    assert entries(L, 6) == dict([G("Аня", 20)])


def test_leningrad_deal_7_half_whist():
    # 7. Вера 7s Аня pass Борис half: quota/2 × v × rate = 2/2 × 4 × 2 = 8; Вера pulya + 4.
    assert entries(L, 7) == dict([W("Борис", "Вера", 8), P("Вера", 4)])


def test_leningrad_deals_8_to_11_raspasy_2_4_6_and_the_exit_to_8():
    # 8.  raspasy #1 at 2: Аня 3 × 2 = 6, Борис 5 × 2 = 10, Вера 2 × 2 = 4.
    # 9.  raspasy #2 at 4: Борис 6 × 4 = 24, Вера 4 × 4 = 16; Аня took none: pulya + the price 4.
    # 10. raspasy #3 at 6: Аня 4 × 6 = 24, Борис 3 × 6 = 18, Вера 3 × 6 = 18.
    # 11. after three the exit is 8: Борис 8h 8 Вера whist 1 Аня pass (1): v = 6, defence 2;
    #     gentleman: 2 × 6 × 2 = 24, half each → 12 + 12; Борис pulya + 6.
    assert entries(L, 8) == dict([G("Аня", 6), G("Борис", 10), G("Вера", 4)])
    assert entries(L, 9) == dict([G("Борис", 24), G("Вера", 16), P("Аня", 4)])
    assert entries(L, 10) == dict([G("Аня", 24), G("Борис", 18), G("Вера", 18)])
    assert entries(L, 11) == dict([W("Вера", "Борис", 12), W("Аня", "Борис", 12), P("Борис", 6)])


def test_leningrad_exit_levels_are_refused_below_6_7_8():
    # after one raspasy a 6 is enough (deal 5 is a 6); after two a 6 is refused; after three
    # a 7 is refused (deal 11 had to be an 8).
    for after, line in ((9, "Борис 6h 7 Вера whist 2 Аня whist 1"),
                        (10, "Борис 7h 7 Вера whist 1 Аня pass")):
        game, state = state_after(L, after)
        with pytest.raises(IllegalDealError, match="lowest contract is"):
            family_of(game.table).play(parse_deal(line, game.table.players, ALL_WORDS), state)
    assert _steps(L)[5].deal.contract.level == 6
    assert _steps(L)[11].deal.contract.level == 8


def test_leningrad_deal_12_checked_ten_made():
    # 12. Аня 10nt 10 Борис whist 0 Вера pass: the ten is checked: played, no trick whists,
    #     no quota (the defence took 0 < 1 and nobody pays). Аня pulya + 10.
    assert entries(L, 12) == dict([P("Аня", 10)])


def test_leningrad_deal_14_gentleman_remise():
    # 14. Борис 6nt 5 Вера whist 4 Аня pass (1): v = 2, defence 5, down 1.
    #     gentleman: 5 × 2 × 2 = 20, half each = 10; consolation 1 × 2 × 2 = 4 from each
    #     defender → Вера 14, Аня 14; Борис gora 1 × 2 × 2 = 4.
    assert entries(L, 14) == dict([W("Вера", "Борис", 14), W("Аня", "Борис", 14), G("Борис", 4)])


def test_leningrad_deal_15_checked_ten_down_one():
    # 15. Вера 10s 9 Аня whist 1 Борис pass: checked, so no trick whists; down 1:
    #     gora 1 × 10 × 2 = 20, consolation 1 × 10 × 2 = 20 from each defender.
    assert entries(L, 15) == dict([G("Вера", 20), W("Аня", "Вера", 20), W("Борис", "Вера", 20)])


def test_leningrad_deal_16_lone_shortfall_shared():
    # 16. Аня 7d 9 Борис whist 1 Вера pass: v = 4, defence 1 < quota 2.
    #     whists 1 × 4 × 2 = 8, half each = 4; shortfall (2 − 1) × 4 × 2 × ½ = 4, half each = 2.
    assert entries(L, 16) == dict([W("Борис", "Аня", 4), W("Вера", "Аня", 4), G("Борис", 2),
                                   G("Вера", 2), P("Аня", 4)])


def test_leningrad_deal_20_pair_low_quota_and_overflow_kept():
    # 20. Аня 8s 10 Борис whist 0 Вера whist 0: v = 6, quota 1, both whisted and took nothing:
    #     pair_low_quota second: clockwise from Аня the defenders are Борис, Вера, so Вера pays
    #     (1 − 0) × 6 × 2 × ½ = 6. Аня had 20: overflow keep, her pulya goes to 26.
    assert sheet_before(L, 20)[0]["Аня"] == 20
    assert entries(L, 20) == dict([G("Вера", 6), P("Аня", 6)])


def test_leningrad_deal_21_ends_on_the_total():
    # before 21 the pulyas are 26 + 18 + 12 = 56 < 60; 21. Вера 9nt 9 Аня whist 1 Борис pass:
    # v = 8, defence 1 = quota: 1 × 8 × 2 = 16, half each = 8; Вера + 8 → 26 + 18 + 20 = 64 ≥ 60.
    pulya, _ = sheet_before(L, 21)
    assert pulya == {"Аня": 26, "Борис": 18, "Вера": 12}
    assert entries(L, 21) == dict([W("Аня", "Вера", 8), W("Борис", "Вера", 8), P("Вера", 8)])
    assert _built(L)[2].end_reason == "the pulyas add up to 60"


def test_leningrad_final_result():
    # pulya Аня 26 = 2 + 4 (raspasy zero) + 10 + 4 + 6; Борис 18 = 2 + 6 + 10 (misère);
    #       Вера 20 = 2 + 4 + 4 + 2 + 8.  Sum 64, mean 64/3.
    # gora  Аня 63 = 1 + 8 + 20 + 6 + 24 + 4
    #       Борис 79 = 8 + 1 + 4 + 10 + 24 + 18 + 4 + 2 + 8
    #       Вера 84 = 8 + 2 + 4 + 16 + 18 + 20 + 2 + 8 + 6.  Sum 226, mean 226/3.
    # whists Аня→Борис 16 + 8 + 12 + 14 = 50       Аня→Вера 6 + 16 + 20 + 8 + 8 = 58
    #        Борис→Аня 8 + 4 = 12                  Борис→Вера 6 + 8 + 8 + 20 + 8 + 8 = 58
    #        Вера→Аня 8 + 4 = 12                   Вера→Борис 32 + 4 + 12 + 14 = 62
    # P = 20, G = 10:
    # Аня:   20 (26 − 64/3) = 280/3;  −10 (63 − 226/3) = 370/3;  net 108 − 24 = 84   → 902/3
    # Борис: 20 (18 − 64/3) = −200/3; −10 (79 − 226/3) = −110/3; net 70 − 112 = −42 → −436/3
    # Вера:  20 (20 − 64/3) = −80/3;  −10 (84 − 226/3) = −260/3; net 74 − 116 = −42 → −466/3
    # sum 0. Money at 0.10: 3006 2/3, −1453 1/3, −1553 1/3 cents → floors 3006, −1454, −1554
    # (sum −2); the remainders are all 2/3, ties in seating order: Аня and Борис get a cent.
    _, report, state, settlement, _ = _built(L)
    assert state.pulya == {"Аня": 26, "Борис": 18, "Вера": 20}
    assert state.gora == {"Аня": 63, "Борис": 79, "Вера": 84}
    assert report["whists"] == {"Аня": {"Борис": 50, "Вера": 58}, "Борис": {"Аня": 12, "Вера": 58},
                                "Вера": {"Аня": 12, "Борис": 62}}
    assert settlement.result == {"Аня": F(902, 3), "Борис": F(-436, 3), "Вера": F(-466, 3)}
    assert settlement.money == {"Аня": Decimal("30.07"), "Борис": Decimal("-14.53"),
                                "Вера": Decimal("-15.54")}


# --- rostov-3: Аня Борис Вера, pulya 20, 0.10 a whist ---------------------------------------------
#
# Rostov: Sochi values, whist.rate 1, remise 1 / consolation 1, responsibility half, lone
# whister gentleman; raspasy lowest_writes: the fewest tricks write (tricks − fewest) × 5 × price
# (price always 1) on each other player, tied lowest share it; 0 tricks earns 1 pulya; exit 6 6 6;
# overflow help at 10 whists a point; end each; settle 10 / 10.

R = ROSTOV


def test_rostov_shape():
    _, report, _, _, steps = _built(R)
    assert report["deals"] == len(steps) == 23
    assert [step.deal.kind.value for step in steps].count("raspasy") == 8
    # the raspasy never write into the gora
    for step in steps:
        if step.deal.kind.value == "raspasy":
            assert all(p.column != "gora" for p in step.postings)


def test_rostov_deal_2_fewest_writes():
    # 2. raspasy Аня 3 Борис 5 Вера 2: Вера took the fewest (2) and writes
    #    (3 − 2) × 5 = 5 on Аня and (5 − 2) × 5 = 15 on Борис.
    assert entries(R, 2) == dict([W("Вера", "Аня", 5), W("Вера", "Борис", 15)])


def test_rostov_deal_3_tie_for_the_fewest():
    # 3. raspasy Аня 2 Борис 2 Вера 6: Аня and Борис tie at 2; (6 − 2) × 5 = 20 on Вера,
    #    shared: each writes 10. Nothing between the two tied players.
    assert entries(R, 3) == dict([W("Аня", "Вера", 10), W("Борис", "Вера", 10)])


def test_rostov_deal_4_six_after_two_raspasy_and_half_responsibility():
    # 4. after two raspasy a 6 is still allowed (exit 6 6 6).
    #    Борис 6c 7 Вера whist 2 Аня whist 1: v = 2; Вера 2 × 2 = 4, Аня 1 × 2 = 2;
    #    defence 3 < 4: Аня took 1 < 2 → (2 − 1) × 2 × 1 × ½ = 1 into her gora.
    assert _steps(R)[4].deal.contract.level == 6
    assert entries(R, 4) == dict([W("Вера", "Борис", 4), W("Аня", "Борис", 2), G("Аня", 1),
                                  P("Борис", 2)])


def test_rostov_deal_6_zero_tricks_earns_one():
    # 6. raspasy Аня 0 Борис 4 Вера 6: Аня writes 4 × 5 = 20 on Борис, 6 × 5 = 30 on Вера,
    #    and her 0 tricks earn 1 pulya (raspasy.zero one).
    assert entries(R, 6) == dict([W("Аня", "Борис", 20), W("Аня", "Вера", 30), P("Аня", 1)])


def test_rostov_deal_9_gentleman_shortfall_half():
    # 9. Аня 6d 8 Борис whist 1 Вера pass (1): v = 2, defence 2.
    #    whists 2 × 2 × 1 = 4, half each = 2; shortfall (4 − 2) × 2 × 1 × ½ = 2, half each = 1.
    assert entries(R, 9) == dict([W("Борис", "Аня", 2), W("Вера", "Аня", 2), G("Борис", 1),
                                  G("Вера", 1), P("Аня", 2)])


def test_rostov_deal_10_tie_in_fractions():
    # 10. raspasy Аня 1 Борис 1 Вера 8: (8 − 1) × 5 = 35 on Вера, shared: 35/2 each.
    assert entries(R, 10) == dict([W("Аня", "Вера", F(35, 2)), W("Борис", "Вера", F(35, 2))])


def test_rostov_deal_16_zero_tricks_writes_and_scores():
    # 16. raspasy Аня 2 Борис 0 Вера 8: Борис writes 2 × 5 = 10 on Аня and 8 × 5 = 40 on Вера;
    #     pulya + 1. (Deal 15, raspasy 4 3 3: Борис and Вера tie, 5/2 each on Аня.)
    assert entries(R, 15) == dict([W("Борис", "Аня", F(5, 2)), W("Вера", "Аня", F(5, 2))])
    assert entries(R, 16) == dict([W("Борис", "Аня", 10), W("Борис", "Вера", 40), P("Борис", 1)])


def test_rostov_deal_19_help():
    # 19. Аня 7s 7 Борис whist 1 Вера pass (2): v = 4, defence 3: 3 × 4 = 12, half each = 6.
    #     Аня 19 + 4: 1 closes her pulya; 3 help the partner with the largest pulya,
    #     Борис (13, Вера has 12): Борис 13 → 16, Аня writes 3 × 10 = 30 on him.
    assert sheet_before(R, 19)[0] == {"Аня": 19, "Борис": 13, "Вера": 12}
    assert entries(R, 19) == dict([W("Борис", "Аня", 6), W("Вера", "Аня", 6), P("Аня", 1),
                                   P("Борис", 3), W("Аня", "Борис", 30)])


def test_rostov_deal_21_zero_tricks_on_a_closed_pulya_helps():
    # 21. raspasy Аня 0 Борис 4 Вера 6: Аня writes 20 on Борис and 30 on Вера. Her pulya is
    #     closed (20), so her 1 point helps the only open partner, Вера (16 → 17): 10 whists.
    assert sheet_before(R, 21)[0] == {"Аня": 20, "Борис": 20, "Вера": 16}
    #     On Вера that makes 30 + 10 = 40.
    assert entries(R, 21) == dict([W("Аня", "Борис", 20), W("Аня", "Вера", 40), P("Вера", 1)])


def test_rostov_deal_23_last_misere_overflows():
    # 23. Вера misere 0: 10 points; 3 close her pulya (17 → 20), nobody is open to be helped,
    #     so 7 come off her own gora. Every pulya is closed: the game is over.
    assert entries(R, 23) == dict([P("Вера", 3), G("Вера", -7)])


def test_rostov_final_result():
    # pulya 20 each: the pulya term is 0.
    # gora  Аня 1 (deal 4), Борис 1 (deal 9), Вера 4 + 1 + 6 − 7 = 4; sum 6, mean 2.
    # whists
    #   Аня→Борис 2 + 20 + 4 + 30 + 4 + 20 = 80
    #   Аня→Вера 10 + 12 + 30 + 35/2 + 8 + 4 + 18 + 30 + 10 + 5/2 = 142
    #   Борис→Аня 4 + 4 + 2 + 5/2 + 10 + 6 = 57/2
    #   Борис→Вера 10 + 12 + 35/2 + 4 + 40 + 4 + 12 + 40 + 5/2 = 142
    #   Вера→Аня 4 + 5 + 4 + 2 + 5/2 + 6 = 47/2
    #   Вера→Борис 15 + 4 + 8 + 4 = 31
    # Аня:   −10 (1 − 2) = 10;  net 80 + 142 − 57/2 − 47/2 = 170      → 180
    # Борис: −10 (1 − 2) = 10;  net 57/2 + 142 − 80 − 31 = 119/2      → 139/2
    # Вера:  −10 (4 − 2) = −20; net 47/2 + 31 − 142 − 142 = −459/2    → −499/2;  sum 0.
    # Money at 0.10: 18.00, 6.95, −24.95 (exact).
    _, report, state, settlement, _ = _built(R)
    assert state.pulya == {"Аня": 20, "Борис": 20, "Вера": 20}
    assert state.gora == {"Аня": 1, "Борис": 1, "Вера": 4}
    assert report["whists"] == {"Аня": {"Борис": 80, "Вера": 142},
                                "Борис": {"Аня": F(57, 2), "Вера": 142},
                                "Вера": {"Аня": F(47, 2), "Борис": 31}}
    assert settlement.result == {"Аня": 180, "Борис": F(139, 2), "Вера": F(-499, 2)}
    assert settlement.money == {"Аня": Decimal("18.00"), "Борис": Decimal("6.95"),
                                "Вера": Decimal("-24.95")}


# --- classic-3: Аня Борис Вера, pulya 20, 0.10 a whist --------------------------------------------
#
# Classic: Sochi values and whists (rate 1, remise 1, consolation 1, responsibility full, lone
# whister greedy, ten whisted, raspasy 1 2 3, exit 6 7 7, zero earns the price), split half (a
# made game: half into the pulya, half off the own gora; raspasy bonuses are not split), overflow
# help at 10, end each, settle 10 / 10; dark raspasy ×2 ×4 ×8, dark game ×2, bombs ×2 ×4 ×8.
# Deals 1-18 are the разбойник (each player's 6, 7, 8, 9, 10 and misère), 19-24 the two laps
# of raspasy, then free bidding.

C = CLASSIC


def test_classic_robber_stage():
    game, _, _, _, steps = _built(C)
    players = game.table.players
    owed = {p: [] for p in players}
    for step in steps[:18]:
        deal = step.deal
        assert deal.kind.value == "contract"
        owed[deal.declarer].append("misere" if deal.contract.level is None else str(deal.contract.level))
    assert {p: sorted(g) for p, g in owed.items()} == {
        p: sorted(["6", "7", "8", "9", "10", "misere"]) for p in players}
    _, state = state_after(C, 18)
    assert not any(state.robber_owed.values()) and state.robber_raspasy_left == 6
    assert [step.deal.kind.value for step in steps[18:24]] == ["raspasy"] * 6
    _, state = state_after(C, 23)
    assert robber.in_stage(state) and state.robber_raspasy_left == 1
    _, state = state_after(C, 24)
    assert not robber.in_stage(state)


def test_classic_deal_1_split():
    # 1. Аня 6s 6 Борис whist 2 Вера whist 2: v = 2, whists 2 × 2 = 4 each;
    #    split: 1 into the pulya, 1 off her gora (which goes to −1).
    assert entries(C, 1) == dict([W("Борис", "Аня", 4), W("Вера", "Аня", 4), G("Аня", -1),
                                  P("Аня", 1)])


def test_classic_deal_5_greedy_remise():
    # 5. Борис 7s 6 Вера whist 3 Аня pass (1): v = 4, down 1: gora 4 (not split: a failed game).
    #    greedy: Вера writes the whole defence 4 × 4 = 16, plus consolation 4 = 20;
    #    the passer Аня writes consolation 4.
    assert entries(C, 5) == dict([W("Вера", "Борис", 20), W("Аня", "Борис", 4), G("Борис", 4)])


def test_classic_deal_18_ten_pair_low_quota():
    # 18. Вера 10h 10 Аня whist 0 Борис whist 0: v = 10, both whisted the quota-1 ten and took
    #     nothing: the second defender from Вера (Борис) pays 1 × 10 × 1 × 1 = 10.
    #     Split: 5 into Вера's pulya, 5 off her gora.
    assert entries(C, 18) == dict([G("Борис", 10), G("Вера", -5), P("Вера", 5)])


def test_classic_raspasy_laps():
    # 19-24: six raspasy in a row at 1, 2, 3, 3, 3, 3 a trick; in 23 Аня took none and earns the
    # price, 3, in full (raspasy bonuses are not split); the first free game must be a 7 or more.
    assert entries(C, 19) == dict([G("Аня", 4), G("Борис", 2), G("Вера", 4)])
    assert entries(C, 20) == dict([G("Аня", 6), G("Борис", 8), G("Вера", 6)])
    assert entries(C, 23) == dict([G("Борис", 18), G("Вера", 12), P("Аня", 3)])
    assert entries(C, 24) == dict([G("Аня", 9), G("Борис", 9), G("Вера", 12)])
    _, state = state_after(C, 24)
    assert state.raspasy_streak == 6
    game, state = state_after(C, 24)
    with pytest.raises(IllegalDealError, match="lowest contract is 7"):
        family_of(game.table).play(parse_deal("Аня 6s 6 Борис whist 2 Вера whist 2",
                                              game.table.players, ALL_WORDS), state)


def test_classic_deal_25_dark_game():
    # 25. Аня 7nt dark 7 Борис whist 3 Вера pass: m = dark.game 2; v = 4.
    #     greedy: Борис writes 3 × 4 × 2 = 24; made 4 × 2 = 8: 4 into the pulya, 4 off the gora.
    assert entries(C, 25) == dict([W("Борис", "Аня", 24), G("Аня", -4), P("Аня", 4)])


def test_classic_deal_26_dark_raspasy_and_bombs():
    # 26. raspasy dark 1 Аня 3 Борис 3 Вера 4 looked: the first raspasy after a game, price 1,
    #     × dark.raspasy 2: Аня 6, Борис 6, Вера 8. Аня and Борис passed without looking: a
    #     bomb ×2 each; Вера looked first: rank 1 − 1 = 0, no bomb.
    assert entries(C, 26) == dict([G("Аня", 6), G("Борис", 6), G("Вера", 8), B("Аня", 1),
                                   B("Борис", 1)])
    _, state = state_after(C, 26)
    assert state.bombs == {"Аня": [2], "Борис": [2], "Вера": []}


def test_classic_deal_27_failed_on_a_bomb():
    # 27. Борис 6s 5 Вера whist 2 Аня whist 3, on his bomb: m = 2, v = 2, down 1.
    #     Вера 2 × 2 × 2 = 8 + consolation 1 × 2 × 2 = 4 → 12; Аня 3 × 2 × 2 = 12 + 4 → 16;
    #     gora 1 × 2 × 2 = 4. A failed game leaves the bomb.
    assert entries(C, 27) == dict([W("Вера", "Борис", 12), W("Аня", "Борис", 16), G("Борис", 4)])
    _, state = state_after(C, 27)
    assert state.bombs["Борис"] == [2]


def test_classic_deal_28_made_on_a_bomb():
    # 28. Борис 7h 7 Вера whist 2 Аня whist 1, on the same bomb: m = 2, v = 4.
    #     Вера 2 × 4 × 2 = 16, Аня 1 × 4 × 2 = 8; made 8: 4 pulya, 4 off the gora;
    #     the bomb is extinguished.
    assert entries(C, 28) == dict([W("Вера", "Борис", 16), W("Аня", "Борис", 8), G("Борис", -4),
                                   P("Борис", 4), B("Борис", -1)])
    _, state = state_after(C, 28)
    assert state.bombs["Борис"] == [] and state.bombs_done["Борис"] == [2]


def test_classic_deal_30_misere_fails_on_a_bomb():
    # 30. Аня misere 1 on her bomb: 1 × 10 × 2 = 20 into the gora; the bomb stays.
    assert entries(C, 30) == dict([G("Аня", 20)])


def test_classic_deal_31_help_skips_the_short_whister():
    # 31. Вера 10d 10 Аня whist 0 Борис pass: quota 1, Аня whisted alone and the defence took
    #     nothing: greedy, full: (1 − 0) × 10 = 10 into Аня's gora, and she may not be helped.
    #     Вера made 10: 5 off her gora; 5 for the pulya: 1 closes it (19 → 20), 3 help Борис
    #     (17 → 20, 30 whists), Аня (19) is barred, the last 1 comes off Вера's gora.
    assert sheet_before(C, 31)[0] == {"Аня": 19, "Борис": 17, "Вера": 19}
    assert entries(C, 31) == dict([G("Аня", 10), G("Вера", -6), P("Вера", 1), P("Борис", 3),
                                   W("Вера", "Борис", 30)])


def test_classic_deal_32_last_raspasy_closes():
    # 32. raspasy Аня 0 Борис 5 Вера 5 (#1 at 1): Аня earns the price 1, 19 → 20: all closed.
    assert entries(C, 32) == dict([G("Борис", 5), G("Вера", 5), P("Аня", 1)])


def test_classic_final_result():
    # pulya 20 each: the pulya term is 0.
    # gora after the разбойник: Аня −1 + 2 − 2 + 6 + 10 − 4 − 5 = 6; Борис −1 + 4 − 3 − 5 − 4
    #   + 10 + 10 = 11; Вера −1 − 2 − 3 − 5 + 8 − 5 = −8.
    # after the laps: Аня 6 + 4 + 6 + 6 + 15 + 9 = 46; Борис 11 + 2 + 8 + 15 + 3 + 18 + 9 = 66;
    #   Вера −8 + 4 + 6 + 9 + 12 + 12 + 12 = 47.
    # final: Аня 46 − 4 + 6 + 20 + 10 = 78; Борис 66 + 6 + 4 − 4 + 5 = 77;
    #   Вера 47 + 8 − 3 − 6 + 5 = 51.  Sum 206, mean 206/3.
    # whists Аня→Борис 2 + 4 + 6 + 8 + 10 + 16 + 8 = 54     Аня→Вера 4 + 12 + 24 + 6 = 46
    #        Борис→Аня 4 + 8 + 18 + 8 + 24 = 62             Борис→Вера 4 + 8 + 8 + 6 = 26
    #        Вера→Аня 4 + 4 + 12 = 20                       Вера→Борис 4 + 20 + 6 + 20 + 12 + 16 + 30 = 108
    # Аня:   −10 (78 − 206/3) = −280/3; net 100 − 82 = 18    → −226/3
    # Борис: −10 (77 − 206/3) = −250/3; net 88 − 162 = −74   → −472/3
    # Вера:  −10 (51 − 206/3) = 530/3;  net 128 − 72 = 56    → 698/3;  sum 0.
    # Money at 0.10: −753 1/3, −1573 1/3, 2326 2/3 cents → floors −754, −1574, 2326 (sum −2);
    # remainders all 2/3: Аня and Борис get a cent → −7.53, −15.73, 23.26.
    # Аня's bomb ×2 is still waiting (her misère failed on it); Борис's was extinguished.
    _, report, state, settlement, _ = _built(C)
    assert state.pulya == {"Аня": 20, "Борис": 20, "Вера": 20}
    assert state.gora == {"Аня": 78, "Борис": 77, "Вера": 51}
    assert report["whists"] == {"Аня": {"Борис": 54, "Вера": 46}, "Борис": {"Аня": 62, "Вера": 26},
                                "Вера": {"Аня": 20, "Борис": 108}}
    assert report["bombs"] == {"Аня": [2], "Борис": [], "Вера": []}
    assert report["bombs_extinguished"] == {"Аня": [], "Борис": [2], "Вера": []}
    assert settlement.result == {"Аня": F(-226, 3), "Борис": F(-472, 3), "Вера": F(698, 3)}
    assert settlement.money == {"Аня": Decimal("-7.53"), "Борис": Decimal("-15.73"),
                                "Вера": Decimal("23.26")}


# --- gusarik-2: Аня Борис and a dummy, pulya 20, 0.10 a whist ---------------------------------------
#
# Гусарик: the Sochi sheet for two (rate 1, remise 1, consolation 1, full responsibility,
# greedy, raspasy 1 2 3 with exit 6 7 7, zero earns the price, help 10, end each, settle 10 / 10).
# The dummy has no sheet: on a game its tricks count for the lone defender, who writes them too;
# on raspasy the dummy's tricks count for nobody.

GU = GUSARIK


def test_gusarik_shape():
    _, report, state, _, steps = _built(GU)
    assert report["deals"] == len(steps) == 17
    assert state.players == ("Аня", "Борис")


def test_gusarik_deal_1_defender_writes_the_dummy():
    # 1. Аня 6s 6 Борис whist 2: the dummy took 10 − 6 − 2 = 2; the defence is 4:
    #    Борис writes 4 × 2 × 1 = 8. Аня pulya + 2.
    assert entries(GU, 1) == dict([W("Борис", "Аня", 8), P("Аня", 2)])


def test_gusarik_deal_2_remise():
    # 2. Борис 7h 6 Аня whist 3 (dummy 1): defence 4 × 4 = 16, down 1: consolation 4 → 20;
    #    Борис gora 1 × 4 = 4.
    assert entries(GU, 2) == dict([W("Аня", "Борис", 20), G("Борис", 4)])


def test_gusarik_deals_3_4_raspasy_with_the_dummy():
    # 3. raspasy Аня 3 Борис 2: the dummy took the other 5, which cost nobody anything;
    #    #1 at 1: gora 3 and 2.
    # 4. raspasy Аня 0 Борис 4: #2 at 2: Борис 8; Аня took none: pulya + 2.
    assert entries(GU, 3) == dict([G("Аня", 3), G("Борис", 2)])
    assert entries(GU, 4) == dict([G("Борис", 8), P("Аня", 2)])
    assert _steps(GU)[5].deal.contract.level == 7  # the exit after two raspasy


def test_gusarik_deal_6_shortfall_with_the_dummy():
    # 6. Аня 6c 8 Борис whist 1: the dummy took 1, the defence 2 < quota 4.
    #    Борис writes 2 × 2 = 4 and pays (4 − 2) × 2 × 1 × 1 = 4 into his gora.
    assert entries(GU, 6) == dict([W("Борис", "Аня", 4), G("Борис", 4), P("Аня", 2)])


def test_gusarik_deal_11_dummys_trick_meets_the_quota_and_help():
    # 11. Аня 9s 9 Борис whist 0: Борис took nothing but the dummy took 1 = quota 1:
    #     no shortfall, and Борис writes 1 × 8 = 8. Аня 16 + 8: 4 close her pulya, 4 help
    #     Борис (10 → 14) at 10 whists a point = 40.
    assert sheet_before(GU, 11)[0] == {"Аня": 16, "Борис": 10}
    assert entries(GU, 11) == dict([W("Борис", "Аня", 8), P("Аня", 4), P("Борис", 4),
                                    W("Аня", "Борис", 40)])


def test_gusarik_deal_16_ten_after_three_raspasy():
    # 13-15: three raspasy at 1, 2, 3 (15: Борис took none, + the price 3).
    # 16. Борис 10nt 9 Аня whist 1 (exit 7 or more): v = 10, the defence 1 (the dummy none);
    #     Аня 1 × 10 + consolation 10 = 20; Борис gora 10.
    assert entries(GU, 15) == dict([G("Аня", 6), P("Борис", 3)])
    assert entries(GU, 16) == dict([W("Аня", "Борис", 20), G("Борис", 10)])


def test_gusarik_deal_17_closes():
    # 17. Борис 7s 7 Аня whist 2 (dummy 1): Аня 3 × 4 = 12. Борис 19 + 4: 1 closes his pulya,
    #     Аня is closed, 3 come off his gora. Both pulyas closed: the game is over.
    assert entries(GU, 17) == dict([W("Аня", "Борис", 12), P("Борис", 1), G("Борис", -3)])


def test_gusarik_final_result():
    # pulya 20 / 20: no pulya term.
    # gora  Аня 3 + 2 + 4 + 2 + 6 = 17 (raspasy 3, 10, 13, 14, 15)
    #       Борис 4 + 2 + 8 + 4 + 20 + 5 + 3 + 2 + 10 − 3 = 55;  mean 36.
    # whists Борис→Аня 8 + 4 + 8 = 20;  Аня→Борис 20 + 12 + 40 + 8 + 20 + 12 = 112.
    # Аня:   −10 (17 − 36) = 190;  net 112 − 20 = 92   → 282
    # Борис: −10 (55 − 36) = −190; net −92             → −282
    # Money at 0.10: ±28.20.
    _, report, state, settlement, _ = _built(GU)
    assert state.pulya == {"Аня": 20, "Борис": 20}
    assert state.gora == {"Аня": 17, "Борис": 55}
    assert report["whists"] == {"Аня": {"Борис": 112}, "Борис": {"Аня": 20}}
    assert settlement.result == {"Аня": 282, "Борис": -282}
    assert settlement.money == {"Аня": Decimal("28.20"), "Борис": Decimal("-28.20")}
