"""The payment samples in samples/, one evening per payment convention, checked by hand.

Every sample was entered only through the CLI (``pulka new`` then one ``pulka add`` per line;
``--again`` for an all-pass that follows another), so each line passed pulka's checks when it
was written. Each ``.expected.json`` is the output of ``pulka settle FILE --json``, written
only after the moves below had been worked out by hand from payment-families.md and the
convention files.

The hand work is ``MOVES``: for each deal, its moves ``(from, to, amount)`` with ``pot`` for
the pot, worked from the rules, the arithmetic in the comments. The tests check that pulka's
moves are these, deal by deal, and that the balances of ``settle --json`` are what the hand
moves give by §0.8, worked here without pulka: out − in + received − paid + pot left / n, the
buy-ins counted as put in. Notation in the comments: V = what the contract is played for,
v = the Greek trick value, "X→Y n" a direct payment, "pot→X n" out of the pot.
"""

from __future__ import annotations

import json
from collections import Counter
from decimal import Decimal
from fractions import Fraction

import pytest
from samples_kit import SAMPLES, built

from pulka.families.payment.moves import as_moves
from pulka.settlement.figures import to_json

F = Fraction
P = "pot"
A, B, V, G = "Аня", "Борис", "Вера", "Глеб"
AN, BE, CA = "Anna", "Berta", "Carl"
GA, GB, GC = "Άννα", "Βασίλης", "Γιώργος"

