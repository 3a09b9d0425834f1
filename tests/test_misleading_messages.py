"""Messages that say what happened (issue 32 §5): repair says what it cannot mend, a loop of
`extends` is named by its files, /dev/stdout on a pipe is a pipe, a stats workbook's tabs are
its own whatever the conventions are called."""

from __future__ import annotations

import subprocess
import sys

import pytest
from cli_kit import digests, run_untraced
from test_write_faults import env, new_game

# -- repair on damage it cannot mend ---------------------------------------------------------

def _renumbered(path, old: str, new: str) -> None:
    lines = path.read_text().splitlines(keepends=True)
    at = next(n for n, line in enumerate(lines) if line.startswith(old))
    lines[at] = new + lines[at][len(old):]
    path.write_text("".join(lines))


@pytest.mark.parametrize("damage, said", [
    ("duplicate", "deal number 1 out of sequence (expected 2)"),
    ("missing", "deal number 3 out of sequence (expected 2)"),
    ("cp1251", "the line is not valid UTF-8"),
])
def test_repair_on_damage_it_cannot_mend_says_so(tmp_path, damage, said):
    path = new_game(tmp_path, deals=2)
    if damage == "cp1251":
        path.write_bytes(path.read_text().encode("cp1251"))
    else:
        _renumbered(path, "2. ", "1. " if damage == "duplicate" else "3. ")
    before = digests(tmp_path)
    result = run_untraced("repair", path)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert said in result.stderr
    assert result.stderr.endswith("  hint: repair mends only a last line cut off by a crash; it "
                                  "cannot mend this, and changed nothing\n")
    assert digests(tmp_path) == before


def test_repair_on_a_sound_journal_says_nothing_to_repair(tmp_path):
    path = new_game(tmp_path, deals=2)
    result = run_untraced("repair", path)
    assert result.exit_code == 0 and result.stdout == f"{path}: nothing to repair\n"


# -- a loop of extends ------------------------------------------------------------------------

def test_an_extends_loop_is_named_by_its_files(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "c.yaml").write_text("family: russian\nextends: ./././././././c.yaml\n"
                                     "name: loop\n")
    result = run_untraced("conventions", "show", "c.yaml")
    assert result.exit_code == 2
    assert result.stderr == "error: c.yaml:2:10: `extends` goes round in a loop: c.yaml → c.yaml\n"


def test_a_loop_of_two_files(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "c.yaml").write_text("family: russian\nextends: ./d.yaml\nname: c\n")
    (tmp_path / "d.yaml").write_text("family: russian\nextends: ./c.yaml\nname: d\n")
    result = run_untraced("new", "g.pulka", "--players", "А", "Б", "В", "--convention",
                          "c.yaml")
    assert result.exit_code == 2
    assert "`extends` goes round in a loop: c.yaml → d.yaml → c.yaml" in result.stderr
    assert not (tmp_path / "g.pulka").exists()


# -- /dev/stdout on a pipe ------------------------------------------------------------------------

def test_a_pdf_to_dev_stdout_on_a_pipe_is_refused_as_a_pipe(tmp_path):
    game = new_game(tmp_path, deals=1)
    done = subprocess.run([sys.executable, "-m", "pulka", "export", str(game), "--pdf",
                           "/dev/stdout"], capture_output=True, env=env(), timeout=120)
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.decode() == ("error: /dev/stdout: refused: this is a device, FIFO, socket "
                                    "or other special file, not a regular file; pulka never "
                                    "writes over one\n")


def test_a_pdf_to_dev_stdout_on_a_file_is_written(tmp_path):
    game = new_game(tmp_path, deals=1)
    out = tmp_path / "out.pdf"
    with open(out, "wb") as handle:
        done = subprocess.run([sys.executable, "-m", "pulka", "export", str(game), "--pdf",
                               "/dev/stdout"], stdout=handle, stderr=subprocess.PIPE,
                              env=env(), timeout=120)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(b"%PDF-")


# -- a convention called History ------------------------------------------------------------------

def test_a_convention_named_history_names_no_tab_of_the_stats_workbook(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    convention = tmp_path / "History.yaml"
    convention.write_text("family: russian\nextends: sochi\nname: History\ntitle: History\n"
                          "price: 0.10\n")
    game = tmp_path / "g.pulka"
    assert run_untraced("new", game, "--players", "А", "Б", "В", "--convention",
                        convention).exit_code == 0
    assert run_untraced("add", game, "А", "6s", "6", "Б", "whist", "2", "В", "pass").exit_code == 0
    out = tmp_path / "s.xlsx"
    assert run_untraced("stats", game, "--no-cache", "--xlsx", out).exit_code == 0
    names = openpyxl.load_workbook(out).sheetnames
    assert "History" not in names and "history" not in [n.casefold() for n in names]
