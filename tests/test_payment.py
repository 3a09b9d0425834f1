"""The pot and payment games (payment-families.md) through the CLI: a journal played with
`pulka add` scores as its vector does, every rule a deal can break is refused at its deal, and
the sheet, the settlement and the exports show the pot and the moves."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from cli_kit import digests, ok, refused, run, settle_json
from conftest import ROOT, VECTORS

PAYMENT = VECTORS / "payment"

#: the deals of tests/vectors/payment/pulka-austrian-basic-refill.yaml, in the notation
BASIC_DEALS = [
    "B d 6 C whist 3 A whist 1",
    "C h igra 7 A whist 3 B pass",
    "A c invite 7 B whist 2 C pass 1 aces",
    "B d C pass A pass",
    "C s 6 A whist 2 B whist 2",
    "refill",
    "A h 4 B whist 4 C whist 2",
    "end",
]


def new_game(tmp_path: Path, convention: str, *options: str, players=("A", "B", "C")) -> Path:
    path = tmp_path / "g.pulka"
    ok("new", path, "--players", *players, "--convention", convention, *options)
    return path


def write_vector(tmp_path: Path, convention: str, deals: list[str], options: str = "{}",
                 players: str = "[A, B, C]") -> Path:
    path = tmp_path / "v.yaml"
    body = "\n".join(f"  - {d}" for d in deals)
    path.write_text(f"title: t\nconvention: {convention}\noptions: {options}\n"
                    f"players: {players}\ndeals:\n{body}\nexpect:\n  finished: false\n",
                    encoding="utf-8")
    return path


def test_a_journal_played_with_add_scores_as_its_vector(tmp_path: Path) -> None:
    path = new_game(tmp_path, "austrian", "--set", "pot.buy_in=10")
    for deal in BASIC_DEALS:
        ok("add", path, deal)
    journal = settle_json(path)
    vector = settle_json(PAYMENT / "pulka-austrian-basic-refill.yaml")
    keys = ("pot", "pot_in", "pot_out", "paid", "refills", "balance", "result", "finished")
    assert {k: journal[k] for k in keys} == {k: vector[k] for k in keys}
    assert journal["balance"] == {"A": "-29/3", "B": "-35/3", "C": "64/3"}
    assert journal["refills"] == 1 and journal["pot"] == 40


def test_the_journal_keeps_the_payment_words_canonically(tmp_path: Path) -> None:
    path = new_game(tmp_path, "illustrated")
    ok("add", path, "A bettel made B recontra")
    ok("add", path, "B dm igra down C contra")
    ok("add", path, "C c 7 A whist 2 B pass 1 invite noaces")
    lines = path.read_text(encoding="utf-8").splitlines()[-3:]
    assert lines == ["1. A bettel made B recontra", "2. B durchmarsch igra down C contra",
                     "3. C c invite 7 A whist 2 B pass 1 noaces"]
    data = settle_json(path)
    # 1: B pays A 10 × 4, C pays A 10; 2: B pays C 40 × 2 and A 40; 3: pot -> C 10, C pays A
    # 3 (the host, for both), whose side has 3 < 4: A puts 10 in; no aces announced and made:
    # 10 to C from each
    assert data["paid"] == {"A": {"C": 10}, "B": {"A": 80, "C": 90}, "C": {"A": 13}}
    assert data["pot"] == 150 and data["pot_in"] == {"A": 60, "B": 50, "C": 50}


def test_the_deal_after_an_empty_pot_needs_a_refill(tmp_path: Path) -> None:
    path = new_game(tmp_path, "austrian", "--set", "pot.buy_in=10")
    for deal in BASIC_DEALS[:5]:
        ok("add", path, deal)
    refused(tmp_path, "add", path, "A h 6 B whist 2 C whist 2",
            needles=("deal 6: the game is over: the pot is empty",
                     "hint: `refill` puts the buy-in into the pot again"))
    assert "the pot is empty: write refill to go on, or end" not in ok("show", path).stdout
    ok("add", path, "refill")
    ok("add", path, "A h 6 B whist 2 C whist 2")


@pytest.mark.parametrize(("convention", "deal", "message"), [
    ("illustrated", "{declarer: A, contract: bettel, made: true, defence: {B: pass, C: whist}}",
     "nobody drops out of an extra contract: leave out the defence words"),
    ("illustrated", "{declarer: A, contract: d, defence: {B: whist, C: whist}, "
     "tricks: {A: 6, B: 2, C: 2}, contra: {B: 1}}", "contra is said only on the extra contracts"),
    ("illustrated", "{declarer: A, contract: bettel, made: true, contra: {B: 3}}",
     "contra goes up to 2 here, not 3"),
    ("illustrated", "{declarer: A, contract: bettel}",
     "say whether the extra contract was made (made or down), or give the declarer's tricks"),
    ("austrian", "{declarer: A, contract: bettel, made: true}",
     "bettel is not played at this table"),
    ("austrian", "{declarer: A, contract: 6s, defence: {B: whist, C: whist}}",
     "'6s' is not an Austrian contract"),
    ("austrian", "{declarer: A, contract: s, defence: {B: whist, C: whist}, "
     "tricks: {A: 6, B: 2, C: 1}}", "the tricks add up to 9, not 10"),
    ("austrian", "{declarer: A, contract: s, invite: true, defence: {B: whist, C: whist}, "
     "tricks: {A: 6, B: 2, C: 2}}", "only a lone defender invites the other"),
    ("austrian", "{declarer: A, contract: s, defence: {B: pass, C: pass}, tricks: {A: 7}}",
     "both defenders dropped out"),
    ("swabian", "{declarer: A, contract: 6h, tricks: {A: 6}}",
     "a Swabian game is named by its suit (s, d, h, c), bettel or durchmarsch, not by a number"),
    ("swabian", "{declarer: A, contract: h, tricks: {A: 6}, contra: {A: 1}}",
     "the declarer cannot say contra"),
    ("swabian", "{allpass: true}", "there is no all-pass in Swabian"),
    ("greek", "{declarer: A, contract: h, defence: {B: whist, C: whist}}",
     "'h' is not a Greek contract"),
    ("greek", "{declarer: A, contract: 6h, defence: {B: whist, C: together}, "
     "tricks: {A: 6, B: 2, C: 2}}", "together is said by one defender when the other passed"),
    ("greek", "{declarer: A, contract: 7s, concede: true, tricks: {A: 5}}",
     "a concession is not played: no defence words, no tricks"),
    ("greek", "{allpass: {A: 3, B: 4, C: 3}}", "an all-pass is dealt again here"),
    ("greek", "{declarer: A, contract: 6h, defence: {B: whist, C: whist}, "
     "tricks: {A: 6, B: 3, C: 3}}", "the tricks add up to 12, not 10"),
    ("greek", "{declarer: A, contract: 7s, defence: {B: whist, C: pass}, "
     "tricks: {A: 7, B: 2, C: 1}}", "C passed and took no tricks"),
    ("greek", "{declarer: A, contract: 10nt, defence: {B: pass, C: pass}}",
     "10 no trumps is not played at this table"),
    ("austrian", "{declarer: A, contract: s, defence: {B: whist, C: pass}, "
     "tricks: {A: 6, B: 3}}", "the tricks add up to 9, not 10"),
    ("illustrated", "{declarer: A, contract: durchmarsch, made: true, invite: true}",
     "an extra contract has no invitation"),
])
def test_every_broken_rule_is_refused_at_its_deal(tmp_path: Path, convention: str, deal: str,
                                                 message: str) -> None:
    options = "{nt10: 'no'}" if "10nt" in deal else "{}"
    vector = write_vector(tmp_path, convention, [deal], options=options)
    for command in ("verify", "settle", "show"):
        refused(tmp_path, command, vector, needles=("deal 1: ", message))


def test_ten_no_trumps_where_the_table_does_not_play_it(tmp_path: Path) -> None:
    deal = "{declarer: A, contract: 10nt, defence: {B: pass, C: pass}}"
    ok("verify", write_vector(tmp_path, "greek", [deal]))
    vector = write_vector(tmp_path, "greek", [deal], options="{nt10: 'no'}")
    refused(tmp_path, "verify", vector, needles=("10 no trumps is not played at this table",))


def test_the_russian_and_balkan_games_refuse_the_payment_words(tmp_path: Path) -> None:
    path = tmp_path / "r.pulka"
    ok("new", path, "--players", "A", "B", "C")
    refused(tmp_path, "add", path, "refill", needles=("there is no pot to refill in this game",))
    refused(tmp_path, "add", path, "A 6s 6 B whist 2 C whist 2 aces",
            needles=("'aces' is said only in the pot and payment games",))
    refused(tmp_path, "add", path, "A 6s 6 B together 2 C pass",
            needles=("B: 'together' is said only in Greek Prefa",))
    balkan = tmp_path / "b.pulka"
    ok("new", balkan, "--players", "A", "B", "C", "--convention", "croatian")
    refused(tmp_path, "add", balkan, "A bettel down", needles=("give the tricks, not made or down",))


def test_verify_names_each_deal_whose_moves_differ(tmp_path: Path) -> None:
    text = (PAYMENT / "02_austrian_unlimited_seed000.yaml").read_text(encoding="utf-8")
    text = text.replace("[B, A, 4]", "[B, A, 5]").replace("played_for: 130", "played_for: 131")
    vector = tmp_path / "bad.yaml"
    vector.write_text(text, encoding="utf-8")
    result = run("verify", vector)
    assert result.exit_code == 1
    assert result.stdout.splitlines()[1:] == [
        "  deal 4: after moves B → A: expected 5, got 4",
        "  deal 5: after played_for: expected 131, got 130",
        "0 passed, 1 failed"]


def test_settle_explains_the_balance_the_table_way() -> None:
    lines = ok("settle", PAYMENT / "02_austrian_unlimited_seed000.yaml", "--explain").stdout
    assert [line.strip() for line in lines.splitlines()[:16]] == [
        "1. The pot: what each took out and put in",
        "A: took out 0, put in 60",
        "B: took out 40, put in 100",
        "C: took out 130, put in 10",
        "2. Direct payments",
        "A: received 30, paid 0",
        "B: received 26, paid 20",
        "C: received 16, paid 52",
        "3. What is left in the pot, shared",
        "left in the pot: 0",
        "A: 0", "B: 0", "C: 0",
        "4. Balance: out − in + direct + share",
        "A: 0 − 60 + 30 + 0 = -30",
        "B: 40 − 100 + 6 + 0 = -54",
    ]


def test_show_draws_the_pot_and_the_running_nets() -> None:
    out = ok("show", PAYMENT / "02_austrian_unlimited_seed000.yaml").stdout
    rows = [line.split() for line in out.splitlines()]
    assert ["5", "0", "-30", "-54", "+84", "B→pot", "10", "·", "pot→C", "130", "·", "C→A", "26",
            "·", "C→B", "26"] in rows
    assert "the game is over: the players ended the game" in out
    # Greek in the Balkan shape: the kasa figures (500 each: 50) between what the others owe;
    # deal 3, C short: C puts 70 in (50 → 57) and pays A and B 14 each (10 → 24, 35 → 49)
    out = ok("show", PAYMENT / "11_greek_prefadoros_examples.yaml").stdout
    rows = [line.split() for line in out.splitlines()]
    assert ["deal", "→", "C", "A", "→", "B", "→", "A", "B", "→", "C", "→", "B", "C", "→",
            "A"] in rows
    assert ["50", "50", "50"] in rows and ["3", "24", "49", "57"] in rows


def test_show_in_russian_names_the_pot() -> None:
    out = ok("show", PAYMENT / "02_austrian_unlimited_seed000.yaml", "--lang", "ru").stdout
    assert "банк и итог каждого игрока по ходу, сдача за сдачей" in out
    assert "банк→B 40" in out


def test_the_exports_of_a_payment_game(tmp_path: Path) -> None:
    from pypdf import PdfReader

    source = PAYMENT / "05_illustrated_extras_contra.yaml"
    before = digests(PAYMENT)
    ok("export", source, "--pdf", tmp_path / "g.pdf", "--xlsx", tmp_path / "g.xlsx")
    text = PdfReader(str(tmp_path / "g.pdf")).pages[0].extract_text()
    assert "in the pot: 50 each" in text and "B→C 80" in text
    ok("blank", tmp_path / "b.pdf", "--convention", "greek")
    assert "in the kasa: 500 each" in PdfReader(str(tmp_path / "b.pdf")).pages[0].extract_text()
    assert digests(PAYMENT) == before


def test_the_balances_are_exact_and_sum_to_zero() -> None:
    for vector in sorted(PAYMENT.glob("*.yaml")):
        data = settle_json(vector)
        assert sum(Fraction(str(v)) for v in data["balance"].values()) == 0, vector.name
        assert data["balance"] == data["result"], vector.name


@pytest.mark.parametrize(("convention", "deals", "journal"), [
    # tricks that say made or lost are written, not the made/down they imply
    ("illustrated", ["A bettel 0 B recontra", "B bettel 0 made", "C plauderer 1"],
     ["1. A bettel 0 B recontra", "2. B bettel 0", "3. C plauderer 1"]),
    ("swabian", ["B h 8", "C s 6 A contra", "A bettel 0"],
     ["1. B h 8", "2. C s 6 A contra", "3. A bettel 0"]),
    # a concession keeps no tricks, and the next deal replays it
    ("greek", ["B 7s concede", "allpass"], ["1. B 7s concede", "2. allpass"]),
])
def test_a_deal_the_family_fills_in_reads_back_from_the_journal(
        tmp_path: Path, convention: str, deals: list[str], journal: list[str]) -> None:
    path = new_game(tmp_path, convention)
    for deal in deals:
        ok("add", path, deal)
    assert path.read_text(encoding="utf-8").splitlines()[-len(journal):] == journal
    ok("check", path)


def test_show_heads_the_sheet_with_the_pot_and_the_payments() -> None:
    sample = ROOT / "samples" / "austrian-3.pulka"
    out = ok("show", sample).stdout
    lines = out.splitlines()
    assert lines[0].endswith(", one unit 0.10") and "whist 0.10" not in out
    assert lines[1] == "what each player paid the one named in the column"
    rows = [line.split() for line in lines]
    assert ["player", "put", "in", "took", "out", "to", "Аня", "to", "Борис", "to", "Вера",
            "balance"] in rows
    # Аня put 90 into the pot, took 50 out, paid Борис 41 and Вера 38: the sample's paid
    assert ["Аня", "90", "50", "41", "38", "-53", "1/3"] in rows
    ru = ok("show", sample, "--lang", "ru").stdout.splitlines()
    assert ru[0].endswith(", единица 0,10")
    assert ["игрок", "внёс", "взял", "→", "Аня", "→", "Борис", "→", "Вера", "баланс"] in \
        [line.split() for line in ru]


def test_settle_speaks_of_units_and_the_balance(tmp_path: Path) -> None:
    vector = PAYMENT / "pulka-austrian-basic-refill.yaml"
    out = ok("settle", vector).stdout.splitlines()
    assert out[-2:] == ["B pays C 11 2/3 units", "A pays C 9 2/3 units"]
    assert ["player", "balance"] in [line.split() for line in out]
    assert ok("settle", vector, "--lang", "ru").stdout.splitlines()[-2:] == [
        "B → C: 11 2/3 единицы", "A → C: 9 2/3 единицы"]
    assert "C pays B 15 units" in ok("settle", PAYMENT / "08_swabian_basic.yaml").stdout
    explained = ok("settle", ROOT / "samples" / "austrian-3.pulka", "--explain").stdout
    assert "5. The money at 0.10 a unit, to the cent" in explained and "a whist" not in explained


def test_the_pdf_settles_with_what_each_paid_and_received(tmp_path: Path) -> None:
    from pypdf import PdfReader

    sample = ROOT / "samples" / "austrian-3.pulka"
    before = digests(sample.parent)
    ok("export", sample, "--pdf", tmp_path / "g.pdf")
    text = PdfReader(str(tmp_path / "g.pdf")).pages[-1].extract_text()
    lines = text.splitlines()
    assert "player into the pot out of the pot paid received balance money" in lines
    # Аня put 90 in, took 50 out, paid 41 + 38 = 79, received 49 (the sample's paid matrix)
    assert "Аня 90 50 79 49 −53 1/3 −5.33" in lines
    assert "whists written" not in text
    assert digests(sample.parent) == before


def test_a_swabian_sheet_has_no_pot(tmp_path: Path) -> None:
    from pypdf import PdfReader

    sample = ROOT / "samples" / "swabian-3.pulka"
    out = ok("show", sample).stdout
    assert "each player's running net, deal by deal" in out and "the pot and" not in out
    rows = [line.split() for line in out.splitlines()]
    assert ["player", "to", "Anna", "to", "Berta", "to", "Carl", "balance"] in rows
    assert ["deal", "Anna", "Berta", "Carl", "moves"] in rows
    assert ["1", "-6", "+12", "-6", "Carl→Berta", "6", "·", "Anna→Berta", "6"] in rows
    ok("export", sample, "--pdf", tmp_path / "g.pdf")
    page = PdfReader(str(tmp_path / "g.pdf")).pages[0].extract_text().splitlines()
    assert page[3:9] == ["player → player: who paid whom", "deal", "Anna", "Berta", "Carl",
                         "moves"]
    before = digests(tmp_path)
    # a blank Swabian sheet: no stake to write in its heading (this once raised a KeyError)
    ok("blank", tmp_path / "b.pdf", "--convention", "swabian")
    text = PdfReader(str(tmp_path / "b.pdf")).pages[0].extract_text()
    assert "Швабский (Swabian)" in text and "in the pot" not in text and " pot " not in text
    assert set(digests(tmp_path)) == set(before) | {str(tmp_path / "b.pdf")}


#: the README's notation of the payment games, each line with the convention it is played in
README_DEALS = {
    ("austrian", "Аня Борис Вера"): [
        "Борис d 6 Вера whist 3 Аня whist 1", "Вера h igra 7 Аня whist 3 Борис pass",
        "Аня c invite 7 Борис whist 2 Вера pass 1 aces",
        "Вера h 4 Аня whist 4 Борис whist 2 noaces", "Борис s Вера pass Аня pass"],
    ("illustrated", "Аня Борис Вера"): [
        "Аня bettel 0 Борис recontra", "Борис durchmarsch igra down Вера contra",
        "Вера plauderer 0", "Аня offener made"],
    ("illustrated-6", "Аня Борис Вера"): ["Аня sans 7 Борис contra"],
    ("swabian", "Anna Berta Carl"): [
        "Berta h 8", "Anna d 7 Berta contra kunstwerk", "Carl h hand 8 Anna recontra"],
    ("greek", "Άννα Βασίλης Γιώργος"): [
        "Βασίλης 7s 8 Γιώργος pass Άννα alone 2", "Γιώργος 6c 8 Άννα pass 1 Βασίλης together 1",
        "Άννα 6d Βασίλης pass Γιώργος pass aces", "Βασίλης 7s concede", "allpass"],
    ("greek --set allpass=played", "Άννα Βασίλης Γιώργος"): [
        "allpass Άννα 3 Βασίλης 4 Γιώργος 3"],
}


@pytest.mark.parametrize(("convention", "players"), list(README_DEALS))
def test_the_readme_notation_of_the_payment_games_is_accepted(
        tmp_path: Path, convention: str, players: str) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    name, *options = convention.split()
    path = new_game(tmp_path, name, *options, players=players.split())
    for deal in README_DEALS[(convention, players)]:
        assert f"`{deal}`" in readme, deal
        ok("add", path, deal)
    ok("add", path, "end")


@pytest.mark.parametrize(("said", "written"), [
    ("B herz 8", "B h 8"), ("C grün 6", "C s 6"), ("A eichel 6", "A c 6"),
    ("C schelle 4", "C d 4"), ("C Herz hand 8 A recontra", "C h igra 8 A recontra")])
def test_the_swabian_games_by_their_german_names(tmp_path: Path, said: str,
                                                  written: str) -> None:
    """payment-families.md §3.4: grün, schelle, herz and eichel are s, d, h and c."""
    path = new_game(tmp_path, "swabian")
    ok("add", path, said)
    assert path.read_text(encoding="utf-8").splitlines()[-1] == f"1. {written}"


@pytest.mark.parametrize(("said", "written"), [
    ("Άννα 6κούπες 6 Βασίλης whist 3 Γιώργος whist 1",
     "Άννα 6h 6 Βασίλης whist 3 Γιώργος whist 1"),
    ("Άννα 6 ΚΟΥΠΕΣ 6 Βασίλης παίζω 3 Γιώργος παίζω 1",
     "Άννα 6h 6 Βασίλης whist 3 Γιώργος whist 1"),
    ("Άννα 7άχροα 8 Βασίλης πάσο Γιώργος μόνος 2", "Άννα 7nt 8 Βασίλης pass Γιώργος alone 2"),
    ("Άννα 7 αχρωμάτιστα 8 Βασίλης pass Γιώργος ΜΟΝΟΣ 2",
     "Άννα 7nt 8 Βασίλης pass Γιώργος alone 2"),
    ("Άννα 6σπαθιά 6 Βασίλης πάσο Γιώργος μαζί 3", "Άννα 6c 6 Βασίλης pass 1 Γιώργος together 3"),
    ("Άννα 6 καρά 6 Βασίλης whist 3 Γιώργος whist 1",
     "Άννα 6d 6 Βασίλης whist 3 Γιώργος whist 1"),
    ("Άννα 6μπαστούνια 6 Βασίλης whist 3 Γιώργος whist 1",
     "Άννα 6s 6 Βασίλης whist 3 Γιώργος whist 1")])
def test_the_greek_words_for_suits_and_answers(tmp_path: Path, said: str, written: str) -> None:
    """payment-families.md §4.6: κούπες, άχροα and the other suits, and μόνος (whose final ς
    is folded to σ when a word is compared, as every word said is)."""
    path = new_game(tmp_path, "greek", players=("Άννα", "Βασίλης", "Γιώργος"))
    ok("add", path, said)
    assert path.read_text(encoding="utf-8").splitlines()[-1] == f"1. {written}"


@pytest.mark.parametrize(("convention", "deal", "word"), [
    ("austrian", "{declarer: A, contract: d, defence: {B: whist, C: whist}, "
     "tricks: {A: 6, B: 2, C: 2}, dark: true}", "dark"),
    ("austrian", "{declarer: A, contract: d, defence: {B: whist, C: whist}, "
     "tricks: {A: 6, B: 2, C: 2}, kunstwerk: true}", "kunstwerk"),
    ("austrian", "{declarer: A, contract: d, defence: {B: whist, C: whist}, "
     "tricks: {A: 6, B: 2, C: 2}, concede: true}", "concede"),
    ("illustrated", "{declarer: A, contract: bettel, made: true, fell: [B]}", "fell"),
    ("swabian", "{declarer: A, contract: h, tricks: {A: 7}, concede: true}", "concede"),
    ("swabian", "{declarer: A, contract: h, tricks: {A: 7}, bonus: [aces]}", "aces"),
    ("swabian", "{declarer: A, contract: h, tricks: {A: 7}, invite: true}", "invite"),
    ("greek", "{declarer: A, contract: 6h, defence: {B: whist, C: whist}, "
     "tricks: {A: 6, B: 3, C: 1}, bonus: [noaces]}", "noaces"),
    ("greek", "{declarer: A, contract: 6h, defence: {B: whist, C: whist}, "
     "tricks: {A: 6, B: 3, C: 1}, hand: true}", "igra"),
    ("greek", "{declarer: A, contract: 6h, defence: {B: whist, C: whist}, "
     "tricks: {A: 6, B: 3, C: 1}, kunstwerk: true}", "kunstwerk"),
    ("greek", "{declarer: A, contract: 6h, defence: {B: whist, C: whist}, "
     "tricks: {A: 6, B: 3, C: 1}, made: false}", "down"),
])
def test_a_word_the_game_does_not_read_is_refused_not_ignored(
        tmp_path: Path, convention: str, deal: str, word: str) -> None:
    """A key a deal does not need is absent (vectors.md): one this game does not read is
    refused, where it was dropped and the vector passed as written."""
    result = run("verify", write_vector(tmp_path, convention, [deal]))
    assert result.exit_code == 2 and result.stdout == ""
    assert f"deal 1: {word!r} is not said in this game" in result.stderr, result.stderr


def test_an_austrian_suit_contract_is_scored_by_its_tricks_not_made_or_down(
        tmp_path: Path) -> None:
    deal = ("{declarer: A, contract: d, defence: {B: whist, C: whist}, "
            "tricks: {A: 6, B: 2, C: 2}, made: false}")
    result = run("verify", write_vector(tmp_path, "austrian", [deal]))
    assert result.exit_code == 2 and "deal 1: give the tricks, not made or down" in result.stderr


@pytest.mark.parametrize("name", ["pot", "Pot", "POT"])
def test_a_player_cannot_be_named_as_the_pot_of_a_pot_game(tmp_path: Path, name: str) -> None:
    """A deal's moves go between the players and the pot, by name: a player called so could
    not be told from it (a Russian table has no pot, and may seat him)."""
    path = tmp_path / "g.pulka"
    refused(tmp_path, "new", path, "--players", "A", name, "C", "--convention", "austrian",
            needles=(repr(name), "the pot"))
    assert not path.exists()
    ok("new", tmp_path / "russian.pulka", "--players", "A", name, "C")


def test_a_vector_cannot_seat_a_player_named_as_the_pot_of_its_moves(tmp_path: Path) -> None:
    deal = ("{declarer: %s, contract: d, defence: {C: pass, A: pass}, "
            "after: {moves: [[pot, %s, 10]]}}")
    vector = write_vector(tmp_path, "austrian", [deal % ("pot", "pot")], players="[A, pot, C]")
    result = run("verify", vector)
    assert result.exit_code == 2, result.stderr
    assert f"{vector}:4:" in result.stderr and "'pot' cannot be a player's name" in result.stderr
    # (a vector's names are case-sensitive: Pot is not the pot)
    other = write_vector(tmp_path, "austrian", [deal % ("Pot", "Pot")], players="[A, Pot, C]")
    result = run("verify", other)
    assert result.exit_code == 0, result.stderr


@pytest.mark.parametrize(("said", "written"), [
    ("C h без прикупа 7 A whist 3 B pass", "C h igra 7 A whist 3 B pass"),
    ("C h с рук 7 A whist 3 B pass", "C h igra 7 A whist 3 B pass"),
    ("B dm без прикупа без C contra", "B durchmarsch igra down C contra"),
    ("B dm с рук сыграл", "B durchmarsch igra made"),
    ("C h aus den Händen 7 A whist 3 B pass", "C h igra 7 A whist 3 B pass"),
    ("C h 7 A whist 3 B pass с", None)])
def test_without_the_talon_said_in_two_words(tmp_path: Path, said: str, written: str) -> None:
    """без прикупа, с рук and aus den Händen (the glossary's words) mark a game without the
    talon; без alone still says the extra contract was lost, and a phrase cut short is no
    phrase (с is then taken as a name, which no player has)."""
    path = new_game(tmp_path, "illustrated")
    if written is None:
        refused(tmp_path, "add", path, said, needles=("deal 1", "'с'"))
        return
    ok("add", path, said)
    assert path.read_text(encoding="utf-8").splitlines()[-1] == f"1. {written}"


def test_a_greek_kasa_exhausted_is_refilled_and_the_game_goes_on(tmp_path: Path) -> None:
    """§4.1's kasa change agreed at the table, written `refill`: every player deposits the
    kasa again; the exhausted kasa had ended the game (a deal is refused, with the hint)."""
    path = new_game(tmp_path, "greek", "--set", "kasa=30")  # a kasa of 90
    ok("add", path, "A 6s 6 B play 3 C play 1")   # v 2: A lifts 20, pays 6 and 2     kasa 70
    ok("add", path, "B 6h 6 C play 3 A play 1")   # v 5: B lifts 50, pays 15 and 5    kasa 20
    ok("add", path, "C 7s 7 A play 2 B play 1")   # last contract, v 2: C lifts 20    kasa 0
    assert settle_json(path)["finished"] is True
    refused(tmp_path, "add", path, "A 6s 6 B play 3 C play 1",
            needles=("deal 4", "the kasa is exhausted", "refill"))
    ok("add", path, "refill")                     # 30 each                           kasa 90
    ok("add", path, "A 6s 6 B play 3 C play 1")   # v 2 again                         kasa 70
    data = settle_json(path)
    assert (data["pot"], data["refills"], data["finished"]) == (70, 1, False)
    assert data["pot_in"] == {"A": 60, "B": 60, "C": 60}
    assert data["pot_out"] == {"A": 40, "B": 50, "C": 20}
    # out − in + received − paid + kasa / 3: A 40 − 60 + 9 − 16, B 50 − 60 + 14 − 20,
    # C 20 − 60 + 19 − 6, each with 70/3
    assert data["balance"] == {"A": "-11/3", "B": "22/3", "C": "-11/3"}
    vector = write_vector(tmp_path, "greek", [
        "{declarer: A, contract: 6s, defence: {B: whist, C: whist}, tricks: {A: 6, B: 3, C: 1}}",
        "{declarer: B, contract: 6h, defence: {C: whist, A: whist}, tricks: {B: 6, C: 3, A: 1}}",
        "{declarer: C, contract: 7s, defence: {A: whist, B: whist}, tricks: {C: 7, A: 2, B: 1}}",
        "{refill: true, after: {pot: 90, moves: [[A, pot, 30], [B, pot, 30], [C, pot, 30]]}}",
        "{declarer: A, contract: 6s, defence: {B: whist, C: whist}, tricks: {A: 6, B: 3, C: 1}}"],
        options="{kasa: 30}")
    assert settle_json(vector)["balance"] == data["balance"]
    ok("add", path, "end")
    assert settle_json(path)["finished"] is True


@pytest.mark.parametrize(("convention", "players", "counts"), [
    ("greek", "[A, B]", "3 or 4 players, not 2"), ("austrian", "[A, B]", "3 or 4 players, not 2"),
    ("swabian", "[A, B, C, D]", "3 players, not 4")])
def test_a_vector_for_a_table_the_convention_does_not_seat_is_refused(
        tmp_path: Path, convention: str, players: str, counts: str) -> None:
    """As `pulka new` refuses such a table (a Greek game at two crashed on its first deal)."""
    deal = "{declarer: A, contract: 6h, defence: {B: whist}, tricks: {A: 6, B: 4}}" \
        if convention == "greek" else "{allpass: true}"
    vector = write_vector(tmp_path, convention, [deal], players=players)
    refused(tmp_path, "verify", vector, needles=("v.yaml:4:", f"is played by {counts}"))


def test_a_journal_whose_players_line_no_rule_seats_is_refused(tmp_path: Path) -> None:
    path = new_game(tmp_path, "greek")
    text = path.read_text(encoding="utf-8").replace("players A B C", "players A B")
    path.write_text(text + "1. A 6h 6 B play 4\n", encoding="utf-8")
    line = text.splitlines().index("players A B") + 1
    refused(tmp_path, "settle", path, needles=(
        f"g.pulka:{line}:", "is played by 3 or 4 players, not 2"))


@pytest.mark.parametrize(("convention", "deal", "moves"), [
    ("austrian", "{declarer: C, contract: h, no_talon: true, defence: {A: whist, B: pass}, "
     "tricks: {C: 7, A: 3, B: 0}}", "[[pot, C, 10], [C, A, 3], [A, C, 10], [B, C, 10]]"),
    ("greek", "{declarer: A, contract: 7nt, defence: {B: pass, C: whist}, "
     "tricks: {A: 8, B: 0, C: 2}}", "[[pot, A, 80], [A, C, 16]]")])
def test_a_passer_s_tricks_may_be_written_as_0(tmp_path: Path, convention: str, deal: str,
                                               moves: str) -> None:
    """vectors.md: the passer's tricks may be listed; his cards were not played, so 0."""
    ok("verify", write_vector(tmp_path, convention, [deal[:-1] + f", after: {{moves: {moves}}}}}"]))
    one = deal.replace("B: 0", "B: 1").replace("A: 8", "A: 7") if convention == "greek" \
        else deal.replace("B: 0", "B: 1").replace("C: 7", "C: 6")
    vector = write_vector(tmp_path, convention, [one])
    refused(tmp_path, "verify", vector, needles=("deal 1: B ",))


def test_an_extra_contract_s_tricks_add_up_to_ten(tmp_path: Path) -> None:
    """payment-families.md §5: tricks not summing to 10 are refused, on an extra too."""
    for tricks, message in (("{A: 9, B: 4, C: 3}", "the tricks add up to 16, not 10"),
                            ("{A: 9, B: 0, C: 0}", "the tricks add up to 9, not 10")):
        deal = f"{{declarer: A, contract: durchmarsch, tricks: {tricks}}}"
        vector = write_vector(tmp_path, "illustrated", [deal])
        refused(tmp_path, "verify", vector, needles=("deal 1: ", message))
    made = "{declarer: A, contract: durchmarsch, tricks: {A: 10, B: 0, C: 0}}"
    ok("verify", write_vector(tmp_path, "illustrated", [made]))


def test_the_greek_aces_bonus_switched_off(tmp_path: Path) -> None:
    """payment-families.md §4.5: aces `off` (YAML reads it as false; --set as the word)."""
    deal = "{declarer: A, contract: 6h, defence: {B: pass, C: pass}, bonus: [aces]}"
    for options in ("{aces: off}", "{aces: none}", "{aces: []}"):
        data = settle_json(write_vector(tmp_path, "greek", [deal], options=options))
        assert data["paid"] == {}, options  # no bonus: only the kasa's 50 to A
        assert data["pot_out"]["A"] == 50
    path = new_game(tmp_path, "greek", "--set", "aces=off")
    assert "rule aces []" in path.read_text(encoding="utf-8")


@pytest.mark.parametrize(("convention", "players", "count"), [
    ("greek", "2 3", 2), ("austrian", "2 3", 2), ("swabian", "3 4", 4)])
def test_the_family_s_table_sizes_stand_whatever_the_players_key_says(
        tmp_path: Path, convention: str, players: str, count: int) -> None:
    """A Greek or Austrian game has two defenders; Swabian is described for three: a players
    key set wider is refused at new, in a vector and in a journal's stored rules."""
    names = ["A", "B", "C", "D"][:count]
    refused(tmp_path, "new", tmp_path / "n.pulka", *names, "--convention", convention,
            "--set", f"players={players}", needles=("is played by 3 players, not ",))
    options = "{players: [" + players.replace(" ", ", ") + "]}"
    vector = write_vector(tmp_path, convention, ["{allpass: true}"], options=options,
                          players="[" + ", ".join(names) + "]")
    refused(tmp_path, "verify", vector, needles=(f"is played by 3 players, not {count}",))
    path = new_game(tmp_path, convention)
    text = path.read_text(encoding="utf-8")
    rules = [line for line in text.splitlines() if line.startswith("rule players ")]
    text = text.replace("players A B C", "players " + " ".join(names), 1).replace(
        rules[0], f"rule players {players}")
    path.write_text(text, encoding="utf-8")
    for command in ("check", "settle"):
        refused(tmp_path, command, path, needles=(f"is played by 3 players, not {count}",))


def test_the_dealer_sitting_out_holds_no_cards(tmp_path: Path) -> None:
    """At four the dealer sits out: tricks written for him are refused, a 0 too."""
    path = new_game(tmp_path, "austrian", players=("A", "B", "C", "D"))
    for deal in ("B d 7 C whist 3 D pass A 0", "B d 7 C whist 3 D pass A 2"):
        refused(tmp_path, "add", path, deal, needles=("deal 1: 'A' holds no cards in this deal",))
    ok("add", path, "B d 7 C whist 3 D pass")
