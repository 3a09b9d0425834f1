"""The CLI's manners (issue 11 §5): who deals next after every write, the deals listed with
their dealers and corrections, what a fix changed, --json on the reports, help for a bare
`pulka`, "did you mean", shell completion, and `blank --players` with names."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_kit import digests, ok, refused, run

ROOT = Path(__file__).resolve().parent.parent
DEAL = ("Аня", "6s", "6", "Борис", "whist", "2", "Вера", "whist", "2")
POSTINGS = ("  Борис → Аня whists +4  (2 tricks on 6♠)\n"
            "  Вера → Аня whists +4  (2 tricks on 6♠)\n"
            "  Аня pulya +2  (6♠ made)\n")


def _game(tmp_path: Path, *players: str) -> Path:
    path = tmp_path / "g.pulka"
    ok("new", path, "--players", *(players or ("Аня", "Борис", "Вера")))
    return path


# --- (a) the line after add, fix, undo, void ---------------------------------------------

def test_add_says_who_deals_next(tmp_path: Path) -> None:
    game = _game(tmp_path)
    assert ok("add", game, *DEAL).stdout == (
        "deal 1. Аня 6s 6 Борис whist 2 Вера whist 2\n" + POSTINGS + "next deal: Борис deals\n")


def test_add_says_the_raspasy_streak_and_its_exit(tmp_path: Path) -> None:
    game = _game(tmp_path)
    first = ok("add", game, "raspasy", "Аня", "4", "Борис", "3", "Вера", "3").stdout
    assert first.splitlines()[-1] == (
        "next deal: Борис deals; raspasy in a row: 1, the next contract 6 or higher")
    second = ok("add", game, "raspasy", "Аня", "2", "Борис", "4", "Вера", "4").stdout
    assert second.splitlines()[-1] == (
        "next deal: Вера deals; raspasy in a row: 2, the next contract 7 or higher")
    russian = ok("--lang", "ru", "undo", game).stdout
    assert russian == ("сдача 2 отменена (`void 2`)\n"
                       "следующая сдача: сдаёт Борис; распасов подряд: 1, следующая игра не ниже 6\n")


def test_at_four_the_next_dealer_sits_out(tmp_path: Path) -> None:
    game = _game(tmp_path, "А", "Б", "В", "Г")
    out = ok("add", game, "Б", "6s", "6", "В", "whist", "2", "Г", "whist", "2").stdout
    assert out.splitlines()[-1] == "next deal: Б deals and sits out"
    out = ok("--lang", "ru", "add", game, "raspasy", "А", "4", "В", "3", "Г", "3").stdout
    assert out.splitlines()[-1] == ("следующая сдача: сдаёт В (сдающий не играет); "
                                    "распасов подряд: 1, следующая игра не ниже 6")


def test_undo_and_void_say_who_deals_next(tmp_path: Path) -> None:
    game = _game(tmp_path)
    ok("add", game, *DEAL)
    ok("add", game, "Борис", "6h", "Вера", "pass", "Аня", "pass")
    assert ok("undo", game).stdout == "void 2: deal 2 taken back\nnext deal: Борис deals\n"
    assert ok("void", game, "1").stdout == "void 1: deal 1 taken back\nnext deal: Аня deals\n"


def test_the_end_of_the_game_instead_of_the_next_dealer(tmp_path: Path) -> None:
    game = _game(tmp_path)
    ok("add", game, *DEAL)
    assert ok("add", game, "end").stdout == (
        "deal 2. end\nthe game is over: the players ended the game\n")


# --- (b) fix says what changed; show --deals ---------------------------------------------

def test_fix_says_what_changed_in_the_totals(tmp_path: Path) -> None:
    game = _game(tmp_path)
    ok("add", game, *DEAL)
    out = ok("fix", game, "1", "Аня", "6s", "7", "Борис", "whist", "2", "Вера", "pass").stdout
    assert out == ("fix 1 Аня 6s 7 Борис whist 2 Вера pass 1\n"
                   "  Борис → Аня whists +6  (3 defence tricks on 6♠, alone)\n"
                   "  Борис gora +2  (whist shortfall on 6♠: defence took 3 of 4)\n"
                   "  Аня pulya +2  (6♠ made)\n"
                   "totals changed: Аня +5 1/3 → +14, Борис -2 2/3 → -14, Вера -2 2/3 → 0\n"
                   "next deal: Борис deals\n")


def test_a_fix_that_changes_nothing_says_so(tmp_path: Path) -> None:
    game = _game(tmp_path)
    ok("add", game, *DEAL)
    out = ok("--lang", "ru", "fix", game, "1", "Аня", "6s", "6", "Борис", "w", "2", "Вера", "w",
             "2").stdout
    assert out.splitlines()[-2:] == ["итоги не изменились", "следующая сдача: сдаёт Борис"]


def test_show_deals_has_dealers_and_marks_voided_and_corrected_deals(tmp_path: Path) -> None:
    game = _game(tmp_path)
    ok("add", game, *DEAL)
    ok("add", game, "raspasy", "Аня", "4", "Борис", "3", "Вера", "3")
    ok("add", game, "Вера", "6h", "Аня", "pass", "Борис", "pass")
    ok("fix", game, "1", "Аня", "6s", "7", "Борис", "whist", "2", "Вера", "pass")
    ok("void", game, "2")
    out = ok("show", game, "--deals").stdout.splitlines()
    assert out[:9] == [
        "deal  dealer  what was played",
        "  1.  Аня     Аня 6s 7 Борис whist 2 Вера pass 1",
        "              corrected; it was: Аня 6s 6 Борис whist 2 Вера whist 2",
        "                Борис → Аня whists +6  (3 defence tricks on 6♠, alone)",
        "                Борис gora +2  (whist shortfall on 6♠: defence took 3 of 4)",
        "                Аня pulya +2  (6♠ made)",
        "  2.  -       raspasy Аня 4 Борис 3 Вера 3  (voided)",
        "  3.  Борис   Вера 6h Аня pass Борис pass",
        "                Вера pulya +2  (6♥, not played)",
    ]
    russian = ok("--lang", "ru", "show", game, "--deals").stdout.splitlines()
    assert russian[:3] == ["сдача  сдавал  что сыграно",
                           "   1.  Аня     Аня 6s 7 Борис whist 2 Вера pass 1",
                           "               исправлена; было: Аня 6s 6 Борис whist 2 Вера whist 2"]
    assert "   2.  -       raspasy Аня 4 Борис 3 Вера 3  (отменена)" in russian


# --- (c) --json -------------------------------------------------------------------------

def test_show_json_is_the_settle_json_with_the_rules_and_the_deals(tmp_path: Path) -> None:
    game = _game(tmp_path, "А", "Б", "В", "Г")
    ok("add", game, "Б", "6s", "6", "В", "whist", "2", "Г", "whist", "2")
    ok("fix", game, "1", "Б", "6s", "7", "В", "whist", "2", "Г", "pass")
    settled = json.loads(ok("settle", game, "--json").stdout)
    shown = json.loads(ok("--lang", "ru", "show", game, "--json").stdout)
    rules = ok("check", game, "--json")
    assert shown == {**settled, "rules": json.loads(rules.stdout)["rules"], "sitting_out": "Б"}
    listed = json.loads(ok("--lang", "ru", "show", game, "--json", "--deals").stdout)
    assert listed["deal_list"] == [{
        "number": 1, "status": "fixed", "dealer": "А", "deal": "Б 6s 7 В whist 2 Г pass 1",
        "was": ["Б 6s 6 В whist 2 Г whist 2"],
        "postings": [
            {"column": "whists", "player": "В", "target": "Б", "amount": 6},
            {"column": "gora", "player": "В", "target": None, "amount": 2},
            {"column": "pulya", "player": "Б", "target": None, "amount": 2}]}]


def test_show_json_lists_a_voided_deal(tmp_path: Path) -> None:
    game = _game(tmp_path)
    ok("add", game, *DEAL)
    ok("undo", game)
    data = json.loads(ok("show", game, "--deals", "--json").stdout)
    assert data["deal_list"] == [{"number": 1, "status": "voided",
                                  "deal": "Аня 6s 6 Борис whist 2 Вера whist 2", "was": []}]
    assert data["deals"] == 0 and data["next_dealer"] == "Аня"


def test_check_json(tmp_path: Path) -> None:
    game = _game(tmp_path)
    ok("add", game, *DEAL)
    data = json.loads(ok("--lang", "ru", "check", game, "--json").stdout)
    assert data == {"file": str(game), "ok": True, "convention": "sochi",
                    "rules": data["rules"], "deals": 1, "finished": False}
    assert len(data["rules"]) == 12 and ok("check", game).stdout == ""
    bad = tmp_path / "bad.pulka"
    bad.write_bytes(b"nothing\n")
    refused(tmp_path, "check", bad, "--json", needles=("bad.pulka",))


def test_verify_json(tmp_path: Path) -> None:
    vector = tmp_path / "v.yaml"
    vector.write_text(
        "title: t\nconvention: sochi\nplayers: [A, B, C]\n"
        "deals:\n  - {declarer: A, contract: 6s, defence: {B: whist, C: whist},"
        " tricks: {A: 6, B: 2, C: 2}}\n"
        "expect:\n  pulya: {A: 3, B: 0, C: 0}\n", encoding="utf-8")
    good = tmp_path / "good.yaml"
    good.write_text(vector.read_text(encoding="utf-8").replace("A: 3", "A: 2"), encoding="utf-8")
    result = run("--lang", "ru", "verify", vector, good, "--json")
    assert result.exit_code == 1, result.stderr
    data = json.loads(result.stdout)
    assert data == {"files": [
        {"file": str(vector), "status": "fail", "expect": True,
         "differences": data["files"][0]["differences"]},
        {"file": str(good), "status": "ok", "expect": True}],
        "passed": 1, "failed": 1, "bad": 0}
    assert [d.split(":")[0] for d in data["files"][0]["differences"]] == ["pulya.A"]
    result = run("verify", good, tmp_path / "none.yaml", "--json")
    assert result.exit_code == 2
    assert json.loads(result.stdout)["files"][1] == {"file": str(tmp_path / "none.yaml"),
                                                     "status": "error"}
    assert result.stderr.startswith("error: ")


# --- (d) a bare pulka, a mistyped command -----------------------------------------------

def test_pulka_alone_prints_the_help_and_exits_0() -> None:
    result = run()
    assert result.exit_code == 0 and result.stderr == ""
    assert result.stdout.startswith("Usage: ") and "Commands:" in result.stdout
    russian = run("--lang", "ru")
    assert russian.exit_code == 0 and "Команды:" in russian.stdout
    group = run("conventions")
    assert group.exit_code == 0 and "Commands:" in group.stdout and group.stderr == ""


def test_pulka_alone_in_a_real_process() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LC_MESSAGES")}
    done = subprocess.run([sys.executable, "-m", "pulka"], capture_output=True, text=True,
                          env={**env, "PYTHONPATH": str(ROOT)}, check=False)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.startswith("Usage: pulka [OPTIONS] COMMAND [ARGS]...")


@pytest.mark.parametrize(("typed", "meant"), [
    ("shwo", "'show'"), ("ad", "'add'"), ("setle", "one of 'settle', 'serve'"),
    ("settel", "'settle'")])
def test_a_mistyped_command_gets_did_you_mean(typed: str, meant: str) -> None:
    result = run(typed)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.splitlines()[0] == (
        f"error: No such command {typed!r}. Did you mean {meant}?")


def test_a_command_like_nothing_gets_no_guess() -> None:
    assert run("zzzzqq").stderr.splitlines()[0] == "error: No such command 'zzzzqq'."


# --- (e) shell completion ---------------------------------------------------------------

def _complete(words: str, cword: int, cwd: Path, extra: dict[str, str] | None = None
              ) -> list[str]:
    """What `pulka` offers for bash (``type,value`` lines) at word ``cword`` of ``words``."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "_PULKA_COMPLETE": "bash_complete",
           "COMP_WORDS": words, "COMP_CWORD": str(cword), **(extra or {})}
    done = subprocess.run([sys.executable, "-m", "pulka"], capture_output=True, text=True,
                          encoding="utf-8", env=env, cwd=cwd, check=False)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return [line for line in done.stdout.splitlines() if line]


