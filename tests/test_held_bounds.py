"""What a command holds in memory is bounded (issue 32 §3): a journal larger than a command
holds whole (HELD_LIMIT: add and the other writes, play, the paper sheet, a game of stats;
DRAWN_LIMIT: the exports) is refused at once with its size, the limit and what reads it
instead; settle reads one of any size as a stream."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from cli_kit import digests, run_untraced
from test_write_faults import env, new_game

from pulka.files.inputs import DRAWN_LIMIT, HELD_LIMIT

DEALS = ["Аня 6s 6 Борис whist 2 Вера whist 2", "Борис 7h 6 Вера pass Аня whist 4",
         "Вера misere 0", "raspasy Аня 4 Борис 3 Вера 3"]


def long_game(folder: Path, size: int) -> Path:
    """A game of real deals a little over ``size`` bytes."""
    path = new_game(folder)
    with open(path, "a", encoding="utf-8") as handle:
        number = 0
        while handle.tell() <= size:
            number += 1
            handle.write(f"{number}. {DEALS[number % 4]}\n")
    return path


def said_too_large(result, path: Path, limit: int, deals: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.stderr == (
        f"error: {path}: the journal is {path.stat().st_size} bytes, more than the {limit} "
        f"bytes this command holds in memory at once (some {deals} deals; an evening writes "
        "a few hundred)\n"
        "  hint: `pulka settle` and `pulka check` read a journal of any size\n")


@pytest.fixture(scope="module")
def held(tmp_path_factory) -> Path:
    return long_game(tmp_path_factory.mktemp("held"), HELD_LIMIT)


@pytest.mark.parametrize("command", [["add", "Вера", "misere", "0", "--again"], ["undo"],
                                     ["void", "1"], ["show", "--paper"],
                                     ["fix", "1", "Вера", "misere", "0"]])
def test_a_journal_beyond_what_a_command_holds(held, command):
    before = digests(held.parent)
    result = run_untraced(command[0], held, *command[1:])
    said_too_large(result, held, HELD_LIMIT, "99000")
    assert digests(held.parent) == before


def test_stats_skips_a_game_beyond_what_it_holds(held, tmp_path):
    result = run_untraced("stats", held, "--no-cache")
    assert result.exit_code == 2
    assert result.stderr.startswith(f"skipped: {held}: the journal is {held.stat().st_size} bytes")


def test_play_refuses_it_before_the_first_prompt(held):
    done = subprocess.run([sys.executable, "-m", "pulka", "play", str(held)], input=b"quit\n",
                          capture_output=True, env=env(), timeout=120)
    assert done.returncode == 2 and done.stdout == b""
    assert b"more than the 4194304 bytes this command holds" in done.stderr


def test_settle_still_reads_it(held):
    result = run_untraced("settle", held, "--json")
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("kind", ["--pdf", "--xlsx", "--png"])
def test_an_export_beyond_what_is_drawn(tmp_path, kind):
    path = long_game(tmp_path, DRAWN_LIMIT)
    out = tmp_path / f"out.{kind[2:]}"
    result = run_untraced("export", path, kind, out)
    said_too_large(result, path, DRAWN_LIMIT, "6000")
    assert not out.exists()


def test_an_export_just_within_what_is_drawn(tmp_path):
    path = long_game(tmp_path, DRAWN_LIMIT - 2000)
    assert path.stat().st_size <= DRAWN_LIMIT
    result = run_untraced("export", path, "--xlsx", tmp_path / "g.xlsx")
    assert result.exit_code == 0, result.output
