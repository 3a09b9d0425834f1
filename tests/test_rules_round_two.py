"""Every table's rules, round two (issue 29): the dealer who deals again after a raspasy and
the variants other tables and programs play (conventions.md §1.5, §1.7), each with exact
numbers, and each default leaving today's numbers as they were (Sochi, players A, B, C)."""

from __future__ import annotations

import json

import pytest
from cli_kit import ok
from conftest import _game, play, whists

from pulka.errors import IllegalDealError
from pulka.replay import final_state, steps

REPEAT = "deal.repeat_after_raspasy"


def dealers(lines: list[str], players: tuple[str, ...] = ("A", "B", "C"),
            **options: object) -> tuple[list[str | None], str]:
    """Who dealt each deal, and who deals the next one."""
    game = _game(lines, players, "sochi", options)
    played = [(step.dealer, state.dealer) for step, state in steps(game)]
    return [dealer for dealer, _next in played], played[-1][1]


def test_the_deal_moves_after_every_raspasy_by_default() -> None:
    raspasy = ["raspasy A 4 B 3 C 3"] * 3
    assert dealers(raspasy) == (["A", "B", "C"], "A")


def test_after_a_raspasy_the_same_dealer_deals_again_up_to_n_in_a_row() -> None:
    lines = ["raspasy A 4 B 3 C 3", "raspasy A 4 B 3 C 3", "raspasy A 4 B 3 C 3",
             "A 7s B pass C pass", "raspasy A 4 B 3 C 3", "raspasy A 4 B 3 C 3"]
    # N = 1: the 1st raspasy in a row is dealt again by its dealer (A); the 2nd (2 > 1) moves
    # the deal to B, and so does the 3rd (to C); C deals the game (7♠: the exit after 3 is 7)
    # and the deal moves to A, whose raspasy starts a new count: A deals again, then B
    assert dealers(lines, **{REPEAT: 1}) == (["A", "A", "B", "C", "A", "A"], "B")
    # N = 2: A deals the 1st and 2nd raspasy again; after the 3rd the deal moves on
    assert dealers(lines, **{REPEAT: 2}) == (["A", "A", "A", "B", "C", "C"], "C")


def test_the_dealer_who_deals_again_sits_out_again_at_four() -> None:
    players = ("A", "B", "C", "D")
    lines = ["raspasy B 4 C 3 D 3", "raspasy B 2 C 3 D 5", "raspasy C 4 D 3 A 3"]
    # A deals and sits out the first two (the second dealt again), B the third
    assert dealers(lines, players, **{REPEAT: 1}) == (["A", "A", "B"], "C")
    # A's hand in the second raspasy is refused as at any deal he sits out
    game = _game(["raspasy B 4 C 3 D 3", "raspasy A 4 C 3 D 3"], players, "sochi", {REPEAT: 1})
    with pytest.raises(IllegalDealError, match="A deals this deal and sits it out"):
        list(steps(game))
    # the prices still climb table-wide: 1, 2, 3 a trick (Sochi)
    assert play(lines, players, **{REPEAT: 1})["gora"] == {
        "A": 3 * 3, "B": 4 * 1 + 2 * 2, "C": 3 * 1 + 3 * 2 + 4 * 3, "D": 3 * 1 + 5 * 2 + 3 * 3}


def test_the_compiled_replay_deals_again_as_the_rules_do() -> None:
    # each round of five deals: two raspasy dealt again (the 1st in a row of each count)
    lines = ["raspasy A 4 B 3 C 3", "A 7s B pass C pass", "raspasy A 4 B 3 C 3",
             "raspasy A 3 B 4 C 3", "B 7h C pass A pass"] * 40
    game = _game(lines, ("A", "B", "C"), "sochi", {REPEAT: 1, "pulya": 1000})
    fast, _n = final_state(game, compiled=True, warm_up=0)
    full, _n = final_state(_game(lines, ("A", "B", "C"), "sochi", {REPEAT: 1, "pulya": 1000}),
                           compiled=False)
    assert fast == full and (fast.dealer, fast.dealt_again) == (full.dealer, 80)


def test_show_says_who_deals_again(tmp_path) -> None:
    game = tmp_path / "g.pulka"
    ok("new", game, "--players", "A", "B", "C", "--set", f"{REPEAT}=1")
    added = ok("add", game, "raspasy A 4 B 3 C 3")
    assert "next deal: A deals" in added.stdout
    assert "next deal: A deals" in ok("show", game, "--lang", "en").stdout
    ok("add", game, "raspasy A 3 B 4 C 3")
    assert "next deal: B deals" in ok("show", game, "--lang", "en").stdout


# --- the variants still missing (conventions.md §1.7, the new rows) ---------------------------