def test_completion_of_commands_files_conventions_and_players(tmp_path: Path) -> None:
    game = _game(tmp_path)
    before = digests(tmp_path)
    assert _complete("pulka se", 1, tmp_path) == ["plain,serve", "plain,settle"]
    assert _complete("pulka show --de", 2, tmp_path) == ["plain,--deals"]
    assert _complete("pulka add g", 2, tmp_path) == ["file,g"]
    assert _complete("pulka new x.pulka --convention со", 4, tmp_path) == [
        "plain,сочи", "plain,сочинка"]
    assert "plain,rostov" in _complete("pulka blank o.pdf -c r", 4, tmp_path)
    assert _complete("pulka add g.pulka Б", 3, tmp_path) == ["plain,Борис"]
    assert _complete("pulka add g.pulka Аня 6s 6 ", 6, tmp_path) == [
        "plain,Аня", "plain,Борис", "plain,Вера"]
    assert _complete("pulka fix g.pulka 1 В", 4, tmp_path) == ["plain,Вера"]
    assert _complete("pulka add none.pulka ", 3, tmp_path) == []  # no journal: no names
    assert digests(tmp_path) == before and game.exists()


def test_completion_of_the_deal_numbers_in_force(tmp_path: Path) -> None:
    game = _game(tmp_path)
    for _ in range(3):
        ok("add", game, *DEAL, "--again")
    ok("void", game, "2")
    assert _complete("pulka fix g.pulka ", 3, tmp_path) == ["plain,3", "plain,1"]
    assert _complete("pulka void g.pulka 3", 3, tmp_path) == ["plain,3"]


