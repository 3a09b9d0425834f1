"""Settings of the Russian family that make no sense together are refused (issue 13).

A convention file, a table's ``--set`` options or a journal's stored rules that set two
contradictory keys are refused with exit status 2, one message naming where each of the two
stands (file:line), in English or Russian, and nothing on disk changed.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_kit import digests, ok, refused
from click.testing import CliRunner

from pulka.cli import cli
from pulka.convention.loader import builtin_dir

P3 = ("--players", "A", "B", "C")


def builtin_line(stem: str, text: str) -> str:
    """``<built-in folder>/stem.yaml:N``: where a built-in file holds the line starting so."""
    lines = (builtin_dir() / f"{stem}.yaml").read_text(encoding="utf-8").splitlines()
    number = next(i for i, line in enumerate(lines, 1) if line.startswith(text))
    return f"{builtin_dir() / stem}.yaml:{number}:"


def write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_flat_and_a_per_value_consolation_in_one_file(tmp_path):
    conv = write(tmp_path, "f.yaml", "extends: sochi\nname: f\nremise:\n"
                                     "  consolation_flat: 3\n  consolation: 2\n")
    stderr = refused(tmp_path, "new", tmp_path / "g.pulka", *P3, "--convention", conv,
                     needles=(f"remise.consolation_flat 3 ({conv}:4:",
                              f"remise.consolation 2 ({conv}:5:",
                              "cannot be set together: a flat consolation is written instead "
                              "of the consolation per value",
                              "hint: change one of the two settings"))
    assert not (tmp_path / "g.pulka").exists()
    assert stderr.startswith("error: remise.consolation_flat 3"), stderr
    refused(tmp_path, "conventions", "check", conv, needles=(f"{conv}:4:", f"{conv}:5:"))


def test_a_flat_consolation_on_leningrad_replaces_its_consolation_per_value(tmp_path):
    """A table's flat consolation set on top of Leningrad (whose consolation per value is 2) is
    the table's choice, not a contradiction: 3 a trick down, whatever the contract."""
    conv = write(tmp_path, "f.yaml", "extends: leningrad\nname: f\nremise:\n"
                                     "  consolation_flat: 3\n")
    path = tmp_path / "g.pulka"
    ok("new", path, *P3, "--convention", conv)
    ok("add", path, "A 8h 6 B whist 3 C whist 1")
    shown = ok("show", path, "--deals").stdout
    assert "consolation: 8♥ down 2" in shown
    report = json.loads(ok("settle", path, "--json").stdout)
    # B: 3 tricks × 6 × 2 + 2 × 3; C: 1 × 12 + 6; A's gora 2 × 6 × 2
    assert report["whists"] == {"B": {"A": 42}, "C": {"A": 18}}
    assert report["gora"] == {"A": 24, "B": 0, "C": 0}


def test_the_table_options_contradicting_each_other(tmp_path):
    refused(tmp_path, "new", tmp_path / "g.pulka", *P3, "--set", "remise.consolation_flat=3",
            "--set", "remise.consolation=2",
            needles=("remise.consolation_flat 3 (<options>) and remise.consolation 2 "
                     "(<options>) cannot be set together",))
    assert list(tmp_path.iterdir()) == []
    # on top of Leningrad's consolation per value, the option alone is the table's choice
    ok("new", tmp_path / "g.pulka", *P3, "--convention", "leningrad", "--set",
       "remise.consolation_flat=5")


def test_whole_whists_at_two_players(tmp_path):
    refused(tmp_path, "new", tmp_path / "g.pulka", "--players", "A", "B", "--convention",
            "gusarik", "--set", "settle.rounding=whole",
            needles=("settle.rounding whole (<options>) cannot be played by two players "
                     "(--players): whole whists are the paper rule of three and four players",
                     "hint: play it with `settle.rounding: exact`"))
    # a file for two players only is refused by itself, naming its players line
    two = write(tmp_path / "two", "two.yaml", "extends: gusarik\nname: two\nsettle:\n"
                                              "  rounding: whole\n")
    refused(tmp_path, "conventions", "check", two,
            needles=(f"settle.rounding whole ({two}:4:",
                     f"two players ({builtin_line('gusarik', 'players:')}"))
    # a file for two or three players is refused only at a game of two
    some = write(tmp_path / "some", "some.yaml", "extends: sochi\nname: some\nplayers: [2, 3]\n"
                                                 "settle:\n  rounding: whole\n")
    ok("conventions", "check", some)
    refused(tmp_path, "new", tmp_path / "some" / "g.pulka", "--players", "A", "B",
            "--convention", some, needles=(f"settle.rounding whole ({some}:5:", "(--players)"))
    ok("new", tmp_path / "some" / "g.pulka", *P3, "--convention", some)


def test_a_checked_ten_that_could_be_half_whisted(tmp_path):
    conv = write(tmp_path, "c.yaml", "extends: sochi\nname: c\nwhist:\n  ten: checked\n"
                                     "  half: [6, 7, 10]\n")
    stderr = refused(tmp_path, "new", tmp_path / "g.pulka", *P3, "--convention", conv,
                     needles=(f"({conv}:5:", f"({conv}:4:", "cannot be settled by a half"))
    assert stderr.index(f"{conv}:5:") < stderr.index(f"{conv}:4:")


