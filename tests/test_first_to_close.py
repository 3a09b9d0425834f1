"""Who closed first when one deal closes several pulyas, jumps, and tied amnisters (issue 9).

conventions.md §4: the declarer's own pulya closes first, then those his help closed, in the
order the help went; the prize (``premiums.prize``) goes to him. In jumps the premiums are
written when the first pulya of a jump closes (after that deal's help), every unfinished pulya
goes into its owner's gora, and all pulyas restart at 0. Tied smallest goras share the amnesty.

Every game is played through the command line. Sochi: a made 6/7/8 is worth 2/4/6, the help
writes 10 whists per point on the helped partner, settlement 10 whists a pulya or gora point:
``result_i = 10 × (pulya_i − mean pulya) − 10 × (gora_i − mean gora) + net whists_i``.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from cli_kit import digests, exact, ok, settle_json


def game(tmp_path: Path, players: str, *options: str, deals: tuple[str, ...]) -> Path:
    path = tmp_path / "g.pulka"
    ok("new", path, "--players", *players.split(), "--pulya", "10", *options)
    for deal in deals:
        ok("add", path, deal)
    return path


def show(path: Path) -> str:
    before = digests(path.parent)
    text = ok("show", path).stdout
    assert digests(path.parent) == before
    return text


def test_three_players_the_declarer_closes_first_and_takes_the_prize(tmp_path):
    path = game(tmp_path, "A B C", "--set", "premiums.prize=100",
                deals=("adjust pulya A 9 B 9 C 8", "C 8s A pass B pass"))
    # deal 2: C's 8♠ is worth 6; 2 close his pulya (8 → 10), 4 are left. Help: A and B both
    # have 9 and gora 0, so clockwise from C: A gets 1, B gets 1 (C writes 10 on each); the
    # last 2 come off C's gora. C closed first (A and B sit before him but closed by his help):
    # C writes the prize, 100, on A and on B.
    report = settle_json(path)
    assert report["pulya"] == {"A": 10, "B": 10, "C": 10}
    assert report["gora"] == {"A": 0, "B": 0, "C": -2}
    assert report["whists"] == {"C": {"A": 110, "B": 110}}
    # mean gora −2/3. A: −10 × (0 + 2/3) − 110 = −350/3; so B; C: −10 × (−2 + 2/3) + 220 = 700/3
    assert exact(report["result"]) == {"A": Fraction(-350, 3), "B": Fraction(-350, 3),
                                       "C": Fraction(700, 3)}


def test_four_players_the_prize_follows_the_declarer_then_the_help(tmp_path):
    path = game(tmp_path, "A B C D", "--set", "premiums.prize=100",
                deals=("adjust pulya B 8 C 9 D 8", "D 8s B pass C pass"))
    # A deals deal 2 and sits it out. D's 8♠ (6): 2 close his pulya, 4 are left. Help goes to
    # the largest pulya first: C (9) gets 1, then B (8) gets 2 (D writes 10 on C, 20 on B);
    # nobody helps the sitting-out A; the last 1 comes off D's gora. Closed: D, C, B in that
    # order, so D (not B, the first of them in seating) writes 100 on A, B and C.
    assert "closed pulya: D, C, B" in show(path)
    report = settle_json(path)
    assert report["pulya"] == {"A": 0, "B": 10, "C": 10, "D": 10}
    assert report["gora"] == {"A": 0, "B": 0, "C": 0, "D": -1}
    assert report["whists"] == {"D": {"A": 100, "B": 120, "C": 110}}
    # mean pulya 15/2, mean gora −1/4.
    # A: 10 × (0 − 15/2) − 10 × (0 + 1/4) − 100 = −75 − 5/2 − 100 = −355/2
    # B: 10 × (10 − 15/2) − 5/2 − 120 = −195/2;  C: 25 − 5/2 − 110 = −175/2
    # D: 25 − 10 × (−1 + 1/4) + 330 = 25 + 15/2 + 330 = 725/2
    assert exact(report["result"]) == {"A": Fraction(-355, 2), "B": Fraction(-195, 2),
                                       "C": Fraction(-175, 2), "D": Fraction(725, 2)}


def test_jumps_the_prize_of_each_jump_goes_to_the_declarer(tmp_path):
    options = ("--set", "premiums.prize=100", "--set", "premiums.jumps=2")
    path = game(tmp_path, "A B C", *options,
                deals=("adjust pulya A 9 B 5 C 8", "C 8s A pass B pass"))
    # jump 1, deal 2: C's 8♠ (6): 2 close his pulya, 4 help: A (9) gets 1 and closes, B (5)
    # gets 3 (C writes 10 on A, 30 on B). C closed first: 100 on A and on B. Then the jump
    # closes: B's unfinished pulya, 10 − 8 = 2, goes into his gora; every pulya restarts at 0.
    report = settle_json(path)
    assert report["finished"] is False
    assert report["pulya"] == {"A": 0, "B": 0, "C": 0}
    assert report["gora"] == {"A": 0, "B": 2, "C": 0}
    assert report["whists"] == {"C": {"A": 110, "B": 130}}
    assert "jump 2 of 2" in show(path)

    for deal in ("adjust pulya A 9 B 8 C 9", "B 8s A pass C pass"):
        ok("add", path, deal)
    # jump 2, deal 4: B's 8♠ (6): 2 close his pulya, 4 left. A and C both have 9 and gora 0,
    # so clockwise from B: C gets 1, then A gets 1 (B writes 10 on each); 2 come off B's gora
    # (2 − 2 = 0). B closed first, then C, then A: B writes 100 on A and on C. Nothing is
    # unfinished; the second jump ends the game with every pulya at 0.
    report = settle_json(path)
    assert report["finished"] is True
    assert report["pulya"] == {"A": 0, "B": 0, "C": 0}
    assert report["gora"] == {"A": 0, "B": 0, "C": 0}
    assert report["whists"] == {"B": {"A": 110, "C": 110}, "C": {"A": 110, "B": 130}}
    # pulya and gora all even: the result is the net whists.
    # A: −110 − 110 = −220; B: 220 − 130 = 90; C: 240 − 110 = 130
    assert exact(report["result"]) == {"A": -220, "B": 90, "C": 130}


def test_four_players_three_tied_amnisters_share_the_premium(tmp_path):
    path = game(tmp_path, "A B C D", "--set", "premiums.amnesty=100",
                deals=("adjust pulya D 9 gora D 2", "D 6s B pass C pass"))
    # deal 2 (A sits out): D's 6♠ (2): 1 closes his pulya, 1 helps B (pulya and gora as C's,
    # clockwise from D after the sitting-out A): D writes 10 on B. At that moment the goras
    # are A 0, B 0, C 0, D 2: A, B and C tie for the smallest and share the 100, each writing
    # 100/3 on each of the three others.
    report = settle_json(path)
    third = Fraction(100, 3)
    assert exact(report["whists"]["A"]) == {"B": third, "C": third, "D": third}
    assert exact(report["whists"]["B"]) == {"A": third, "C": third, "D": third}
    assert exact(report["whists"]["C"]) == {"A": third, "B": third, "D": third}
    assert exact(report["whists"]["D"]) == {"B": 10}
    # net whists: A 100 − 200/3 = 100/3, B 100/3 − 10 = 70/3, C 100/3, D −100 + 10 = −90.
    # mean pulya 11/4, mean gora 1/2.
    # A: 10 × (0 − 11/4) − 10 × (0 − 1/2) + 100/3 = −55/2 + 5 + 100/3 = 65/6
    # B: 10 × (1 − 11/4) + 5 + 70/3 = −35/2 + 5 + 70/3 = 65/6;  C as A: 65/6
    # D: 10 × (10 − 11/4) − 10 × (2 − 1/2) − 90 = 145/2 − 15 − 90 = −65/2
    assert exact(report["result"]) == {"A": Fraction(65, 6), "B": Fraction(65, 6),
                                       "C": Fraction(65, 6), "D": Fraction(-65, 2)}
