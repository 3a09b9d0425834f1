"""Every table's rules, round two (issue 29): the dealer who deals again after a raspasy and
the variants other tables and programs play (conventions.md §1.5, §1.7), each with exact
numbers, and each default leaving today's numbers as they were (Sochi, players A, B, C)."""

from __future__ import annotations

import pytest
from cli_kit import ok
from conftest import _game, play

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