def test_either_defender_half_whists_whist_pass_half() -> None:
    retreat = ["A 7s B half C pass"]  # 7♠ is worth 4; B, the first defender, retreats
    with pytest.raises(IllegalDealError, match="only the second defender can half-whist"):
        play(retreat)
    report = play(retreat, **{"whist.half_by": "either"})
    assert report["pulya"]["A"] == 4  # not played: the game is A's
    assert whists(report) == {"B": {"A": 4}}  # quota 2 at a seven: 2/2 × 4, the same credit
    # the second defender half-whists as before
    assert whists(play(["A 7s B pass C half"], **{"whist.half_by": "either"})) == {"C": {"A": 4}}
    with pytest.raises(IllegalDealError, match="B can retreat to a half-whist only after C passed"):
        play(["A 7s B half C whist"], **{"whist.half_by": "either"})
    with pytest.raises(IllegalDealError, match="half-whist is not allowed on a 8"):
        play(["A 8s B half C pass"], **{"whist.half_by": "either"})


def test_greedy_unless_remise() -> None:
    lone = {"whist.lone": "greedy_unless_remise"}
    made = ["A 6s 6 B whist 3 C pass 1"]  # 6♠ is worth 2; the defence took 4
    assert whists(play(made, **lone)) == {"B": {"A": 4 * 2}}  # greedy: all 4 tricks × 2
    assert whists(play(made, **{"whist.lone": "gentleman_on_remise"})) == {"B": {"A": 3 * 2}}
    failed = ["A 6s 5 B whist 3 C pass 2"]  # down 1: the defence took 5
    # gentleman: 5 × 2 = 10 shared, 5 each; consolation 1 × 2 from each defender
    assert whists(play(failed, **lone)) == {"B": {"A": 5 + 2}, "C": {"A": 5 + 2}}
    assert whists(play(failed)) == {"B": {"A": 10 + 2}, "C": {"A": 2}}  # Sochi: greedy
    # a made game's shortfall is all the whister's, as greedy
    short = ["A 6s 8 B whist 1 C pass 1"]  # the defence took 2 of 4: 2 × 2 into B's gora
    assert play(short, **lone)["gora"] == {"A": 0, "B": 4, "C": 0}


def test_both_whisters_pay_the_whole_low_quota_shortfall() -> None:
    deal = ["A 8h 10 B whist 0 C whist 0"]  # 8♥ is worth 6; quota 1, the defence took none
    assert play(deal)["gora"] == {"A": 0, "B": 0, "C": 6}  # second: C pays 1 × 6
    assert play(deal, **{"whist.pair_low_quota": "both_half"})["gora"] == \
        {"A": 0, "B": 3, "C": 3}  # 6 / 2 each
    assert play(deal, **{"whist.pair_low_quota": "both_full"})["gora"] == \
        {"A": 0, "B": 6, "C": 6}  # 1 × 6 each


def test_a_failed_checked_ten_without_consolation() -> None:
    deal = ["A 10s 9 B pass C pass"]  # Leningrad checks a ten: played out; 10♠ is worth 10
    report = play(deal, convention="leningrad")
    assert report["gora"]["A"] == 1 * 10 * 2  # down 1 × 10 × remise.gora 2
    assert whists(report) == {"B": {"A": 20}, "C": {"A": 20}}  # 1 × 10 × consolation 2 each
    none = play(deal, convention="leningrad", **{"ten.consolation": "none"})
    assert none["gora"]["A"] == 20 and whists(none) == {}
    # a whisted ten (Sochi) still gets its consolation
    assert whists(play(["A 10s 9 B whist 1 C pass"], **{"ten.consolation": "none"})) == \
        {"B": {"A": 1 * 10 + 1 * 10}, "C": {"A": 10}}


def test_the_dealers_talon_tricks_scored_as_a_players() -> None:
    players = ("A", "B", "C", "D")  # A deals and sits out; his talon tricks: none
    deal = ["raspasy B 4 C 3 D 3"]
    dealer = play(deal, players, **{"raspasy.talon": "dealer", "raspasy.amnesty": True})
    # dealer: the amnesty's fewest is 3 (B, C, D): gora B 1; C and D took tricks, no bonus
    assert dealer["gora"] == {"A": 0, "B": 1, "C": 0, "D": 0}
    assert dealer["pulya"] == {"A": 0, "B": 0, "C": 0, "D": 0}
    plays = play(deal, players, **{"raspasy.talon": "dealer_plays", "raspasy.amnesty": True})
    # dealer_plays: A's 0 is the fewest, nothing comes off; A took none: the price (1) in pulya
    assert plays["gora"] == {"A": 0, "B": 4, "C": 3, "D": 3}
    assert plays["pulya"] == {"A": 1, "B": 0, "C": 0, "D": 0}
    # his tricks taken: charged at the price as under dealer
    took = play(["raspasy B 4 C 2 D 2 A 2"], players, **{"raspasy.talon": "dealer_plays"})
    assert took["gora"] == {"A": 2, "B": 4, "C": 2, "D": 2} and not any(took["pulya"].values())


