"""Rules of the payment games checked against payment-families.md deal by deal: each case is a
small vector whose ``after`` blocks hold the moves worked by hand, run through `pulka verify`
(and a changed number must make it fail)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_kit import ok, refused, run
from conftest import VECTORS

PAYMENT_VECTORS = VECTORS / "payment"


def vector(tmp_path: Path, convention: str, deals: list[str], expect: str = "finished: false",
           options: str = "{}", players: str = "[A, B, C]", name: str = "v.yaml") -> Path:
    path = tmp_path / name
    body = "\n".join(f"  - {d}" for d in deals)
    path.write_text(f"title: t\nconvention: {convention}\noptions: {options}\n"
                    f"players: {players}\ndeals:\n{body}\nexpect:\n  {expect}\n",
                    encoding="utf-8")
    return path


def passes(tmp_path: Path, convention: str, deals: list[str], **kw: str) -> None:
    """The vector passes, and fails once its first ``after`` amount is changed by one."""
    path = vector(tmp_path, convention, deals, **kw)
    ok("verify", path)
    text = path.read_text(encoding="utf-8")
    head, sep, tail = text.partition("moves: [[")
    first, comma, rest = tail.partition("]")
    *names, amount = first.split(", ")
    wrong = ", ".join([*names, str(int(amount) + 1)])
    path.write_text(head + sep + wrong + comma + rest, encoding="utf-8")
    assert run("verify", path).exit_code == 1


def test_the_helper_pays_his_own_four_aces(tmp_path: Path) -> None:
    # §4.4: together redirects the payments of the play (steps 2-4) to the carrier C; the four
    # aces (step 6) come after: B pays his 25 himself
    passes(tmp_path, "greek", [
        "{declarer: A, contract: 6c, defence: {B: pass, C: together}, tricks: {A: 6, B: 2, C: 2},"
        " bonus: aces, after: {played_for: 3, pot: 1470, moves: [[A, C, 12], [pot, A, 30],"
        " [B, A, 25], [C, A, 25]]}}"])


def test_sans_atout_through_the_pot(tmp_path: Path) -> None:
    # §2.6 sans.scoring: pot: a suit contract played for V = 10 with sans.target 6 tricks
    passes(tmp_path, "illustrated-6", [
        "{declarer: A, contract: sans, defence: {B: whist, C: whist}, tricks: {A: 7, B: 2, C: 1},"
        " after: {played_for: 10, pot: 150, moves: [[A, B, 2], [pot, A, 10], [A, C, 1],"
        " [C, pot, 10]]}}",
        "{declarer: B, contract: sans, defence: {C: whist, A: whist}, tricks: {B: 5, C: 3, A: 2},"
        " after: {pot: 160, moves: [[B, pot, 20], [pot, B, 10], [B, C, 3], [B, A, 2]]}}"],
        options="{sans.scoring: pot}")


def new_game(tmp_path: Path, convention: str, *options: str) -> Path:
    path = tmp_path / "g.pulka"
    ok("new", path, "--players", "A", "B", "C", "--convention", convention, *options)
    return path


def test_a_refill_while_the_pot_holds_something_is_refused(tmp_path: Path) -> None:
    path = new_game(tmp_path, "austrian")
    ok("add", path, "B d 6 C whist 3 A whist 1")
    refused(tmp_path, "add", path, "refill", needles=(
        f"{path}: deal 2: the pot still holds 150: it is refilled only when a deal has emptied "
        "it",))
    refused(tmp_path, "add", path, "пополнение", "--lang", "ru", needles=(
        "сдача 2: в банке ещё 150: банк пополняют, только когда сдача его опустошила",))
    # the same line written into the journal by hand is refused at its line on replay
    text = path.read_text(encoding="utf-8") + "2. refill\n"
    path.write_text(text, encoding="utf-8")
    refused(tmp_path, "show", path, needles=(f"{path}:{text.count(chr(10))}:", "deal 2",
                                            "the pot still holds 150"))


def test_pot_short_refill_refills_a_pot_that_cannot_pay(tmp_path: Path) -> None:
    # Styrian, 20 each: hearts (50) leaves 10 in the pot; under pot.short: refill a deal needing
    # more than the pot waits for a refill, which is then accepted though the pot is not empty
    path = new_game(tmp_path, "styrian", "--set", "pot.buy_in=20", "--set", "pot.short=refill")
    ok("add", path, "A h 6 B whist 2 C whist 2")
    refused(tmp_path, "add", path, "B c 6 C whist 2 A whist 2", needles=(
        f"{path}: deal 2: the pot holds 10, less than the 20 this contract is played for",
        "hint: write `refill` before this deal"))
    ok("add", path, "refill")
    ok("add", path, "B c 6 C whist 2 A whist 2")
    data = json.loads(ok("settle", path, "--json").stdout)
    assert data["pot"] == 50 and data["refills"] == 1  # 10 + 60 - 20
    # under cap the same deal is played for the 10 there is, and the refill refused
    capped = tmp_path / "cap"
    capped.mkdir()
    path = new_game(capped, "styrian", "--set", "pot.buy_in=20")
    ok("add", path, "A h 6 B whist 2 C whist 2")
    refused(capped, "add", path, "refill", needles=("deal 2: the pot still holds 10",))
    ok("add", path, "B c 6 C whist 2 A whist 2")
    assert json.loads(ok("settle", path, "--json").stdout)["pot"] == 0


def test_carry_keeps_the_pot_for_the_next_session(tmp_path: Path) -> None:
    deals = ["{declarer: B, contract: d, defence: {C: whist, A: whist}, tricks: {B: 6, C: 3, A: 1}}",
             "{end: true}"]
    # pot 150 - 10 + 10 = 150 kept; A: -50 + 1 - 10 = -59, B: -50 + 10 - 4 = -44, C: -50 + 3
    path = vector(tmp_path, "austrian", deals, options="{end.leftover: carry, price: 0.1}",
                  expect="balance: {A: -59, B: -44, C: -47}\n  pot: 150\n  finished: true")
    ok("verify", path)
    data = json.loads(ok("settle", path, "--json").stdout)
    assert data["money"] == {"A": "-5.90", "B": "-4.40", "C": "-4.70"}
    assert data["payments"] == [{"from": p, "to": "pot", "amount": a}
                                for p, a in (("A", "5.90"), ("B", "4.40"), ("C", "4.70"))]
    explained = ok("settle", path, "--explain").stdout
    assert "left in the pot: 150, kept for the next session" in explained
    assert "A: 0 − 60 + 1 + 0 = -59" in explained
    # the pot is named in the players' language where a player reads the payments
    assert "A pays the pot 5.90" in ok("settle", path).stdout
    russian = ok("--lang", "ru", "settle", path).stdout
    assert "A → банк: 5,90" in russian and "pot" not in russian
    pdf = tmp_path / "carry.pdf"
    ok("--lang", "ru", "export", path, "--pdf", pdf)
    from pypdf import PdfReader

    assert "A → банк: 5,90" in "".join(page.extract_text() for page in PdfReader(pdf).pages)
    book = tmp_path / "carry.xlsx"
    ok("--lang", "ru", "export", path, "--xlsx", book)
    from openpyxl import load_workbook

    cells = {c.value for sheet in load_workbook(book) for r in sheet.iter_rows() for c in r}
    assert "банк" in cells and "pot" not in cells
    # shared, the same game gives everyone his 50 back
    shared = vector(tmp_path, "austrian", deals, options="{price: 0.1}", name="s.yaml",
                    expect="balance: {A: -9, B: 6, C: 3}")
    ok("verify", shared)


def test_an_extra_contract_line_writes_its_factor(tmp_path: Path) -> None:
    from pypdf import PdfReader

    source = PAYMENT_VECTORS / "05_illustrated_extras_contra.yaml"  # (the public case, copied)
    rows = [line.split() for line in ok("show", source).stdout.splitlines()]
    # 1. bettel made, B recontra: 10 × 4 from B, 10 from C (a factor of 1 is not written);
    # 2. durchmarsch without the talon (×2) lost, C contra (×2 again)
    assert ["1", "0", "-90", "-60", "B→A", "40", "(×4)", "·", "C→A", "10"] in rows
    assert ["2", "+40", "-210", "+20", "B→C", "80", "(×4)", "·", "B→A", "40", "(×2)"] in rows
    deals = ok("show", source, "--deals").stdout
    assert "B → C paid +80  (durchmarsch ×4)" in deals and "C → A paid +10  (bettel ×1)" in deals
    ok("export", source, "--pdf", tmp_path / "g.pdf")
    page = PdfReader(str(tmp_path / "g.pdf")).pages[0].extract_text()
    assert "B→C 80 (×4) · B→A 40 (×2)" in page and "A→C 160 (×4)" in page
    # a suit contract's moves carry no factor
    basic = ok("show", PAYMENT_VECTORS / "pulka-austrian-basic-refill.yaml").stdout
    assert "(×" not in basic


def test_a_played_all_pass_in_the_journal(tmp_path: Path) -> None:
    # §4.4 step 8, allpass: played: each puts 10 × (his tricks − the fewest) into the kasa
    path = new_game(tmp_path, "greek", "--set", "allpass=played")
    ok("add", path, "allpass B 4 C 3 A 3")            # the fewest 3: B 10
    ok("add", path, "πάσο πάσο πάσο B 5 C 2")          # A's 3 filled in; the fewest 2: A 10, B 30
    ok("add", path, "распасы A 2 B 2 C 6")             # the Russian word: C 40
    ok("add", path, "ΠΑΣΟ πασο Πάσο A 4 B 3 C 3")       # capitals, no accents: A 10
    assert path.read_text(encoding="utf-8").splitlines()[-4:] == [
        "1. allpass A 3 B 4 C 3", "2. allpass A 3 B 5 C 2", "3. allpass A 2 B 2 C 6",
        "4. allpass A 4 B 3 C 3"]
    data = json.loads(ok("settle", path, "--json").stdout)
    assert data["pot"] == 1600 and data["pot_in"] == {"A": 520, "B": 540, "C": 540}
    # each gets 1600 / 3 back of what he put in: A 520, B and C 540
    assert data["balance"] == {"A": "40/3", "B": "-20/3", "C": "-20/3"}
    ok("check", path)
    refused(tmp_path, "add", path, "allpass", needles=(
        f"{path}: deal 5: an all-pass is played here: give each player's tricks",))
    refused(tmp_path, "add", path, "allpass A 3 A 4", needles=("deal 5", "A is named twice"))
    refused(tmp_path, "add", path, "allpass A 3 B 4 C 4", needles=(
        "deal 5: the tricks add up to 11, not 10",))
    refused(tmp_path, "add", path, "allpass A", needles=(
        "deal 5", "an all-pass is not played, so nothing follows 'allpass'",
        "where an all-pass is played, each player and his tricks"))


def test_a_played_all_pass_where_the_table_does_not_play_it(tmp_path: Path) -> None:
    for convention, message in (
            ("greek", "an all-pass is dealt again here: write allpass alone"),
            ("croatian", "an all-pass is not played, so nothing follows 'allpass'"),
            ("austrian", "an all-pass is not played here: write allpass alone"),
            ("swabian", "there is no all-pass in Swabian"),
            ("sochi", "an all-pass is not played here: Russian conventions play raspasy")):
        folder = tmp_path / convention
        folder.mkdir()
        path = new_game(folder, convention)
        refused(folder, "add", path, "allpass A 3 B 4 C 3", needles=(
            f"{path}: deal 1: {message}",))
    ru = tmp_path / "ru"
    ru.mkdir()
    path = new_game(ru, "greek")
    refused(ru, "add", path, "все-пас A 3 B 4 C 3", "--lang", "ru", needles=(
        "сдача 1: при все-пас здесь пересдают: напишите просто `все-пас`",))
    played = ru / "p.pulka"
    ok("new", played, "--players", "A", "B", "C", "--convention", "greek", "--set",
       "allpass=played")
    refused(ru, "add", played, "все-пас", "--lang", "ru", needles=(
        "сдача 1: распасы здесь играются: запишите взятки каждого игрока",
        "подсказка: allpass Аня 3 Борис 4 Вера 3"))


@pytest.mark.parametrize(("convention", "options", "deal", "message"), [
    ("illustrated", (), "A bettel 0 B pass",
     "nobody drops out of an extra contract: leave out the defence words"),
    ("austrian", (), "A s 6 B whist 2 C whist 1", "the tricks add up to 9, not 10"),
    ("greek", (), "A 6h 6 B whist 3 C whist 2", "the tricks add up to 11, not 10"),
    ("greek", (), "A 7s concede 5", "a concession is not played: no defence words, no tricks"),
    ("swabian", (), "A h 8 A contra",
     "the declarer cannot say contra; his answer is recontra, written after the opponent's name"),
    ("swabian", (), "A h contra 8",
     "the declarer cannot say contra; his answer is recontra, written after the opponent's name"),
    ("illustrated", (), "A bettel 0 B contra A recontra",
     "the declarer cannot say contra; his answer is recontra, written after the opponent's name"),
    ("greek", ("--set", "nt10=no"), "A 10nt B pass C pass",
     "10 no trumps is not played at this table"),
    ("swabian", (), "A 6h 6", "a Swabian game is named by its suit (s, d, h, c), bettel or "
     "durchmarsch, not by a number: '6h'"),
    ("greek", (), "A 6h 6 B whist 2 C together 2",
     "together is said by one defender when the other passed"),
    ("illustrated", (), "A d 6 B whist 2 C whist 2 contra",
     "contra is said only on the extra contracts"),
    ("illustrated", (), "A bettel 0 B subcontra", "contra goes up to 2 here, not 3"),
])
def test_each_broken_rule_is_refused_where_it_is_added(
        tmp_path: Path, convention: str, options: tuple[str, ...], deal: str,
        message: str) -> None:
    path = new_game(tmp_path, convention, *options)
    refused(tmp_path, "add", path, deal, needles=(f"{path}: deal 1: {message}",))


def test_a_broken_rule_in_russian(tmp_path: Path) -> None:
    path = new_game(tmp_path, "illustrated")
    refused(tmp_path, "add", path, "A беттель 0 B пас", "--lang", "ru", needles=(
        f"{path}: сдача 1: от дополнительной ставки не отказываются: уберите слова защиты",))
    refused(tmp_path, "add", path, "A s 6 B вист 2 C вист 1", "--lang", "ru", needles=(
        f"{path}: сдача 1: взяток в сумме 9, а не 10",))


def test_kunstwerk_on_the_dealers_own_game_pays_nothing(tmp_path: Path) -> None:
    # §3.3 kunstwerk.dealer_declares: none: A deals the first deal and wins it himself
    passes(tmp_path, "swabian", [
        "{declarer: A, contract: h, tricks: {A: 7}, kunstwerk: true, "
        "after: {moves: [[B, A, 5], [C, A, 5]]}}",
        "{declarer: A, contract: h, tricks: {A: 7}, kunstwerk: true, "
        "after: {moves: [[B, A, 5], [C, A, 5], [A, B, 2]]}}"])
