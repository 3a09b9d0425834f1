"""The Russian points conventions.md §4 settles (issue 13), one test each, through the CLI.

Each test's docstring says the point in a player's words; the numbers are worked by hand in
the comments. Sochi unless said: a made 6/7/8/9/10 is worth 2/4/6/8/10, help writes 10
whists per point on the helped partner, and the settlement is
``result_i = 10 × (pulya_i − mean pulya) − 10 × (gora_i − mean gora) + net whists_i``.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from cli_kit import exact, ok, refused, settle_json


def game(tmp_path: Path, players: str, *options: str, deals: tuple[str, ...] = ()) -> Path:
    """A journal made by `pulka new` and `pulka add`, one deal at a time."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    path = tmp_path / "g.pulka"
    ok("new", path, "--players", *players.split(), *options)
    for deal in deals:
        ok("add", path, deal)
    return path


def sets(**keys: object) -> list[str]:
    out: list[str] = []
    for key, value in keys.items():
        out += ["--set", f"{key.replace('__', '.')}={value}"]
    return out


def test_the_first_to_close_is_the_declarer_then_whom_his_help_closed(tmp_path):
    """premiums.prize: when one deal closes several pulyas, the declarer's own closes first,
    and then the ones his help closed, in the order the help went (the largest pulya first,
    not the seating order); the prize is his."""
    path = game(tmp_path, "A B C", "--pulya", "10", *sets(premiums__prize=100),
                deals=("adjust pulya A 2 B 9 C 6", "C 10s A pass B pass"))
    # C's 10♠ (10): 4 close his pulya, 6 are left. Help goes to the largest pulya first:
    # B (9) gets 1 and closes, then A (2) gets the other 5; C writes 10 on B and 50 on A.
    # Closed: C, then B (in seating order B would come first). C writes the prize, 100, on
    # A and on B.
    assert "closed pulya: C, B" in ok("show", path).stdout
    report = settle_json(path)
    assert report["pulya"] == {"A": 7, "B": 10, "C": 10}
    assert report["gora"] == {"A": 0, "B": 0, "C": 0}
    assert report["whists"] == {"C": {"A": 150, "B": 110}}
    # mean pulya 9. A: 10 × (7 − 9) − 150 = −170; B: 10 − 110 = −100; C: 10 + 260 = 270
    assert exact(report["result"]) == {"A": -170, "B": -100, "C": 270}
    assert report["finished"] is False


def test_tied_amnisters_share_the_amnesty_premium(tmp_path):
    """premiums.amnesty: when the smallest gora is held by more than one player at the moment
    a pulya first closes, they share the premium equally."""
    path = game(tmp_path, "A B C", "--pulya", "10", *sets(premiums__amnesty=60),
                deals=("A 6s 5 B whist 3 C whist 2", "adjust pulya B 8", "B 6s A pass C pass"))
    # deal 1: A down 1 on a six: gora 2; B writes 3 × 2 + 2 = 8, C 2 × 2 + 2 = 6 on A.
    # deal 3: B's six closes his pulya (8 + 2). Goras: A 2, B 0, C 0: B and C share the 60,
    # each writing 30 on each of the two others.
    report = settle_json(path)
    assert report["whists"] == {"B": {"A": 38, "C": 30}, "C": {"A": 36, "B": 30}}
    # mean pulya 10/3, mean gora 2/3.
    # A: −100/3 − 10 × 4/3 − 74 = −362/3; B: 200/3 + 20/3 + 38 = 334/3;
    # C: −100/3 + 20/3 + 36 = 28/3
    assert exact(report["result"]) == {"A": Fraction(-362, 3), "B": Fraction(334, 3),
                                       "C": Fraction(28, 3)}


def test_a_jump_closes_as_the_settlement_would_and_the_game_ends_after_the_last(tmp_path):
    """premiums.jumps: when the first pulya of a jump closes (after that deal's help), the
    premiums are written, every unfinished pulya goes into its owner's gora as the settlement
    would put it there (here at 20 ÷ 10 = 2 gora a point), all pulyas start again at 0, and
    the game is over after the last jump."""
    options = sets(premiums__prize=50, premiums__jumps=2, settle__pulya_whists=20)
    path = game(tmp_path, "A B C", "--pulya", "10", *options,
                deals=("adjust pulya A 9 B 5 C 2", "A 6s B pass C pass"))
    # jump 1: A's six (2): 1 closes his pulya, 1 helps B (5 → 6; A writes 10 on B). A writes
    # the prize, 50, on B and C. B's unfinished 4 and C's 8 go into their goras × 2.
    report = settle_json(path)
    assert (report["pulya"], report["gora"]) == ({"A": 0, "B": 0, "C": 0},
                                                 {"A": 0, "B": 8, "C": 16})
    assert report["whists"] == {"A": {"B": 60, "C": 50}}
    assert report["finished"] is False
    for deal in ("adjust pulya C 8", "C 7s A pass B pass"):
        ok("add", path, deal)
    # jump 2: C's seven (4): 2 close his pulya, 2 help. A and B both have 0; A's gora is the
    # smaller, so A gets 2 (C writes 20 on A). C writes 50 on A and B. A's unfinished 8 and
    # B's 10 go into the goras × 2: A 16, B 8 + 20 = 28, C 16. Two jumps: the game is over.
    report = settle_json(path)
    assert (report["pulya"], report["gora"]) == ({"A": 0, "B": 0, "C": 0},
                                                 {"A": 16, "B": 28, "C": 16})
    assert report["whists"] == {"A": {"B": 60, "C": 50}, "C": {"A": 70, "B": 50}}
    assert report["finished"] is True
    # mean gora 20. A: −10 × (16 − 20) + 110 − 70 = 80; B: −80 − 110 = −190;
    # C: 40 + 120 − 50 = 110
    assert exact(report["result"]) == {"A": 80, "B": -190, "C": 110}
    refused(tmp_path, "add", path, "A 6s B pass C pass", needles=("the game is over",))