@pytest.mark.parametrize("lines", [
    "remise:\n  consolation_flat: 4\n  consolation_to: none\n",
    "gora_first: true\nsplit: half\n",
    "overflow: keep\noverflow.floor: zero\n",
    "help.sitting_out: true\noverflow: gora\n",
    "raspasy:\n  talon: dealer\n  scoring: lowest_writes\n",
])
def test_a_setting_with_nothing_to_act_on_is_not_refused(tmp_path, lines):
    """A key that another makes idle is played as written (an emulation may carry one)."""
    conv = write(tmp_path, "c.yaml", "extends: sochi\nname: c\n" + lines)
    ok("new", tmp_path / "g.pulka", *P3, "--convention", conv)


@pytest.mark.parametrize("name", ["sochi", "leningrad", "rostov", "classic", "gusarik"])
def test_the_built_in_conventions_have_no_contradiction(tmp_path, name):
    ok("conventions", "show", name)
    players = ("A", "B") if name == "gusarik" else ("A", "B", "C")
    ok("new", tmp_path / "g.pulka", "--players", *players, "--convention", name)


def edited(path: Path, *changes: tuple[str, str]) -> dict[str, int]:
    """Change rule lines of a journal by hand; the line number of each changed line."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    numbers = {}
    for old, new in changes:
        number = lines.index(old + "\n")
        lines[number] = new + "\n"
        numbers[new] = number + 1
    path.write_text("".join(lines), encoding="utf-8")
    return numbers


def test_a_journal_whose_stored_rules_contradict_each_other(tmp_path):
    path = tmp_path / "g.pulka"
    ok("new", path, *P3)
    ok("add", path, "A 6s 6 B whist 2 C whist 2")
    at = edited(path, ("rule whist.ten whisted", "rule whist.ten checked"),
                ("rule whist.half 6 7", "rule whist.half 6 7 10"))
    first, second = at["rule whist.half 6 7 10"], at["rule whist.ten checked"]
    needles = (f"whist.half 6 7 10 ({path}:{first}:", f"whist.ten checked ({path}:{second}:",
               "a checked ten is always played out")
    for command in (("check", path), ("show", path), ("settle", path, "--json"),
                    ("add", path, "B 6s C pass A pass")):
        refused(tmp_path, *command, needles=needles)


def test_a_journal_of_two_players_with_whole_whists(tmp_path):
    path = tmp_path / "g.pulka"
    ok("new", path, "--players", "A", "B", "--convention", "gusarik")
    at = edited(path, ("rule settle.rounding exact", "rule settle.rounding whole"))
    players = next(i for i, line in enumerate(path.read_text().splitlines(), 1)
                   if line.startswith("players "))
    refused(tmp_path, "check", path,
            needles=(f"settle.rounding whole ({path}:{at['rule settle.rounding whole']}:",
                     f"two players ({path}:{players}:"))


def test_the_refusal_in_russian(tmp_path):
    conv = write(tmp_path, "f.yaml", "extends: sochi\nname: f\nremise:\n"
                                     "  consolation_flat: 3\n  consolation: 2\n")
    stderr = refused(tmp_path, "new", tmp_path / "g.pulka", *P3, "--convention", conv,
                     "--lang", "ru", needles=())
    assert stderr.startswith(f"ошибка: remise.consolation_flat 3 ({conv}:4:"), stderr
    assert f"и remise.consolation 2 ({conv}:5:" in stderr and "нельзя задать вместе" in stderr
    assert stderr.endswith("\n  подсказка: измените одно из двух правил\n"), stderr


def test_the_refusal_in_russian_from_the_locale(tmp_path):
    before = digests(tmp_path)
    result = CliRunner().invoke(cli, ["new", str(tmp_path / "g.pulka"), "--players", "A", "B",
                                      "--convention", "gusarik", "--set",
                                      "settle.rounding=whole"],
                                env={"LANG": "ru_RU.UTF-8"})
    assert result.exit_code == 2 and result.stdout == ""
    assert re.fullmatch(
        r"ошибка: settle\.rounding whole \(<параметры>\) нельзя играть вдвоём \(--players\): "
        r"целые висты — бумажное правило игры втроём и вчетвером, где доли горы выходят "
        r"третями и четвертями; вдвоём pulka расписывает точно\n"
        r"  подсказка: играйте с `settle\.rounding: exact`\n", result.stderr), result.stderr
    assert digests(tmp_path) == before


def test_a_vector_whose_options_set_a_flat_consolation_on_leningrad(tmp_path):
    """A vector's options on top of its convention are the table's choice, as a file's."""
    vector = write(tmp_path, "v.yaml", "convention: leningrad\nplayers: [A, B, C]\n"
                                       "options:\n  remise:\n    consolation_flat: 3\n"
                                       "deals:\n  - {declarer: A, contract: 8h, defence: "
                                       "{B: whist, C: whist}, tricks: {A: 6, B: 3, C: 1}}\n"
                                       "expect:\n  whists: {B: {A: 42}, C: {A: 18}}\n")
    assert ok("verify", vector).stdout.startswith("ok ")