def test_settle_rounding_whole_apart() -> None:
    deals = ["adjust pulya A 1 gora C 1"]  # pulya 1 0 0, gora 0 0 1; no whists
    # exact: 10 × (pulya − 1/3) − 10 × (gora − 1/3): A 20/3 + 10/3 = 10, B 0, C −10
    assert play(deals)["result"] == {"A": 10, "B": 0, "C": -10}
    # whole_apart: A writes 1 × 10 ÷ 3 = 3 1/3 → 3 on B and on C for his pulya; A and B
    # write as much on C for his gora
    assert play(deals, **{"settle.rounding": "whole_apart"})["result"] == \
        {"A": 3 + 3 + 3, "B": -3 + 3, "C": -3 - 3 - 3}
    # whole folds the pulya in: goras 0 + 19, 20, 1 + 20 → 0, 1, 2 after the amnesty of 19;
    # shares 0, 10/3 → 3, 20/3 → 7: A +10, B 10 − 3 × 3 = +1, C 10 − 3 × 7 = −11
    assert play(deals, **{"settle.rounding": "whole"})["result"] == {"A": 10, "B": 1, "C": -11}


def test_whole_apart_explained_the_paper_way(tmp_path) -> None:
    game = tmp_path / "g.pulka"
    ok("new", game, "--players", "A", "B", "C", "--set", "settle.rounding=whole_apart")
    ok("add", game, "adjust pulya A 1 gora C 1")
    out = ok("settle", game, "--explain", "--lang", "en").stdout
    for line in ("1. Amnesty of the pulya and of the gora", "2. The pulya into whists",
                 "A: 1 × 10 ÷ 3 = 3 1/3 on each of the others",
                 "rounded to a whole whist (a half down): 3", "3. The gora into whists",
                 "C: 1 × 10 ÷ 3 = 3 1/3 from each of the others", "4. Whists netted pair by pair",
                 "A – C: 6 − 0: 6 to A", "5. The result in whists", "C: -9"):
        assert line in out, (line, out)


def test_a_game_given_up_without_three() -> None:
    given_up = {"without_three": True}
    deal = ["A 7s without3 B whist C pass"]  # 7♠ is worth 4
    with pytest.raises(IllegalDealError, match="without_three: no"):
        play(deal)
    report = play(deal, **given_up)
    assert report["gora"] == {"A": 3 * 4, "B": 0, "C": 0} and whists(report) == {}
    assert report["pulya"]["A"] == 0
    # the Russian words, and Leningrad's gora of 2 per undertrick: 3 × 4 × 2
    assert play(["A 7s без трёх"], convention="leningrad", **given_up)["gora"]["A"] == 24
    assert play(["A 7s без3 B вист C пас"], **given_up)["gora"]["A"] == 12
    for line, why in (("A misere without3", "misère is not given up"),
                      ("A 7s 7 without3 B whist C pass", "leave the tricks out"),
                      ("A 7s without3 B pass C pass", "nothing to give up")):
        with pytest.raises(IllegalDealError, match=why):
            play([line], **given_up)
    # it is a game: the raspasy count starts again after it
    assert play(["raspasy A 4 B 3 C 3", "A 7s without3"], **given_up)["raspasy_streak"] == 0
    with pytest.raises(IllegalDealError, match="only in the Russian conventions"):
        play(["A s without3"], convention="croatian")


def test_the_new_keys_are_shown_and_set_from_a_table_file(tmp_path) -> None:
    english = ok("conventions", "show", "sochi", "--lang", "en").stdout
    russian = ok("conventions", "show", "sochi", "--lang", "ru").stdout
    for key, en, ru in (
            ("whist.half_by", "who may half-whist", "кто может сказать полвиста"),
            ("whist.lone", "greedy_unless_remise", "greedy_unless_remise"),
            ("whist.pair_low_quota", "both_full", "both_full"),
            ("ten.consolation", "a failed checked ten", "несыгранная проверяемая десятерная"),
            ("raspasy.talon", "dealer_plays", "dealer_plays"),
            ("settle.rounding", "whole_apart", "whole_apart"),
            ("without_three", "give up his contract before play", "без трёх"),
            ("deal.repeat_after_raspasy", "the same dealer deals again", "сдаёт тот же игрок"),
            ("five.rest", "who sits out besides the dealer", "кто отдыхает кроме сдающего")):
        assert key in english and en in english, key
        assert key in russian and ru in russian, key
    table = tmp_path / "ours.yaml"
    table.write_text("extends: sochi\nname: ours\nwithout_three: yes\n"
                     "whist:\n  half_by: either\n", encoding="utf-8")
    game = tmp_path / "g.pulka"
    ok("new", game, "--players", "A", "B", "C", "--convention", table)
    ok("add", game, "A 7s без трёх B вист C пас")
    ok("add", game, "B 6s C half A pass")
    report = json.loads(ok("settle", game, "--json").stdout)
    assert report["gora"] == {"A": 12, "B": 0, "C": 0}  # 3 × 4
    assert report["whists"] == {"C": {"B": 4}}  # C half-whisted the 6♠: 4/2 × 2