def test_no_help_for_a_gentleman_passer_who_shared_the_shortfall(tmp_path):
    """Help: a partner who paid a shortfall penalty in the deal gets no help from it — the
    whister, and under the gentleman's whist the passer who shared that penalty too."""
    deals = ("adjust pulya A 8 B 9 C 9", "A 7s 9 B whist 1 C pass 0")
    # A's 7♠ (4) made with 9: the defence took 1 of its 2. A's 4: 2 close his pulya, 2 left.
    gentleman = settle_json(game(tmp_path / "g", "A B C", "--pulya", "10",
                            *sets(whist__lone="gentleman"), deals=deals))
    # gentleman: the shortfall (2 − 1) × 4 = 4 is shared, 2 each into B's and C's gora; the
    # trick whists 1 × 4 are shared, 2 each. Neither may be helped: A's 2 come off his gora.
    assert gentleman["pulya"] == {"A": 10, "B": 9, "C": 9}
    assert gentleman["gora"] == {"A": -2, "B": 2, "C": 2}
    assert gentleman["whists"] == {"B": {"A": 2}, "C": {"A": 2}}
    # mean pulya 28/3, mean gora 2/3. A: 20/3 + 80/3 − 4 = 88/3; B: −10/3 − 40/3 + 2 = −44/3
    assert exact(gentleman["result"]) == {"A": Fraction(88, 3), "B": Fraction(-44, 3),
                                          "C": Fraction(-44, 3)}
    greedy = settle_json(game(tmp_path / "s", "A B C", "--pulya", "10", deals=deals))
    # Sochi's greedy whist: B alone pays the 4; C paid nothing and is helped: 1 point closes
    # his pulya (A writes 10 on C), the last 1 comes off A's gora.
    assert greedy["pulya"] == {"A": 10, "B": 9, "C": 10}
    assert greedy["gora"] == {"A": -1, "B": 4, "C": 0}
    assert greedy["whists"] == {"A": {"C": 10}, "B": {"A": 4}}


def test_the_dealers_talon_tricks_are_charged_and_earn_no_bonus(tmp_path):
    """raspasy.talon: dealer: at four players the dealer sitting out takes the talon's tricks;
    they go into his gora at the raspasy price, and he never earns the bonus for no tricks."""
    four = ("A B C D", *sets(raspasy__talon="dealer"))
    # A deals deal 1 and sits it out. The first raspasy: 1 a trick, 1 pulya for no tricks.
    charged = settle_json(game(tmp_path / "one", *four, deals=("raspasy A 1 B 0 C 4 D 5",)))
    assert charged["gora"] == {"A": 1, "B": 0, "C": 4, "D": 5}
    assert charged["pulya"] == {"A": 0, "B": 1, "C": 0, "D": 0}
    # mean pulya 1/4, mean gora 5/2. A: −5/2 + 15 = 25/2; B: 15/2 + 25 = 65/2;
    # C: −5/2 − 15 = −35/2; D: −5/2 − 25 = −55/2
    assert exact(charged["result"]) == {"A": Fraction(25, 2), "B": Fraction(65, 2),
                                        "C": Fraction(-35, 2), "D": Fraction(-55, 2)}
    none = settle_json(game(tmp_path / "zero", *four, deals=("raspasy A 0 B 3 C 3 D 4",)))
    assert none["pulya"] == {"A": 0, "B": 0, "C": 0, "D": 0}  # no bonus for the dealer
    assert none["gora"] == {"A": 0, "B": 3, "C": 3, "D": 4}
    # with the amnesty (the fewest tricks, 1, taken off the players' own), the dealer's two
    # tricks are still charged in full; B had a trick, so no bonus for him either
    amnesty = settle_json(game(tmp_path / "amnesty", *four, *sets(raspasy__amnesty="true"),
                          deals=("raspasy A 2 B 1 C 3 D 4",)))
    assert amnesty["gora"] == {"A": 2, "B": 0, "C": 2, "D": 3}
    assert amnesty["pulya"] == {"A": 0, "B": 0, "C": 0, "D": 0}