#: sample: (players, what each put in at the start, price, the moves of each deal in order)
MOVES: dict[str, tuple[tuple[str, ...], int, str, list[list[tuple[str, str, int]]]]] = {
    # austrian, buy-in 20 (a pot of 60 runs empty in one evening); V = 10, 1 a trick
    "austrian-3": ((A, B, V), 20, "0.10", [
        # 1. Борис d 6 Вера 3 Аня 1: Аня short of 2 puts V in
        [(P, B, 10), (B, V, 3), (B, A, 1), (A, P, 10)],
        # 2. Вера h igra 7 Аня 3 Борис pass: the hearts bonus 10 from each opponent   pot 50
        [(P, V, 10), (V, A, 3), (A, V, 10), (B, V, 10)],
        # 3. Аня c invite 7, Борис (host) 2, Вера 1: the host is paid 3; 3 < 4: he puts V in;
        #    four aces, made: 10 from each
        [(P, A, 10), (A, B, 3), (B, P, 10), (B, A, 10), (V, A, 10)],
        # 4. both drop out: Борис takes V and pays nobody                            pot 40
        [(P, B, 10)],
        [],  # 5. all passed
        # 6. Вера h 4 (with the talon: no hearts bonus), no aces announced and lost: she puts
        #    2V in and pays each 10                                                 pot 50
        [(P, V, 10), (V, A, 4), (V, B, 2), (V, P, 20), (V, A, 10), (V, B, 10)],
        # 7. Аня h igra 5 with four aces: 2V in, the hearts bonus to each; aces lost: nothing
        [(P, A, 10), (A, B, 3), (A, V, 2), (A, P, 20), (A, B, 10), (A, V, 10)],    # pot 60
        # 8. Борис c 8, Вера 1 and Аня 1 both short; no aces made: 10 from each      pot 70
        [(P, B, 10), (B, V, 1), (B, A, 1), (V, P, 10), (A, P, 10), (V, B, 10), (A, B, 10)],
        # 9. Вера d igra 7, Аня alone 3: no bonus for a game in diamonds; four aces from both,
        #    the one who dropped out too                                            pot 60
        [(P, V, 10), (V, A, 3), (A, V, 10), (B, V, 10)],
        # 10. Аня d invite 6, Вера (host) 3 + Борис 1 = 4: no penalty                 pot 50
        [(P, A, 10), (A, V, 4)],
        [(P, B, 10), (B, A, 2), (B, V, 2)],              # 11. Борис s 6, 2 and 2     pot 40
        [(P, V, 10), (V, B, 2), (V, A, 1), (A, P, 10)],  # 12. Вера c 7; Аня 1 short   pot 40
        [(P, A, 10), (A, B, 3)],                         # 13. Аня h 7, Борис alone    pot 30
        [(P, B, 10), (B, V, 2), (B, A, 2)],              # 14.                         pot 20
        [(P, V, 10), (V, B, 3)],                         # 15.                         pot 10
        [(P, A, 10), (A, B, 2), (A, V, 2)],              # 16. the pot is empty:       pot 0
        [(A, P, 20), (B, P, 20), (V, P, 20)],            # 17. refill                  pot 60
        # 18. Борис h igra 6, made: the hearts bonus from each                        pot 50
        [(P, B, 10), (B, A, 2), (B, V, 2), (A, B, 10), (V, B, 10)],
        [],  # 19. end: 50 left, 50/3 each
    ]),
    # austrian-unlimited: the dealer (Аня, Борис, Вера in turn) antes 10; V = the whole pot
    "austrian-unlimited-3": ((A, B, V), 0, "0.10", [
        [(A, P, 10)],                                    # 1. [Аня] all pass           pot 10
        [(B, P, 10)],                                    # 2. [Борис]                  pot 20
        # 3. [Вера] 30: Аня s 5, V 30, 3 a trick; 2V = 60 in; no aces lost: 10 to each
        [(V, P, 10), (P, A, 30), (A, B, 9), (A, V, 6), (A, P, 60), (A, B, 10), (A, V, 10)],
        # 4. [Аня] 70: Борис c 8, Вера 1 and Аня 1 short: each puts V = 70 in        pot 140
        [(A, P, 10), (P, B, 70), (B, V, 7), (B, A, 7), (V, P, 70), (A, P, 70)],
        # 5. [Борис] 150: Вера d invite 7, Аня (host) 2 + 1 = 3: paid 3 × 15; 3 < 4: 150 in
        [(B, P, 10), (P, V, 150), (V, A, 45), (A, P, 150)],                       # pot 150
        # 6. [Вера] 160: Аня h igra 7, Борис 2, Вера 1 short; hearts and four aces: 20 from each
        [(V, P, 10), (P, A, 160), (A, B, 32), (A, V, 16), (V, P, 160), (B, A, 20), (V, A, 20)],
        [(A, P, 10), (P, B, 170)],                       # 7. [Аня] both drop out      pot 0
        [(B, P, 10), (P, V, 10), (V, A, 4)],             # 8. [Борис] V 10              pot 0
        [(V, P, 10), (P, A, 10), (A, B, 2), (A, V, 2)],  # 9. [Вера]                    pot 0
        [(A, P, 10)],                                    # 10. [Аня] all pass          pot 10
        # 11. [Борис] 20: Вера c igra 5 with four aces: 2V = 40 in, no aces money    pot 40
        [(B, P, 10), (P, V, 20), (V, A, 6), (V, B, 4), (V, P, 40)],
        # 12. [Вера] 50: Борис h igra 5: 2V = 100 in, the hearts bonus to each       pot 100
        [(V, P, 10), (P, B, 50), (B, A, 15), (B, V, 10), (B, P, 100), (B, A, 10), (B, V, 10)],
        [],  # 13. end: 100 left, 100/3 each
    ]),
    # austrian-limited: as unlimited, V at most 100
    "austrian-limited-3": ((A, B, V), 0, "0.10", [
        [(A, P, 10)],                                                  # 1. [Аня]      pot 10
        [(B, P, 10), (P, V, 20), (V, A, 8), (V, B, 4), (V, P, 40)],    # 2. Вера s 4   pot 40
        [(V, P, 10), (P, A, 50), (A, B, 10), (A, V, 5), (V, P, 50)],   # 3. Вера 1 short pot 50
        # 4. [Аня] 60: Борис c 5: 2V in; Аня 1 short too: V in                       pot 180
        [(A, P, 10), (P, B, 60), (B, V, 24), (B, A, 6), (B, P, 120), (A, P, 60)],
        # 5. [Борис] 190: V = 100, the limit; both short: 100 each; hearts 10 from each; 290
        [(B, P, 10), (P, V, 100), (V, A, 10), (V, B, 10), (A, P, 100), (B, P, 100),
         (A, V, 10), (B, V, 10)],
        [(V, P, 10), (P, A, 100), (A, B, 40)],           # 6. invite, 3 + 1 = 4        pot 200
        [(A, P, 10), (P, B, 100), (V, B, 10), (A, B, 10)],  # 7. both out, four aces   pot 110
        [(B, P, 10), (P, V, 100), (V, A, 20), (V, B, 20)],  # 8. 120: V 100            pot 20
        # 9. [Вера] 30: Аня h 7, Борис alone 3; no aces made: 10 from each            pot 0
        [(V, P, 10), (P, A, 30), (A, B, 9), (B, A, 10), (V, A, 10)],
        [(A, P, 10)],                                                  # 10. all pass  pot 10
        [(B, P, 10), (P, V, 20), (V, B, 6), (V, A, 2), (A, P, 20)],    # 11. Аня short pot 20
        [],  # 12. end: 20 left
    ]),
    # styrian: 50 each; V by trump c 20, s 30, d 40, h 50, or what the pot holds
    "styrian-3": ((A, B, V), 50, "0.10", [
        [(P, A, 50), (A, B, 10), (A, V, 10)],                          # 1. h         pot 100
        [(P, B, 20), (B, V, 4), (B, A, 2), (A, P, 20)],                # 2. c, Аня short 100
        [(P, V, 30), (V, A, 9), (V, B, 6), (V, P, 60)],                # 3. s 5: 2V in  130
        [],                                                            # 4. all pass
        # 5. Аня d invite 7: the host 2 + 1 = 3 × 4; 3 < 4: 40 in; four aces          pot 130
        [(P, A, 40), (A, B, 12), (B, P, 40), (B, A, 10), (V, A, 10)],
        [(P, B, 50), (B, V, 15), (V, B, 10), (A, B, 10)],              # 6. hearts     pot 80
        [(P, V, 40)],                                                  # 7. both out   pot 40
        # 8. Аня h with 40 in the pot: played for 40, 4 a trick; no aces made: the pot is empty
        [(P, A, 40), (A, B, 8), (A, V, 8), (B, A, 10), (V, A, 10)],
        [(A, P, 50), (B, P, 50), (V, P, 50)],                          # 9. refill     pot 150
        [(P, B, 30), (B, V, 9), (B, A, 3), (A, P, 30)],                # 10. Аня short pot 150
        [(P, V, 20), (V, A, 8), (V, B, 4), (V, P, 40)],                # 11. c igra 4  pot 170
        [],  # 12. end: 170 left
    ]),
    # illustrated: the basic pot (50 each) and the extras 10 / 20 / 30 / 40, ×2 without the
    # talon; contra ×2 and recontra ×4 with the one who said it
    "illustrated-3": ((A, B, V), 50, "0.10", [
        [(B, A, 40), (V, A, 10)],                        # 1. bettel made, Борис recontra
        [(B, V, 80), (B, A, 40)],                        # 2. durchmarsch igra (40) lost, Вера ×2
        [(A, V, 60), (B, V, 30)],                        # 3. plauderer made, Аня ×2
        [(B, A, 40), (V, A, 40)],                        # 4. offener made
        [(B, A, 80), (B, V, 40)],                        # 5. bettel igra (20) lost, ×4 and ×2
        [(P, V, 10), (V, A, 2), (V, B, 1), (B, P, 10)],  # 6. h 7, Борис short          pot 150
        [(P, A, 10), (A, B, 4), (B, A, 10), (V, A, 10)],  # 7. s igra, four aces        pot 140
        [(A, B, 20), (V, B, 20)],                        # 8. dm made
        [(V, A, 30), (V, B, 30)],                        # 9. ouvert lost
        [(B, A, 160), (V, A, 80)],                       # 10. odm igra (80) made, Борис ×2
        # 11. Борис h igra 8: both short; the hearts bonus from each                  pot 150
        [(P, B, 10), (B, V, 1), (B, A, 1), (V, P, 10), (A, P, 10), (V, B, 10), (A, B, 10)],
        [(P, V, 10), (V, A, 5), (V, P, 20)],             # 12. invite, Вера 5 short    pot 160
        [],  # 13. end: 160 left
    ]),
    # illustrated-5, four players: Bettel (10) the only extra; the dealer (Аня, Борис, Вера,
    # Глеб in turn) sits out and pays nothing; 50 each in the pot; the hand sums below the list
    "illustrated-5-4": ((A, B, V, G), 50, "0.10", [
        [(V, B, 40), (G, B, 10)],                        # 1. [Аня] bettel made; Вера ×4
        # 2. [Борис] Вера d 6, Глеб 3, Аня 1: Аня short of 2 puts V in               pot 200
        [(P, V, 10), (V, G, 3), (V, A, 1), (A, P, 10)],
        [(G, A, 40), (G, B, 20)],                        # 3. [Вера] bettel igra (20) lost, Аня ×2
        # 4. [Глеб] Аня h igra 7, Борис alone 3: hearts and four aces, 10 + 10 from each
        #    active opponent (Глеб sits out and pays nothing)                        pot 190
        [(P, A, 10), (A, B, 3), (B, A, 20), (V, A, 20)],
        [],                                              # 5. [Аня] all passed
        # 6. [Борис] Глеб c 5, Аня 3, Вера 2: short of six, 2V in; both defenders made 2
        [(P, G, 10), (G, A, 3), (G, V, 2), (G, P, 20)],  #                             pot 200
        [(A, B, 20), (A, G, 40)],                        # 7. [Вера] bettel lost; ×2 and ×4
        [(P, B, 10)],                                    # 8. [Глеб] both drop out      pot 190
        [],  # 9. end: 190 left, 47 1/2 each
    ]),
    # illustrated-6: the bidding stops at 6: Bettel 10 and Sans Atout 20 (six tricks make it)
    "illustrated-6-3": ((A, B, V), 50, "0.10", [
        [(B, A, 40), (V, A, 20)],                        # 1. sans 7, made; Борис ×2
        [(B, A, 40), (B, V, 40)],                        # 2. sans igra (40) 5: lost
        [(A, V, 40), (B, V, 10)],                        # 3. bettel made; Аня ×4
        [(P, A, 10), (A, B, 2), (A, V, 2)],              # 4. h 6                      pot 140
        [(B, V, 80), (B, A, 40)],                        # 5. sans lost; Вера ×4, Аня ×2
        [(P, V, 10), (V, A, 3)],                         # 6. c igra 7                 pot 130
        [(A, B, 20), (A, V, 20)],                        # 7. bettel igra (20) lost
        [],  # 8. end: 130 left
    ]),
    # swabian: no pot; leaves 2 (7 tricks), bells 3, hearts 4, acorns 5 (6), over / under 1;
    # from the hand one trick more; Kunstwerk 2 to the dealer (Anna, Berta, Carl in turn)
    "swabian-3": ((AN, BE, CA), 0, "0.05", [
        [(AN, BE, 6), (CA, BE, 6)],                      # 1. [Anna] h 8: 4 + 2 over
        [(CA, AN, 3), (CA, BE, 3)],                      # 2. [Berta] s 6: 2 + 1 short
        [(BE, AN, 8), (CA, AN, 4), (AN, CA, 2)],         # 3. [Carl] d 7: 4, Berta ×2; Kunstwerk
        [(AN, CA, 20), (BE, CA, 5)],                     # 4. [Anna] h hand 8 (of 7): 5, Anna ×4
        [(AN, BE, 12), (AN, CA, 6)],                     # 5. [Berta] bettel lost: 6, Berta ×2
        [(AN, BE, 5), (CA, BE, 5), (BE, CA, 2)],         # 6. [Carl] c 6: 5; Kunstwerk
        [(BE, AN, 4), (CA, AN, 4)],                      # 7. [Anna] s 9: 4; the dealer's own
        [(AN, CA, 14), (BE, CA, 7)],                     # 8. [Berta] durchmarsch: 7, Anna ×2
        [(AN, BE, 5), (AN, CA, 5)],                      # 9. [Carl] h hand 6 (of 7): 5
        [(BE, CA, 20), (BE, AN, 10)],                    # 10. [Anna] d 4: 3 + 2, ×4 and ×2
        [(AN, CA, 6), (BE, CA, 6)],                      # 11. [Berta] bettel made: 6
        [(BE, AN, 8), (CA, AN, 8)],                      # 12. [Carl] c hand 10 (of 7): 5 + 3
        [(BE, AN, 7), (BE, CA, 7)],                      # 13. [Anna] durchmarsch 9: lost
        [],  # 14. end
    ]),
    # greek, a kasa of 100 each (so that it runs out in one evening); the first defender is the
    # next after the declarer in the list
    "greek-3": ((GA, GB, GC), 100, "0.01", [
        [(P, GA, 50), (GA, GB, 15), (GA, GC, 5)],        # 1. 6h 6-3-1, v 5: made       kasa 250
        [(P, GB, 70), (GB, GA, 14)],                     # 2. 7s 8, Άννα alone 2 = her quota 180
        # 3. 6c 8, both 1 (quota 2 each): both in, 8 × 3 each; together: the carrier pays both
        [(GB, GC, 48)],
        [(P, GA, 40), (GB, GA, 25), (GC, GA, 25)],       # 4. 6d, both pass, aces 25    kasa 140
        # 5. 7s conceded: two short, doubled: 10 × 7 × 2 in, and 3 and 2 tricks × 14  kasa 280
        [(GB, P, 140), (GB, GC, 42), (GB, GA, 28)],
        [],                                              # 6. all pass: dealt again
        # 7. 8h 7: one short, v 8: 80 in, 2 × 8 and 1 × 8; the aces lost: 50 to each    kasa 360
        [(GC, P, 80), (GC, GA, 16), (GC, GB, 8), (GC, GA, 50), (GC, GB, 50)],
        [(GB, GA, 100)],                                 # 8. 9nt 10: Βασίλης (quota 1) in
        # 9. 6h 9: Γιώργος 0 (2 short: ×2) pays 9 × 5 × 2, Άννα 1 (1 short) 9 × 5
        [(GC, GB, 90), (GA, GB, 45)],
        [(P, GC, 100)],                                  # 10. 10s, alone 0 (quota 0)   kasa 260
        [(GB, GA, 126), (GB, GC, 14)],                   # 11. 7d 9-0-1: 9 × 7 × 2 + 1 × 7 × 2
        [(P, GB, 100), (GB, GC, 10)],                    # 12. 9nt 9                    kasa 160
        [(P, GC, 100)],                                  # 13. 10h                      kasa 60
        # 14. 7h with 60 left (normal): 6 a trick; less than 10 left: the kasa is exhausted
        [(P, GA, 60), (GA, GB, 12), (GA, GC, 6)],
    ]),
}
NAMES = sorted(MOVES)


