"""The ledger is a library: a deal is recorded, taken back and fixed without click, and the
records are read without the scoring families."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from cli_kit import digests
from click.testing import CliRunner

from pulka import recorder
from pulka.cli import cli
from pulka.errors import IllegalDealError, JournalError

ROOT = Path(__file__).resolve().parents[1]
DEAL = "Аня 6s 6 Борис whist 2 Вера whist 2"


def new_game(tmp_path: Path) -> Path:
    path = tmp_path / "g.pulka"
    result = CliRunner().invoke(cli, ["new", str(path), "-p", "Аня", "Борис", "Вера"])
    assert result.exit_code == 0, result.output
    return path


def modules_after(code: str) -> set[str]:
    """The pulka and click modules a fresh interpreter has loaded after ``code``."""
    probe = f"import sys\n{code}\nprint(' '.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                         text=True, check=True, env={"PYTHONPATH": str(ROOT)}).stdout
    return {m for m in out.split() if m.split(".")[0] in ("pulka", "click")}


def test_the_ledger_records_without_click(tmp_path):
    path = new_game(tmp_path)
    loaded = modules_after(f"from pathlib import Path\nfrom pulka import recorder\n"
                           f"recorder.add(Path({str(path)!r}), {DEAL!r})")
    assert "pulka.recorder" in loaded
    assert not {m for m in loaded if m.split(".")[0] == "click" or m.startswith("pulka.cli")}
    assert path.read_text(encoding="utf-8").endswith(f"1. {DEAL}\n")


def test_reading_a_game_leaves_the_other_families_and_the_replay_alone(tmp_path):
    # the game's rule lines are read with the keys its family declares (issue 27): that family
    # is loaded, by name, and no other
    path = new_game(tmp_path)
    recorder.add(path, DEAL)
    loaded = modules_after(f"from pathlib import Path\nfrom pulka.gamefile import open_game\n"
                           f"game, _ = open_game(Path({str(path)!r}))\n"
                           "assert [e.number for e in game.entries] == [1]")
    assert "pulka.game" in loaded and "pulka.journal" in loaded
    assert "pulka.families.russian.keys" in loaded
    others = ("pulka.families.balkan", "pulka.families.payment", "pulka.replay")
    assert not {m for m in loaded if m.startswith(others)}


def test_add_void_fix_undo_return_what_they_wrote(tmp_path):
    path = new_game(tmp_path)
    seen: list[str] = []
    added = recorder.add(path, DEAL, committed=seen.append)
    assert (added.line, added.number, seen) == (f"1. {DEAL}", 1, [f"1. {DEAL}"])
    assert added.step is not None and added.step.number == 1 and added.step.postings
    assert added.state is not None and not added.finished
    again = recorder.add(path, DEAL, again=True)
    assert (again.line, again.number) == (f"2. {DEAL}", 2)
    fixed = recorder.fix(path, 1, "Аня 7s 7 Борис pass Вера whist 1")
    assert (fixed.line, fixed.number) == ("fix 1 Аня 7s 7 Борис pass 2 Вера whist 1", 1)
    assert fixed.step is not None and fixed.step.deal.contract is not None
    assert str(fixed.step.deal.contract) == "7s"
    voided = recorder.void(path, 1)
    assert (voided.line, voided.number, voided.step) == ("void 1", 1, None)
    undone = recorder.undo(path)
    assert (undone.line, undone.number) == ("void 2", 2)
    tail = path.read_text(encoding="utf-8").splitlines()[-5:]
    assert tail == [f"1. {DEAL}", f"2. {DEAL}", "fix 1 Аня 7s 7 Борис pass 2 Вера whist 1",
                    "void 1", "void 2"]


def test_a_repeated_deal_is_refused_by_the_ledger_and_nothing_is_written(tmp_path):
    path = new_game(tmp_path)
    recorder.add(path, DEAL)
    before = digests(tmp_path)
    seen: list[str] = []
    with pytest.raises(IllegalDealError, match="the same as deal 1; add --again") as caught:
        recorder.add(path, "Аня 6s 6 Вера whist 2 Борис whist 2", committed=seen.append)
    assert caught.value.deal == 2 and seen == []
    assert digests(tmp_path) == before


@pytest.mark.parametrize("call", [lambda p: recorder.void(p, 7), lambda p: recorder.fix(p, 7, DEAL),
                                  recorder.undo])
def test_a_deal_not_in_force_is_refused_and_nothing_is_written(tmp_path, call):
    path = new_game(tmp_path)
    before = digests(tmp_path)
    with pytest.raises(JournalError, match=r"g\.pulka.*(no deal 7 in force|no deal to take)"):
        call(path)
    assert digests(tmp_path) == before


def test_the_cli_prints_what_the_ledger_recorded(tmp_path):
    path = new_game(tmp_path)
    result = CliRunner().invoke(cli, ["add", str(path), *DEAL.split()])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == f"deal 1. {DEAL}"
    before = digests(tmp_path)
    result = CliRunner().invoke(cli, ["add", str(path), *DEAL.split()])
    assert result.exit_code == 2 and result.stdout == ""
    assert f"{path}" in result.stderr and "deal 2" in result.stderr
    assert "the same as deal 1; add --again to record it anyway" in result.stderr
    assert digests(tmp_path) == before
