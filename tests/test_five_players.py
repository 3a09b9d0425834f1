"""Five players (conventions.md §1.5): three hold cards, the dealer and one more sit out
(``five.rest``), the defenders are counted among the three, the sitters write and receive
nothing unless a key says so, and the settlement is over all five. The worked example is
tests/vectors/five/sochi-5p-example.yaml; these are the rules around it, with exact numbers
(Sochi, players A B C D E clockwise, A deals first)."""

from __future__ import annotations

import pytest
from conftest import _game, play, whists

from pulka.errors import IllegalDealError
from pulka.replay import final_state, steps

FIVE = ("A", "B", "C", "D", "E")
#: the worked example of §1.5 in the notation (pulya 10)
EXAMPLE = ["D 7s 7 B whist 2 C whist 1", "C 8h 6 D whist 4 E pass", "raspasy D 3 E 0 A 7",
           "raspasy E 2 A 0 B 8", "A misere 0", "B 6d C pass D half"]


def five(lines: list[str], **options: object) -> dict:
    return play(lines, FIVE, **options)


def seats(lines: list[str], **options: object) -> list[tuple[str | None, tuple[str, ...]]]:
    """Who dealt each deal and who sat it out: the state before each deal."""
    out = []
    for k in range(len(lines)):
        before = final_state(_game(lines[:k], FIVE, "sochi", options), compiled=False)[0]
        out.append((before.dealer, before.sitters))
    return out


def test_the_worked_example_in_the_notation() -> None:
    report = five(EXAMPLE, pulya=10)
    assert report["pulya"] == {"A": 10, "B": 2, "C": 2, "D": 4, "E": 1}
    assert report["gora"] == {"A": 7, "B": 16, "C": 12, "D": 3, "E": 4}
    assert whists(report) == {"A": {"C": 20}, "B": {"D": 8}, "C": {"D": 4},
                              "D": {"C": 36, "B": 4}, "E": {"C": 12}}
    # 10 × (pulya − 3.8) − 10 × (gora − 8.4) + net: A 62 + 14 + 20, B −18 − 76 + 4, ...
    assert report["result"] == {"A": 96, "B": -90, "C": -118, "D": 84, "E": 28}


def test_right_left_and_who_holds_cards() -> None:
    deals = ["D 6s B pass C pass", "C 6s D pass E pass", "D 6s E pass A pass"]
    # right: the dealer and his right-hand neighbour; the three to his left play
    assert seats(deals) == [("A", ("A", "E")), ("B", ("B", "A")), ("C", ("C", "B"))]
    left = ["C 6s D pass E pass", "D 6s E pass A pass", "E 6s A pass B pass"]
    assert seats(left, **{"five.rest": "left"}) == [
        ("A", ("A", "B")), ("B", ("B", "C")), ("C", ("C", "D"))]
    with pytest.raises(IllegalDealError, match="B sits this deal out, so cannot declare"):
        five(["B 6s C pass D pass"], **{"five.rest": "left"})
    with pytest.raises(IllegalDealError, match="E sits this deal out"):
        five(["D 7s 7 B whist 2 E whist 1"])
    with pytest.raises(IllegalDealError, match="A sits this deal out and takes no tricks"):
        five(["raspasy B 4 C 3 D 3 A 0"])