def added(moves) -> Counter:
    """Moves added up per (from, to), as the vectors compare them."""
    total: Counter = Counter()
    for payer, payee, amount in moves:
        total[(payer, payee)] += F(amount)
    return +total


def by_hand(name: str) -> dict[str, Fraction]:
    """§0.8 from the hand moves alone: out − in + received − paid + pot left / n."""
    players, each, _, deals = MOVES[name]
    net = {p: F(-each) for p in players}
    pot = F(each * len(players))
    for moves in deals:
        for payer, payee, amount in moves:
            if payer == P:
                pot -= amount
            else:
                net[payer] -= amount
            if payee == P:
                pot += amount
            else:
                net[payee] += amount
    return {p: net[p] + pot / len(players) for p in players}


def to_cents(balance: dict[str, Fraction], price: str) -> dict[str, str]:
    """Money by conventions.md §1.4: cents rounded down, the missing cents to the largest
    remainders, ties in seating order."""
    cents = {p: v * F(price) * 100 for p, v in balance.items()}
    floors = {p: c.numerator // c.denominator for p, c in cents.items()}
    missing = -sum(floors.values())
    order = sorted(cents, key=lambda p: -(cents[p] - floors[p]))  # stable: seating order
    for p in order[:missing]:
        floors[p] += 1
    return {p: f"{Decimal(floors[p]) / 100:.2f}" for p in balance}


def test_one_sample_per_payment_convention() -> None:
    conventions = {built(f"{n}.pulka")[0].table.convention.name for n in NAMES}
    assert conventions == {"austrian", "austrian-unlimited", "austrian-limited", "styrian",
                           "illustrated", "illustrated-5", "illustrated-6", "swabian", "greek"}


@pytest.mark.parametrize("name", NAMES)
def test_every_deal_moves_what_the_hand_worked(name: str) -> None:
    steps = built(f"{name}.pulka")[4]
    deals = MOVES[name][3]
    assert len(steps) == len(deals)
    for step, moves in zip(steps, deals, strict=True):
        assert added(as_moves(step.postings)) == added(moves), step.number


@pytest.mark.parametrize("name", NAMES)
def test_the_sample_settles_as_expected_and_by_hand(name: str) -> None:
    _, report, state, settlement, _ = built(f"{name}.pulka")
    data = to_json(report)
    expected = json.loads((SAMPLES / f"{name}.expected.json").read_text("utf-8"))
    for key in ("pot", "pot_in", "pot_out", "paid", "refills", "balance", "money", "finished"):
        assert data[key] == expected[key], key
    assert state.finished
    hand = by_hand(name)
    assert settlement.result == hand
    assert sum(hand.values()) == 0
    assert expected["money"] == to_cents(hand, MOVES[name][2])


@pytest.mark.parametrize("name", NAMES)
def test_the_sample_was_entered_cleanly(name: str) -> None:
    """Only the header and numbered deals: nothing voided, fixed or adjusted, no notes."""
    lines = (SAMPLES / f"{name}.pulka").read_text("utf-8").splitlines()
    assert not [line for line in lines if line.startswith(("void", "fix", "adjust"))]
    assert all(not step.notes for step in built(f"{name}.pulka")[4])


def test_the_samples_use_the_payment_words() -> None:
    """Between them the samples write every word of the payment notation."""
    text = " ".join((SAMPLES / f"{n}.pulka").read_text("utf-8") for n in NAMES)
    for word in ("refill", "end", "allpass", "invite", "igra", "aces", "noaces", "kunstwerk",
                 "concede", "made", "down", "together", "alone", "contra", "recontra",
                 "bettel", "durchmarsch", "plauderer", "offener", "sans"):
        assert f" {word}" in text or f". {word}" in text, word


def test_a_sample_balance_worked_in_full() -> None:
    # swabian-3, no pot, so a balance is what he received less what he paid. Anna received
    # 3 (deal 2) + 8 + 4 (3) + 4 + 4 (7) + 10 (10) + 8 + 8 (12) + 7 (13) = 56 and paid
    # 6 (1) + 2 (3) + 20 (4) + 12 + 6 (5) + 5 (6) + 14 (8) + 5 + 5 (9) + 6 (11) = 81: −25.
    received = 3 + (8 + 4) + (4 + 4) + 10 + (8 + 8) + 7
    paid = 6 + 2 + 20 + (12 + 6) + 5 + 14 + (5 + 5) + 6
    assert (received, paid) == (56, 81)
    assert by_hand("swabian-3")[AN] == received - paid == -25
    # greek-3: the kasa is 0 at the end, so a balance is out − in + received − paid.
    # Άννα took out 50 (1) + 40 (4) + 60 (14) = 150 and put in her 100; she received
    # 14 (2) + 25 + 25 (4) + 28 (5) + 16 + 50 (7) + 100 (8) + 126 (11) = 384 and paid
    # 15 + 5 (1) + 45 (9) + 12 + 6 (14) = 83: 150 − 100 + 384 − 83 = 351.
    received = 14 + 25 + 25 + 28 + 16 + 50 + 100 + 126
    paid = 15 + 5 + 45 + 12 + 6
    assert (received, paid) == (384, 83)
    assert by_hand("greek-3")[GA] == 150 - 100 + received - paid == 351
    # austrian-3: 50 left at the end, 50/3 each. Аня put in 20 + 10 (1) + 20 (7) + 10 (8)
    # + 10 (12) + 20 (17) = 90 and took out 10 in each of 3, 7, 10, 13, 16 = 50; received
    # 1 (1) + 3 (2) + 10 + 10 (3) + 4 + 10 (6) + 1 (8) + 3 (9) + 2 (11) + 1 (12) + 2 (14)
    # + 2 (18) = 49 and paid 10 (2) + 3 (3) + 3 + 2 + 10 + 10 (7) + 10 (8) + 10 (9) + 4 (10)
    # + 3 (13) + 2 + 2 (16) + 10 (18) = 79: 50 − 90 + 49 − 79 + 50/3 = −70 + 50/3 = −160/3.
    put_in = 20 + 10 + 20 + 10 + 10 + 20
    out = 10 * 5
    received = 1 + 3 + 10 + 10 + 4 + 10 + 1 + 3 + 2 + 1 + 2 + 2
    paid = 10 + 3 + 3 + 2 + 10 + 10 + 10 + 10 + 4 + 3 + 2 + 2 + 10
    assert (put_in, out, received, paid) == (90, 50, 49, 79)
    assert by_hand("austrian-3")[A] == out - put_in + received - paid + F(50, 3) == F(-160, 3)
    # illustrated-5-4: 190 left, 190/4 each. Борис put in his 50 and took out 10 (8); he
    # received 40 + 10 (1) + 20 (3) + 3 (4) + 20 (7) = 93 and paid 10 + 10 (4) = 20:
    # 10 − 50 + 93 − 20 + 47 1/2 = 80 1/2.
    received = 40 + 10 + 20 + 3 + 20
    assert received == 93
    assert by_hand("illustrated-5-4")[B] == 10 - 50 + received - 20 + F(190, 4) == F(161, 2)