def test_the_completion_scripts_name_pulka(tmp_path: Path) -> None:
    for shell in ("bash", "zsh", "fish"):
        env = {**os.environ, "PYTHONPATH": str(ROOT), "_PULKA_COMPLETE": f"{shell}_source"}
        done = subprocess.run([sys.executable, "-m", "pulka"], capture_output=True, text=True,
                              env=env, check=False)
        assert done.returncode == 0 and "_PULKA_COMPLETE" in done.stdout, shell


# --- (f) blank --players with names -----------------------------------------------------

def test_blank_takes_names_like_new(tmp_path: Path) -> None:
    out = tmp_path / "four.pdf"
    assert ok("blank", out, "--players", "Аня", "Борис", "Вера", "Гена").stdout == (
        f"wrote {out}\n")
    assert out.read_bytes().startswith(b"%PDF")
    two = tmp_path / "two.pdf"
    ok("blank", two, "-p", "Аня", "-p", "Борис")
    assert two.read_bytes().startswith(b"%PDF")
    three = tmp_path / "three.pdf"
    ok("blank", three, "--players", "3")
    assert three.read_bytes().startswith(b"%PDF")


def test_blank_refuses_names_given_twice_or_too_many(tmp_path: Path) -> None:
    refused(tmp_path, "blank", tmp_path / "o.pdf", "--players", "А", "Б", "--names", "А",
            "--names", "Б", needles=("--players", "name the players once"))
    refused(tmp_path, "blank", tmp_path / "o.pdf", "--players", "А", "Б", "В", "Г", "Д", "Е",
            needles=("6",))
    refused(tmp_path, "blank", tmp_path / "o.pdf", "--players", "4", "--names", "А",
            "--names", "Б", needles=("--names", "2 names for 4 players"))
    assert not (tmp_path / "o.pdf").exists()


def test_a_console_without_fraction_glyphs_gets_them_in_parentheses():
    """The stand-ins for a cp1251 or cp866 console keep a fraction one number: ``69½`` is
    written ``69(1/2)`` (not ``691/2``), ``1¹⁄₇`` ``1(1/7)``."""
    import codecs

    from pulka.cli import console as plain

    codecs.register_error(plain.ERRORS, plain._plain)
    for encoding in ("cp1251", "cp866", "ascii"):
        for text, shown in (("gora: 4.69½.75", "gora: 4.69(1/2).75"),
                            ("−3⅓ → 1¹⁄₇.2¹²⁄₁₃", "-3(1/3) -> 1(1/7).2(12/13)"),
                            ("7♥ ¾ ✗", "7h (3/4) ?")):
            assert text.encode(encoding, plain.ERRORS).decode(encoding) == shown