def test_manual_each_deal_names_its_two_sitters() -> None:
    manual = {"five.rest": "manual"}
    with pytest.raises(IllegalDealError, match="who sits this deal out besides A"):
        five(["D 7s 7 B whist 2 C whist 1"], **manual)
    # A deals; A and C sit out: B, D, E hold cards, and after D comes E, then B
    report = five(["rest A C D 7s 7 E whist 2 B whist 1"], **manual)
    assert whists(report) == {"E": {"D": 8}, "B": {"D": 4}}  # 2 × 4, 1 × 4
    assert five(["D 7s 7 E whist 2 B whist 1 отдыхают A C"], **manual) == report
    with pytest.raises(IllegalDealError, match="A deals this deal and sits it out"):
        five(["rest B C D 7s 7 E whist 2 A whist 1"], **manual)
    with pytest.raises(IllegalDealError, match="C sits this deal out"):
        five(["rest A C D 7s 7 C whist 2 B whist 1"], **manual)
    # where the seating says who, a deal may name them, but only rightly
    assert five(["rest E A D 7s 7 B whist 2 C whist 1"]) == five(["D 7s 7 B whist 2 C whist 1"])
    with pytest.raises(IllegalDealError, match=r"A and E sit this deal out \(five.rest: right\)"):
        five(["rest A B D 7s 7 C whist 2 E whist 1"])
    with pytest.raises(IllegalDealError, match="only at five players"):
        play(["rest A B C 6s A pass B pass"], ("A", "B", "C", "D"))
    # the deal after is seated again: B deals, and must name who sits with him
    game = _game(["rest A C D 7s 7 E whist 2 B whist 1", "rest B E C 6s D pass A pass"],
                 FIVE, "sochi", manual)
    assert [(s.dealer, s.deal.rest) for s, _state in steps(game)] == [
        ("A", ("A", "C")), ("B", ("B", "E"))]
    assert final_state(game, compiled=True, warm_up=0)[0] == \
        final_state(game, compiled=False)[0]


def test_the_second_defender_is_the_second_active_one() -> None:
    # A deals; B, C, D hold cards: against B the first defender is C, the second D
    deal = ["B 8h 10 C whist 0 D whist 0"]  # 8♥ (6), quota 1, the defence took nothing
    assert five(deal)["gora"] == {"A": 0, "B": 0, "C": 0, "D": 6, "E": 0}  # second: D
    with pytest.raises(IllegalDealError, match="only the second defender can half-whist"):
        five(["B 6d C half D pass"])


def test_the_sitters_write_consolation_only_under_all() -> None:
    deal = ["D 8h 6 B whist 4 C pass"]  # A deals, A and E sit out; 8♥ (6) down 2
    # greedy: B 4 × 6 = 24; consolation 2 × 6 = 12 from each defender
    assert whists(five(deal)) == {"B": {"D": 24 + 12}, "C": {"D": 12}}
    # all: both sitters write it too
    assert whists(five(deal, **{"remise.consolation_to": "all"})) == {
        "B": {"D": 36}, "C": {"D": 12}, "A": {"D": 12}, "E": {"D": 12}}


def test_the_talon_charges_the_dealer_alone() -> None:
    talon = {"raspasy.talon": "dealer"}
    report = five(["raspasy B 3 C 3 D 2 A 2"], **talon)  # A deals: the talon's 2 are his
    assert report["gora"] == {"A": 2, "B": 3, "C": 3, "D": 2, "E": 0}
    with pytest.raises(IllegalDealError, match="E sits this deal out and takes no tricks"):
        five(["raspasy B 3 C 3 D 2 E 2"], **talon)


def test_help_reaches_a_sitter_only_where_the_table_says() -> None:
    # deal 5 of the example: A's misère runs 2 past his pulya of 10; D (4) and E (1) sit out
    assert whists(five(EXAMPLE, pulya=10))["A"] == {"C": 20}  # B and C at 0: C, the smaller gora
    helped = five(EXAMPLE, pulya=10, **{"help.sitting_out": True})
    assert whists(helped)["A"] == {"D": 20}  # the largest pulya short of 10: D's 4, 2 × 10
    assert helped["pulya"] == {"A": 10, "B": 2, "C": 0, "D": 6, "E": 1}


def test_a_dark_raspasy_bombs_the_dealer_but_not_the_other_sitter() -> None:
    report = five(["raspasy dark 1 B 4 C 3 D 3"], bombs=True)
    assert report["bombs"] == {"A": [2], "B": [2], "C": [2], "D": [2], "E": []}


def test_end_total_is_five_pulyas() -> None:
    deals = ["B 6s C pass D pass", "C 6s D pass E pass", "D 6s E pass A pass",
             "E 6s A pass B pass", "A 6s B pass C pass"]  # each a 6♠ both passed: 2 points
    assert not five(deals[:4], pulya=2, end="total", overflow="keep")["finished"]  # 8 < 10
    assert five(deals, pulya=2, end="total", overflow="keep")["finished"]  # 10 = 5 × 2
