"""The payment games' questions (families/payment/*_questions.py): driven with answers, they
make the deal `pulka add` of the same deal written by hand makes (the journal byte for byte),
and they offer only what the rules allow at that point (the table's contracts and extras,
contra as far as contra.max goes, together and alone, the claims the table pays for, a refill
where one is allowed, the end)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from cli_kit import ok
from questions_kit import driven, first_question

RU = ("Аня", "Борис", "Вера")
DE = ("Anna", "Berta", "Carl")
GR = ("Άννα", "Βασίλης", "Γιώργος")


def twins(folder: Path, players: tuple[str, ...], convention: str, *options: str
          ) -> tuple[Path, Path]:
    """Two journals of one new game, byte for byte the same."""
    one = folder / "asked.pulka"
    ok("new", one, "--players", *players, "--convention", convention, *options)
    two = folder / "typed.pulka"
    shutil.copyfile(one, two)
    return one, two


def both(paths: tuple[Path, Path], *deals: str) -> None:
    for deal in deals:
        for path in paths:
            ok("add", path, *deal.split())


#: (convention, --set options, players, deals before, the answers, the deal written by hand)
CASES = [
    # Austrian: both play; one plays alone; he invites the other, four aces; no aces, lost
    ("austrian", (), RU, [], ["Борис", "d", "n", "whist", "whist", "6", "3", None],
     "Борис d 6 Вера whist 3 Аня whist 1"),
    ("austrian", (), RU, [], ["Вера", "h", "y", "whist", "pass", "n", "7", None],
     "Вера h igra 7 Аня whist 3 Борис pass"),
    ("austrian", (), RU, [], ["Аня", "c", "n", "whist", "pass", "y", "7", "2", "aces"],
     "Аня c invite 7 Борис whist 2 Вера pass 1 aces"),
    ("austrian", (), RU, [], ["Вера", "♥", "нет", "вист", "вист", "4", "4", "noaces"],
     "Вера h 4 Аня whist 4 Борис whist 2 noaces"),
    # both drop out: nobody plays, no tricks asked
    ("austrian", (), RU, [], ["Борис", "s", "n", "pass", "drop", None], "Борис s Вера pass Аня pass"),
    ("austrian", (), RU, [], ["allpass"], "allpass"),
    ("austrian", (), RU, ["Борис s Вера pass Аня pass"], ["end"], "end"),
    # the pot emptied: only a refill or the end
    ("austrian", ("--set", "pot.buy_in=10"), RU,
     ["Аня s Борис pass Вера pass", "Борис s Вера pass Аня pass", "Вера s Аня pass Борис pass"],
     ["пополнение"], "refill"),
    # Illustrated: the extras, made or down, contra and recontra
    ("illustrated", (), RU, [], ["Аня", "bettel", "n", "made", "recontra", None],
     "Аня bettel made Борис recontra"),
    ("illustrated", (), RU, [], ["Борис", "дурхмарш", "y", "без", "contra", None],
     "Борис durchmarsch igra down Вера contra"),
    ("illustrated-6", (), RU, [], ["Вера", "sans", "n", "made", None, "contra"],
     "Вера sans made Борис contra"),
    ("styrian", (), RU, [], ["Аня", "h", "n", "whist", "whist", "8", "1", None],
     "Аня h 8 Борис whist 1 Вера whist 1"),
    ("austrian-unlimited", (), RU, [], ["Вера", "d", "n", "pass", "whist", "n", "5", "aces"],
     "Вера d 5 Аня pass Борис whist 5 aces"),
    # Swabian: a game with its tricks, contra, Kunstwerk; from the hand; bettel lost
    ("swabian", (), DE, [], ["Berta", "h", "n", "8", None, None, "n"], "Berta h 8"),
    ("swabian", (), DE, [], ["Carl", "schelle", "n", "7", None, "contra", "y"],
     "Carl d 7 Berta contra kunstwerk"),
    ("swabian", (), DE, [], ["Carl", "h", "y", "8", "recontra", None],
     "Carl h hand 8 Anna recontra"),
    ("swabian", (), DE, [], ["Anna", "bettel", "n", "down", "contra", None],
     "Anna bettel down Berta contra"),
    ("swabian", (), DE, ["Berta h 8"], ["end"], "end"),
    # Greek: alone; together (the second brings the first in); both pass with four aces; a
    # concession; an all-pass dealt again, and played
    ("greek", (), GR, [], ["Βασίλης", "7s", "n", "pass", "whist", "alone", "8", None],
     "Βασίλης 7s 8 Γιώργος pass Άννα alone 2"),
    ("greek", (), GR, [], ["Γιώργος", "6 σπαθιά", "n", "πάσο", "παίζω", "μαζί", "8", "1", None],
     "Γιώργος 6c 8 Άννα pass 1 Βασίλης together 1"),
    ("greek", (), GR, [], ["Άννα", "6d", "n", "pass", "pass", "y"],
     "Άννα 6d Βασίλης pass Γιώργος pass aces"),
    ("greek", (), GR, [], ["Βασίλης", "7s", "y", None], "Βασίλης 7s concede"),
    ("greek", (), GR, [], ["allpass"], "allpass"),
    ("greek", ("--set", "allpass=played"), GR, [], ["allpass", "4", "3"],
     "allpass Άννα 3 Βασίλης 4 Γιώργος 3"),
    # the kasa exhausted: only a refill or the end
    ("greek", ("--set", "kasa=10"), GR, ["Άννα 6s Βασίλης pass Γιώργος pass",
                                        "Βασίλης 6s Γιώργος pass Άννα pass"],
     ["refill"], "refill"),
]


@pytest.mark.parametrize("convention, options, players, before, answers, typed", CASES,
                         ids=[f"{c[0]}: {c[-1]}" for c in CASES])
def test_the_answers_make_the_deal_pulka_add_makes(tmp_path, convention, options, players,
                                                   before, answers, typed):
    asked, control = twins(tmp_path, players, convention, *options)
    both((asked, control), *before)
    line, _questions = driven(asked, answers)
    assert line is not None
    ok("add", asked, *line.split())
    ok("add", control, *typed.split())
    assert asked.read_bytes() == control.read_bytes()


def offered(question) -> list[str]:
    return [choice.value for choice in question.choices]


def test_an_austrian_table_offers_its_suits_and_the_extras_it_plays(tmp_path):
    basic, _ = twins(tmp_path, RU, "austrian")
    _line, asked = driven(basic, ["Аня", "h", "n", "pass", "pass", None])
    # the players in their seats (the buttons stay where they were), then what else the table
    # may write now: no refill yet
    assert offered(asked[0]) == ["Аня", "Борис", "Вера", "allpass", "end"]
    assert offered(asked[1]) == ["c", "s", "d", "h"]  # no extras at a basic table
    assert offered(asked[3]) == ["whist", "pass"]  # no half-whist
    assert offered(asked[-1]) == ["aces", "noaces"] and asked[-1].optional
    five = tmp_path / "five"
    five.mkdir()
    illustrated, _ = twins(five, RU, "illustrated-5", "--set", "contra.max=1")
    _line, asked = driven(illustrated, ["Аня", "bettel", "n", "down", None, "contra"])
    assert offered(asked[1]) == ["c", "s", "d", "h", "bettel"]
    assert [q.key for q in asked] == ["declarer", "contract", "no_talon", "made", "contra",
                                      "contra"]  # no defence, no claims on an extra
    assert offered(asked[4]) == ["contra"]  # contra.max 1: no recontra
    with pytest.raises(ValueError, match="not allowed here"):
        asked[4].read("recontra")


def test_no_contra_no_claims_where_the_table_has_none(tmp_path):
    game, _ = twins(tmp_path, RU, "illustrated", "--set", "contra.max=0", "--set",
                    "bonus.scope=none")
    line, asked = driven(game, ["Аня", "plauderer", "n", "made"])
    assert line == "Аня plauderer made"
    line, asked = driven(game, ["Аня", "d", "n", "whist", "whist", "6", "2"])
    assert line == "Аня d 6 Борис whist 2 Вера whist 2"
    assert "mark" not in [q.key for q in asked]


def test_the_tricks_never_add_up_past_ten(tmp_path):
    game, _ = twins(tmp_path, RU, "austrian")
    _line, asked = driven(game, ["Борис", "d", "n", "whist", "whist", "7"])
    assert asked[-1].counts == (0, 3)
    with pytest.raises(ValueError, match="from 0 to 3"):
        asked[-1].read("4")


def test_a_refill_is_offered_only_where_the_rules_allow_it(tmp_path):
    """Austrian basic: once a deal emptied the pot; with pot.short: refill, also when the pot
    holds less than a contract is played for; never in the unlimited pot; at any deal in
    Greek (a kasa change the table agrees on); never in Swabian, which has no pot."""
    emptied, _ = twins(tmp_path, RU, "austrian", "--set", "pot.buy_in=10")
    both((emptied, _), "Аня s Борис pass Вера pass", "Борис s Вера pass Аня pass")
    assert "refill" not in offered(first_question(emptied))
    both((emptied, _), "Вера s Аня pass Борис pass")
    question = first_question(emptied, "ru")
    assert question.key == "line" and offered(question) == ["refill", "end"]
    assert question.text == "Банк пуст: пополнить его или закончить игру? "
    both((emptied, _), "end")
    assert first_question(emptied) is None  # over: nothing more to record
    for convention, refills, allpass in (("austrian-unlimited", False, True),
                                         ("swabian", False, False), ("greek", True, True)):
        folder = tmp_path / convention
        folder.mkdir()
        game, _ = twins(folder, GR if convention == "greek" else DE, convention)
        choices = offered(first_question(game))
        assert ("refill" in choices) is refills and ("allpass" in choices) is allpass
        assert choices[-1] == "end"


def test_greek_together_and_alone_are_asked_only_of_a_lone_player(tmp_path):
    game, _ = twins(tmp_path, GR, "greek", "--set", "nt10=no")
    _line, asked = driven(game, ["Άννα", "6h", "n", "whist", "whist", "6", "3", None])
    assert "10nt" not in offered(asked[1]) and "9nt" in offered(asked[1])
    assert [q.key for q in asked] == ["declarer", "contract", "concede", "answer", "answer",
                                      "tricks", "tricks", "mark"]
    _line, asked = driven(game, ["Άννα", "6h", "n", "pass", "whist", "alone", "6", None])
    assert offered(asked[5]) == ["together", "alone"] and asked[5].player == "Γιώργος"
    with pytest.raises(ValueError, match="together or alone"):
        asked[5].read("pass")


def test_four_players_the_dealer_sits_out(tmp_path):
    game, _ = twins(tmp_path, ("Аня", "Борис", "Вера", "Глеб"), "greek")
    question = first_question(game)
    assert offered(question)[:3] == ["Борис", "Вера", "Глеб"] and "Аня" not in offered(question)
    with pytest.raises(ValueError, match="sits this deal out"):
        question.read("Аня")