def test_a_checked_ten_is_played_out_and_a_failed_one_gets_consolation(tmp_path):
    """whist.ten: checked: a ten is always played out, even when both defenders pass; it has
    no trick whists and no quota, but a ten that fails still gets consolation — from both
    defenders, who both played it out, even where only whisters get consolation."""
    path = game(tmp_path / "l", "A B C", "--convention", "leningrad",
                deals=("A 10s 9 B pass C pass",))
    # Leningrad: down 1 on a ten: 1 × 10 × 2 = 20 into A's gora; each defender writes the
    # consolation 1 × 10 × 2 = 20 on A
    report = settle_json(path)
    assert report["gora"] == {"A": 20, "B": 0, "C": 0}
    assert report["whists"] == {"B": {"A": 20}, "C": {"A": 20}}
    # mean gora 20/3. A: −10 × 40/3 − 40 = −520/3; B, C: 200/3 + 20 = 260/3
    assert exact(report["result"]) == {"A": Fraction(-520, 3), "B": Fraction(260, 3),
                                       "C": Fraction(260, 3)}
    whisters = settle_json(game(tmp_path / "w", "A B C", "--convention", "leningrad",
                           *sets(remise__consolation_to="whisters"),
                           deals=("A 10s 9 B pass C pass",)))
    assert whisters["whists"] == {"B": {"A": 20}, "C": {"A": 20}}
    refused(tmp_path / "l", "add", path, "B 10h A pass C pass",
            needles=("how many tricks did B take?",))


def test_a_gora_below_zero_is_shown_and_settled_as_it_is(tmp_path):
    """Gora: a write-off may take a gora below 0 (points past a closed pulya, the half of a
    split game); it is shown and settled as it stands, never set back to 0."""
    path = game(tmp_path / "o", "A B C", "--pulya", "10", *sets(overflow="gora"),
                deals=("A 10s B pass C pass", "A 8s B pass C pass"))
    # A's pulya is closed by the ten; the eight's 6 come off a gora of 0: −6
    assert "A           10     -6" in ok("show", path).stdout
    assert "the smallest gora is -6" in ok("settle", path, "--explain").stdout
    report = settle_json(path)
    assert report["gora"] == {"A": -6, "B": 0, "C": 0}
    # mean pulya 10/3, mean gora −2. A: 200/3 + 40 = 320/3; B, C: −100/3 − 20 = −160/3
    assert exact(report["result"]) == {"A": Fraction(320, 3), "B": Fraction(-160, 3),
                                       "C": Fraction(-160, 3)}
    split = settle_json(game(tmp_path / "s", "A B C", *sets(split="half"),
                        deals=("A 6s B pass C pass",)))
    # split: half: 1 of the six's 2 into the pulya, 1 off a gora of 0
    assert (split["pulya"], split["gora"]) == ({"A": 1, "B": 0, "C": 0},
                                               {"A": -1, "B": 0, "C": 0})
    # mean pulya 1/3, mean gora −1/3. A: 20/3 + 20/3 = 40/3; B, C: −10/3 − 10/3 = −20/3
    assert exact(split["result"]) == {"A": Fraction(40, 3), "B": Fraction(-20, 3),
                                      "C": Fraction(-20, 3)}


def test_the_raspasy_amnesty_bonus_only_for_no_trick_at_all(tmp_path):
    """raspasy.amnesty: the fewest tricks are taken off everyone's before the raspasy is
    scored; the bonus for no tricks still goes only to a player who took none at all, not to
    one whose tricks the amnesty brought to 0."""
    amnesty = sets(raspasy__amnesty="true")
    one = settle_json(game(tmp_path / "one", "A B C", *amnesty, deals=("raspasy A 1 B 4 C 5",)))
    assert (one["pulya"], one["gora"]) == ({"A": 0, "B": 0, "C": 0}, {"A": 0, "B": 3, "C": 4})
    # mean gora 7/3. A: 70/3; B: −20/3; C: −50/3
    assert exact(one["result"]) == {"A": Fraction(70, 3), "B": Fraction(-20, 3),
                                     "C": Fraction(-50, 3)}
    none = settle_json(game(tmp_path / "none", "A B C", *amnesty, deals=("raspasy A 0 B 4 C 6",)))
    # A took nothing: the bonus, the price 1, into his pulya; the fewest is 0, nothing is taken
    assert (none["pulya"], none["gora"]) == ({"A": 1, "B": 0, "C": 0}, {"A": 0, "B": 4, "C": 6})
    # mean pulya 1/3, mean gora 10/3. A: 20/3 + 100/3 = 40; B: −10/3 − 20/3 = −10; C: −30
    assert exact(none["result"]) == {"A": 40, "B": -10, "C": -30}
